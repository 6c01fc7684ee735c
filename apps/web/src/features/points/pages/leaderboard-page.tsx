import type { Leaderboard, LeaderboardEntry, Team } from '@guildhall/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useTextsPart } from '@/i18n/i18n';
import { itemsOf } from '@/lib/paging';
import { useSignedInUser } from '@/lib/session/get-session';
import { useTeams } from '@/lib/teams/get-teams';
import { useSeasons } from '@/lib/points/seasons';
import { useLeaderboard } from '../api/get-leaderboard';
import { useManagerBudget } from '../api/get-manager-budget';
import { GivePointsDialog } from '../components/give-points-dialog';
import { LeaderboardLine } from '../components/leaderboard-line';
import styles from './leaderboard.module.css';

/**
 * `/leaderboard`: a season's ranking (the current one, or a past one), of the whole organisation
 * or of one team, fifty lines and fifty more on demand (decision 061), with the member's own line
 * always in view: in its place once shown, pinned to the bottom of the table until then. The
 * choices are in the address (`?season=…&team=…`), so that a reload or a link keeps them.
 */
export function LeaderboardPage() {
  useTextsPart('points');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const season = params.get('season') ?? '';
  const team = params.get('team') ?? '';
  const { data: seasons } = useSeasons();
  const { data: teams } = useTeams();
  const user = useSignedInUser();
  const ranking = useLeaderboard({
    ...(season && { season }),
    ...(team && { team }),
  });
  const { data, error, isPending } = ranking;
  const entries = useMemo(() => itemsOf(data), [data]);
  // The season is the first page's; the total and the member's line, the latest page's.
  const first = data?.pages[0];
  const latest = data?.pages.at(-1);
  const board = first && latest && { ...latest, season: first.season };

  /** A new season or team starts again from the first page. */
  function choose(name: 'season' | 'team', value: string) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  }

  return (
    <>
      <PageHeader title={t('leaderboard.title')} description={t('leaderboard.description')} />
      <div className={styles.filters}>
        <SelectField
          label={t('leaderboard.season')}
          value={season}
          onChange={(event) => choose('season', event.target.value)}
        >
          <option value="">{t('leaderboard.current_season')}</option>
          {seasons?.map((item) => (
            <option key={item._id} value={item._id}>
              {item.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('leaderboard.team')}
          value={team}
          onChange={(event) => choose('team', event.target.value)}
        >
          <option value="">{t('leaderboard.whole_organization')}</option>
          {teams?.map((item) => (
            <option key={item._id} value={item._id}>
              {item.name}
            </option>
          ))}
        </SelectField>
        {team && <ManagerAwards teamId={team} manages={managesTeam(teams, team, user._id)} />}
      </div>
      {error && !board ? (
        <AlertMessage>{t('leaderboard.load_error')}</AlertMessage>
      ) : isPending || !board ? (
        <LoadingMessage shape="page" />
      ) : (
        <>
          <Ranking
            board={board}
            entries={entries}
            scope={teams?.find((item) => item._id === team)?.name}
          />
          {/* The next page failed: said, and "Show more" asks it again. */}
          {error && <AlertMessage>{t('leaderboard.load_error')}</AlertMessage>}
          <Pager query={ranking} />
        </>
      )}
    </>
  );
}

/** Whether the member holds a role of the team that manages it (decision 037). */
function managesTeam(teams: Team[] | undefined, teamId: string, userId: string): boolean {
  const chosen = teams?.find((item) => item._id === teamId);
  return chosen?.roles.some((role) => role.manages && role.members.includes(userId)) ?? false;
}

/** A team's manager gives points from the team's view, while its season's limit allows some. */
function ManagerAwards({ teamId, manages }: { teamId: string; manages: boolean }) {
  const { data: budget } = useManagerBudget(manages ? teamId : undefined);
  if (!budget || budget.limit === 0) return null;
  return <GivePointsDialog teamId={teamId} budget={budget} />;
}

function Ranking({
  board,
  entries,
  scope,
}: {
  /** The season, the total and the member's line. */
  board: Pick<Leaderboard, 'season' | 'total' | 'me'>;
  /** The lines of the pages shown. */
  entries: LeaderboardEntry[];
  scope: string | undefined;
}) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  if (!board.season) return <p>{t('leaderboard.no_season')}</p>;
  const me = board.me;
  const pinned = me && !entries.some((entry) => entry.member._id === me.member._id);
  return (
    <>
      <p className={styles.myLine}>
        {board.me
          ? t('leaderboard.my_line', {
              place: board.me.place,
              total: board.total,
              points: board.me.points,
            })
          : t('leaderboard.no_points')}
      </p>
      {entries.length === 0 ? (
        <p>{t('leaderboard.empty')}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption>
              {t('leaderboard.caption', {
                scope: scope ?? t('leaderboard.whole_organization'),
                season: board.season.name,
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={styles.number}>
                  {t('leaderboard.place')}
                </th>
                <th scope="col">{t('leaderboard.member')}</th>
                <th scope="col" className={styles.number}>
                  {t('leaderboard.points')}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <LeaderboardLine
                  key={entry.member._id}
                  entry={entry}
                  mine={entry.member._id === user._id}
                />
              ))}
            </tbody>
            {pinned && (
              // The member's own line, on a page not shown yet: it stays in view at the bottom.
              <tfoot className={styles.pinned}>
                <LeaderboardLine entry={me} mine />
              </tfoot>
            )}
          </table>
        </div>
      )}
    </>
  );
}
