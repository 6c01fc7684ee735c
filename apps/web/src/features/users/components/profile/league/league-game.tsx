import type { LeagueGame } from '@guildhall/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { type ShownChampion, useShownChampion } from './league-champions';
import { formatDateTime, formatDuration, formatRatio, formatTimeAgo } from './league-format';
import { useLeagueLabels } from '@/lib/league/league-labels';
import { ChampionPicture, ItemSlots } from './league-pictures';
import { kdaRatio, ownParticipant } from './league-stats';
import styles from './league.module.css';

type Participant = LeagueGame['participants'][number];
type ChampionOf = (participant: Participant) => ShownChampion;

interface LeagueGameSummaryProps {
  game: LeagueGame;
  version: string | null | undefined;
  /** Epoch milliseconds the relative date counts from. */
  now: number;
}

/**
 * One game of the member: champion, result (in words, not colour alone), KDA, length, date,
 * items, and both teams with the member's own line marked. A remake is neither won nor lost.
 */
export function LeagueGameSummary({ game, version, now }: LeagueGameSummaryProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { queueName } = useLeagueLabels();
  const championOf = useShownChampion();
  const headingId = useId();
  const own = ownParticipant(game);
  const outcome = game.remake ? 'remake' : own?.win ? 'win' : 'loss';
  const ratio = own && kdaRatio(own);
  const champion = own && championOf(own);

  return (
    <article className={styles.game} data-outcome={own && outcome} aria-labelledby={headingId}>
      <div className={styles.gameSummary}>
        {champion && <ChampionPicture champion={champion} size={56} alt="" />}
        <div className={styles.gameTitle}>
          <h3 id={headingId} className={styles.gameChampion}>
            {champion?.name ?? queueName(game.queueId)}
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
            {/* A remake's ratio means nothing: no "perfect KDA" for a game of two minutes. */}
            {!game.remake && (
              <span className={styles.detail}>
                {ratio === null
                  ? t('league.history.perfect_kda')
                  : t('league.history.kda_ratio', { ratio: formatRatio(ratio ?? 0, language) })}
              </span>
            )}
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
      <Teams game={game} championOf={championOf} />
    </article>
  );
}

/** The players, winners first (a remake's teams are only numbered); each team keeps Riot's order. */
function Teams({ game, championOf }: { game: LeagueGame; championOf: ChampionOf }) {
  const { t } = useTranslation();
  const winners = game.participants.filter((p) => p.win);
  const losers = game.participants.filter((p) => !p.win);
  const teams = (
    game.remake
      ? [
          { label: t('league.history.team', { number: 1 }), players: winners },
          { label: t('league.history.team', { number: 2 }), players: losers },
        ]
      : [
          { label: t('league.history.winning_team'), players: winners },
          { label: t('league.history.losing_team'), players: losers },
        ]
  ).filter((team) => team.players.length > 0);

  return (
    <div className={styles.teams}>
      {teams.map(({ label, players }) => (
        <ul key={label} className={styles.team} aria-label={label}>
          {players.map((player) => (
            <PlayerLine
              key={player.puuid}
              player={player}
              champion={championOf(player)}
              isMember={player.puuid === game.puuid}
            />
          ))}
        </ul>
      ))}
    </div>
  );
}

function PlayerLine({
  player,
  champion,
  isMember,
}: {
  player: Participant;
  champion: ShownChampion;
  isMember: boolean;
}) {
  return (
    <li className={styles.player} aria-current={isMember ? 'true' : undefined}>
      <ChampionPicture champion={champion} size={20} alt={champion.name} />
      <span className={styles.playerName}>{player.riotId}</span>
      <span className={styles.playerKda}>
        {player.kills}/{player.deaths}/{player.assists}
      </span>
    </li>
  );
}
