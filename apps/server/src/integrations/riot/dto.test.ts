import { describe, expect, it } from 'vitest';
import { matchPayload } from '../../../test/fakes/fake-riot-payloads.js';
import { accountSchema, leagueEntriesSchema, matchSchema } from './dto.js';

const fullMatch = () =>
  matchPayload({
    matchId: 'EUW1_7123456789',
    gameStartTimestamp: 1_717_000_000_000,
    gameDuration: 1_845,
    queueId: 440,
    players: [
      {
        puuid: 'puuid-nelly',
        gameName: 'Nelly',
        tagLine: 'EUW',
        championName: 'Ahri',
        kills: 7,
        deaths: 2,
        assists: 9,
        win: true,
        items: [3157, 3020],
      },
    ],
  });

describe('parsing match-v5 MatchDto', () => {
  it('reads a full payload of ten participants', () => {
    const match = matchSchema.parse(fullMatch());
    expect(match.metadata.matchId).toBe('EUW1_7123456789');
    expect(match.info).toMatchObject({
      gameStartTimestamp: 1_717_000_000_000,
      gameDuration: 1_845,
      queueId: 440,
    });
    expect(match.info.participants).toHaveLength(10);
    expect(match.info.participants[0]).toEqual({
      puuid: 'puuid-nelly',
      riotIdGameName: 'Nelly',
      riotIdTagline: 'EUW',
      summonerName: '',
      championName: 'Ahri',
      championId: 103,
      gameEndedInEarlySurrender: false,
      kills: 7,
      deaths: 2,
      assists: 9,
      win: true,
      item0: 3157,
      item1: 3020,
      item2: 0,
      item3: 0,
      item4: 0,
      item5: 0,
      item6: 0,
    });
  });

  it('drops fields it does not read, so that what is cached stays small', () => {
    const payload = fullMatch();
    const parsed = matchSchema.parse({ ...payload, info: { ...payload.info, newField: 1 } });
    expect(parsed.info).not.toHaveProperty('newField');
    expect(parsed.info).not.toHaveProperty('teams');
    expect(parsed.info.participants[0]).not.toHaveProperty('challenges');
    expect(JSON.stringify(parsed).length).toBeLessThan(JSON.stringify(payload).length / 5);
  });

  it('tolerates missing optional fields (older games, remakes)', () => {
    const payload = fullMatch();
    const [first, ...others] = payload.info.participants;
    const dropped = new Set(['riotIdTagline', 'item6', 'championName']);
    const older = Object.fromEntries(
      Object.entries(first!).filter(([field]) => !dropped.has(field)),
    );
    const parsed = matchSchema.parse({
      metadata: { matchId: 'EUW1_1' },
      info: { ...payload.info, participants: [older, ...others], gameEndTimestamp: undefined },
    });
    expect(parsed.info.participants[0]).toMatchObject({ item6: 0, championName: '' });
    expect(parsed.info.participants[0]!.riotIdTagline).toBeUndefined();
    expect(parsed.metadata.participants).toEqual([]);
  });

  it('gives back what it parsed when parsing it again (the cache reads through it)', () => {
    const once = matchSchema.parse(fullMatch());
    expect(matchSchema.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it('refuses what is not a match', () => {
    expect(matchSchema.safeParse({ status: { status_code: 404 } }).success).toBe(false);
  });
});

describe('parsing account-v1 and league-v4', () => {
  it('reads an AccountDto', () => {
    expect(
      accountSchema.parse({ puuid: 'p', gameName: 'Nelly', tagLine: 'EUW', extra: true }),
    ).toEqual({ puuid: 'p', gameName: 'Nelly', tagLine: 'EUW' });
  });

  it('reads LeagueEntryDTO lists', () => {
    const [entry] = leagueEntriesSchema.parse([
      {
        leagueId: 'x',
        puuid: 'p',
        queueType: 'RANKED_SOLO_5x5',
        tier: 'GOLD',
        rank: 'II',
        leaguePoints: 42,
        wins: 10,
        losses: 8,
        hotStreak: false,
        veteran: false,
        freshBlood: true,
        inactive: false,
        miniSeries: { target: 3, wins: 1, losses: 0, progress: 'WNN' },
      },
    ]);
    expect(entry).toEqual({
      queueType: 'RANKED_SOLO_5x5',
      tier: 'GOLD',
      rank: 'II',
      leaguePoints: 42,
      wins: 10,
      losses: 8,
    });
  });
});
