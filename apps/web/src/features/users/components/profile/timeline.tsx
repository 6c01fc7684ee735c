import type { TimelineLine } from '@guildhall/contract';
import {
  CalendarCheck,
  Coins,
  type LucideIcon,
  ShieldCheck,
  ShieldMinus,
  TrendingDown,
  TrendingUp,
  UserMinus,
  UserPlus,
  UsersRound,
} from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MilestoneIcon } from '@/components/points/milestone-icon';
import { Pager } from '@/components/ui/pager';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { AlertMessage } from '@/components/ui/status-message';
import { useLanguage } from '@/i18n/use-language';
import { useDateFormat } from '@/lib/format-date';
import { itemsOf } from '@/lib/paging';
import { useMemberTimeline } from '../../api/get-member-timeline';
import { useLeagueLabels } from '@/lib/league/league-labels';
import { usePointsReason } from '@/lib/points/points-reason';
import styles from './timeline.module.css';

const SKELETON_LINES = [0, 1, 2, 3];

/** A member's activity, newest first, a page at a time (decision 039). */
export function Timeline({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } =
    useMemberTimeline(memberId);
  const lines = useMemo(() => itemsOf(data), [data]);
  const sentence = useSentence();

  if (isPending) return <TimelineSkeleton />;
  if (error && !data) {
    return <Failure message={t('profile_timeline.error')} onRetry={() => void refetch()} />;
  }
  if (lines.length === 0) {
    return <p className={styles.empty}>{t('profile_timeline.empty')}</p>;
  }
  return (
    <div className={styles.timeline}>
      <ol className={styles.lines}>
        {lines.map((line) => (
          <TimelineEntry key={`${line.kind}-${line.key}`} at={line.at} {...sentence(line)} />
        ))}
      </ol>
      {error ? (
        <Failure message={t('profile_timeline.error')} onRetry={() => void fetchNextPage()} />
      ) : (
        <Pager query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} />
      )}
    </div>
  );
}

function TimelineSkeleton() {
  return (
    <SkeletonGroup className={styles.lines}>
      {SKELETON_LINES.map((line) => (
        <div key={line} className={styles.line}>
          <Skeleton width="1.25rem" height="1.25rem" radius="50%" />
          <Skeleton width={`${70 - line * 10}%`} />
        </div>
      ))}
    </SkeletonGroup>
  );
}

function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.failure}>
      <AlertMessage>{message}</AlertMessage>
      <button type="button" className="button button-small" onClick={onRetry}>
        {t('profile_timeline.retry')}
      </button>
    </div>
  );
}

function TimelineEntry({ at, icon, text }: { at: string; icon: ReactNode; text: string }) {
  const format = useDateFormat();
  return (
    <li className={styles.line}>
      <span className={styles.icon}>{icon}</span>
      <span className={styles.text}>{text}</span>
      <time className={styles.date} dateTime={at}>
        {format.date(at)}
      </time>
    </li>
  );
}

const lucide = (Icon: LucideIcon) => <Icon size={20} aria-hidden="true" />;

/** Each kind of line as an icon and a sentence in the reader's language. */
function useSentence() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { rankName, queueName } = useLeagueLabels();
  const reasonOf = usePointsReason();
  const signed = useMemo(
    () => new Intl.NumberFormat(language, { signDisplay: 'always' }),
    [language],
  );
  const key = 'profile_timeline';

  return (line: TimelineLine): { icon: ReactNode; text: string } => {
    switch (line.kind) {
      case 'joined':
        return { icon: lucide(UserPlus), text: t(`${key}.joined`) };
      case 'team_role':
        return line.change === 'granted'
          ? {
              icon: lucide(UsersRound),
              text: t(`${key}.team_role_granted`, { team: line.team, role: line.role }),
            }
          : {
              icon: lucide(UserMinus),
              text: t(`${key}.team_role_removed`, { team: line.team, role: line.role }),
            };
      case 'portal_role': {
        const role = t(`roles.${line.role}`);
        return line.change === 'granted'
          ? { icon: lucide(ShieldCheck), text: t(`${key}.portal_role_granted`, { role }) }
          : { icon: lucide(ShieldMinus), text: t(`${key}.portal_role_removed`, { role }) };
      }
      case 'attended': {
        const sentence = t(`${key}.attended_${line.status}`, { title: line.title });
        return {
          icon: lucide(CalendarCheck),
          text:
            line.points === 0
              ? sentence
              : t(`${key}.with_points`, {
                  sentence,
                  count: line.points,
                  points: signed.format(line.points),
                }),
        };
      }
      case 'points':
        return {
          icon: lucide(Coins),
          text: t(`${key}.points`, {
            count: line.points,
            points: signed.format(line.points),
            reason: reasonOf(line),
          }),
        };
      case 'milestone':
        return {
          icon: <MilestoneIcon icon={line.icon} colour={line.colour} />,
          text: t(`${key}.milestone`, { name: line.name, season: line.season.name }),
        };
      case 'badge':
        return {
          icon: <MilestoneIcon icon={line.icon} colour={line.colour} />,
          text: t(`${key}.badge`, { name: line.name }),
        };
      case 'league_rank':
        return {
          icon: lucide(line.change === 'up' ? TrendingUp : TrendingDown),
          text: t(`${key}.league_rank_${line.change}`, {
            rank: rankName(line.tier, line.division ?? ''),
            queue: queueName(line.queue),
          }),
        };
    }
  };
}
