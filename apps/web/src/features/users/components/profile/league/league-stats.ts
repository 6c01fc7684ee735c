import { LEAGUE_STATS_WINDOW_MS, type LeagueGame } from '@guildhall/contract';

/** The member's own line of a game: the participant on the member's account. */
export function ownParticipant(game: LeagueGame): LeagueGame['participants'][number] | undefined {
  return game.participants.find((participant) => participant.puuid === game.puuid);
}

/** (kills + assists) / deaths; null when there was no death: a perfect KDA. */
export function kdaRatio({
  kills,
  deaths,
  assists,
}: {
  kills: number;
  deaths: number;
  assists: number;
}): number | null {
  return deaths === 0 ? null : (kills + assists) / deaths;
}

export interface ChampionCount {
  /** The champion's key: its name and picture come from Data Dragon by it. */
  championId: number;
  /** Riot's internal name, for a champion Data Dragon does not know yet. */
  championName: string;
  games: number;
}

export interface LeagueStats {
  games: number;
  wins: number;
  losses: number;
  /** Wins over games, 0 to 1; null without a game. */
  winRate: number | null;
  kills: number;
  deaths: number;
  assists: number;
  /** Over all the games: (kills + assists) / deaths, null when perfect (no death at all). */
  kda: number | null;
  /** The three champions played most, most first (ties by name). */
  mostPlayed: ChampionCount[];
}

const MOST_PLAYED_COUNT = 3;

/**
 * Statistics of the member's games started in the LEAGUE_STATS_WINDOW_MS before `asOf`. A remake
 * counts for nothing, as in Riot's client: neither a game, nor a win, nor a KDA.
 */
export function computeLeagueStats(games: readonly LeagueGame[], asOf: number): LeagueStats {
  const since = asOf - LEAGUE_STATS_WINDOW_MS;
  const lines = games
    .filter((game) => !game.remake)
    .filter((game) => game.gameStartTimestamp >= since && game.gameStartTimestamp <= asOf)
    .flatMap((game) => ownParticipant(game) ?? []);

  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const wins = lines.filter((line) => line.win).length;
  const kills = sum((line) => line.kills);
  const deaths = sum((line) => line.deaths);
  const assists = sum((line) => line.assists);

  const counts = new Map<number, ChampionCount>();
  for (const { championId, championName } of lines) {
    const count = counts.get(championId) ?? { championId, championName, games: 0 };
    counts.set(championId, { ...count, games: count.games + 1 });
  }
  const mostPlayed = [...counts.values()]
    .sort((a, b) => b.games - a.games || a.championName.localeCompare(b.championName))
    .slice(0, MOST_PLAYED_COUNT);

  return {
    games: lines.length,
    wins,
    losses: lines.length - wins,
    winRate: lines.length === 0 ? null : wins / lines.length,
    kills,
    deaths,
    assists,
    kda: kdaRatio({ kills, deaths, assists }),
    mostPlayed,
  };
}
