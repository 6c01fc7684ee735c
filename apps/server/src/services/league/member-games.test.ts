import { describe, expect, it } from 'vitest';
import { matchSchema } from '../../integrations/riot/dto.js';
import { matchPayload } from '../../../test/fakes/fake-riot-payloads.js';
import { presentGame } from './member-games.js';

const match = (overrides: { gameEndTimestamp?: undefined; gameDuration?: number } = {}) => {
  const payload = matchPayload({
    matchId: 'EUW1_42',
    gameStartTimestamp: 1_700_000_000_000,
    gameDuration: 1_500,
    players: [
      { puuid: 'main', gameName: 'Nelly', tagLine: 'EUW', kills: 3, items: [1001] },
      { puuid: 'smurf', gameName: 'NellyAlt', tagLine: 'EUW' },
    ],
  });
  return matchSchema.parse({ ...payload, info: { ...payload.info, ...overrides } });
};

describe('presentGame', () => {
  it('shows every participant with its Riot ID and its seven item slots', () => {
    const game = presentGame(match(), ['main']);
    expect(game).toMatchObject({
      matchId: 'EUW1_42',
      gameStartTimestamp: 1_700_000_000_000,
      gameDuration: 1_500,
      queueId: 420,
      puuid: 'main',
    });
    expect(game.participants).toHaveLength(10);
    expect(game.participants[0]).toMatchObject({
      puuid: 'main',
      riotId: 'Nelly#EUW',
      kills: 3,
      items: [1001, 0, 0, 0, 0, 0, 0],
    });
  });

  it("names the member's first account present in the game", () => {
    expect(presentGame(match(), ['elsewhere', 'smurf', 'main']).puuid).toBe('smurf');
  });

  it('reads the duration of games before patch 11.20 as milliseconds', () => {
    const older = match({ gameEndTimestamp: undefined, gameDuration: 1_500_400 });
    expect(presentGame(older, ['main']).gameDuration).toBe(1_500);
  });
});
