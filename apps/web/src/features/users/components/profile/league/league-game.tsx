import type { LeagueGame } from '@guildhall/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatDateTime, formatDuration, formatRatio, formatTimeAgo } from './league-format';
import { useLeagueLabels } from './league-labels';
import { ChampionPicture, ItemSlots } from './league-pictures';
import { kdaRatio, ownParticipant } from './league-stats';
import styles from './league.module.css';

type Participant = LeagueGame['participants'][number];

interface LeagueGameSummaryProps {
  game: LeagueGame;
  version: string | undefined;
  /** Epoch milliseconds the relative date counts from. */
  now: number;
}

/**
 * One game of the member: champion, result (in words, not colour alone), KDA, length, date,
 * items, and both teams with the member's own line marked.
 */
export function LeagueGameSummary({ game, version, now }: LeagueGameSummaryProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { queueName } = useLeagueLabels();
  const headingId = useId();
  const own = ownParticipant(game);
  const outcome = own?.win ? 'win' : 'loss';
  const ratio = own && kdaRatio(own);

  return (
    <article className={styles.game} data-outcome={own && outcome} aria-labelledby={headingId}>
      <div className={styles.gameSummary}>
        {own && (
          <ChampionPicture championName={own.championName} version={version} size={56} alt="" />
        )}
        <div className={styles.gameTitle}>
          <h3 id={headingId} className={styles.gameChampion}>
            {own?.championName ?? queueName(game.queueId)}
          </h3>
          <p className={styles.gameQueue}>{queueName(game.queueId)}</p>
        </div>
        {own && (
          <p className={styles.result} data-outcome={outcome}>
            {t(`league.history.${outcome}`)}
          </p>
        )}
        {own && (
          <p className={styles.gameKda}>
            <span className="visually-hidden">{t('league.history.kda_label')} </span>
            <span className={styles.kdaNumbers}>
              {own.kills} / {own.deaths} / {own.assists}
            </span>
            <span className={styles.detail}>
              {ratio === null
                ? t('league.history.perfect_kda')
                : t('league.history.kda_ratio', { ratio: formatRatio(ratio ?? 0, language) })}
            </span>
          </p>
        )}
        <p className={styles.gameWhen}>
          <span>
            <span className="visually-hidden">{t('league.history.duration')} </span>
            {formatDuration(game.gameDuration)}
          </span>
          <time
            dateTime={new Date(game.gameStartTimestamp).toISOString()}
            title={formatDateTime(game.gameStartTimestamp, language)}
          >
            {formatTimeAgo(game.gameStartTimestamp, now, language)}
          </time>
        </p>
      </div>
      {own && <ItemSlots items={own.items} version={version} />}
      <Teams game={game} version={version} />
    </article>
  );
}

/** The players, winners first; each team keeps Riot's order. */
function Teams({ game, version }: { game: LeagueGame; version: string | undefined }) {
  const { t } = useTranslation();
  const teams = [
    { label: t('league.history.winning_team'), players: game.participants.filter((p) => p.win) },
    { label: t('league.history.losing_team'), players: game.participants.filter((p) => !p.win) },
  ].filter((team) => team.players.length > 0);

  return (
    <div className={styles.teams}>
      {teams.map(({ label, players }) => (
        <ul key={label} className={styles.team} aria-label={label}>
          {players.map((player) => (
            <PlayerLine
              key={player.puuid}
              player={player}
              isMember={player.puuid === game.puuid}
              version={version}
            />
          ))}
        </ul>
      ))}
    </div>
  );
}

function PlayerLine({
  player,
  isMember,
  version,
}: {
  player: Participant;
  isMember: boolean;
  version: string | undefined;
}) {
  return (
    <li className={styles.player} aria-current={isMember ? 'true' : undefined}>
      <ChampionPicture
        championName={player.championName}
        version={version}
        size={20}
        alt={player.championName}
      />
      <span className={styles.playerName}>{player.riotId}</span>
      <span className={styles.playerKda}>
        {player.kills}/{player.deaths}/{player.assists}
      </span>
    </li>
  );
}
