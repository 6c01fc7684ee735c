import type { MilestoneIcon as MilestoneIconName } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { MilestoneIcon } from '@/components/points/milestone-icon';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useMemberBadges } from '@/lib/users/get-member-badges';
import styles from './badges.module.css';

interface BadgeLine {
  key: string;
  name: string;
  icon: MilestoneIconName;
  colour: string;
  /** The season a milestone was reached in, or why a badge was given (may be empty). */
  detail: string;
}

/**
 * A member's badges: the milestones it reached, then the one-off badges given by hand, each newest
 * first. Every badge's season or reason is written beside it, not in a tooltip, so that keyboard
 * and screen reader users read it too.
 */
export function MemberBadgesStrip({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const { data, error, isPending } = useMemberBadges(memberId);

  if (error) return <AlertMessage>{t('users.badges.load_error')}</AlertMessage>;
  if (isPending) return <LoadingMessage />;
  const lines: BadgeLine[] = [
    ...data.milestones.map((reached) => ({
      key: `milestone-${reached.season._id}-${reached.milestone._id}`,
      name: reached.milestone.name,
      icon: reached.milestone.icon,
      colour: reached.milestone.colour,
      // The season's name as the admin wrote it ("Saison 2026"), as the timeline writes it.
      detail: reached.season.name,
    })),
    ...data.badges.map((badge) => ({
      key: `badge-${badge._id}`,
      name: badge.name,
      icon: badge.icon,
      colour: badge.colour,
      detail: badge.reason,
    })),
  ];
  if (lines.length === 0) return <p className={styles.empty}>{t('users.badges.empty')}</p>;
  return (
    <ul className={styles.badges}>
      {lines.map((line) => (
        <li key={line.key} className={styles.badge}>
          <span className={styles.icon} style={{ borderColor: line.colour }}>
            <MilestoneIcon icon={line.icon} colour={line.colour} size={22} />
          </span>
          <span className={styles.text}>
            <span className={styles.name}>{line.name}</span>
            {line.detail && <span className={styles.detail}>{line.detail}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
