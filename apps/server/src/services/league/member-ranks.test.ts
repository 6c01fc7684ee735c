import { describe, expect, it } from 'vitest';
import { toRankEntry } from './member-ranks.js';

const account = { gameName: 'Nelly', tagLine: 'EUW' };
const entry = (queueType: string, tier: string, rank = 'II') => ({
  queueType,
  tier,
  rank,
  leaguePoints: 50,
  wins: 12,
  losses: 10,
});

describe('toRankEntry', () => {
  it('shows solo queue as the main rank, flex beside it, and maps rank to division', () => {
    const rank = toRankEntry(
      account,
      [
        entry('RANKED_FLEX_SR', 'SILVER', 'IV'),
        entry('RANKED_SOLO_5x5', 'GOLD', 'II'),
        entry('CHERRY', 'GOLD'),
      ],
      1_700_000_000_000,
    );
    expect(rank.rankData.lol).toMatchObject({ queueType: 'RANKED_SOLO_5x5', division: 'II' });
    expect(rank.queues.map((queue) => [queue.queueType, queue.tier, queue.division])).toEqual([
      ['RANKED_SOLO_5x5', 'GOLD', 'II'],
      ['RANKED_FLEX_SR', 'SILVER', 'IV'],
    ]);
  });

  it('falls back to flex, then to nothing', () => {
    expect(toRankEntry(account, [entry('RANKED_FLEX_SR', 'BRONZE')], 1).rankData.lol).toMatchObject(
      {
        queueType: 'RANKED_FLEX_SR',
      },
    );
    expect(toRankEntry(account, [], null)).toEqual({
      gameName: 'Nelly',
      tagLine: 'EUW',
      rankData: { lol: null },
      queues: [],
      fetchedAt: null,
    });
  });

  it('gives master tiers no division', () => {
    expect(
      toRankEntry(account, [entry('RANKED_SOLO_5x5', 'CHALLENGER', 'I')], 1).rankData.lol,
    ).toMatchObject({ tier: 'CHALLENGER', division: '' });
  });
});
