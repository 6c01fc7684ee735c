import { useTranslation } from 'react-i18next';
import { DATA_DRAGON_URL } from '../../../api/get-data-dragon-version';
import styles from './league.module.css';

export const championPictureUrl = (version: string, championName: string) =>
  `${DATA_DRAGON_URL}/cdn/${version}/img/champion/${encodeURIComponent(championName)}.png`;

export const itemPictureUrl = (version: string, itemId: number) =>
  `${DATA_DRAGON_URL}/cdn/${version}/img/item/${itemId}.png`;

interface ChampionPictureProps {
  championName: string;
  /** Data Dragon's version; without it (still asked for) the box is drawn empty. */
  version: string | undefined;
  size: number;
  /** Empty when the champion's name is written beside the picture. */
  alt: string;
}

/**
 * A champion's square picture. Its size is fixed, so that the layout holds while it loads or when
 * Data Dragon cannot be reached.
 */
export function ChampionPicture({ championName, version, size, alt }: ChampionPictureProps) {
  return (
    <img
      className={styles.picture}
      src={version && championPictureUrl(version, championName)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}

const ITEM_SIZE = 28;

/** The seven item slots of a player, the last one being the trinket; empty slots stay empty. */
export function ItemSlots({
  items,
  version,
}: {
  items: readonly number[];
  version: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.items} aria-label={t('league.history.items')}>
      {items.map((itemId, slot) => (
        // The place is what identifies a slot: two slots may hold the same item.
        <li key={slot} className={styles.itemSlot}>
          {itemId === 0 ? (
            <span className="visually-hidden">{t('league.history.empty_slot')}</span>
          ) : (
            <img
              className={styles.picture}
              src={version && itemPictureUrl(version, itemId)}
              alt={t('league.history.item', { id: itemId })}
              width={ITEM_SIZE}
              height={ITEM_SIZE}
              loading="lazy"
              decoding="async"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
