import type { Leaderboard, Team } from '@guildhall/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useTextsPart } from '@/i18n/i18n';
import { useSignedInUser } from '@/lib/session/get-session';
import { useTeams } from '@/lib/teams/get-teams';
import { useSeasons } from '@/lib/points/seasons';
import { useLeaderboard } from '../api/get-leaderboard';
import { useManagerBudget } from '../api/manager-awards';
import { GivePointsDialog } from '../components/give-points-dialog';
import { LeaderboardLine } from '../components/leaderboard-line';
import styles from './leaderboard.module.css';

/**
 * `/leaderboard`: a season's ranking (the current one, or a past one), of the whole organisation
 * or of one team, fifty a page, with the member's own line always in view: in its place on its
 * page, pinned to the bottom of the table on the others. The choices are in
 * the address (`?season=…&team=…&page=2`), so that a reload or a link keeps them.
 */
export function LeaderboardPage() {
  useTextsPart('points');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const season = params.get('season') ?? '';
  const team = params.get('team') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data: seasons } = useSeasons();
  const { data: teams } = useTeams();
  const user = useSignedInUser();
  const {
    data: board,
    error,
    isPending,
  } = useLeaderboard({
    ...(season && { season }),
    ...(team && { team }),
    page,
  });

  /** A new season or team starts again from the first page. */
  function choose(name: 'season' | 'team' | 'page', value: string) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      if (name !== 'page') next.delete('page');
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
      {error ? (
        <AlertMessage>{t('leaderboard.load_error')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage shape="page" />
      ) : (
        <Ranking
          board={board}
          scope={teams?.find((item) => item._id === team)?.name}
          onPage={(next) => choose('page', String(next))}
        />
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
  scope,
  onPage,
}: {
  board: Leaderboard;
  scope: string | undefined;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  if (!board.season) return <p>{t('leaderboard.no_season')}</p>;
  const pages = Math.max(1, Math.ceil(board.total / board.page_size));
  const me = board.me;
  const pinned = me && !board.entries.some((entry) => entry.member._id === me.member._id);
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
      {board.entries.length === 0 ? (
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
              {board.entries.map((entry) => (
                <LeaderboardLine
                  key={entry.member._id}
                  entry={entry}
                  mine={entry.member._id === user._id}
                />
              ))}
            </tbody>
            {pinned && (
              // The member's own line, from another page: it stays in view at the bottom.
              <tfoot className={styles.pinned}>
                <LeaderboardLine entry={me} mine />
              </tfoot>
            )}
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav
          className={styles.pager}
          aria-label={t('leaderboard.page', { page: board.page, pages })}
        >
          <button
            type="button"
            className="button"
            disabled={board.page <= 1}
            onClick={() => onPage(board.page - 1)}
          >
            <ChevronLeft size={16} aria-hidden="true" />
            {t('leaderboard.previous')}
          </button>
          <p aria-live="polite">{t('leaderboard.page', { page: board.page, pages })}</p>
          <button
            type="button"
            className="button"
            disabled={board.page >= pages}
            onClick={() => onPage(board.page + 1)}
          >
            {t('leaderboard.next')}
            <ChevronRight size={16} aria-hidden="true" />
          </button>
        </nav>
      )}
    </>
  );
}
