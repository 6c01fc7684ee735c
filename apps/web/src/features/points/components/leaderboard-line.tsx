import type { LeaderboardEntry } from '@guildhall/contract';
import { Medal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MilestoneIcon } from '@/components/points/milestone-icon';
import { MemberAvatar } from '@/components/ui/member-avatar';
import styles from './leaderboard-line.module.css';

/** The places that win a medal: equal totals share one, so two golds make no silver. */
const PODIUM = { 1: 'gold', 2: 'silver', 3: 'bronze' } as const;
const podiumOf = (place: number) =>
  place in PODIUM ? PODIUM[place as keyof typeof PODIUM] : undefined;

/**
 * One line of the leaderboard: the place (a medal for the first three, said in words too), the
 * member's avatar and pseudo linking to its profile, the highest milestone its total reaches, and
 * its points. `mine` marks the signed-in member's own line.
 */
export function LeaderboardLine({ entry, mine }: { entry: LeaderboardEntry; mine: boolean }) {
  const { t } = useTranslation();
  const medal = podiumOf(entry.place);
  return (
    <tr
      className={styles.line}
      data-podium={medal}
      {...(mine && { 'data-mine': true, 'aria-current': 'true' as const })}
    >
      <td className={styles.place}>
        {medal ? (
          <span className={styles.medal} data-medal={medal}>
            <Medal size={16} aria-hidden="true" />
            {entry.place}
            <span className="visually-hidden"> ({t(`leaderboard.medal.${medal}`)})</span>
          </span>
        ) : (
          entry.place
        )}
      </td>
      <th scope="row" className={styles.member}>
        <span className={styles.who}>
          <MemberAvatar member={{ ...entry.member, name: null, surname: null }} />
          <span className={styles.names}>
            <Link to={`/users/${entry.member._id}`}>{entry.member.pseudo}</Link>
            {mine && <span className={styles.you}>({t('leaderboard.you')})</span>}
            {entry.milestone && (
              <span className={styles.badge}>
                <MilestoneIcon
                  icon={entry.milestone.icon}
                  colour={entry.milestone.colour}
                  size={14}
                />
                <span className="visually-hidden">{t('leaderboard.milestone')} </span>
                {entry.milestone.name}
              </span>
            )}
          </span>
        </span>
      </th>
      <td className={styles.points}>{entry.points}</td>
    </tr>
  );
}
