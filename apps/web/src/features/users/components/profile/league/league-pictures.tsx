import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { itemPictureUrl } from '../../../api/get-league-champions';
import type { ShownChampion } from './league-champions';
import styles from './league.module.css';

/** Below this size a tile only holds the first letters of a champion's name, on one line. */
const FULL_NAME_SIZE = 48;

interface PictureProps {
  src: string | undefined;
  /** The box stays empty while the address may still come. */
  pending: boolean;
  /** The accessible name; empty when the same words are written beside the picture. */
  label: string;
  /** The full name, shown on hover of the fallback tile. */
  title: string;
  /** What the fallback tile writes: what fits in it. */
  tileText: string;
  size: number;
}

/**
 * A Data Dragon picture (served by Guildhall) in a box of fixed size, so that the layout holds while it loads. A
 * picture that cannot be had (Data Dragon out of reach, unknown champion or item) leaves a
 * neutral tile with the name instead of the browser's broken-image glyph and clipped text.
 */
function DataDragonPicture({ src, pending, label, title, tileText, size }: PictureProps) {
  const [failed, setFailed] = useState<string>();
  const box = { width: size, height: size };
  if (src && failed !== src) {
    return (
      <img
        className={styles.picture}
        src={src}
        alt={label}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
      />
    );
  }
  if (pending) return <span className={styles.picture} style={box} aria-hidden="true" />;
  return (
    <span
      className={`${styles.picture} ${styles.tile}`}
      data-small={size < FULL_NAME_SIZE || undefined}
      style={box}
      title={title}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {tileText}
    </span>
  );
}

/** A champion's square picture; `alt` empty when its name is written beside it. */
export function ChampionPicture({
  champion,
  size,
  alt,
}: {
  champion: ShownChampion;
  size: number;
  alt: string;
}) {
  return (
    <DataDragonPicture
      src={champion.pictureUrl}
      pending={champion.pending}
      label={alt}
      title={champion.name}
      tileText={size >= FULL_NAME_SIZE ? champion.name : champion.name.slice(0, 2)}
      size={size}
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
  /** Undefined while it is asked for; null when the server could never read Data Dragon. */
  version: string | null | undefined;
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
            <DataDragonPicture
              src={version ? itemPictureUrl(version, itemId) : undefined}
              pending={version === undefined}
              label={t('league.history.item', { id: itemId })}
              title={t('league.history.item', { id: itemId })}
              tileText=""
              size={ITEM_SIZE}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
