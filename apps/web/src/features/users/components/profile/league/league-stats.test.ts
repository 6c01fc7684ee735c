import { LEAGUE_STATS_WINDOW_MS, type LeagueGame } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimeAgo } from './league-format';
import { computeLeagueStats, kdaRatio } from './league-stats';

const ME = 'puuid-me';
const NOW = Date.UTC(2025, 5, 20, 12);

const KEYS: Record<string, number> = { Ahri: 103, Lux: 99, Jinx: 222, Zed: 238, Garen: 86 };

function game(
  startedAgoMs: number,
  line: { championName?: string; kills?: number; deaths?: number; assists?: number; win?: boolean },
  { remake = false } = {},
): LeagueGame {
  const championName = line.championName ?? 'Ahri';
  const own = {
    puuid: ME,
    riotId: 'Owl#EUW',
    championName,
    championId: KEYS[championName] ?? 0,
    kills: 0,
    deaths: 0,
    assists: 0,
    win: true,
    items: [0, 0, 0, 0, 0, 0, 0],
    ...line,
  };
  const other = {
    ...own,
    puuid: 'puuid-other',
    riotId: 'Other#EUW',
    championName: 'Garen',
    championId: 86,
  };
  return {
    matchId: `EUW1_${startedAgoMs}`,
    gameStartTimestamp: NOW - startedAgoMs,
    gameDuration: 1800,
    queueId: 420,
    remake,
    puuid: ME,
    participants: [other, own],
  };
}

const HOUR = 3_600_000;

describe('15-day League statistics', () => {
  it('count only the member’s games of the last 1,296,000,000 ms', () => {
    const stats = computeLeagueStats(
      [
        game(HOUR, { win: true }),
        game(LEAGUE_STATS_WINDOW_MS, { win: false }),
        game(LEAGUE_STATS_WINDOW_MS + 1, { win: true }),
      ],
      NOW,
    );

    expect(stats).toMatchObject({ games: 2, wins: 1, losses: 1, winRate: 0.5 });
  });

  it('read the member’s own line, not another player’s', () => {
    const stats = computeLeagueStats([game(HOUR, { kills: 3, deaths: 1, assists: 2 })], NOW);

    expect(stats).toMatchObject({ kills: 3, deaths: 1, assists: 2, kda: 5 });
    expect(stats.mostPlayed).toEqual([{ championId: 103, championName: 'Ahri', games: 1 }]);
  });

  it('average the KDA over all the games: (kills + assists) / deaths', () => {
    const stats = computeLeagueStats(
      [
        game(HOUR, { kills: 4, deaths: 2, assists: 6 }),
        game(2 * HOUR, { kills: 2, deaths: 0, assists: 3 }),
      ],
      NOW,
    );

    expect(stats.kda).toBe(7.5);
  });

  it('call the KDA perfect when there was no death', () => {
    expect(kdaRatio({ kills: 10, deaths: 0, assists: 4 })).toBeNull();
    expect(
      computeLeagueStats([game(HOUR, { kills: 5, deaths: 0, assists: 1 })], NOW).kda,
    ).toBeNull();
  });

  it('rank the three champions played most, ties by name', () => {
    const played = ['Lux', 'Jinx', 'Lux', 'Ahri', 'Jinx', 'Lux', 'Zed', 'Ahri'];
    const stats = computeLeagueStats(
      played.map((championName, index) => game((index + 1) * HOUR, { championName })),
      NOW,
    );

    expect(stats.mostPlayed).toEqual([
      { championId: 99, championName: 'Lux', games: 3 },
      { championId: 103, championName: 'Ahri', games: 2 },
      { championId: 222, championName: 'Jinx', games: 2 },
    ]);
  });

  it('leave remakes out, as Riot’s client does: no game, no win, no KDA, no champion', () => {
    const stats = computeLeagueStats(
      [
        game(HOUR, { championName: 'Lux', kills: 2, deaths: 1, assists: 1, win: false }),
        // 101 s, ended by an early surrender: Riot still marks one side as the winner.
        game(
          2 * HOUR,
          { championName: 'Zed', kills: 0, deaths: 0, assists: 0, win: true },
          {
            remake: true,
          },
        ),
      ],
      NOW,
    );

    expect(stats).toMatchObject({ games: 1, wins: 0, winRate: 0, kda: 3 });
    expect(stats.mostPlayed.map((champion) => champion.championName)).toEqual(['Lux']);
  });

  it('have nothing to say without a game', () => {
    expect(computeLeagueStats([], NOW)).toMatchObject({
      games: 0,
      winRate: null,
      mostPlayed: [],
    });
  });
});

describe('League formats', () => {
  it('write durations as m:ss', () => {
    expect(formatDuration(1625)).toBe('27:05');
    expect(formatDuration(59)).toBe('0:59');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('write dates relative to now, in the reader’s language', () => {
    expect(formatTimeAgo(NOW - 3 * 24 * HOUR, NOW, 'fr')).toBe('il y a 3 jours');
    expect(formatTimeAgo(NOW - 5 * HOUR, NOW, 'en')).toBe('5 hours ago');
  });
});
