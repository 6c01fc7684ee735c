import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.js';
import { announce, installReactions, type Happenings, type Reactions } from './happenings.js';

const tx = {} as Db;
const none: Reactions = {
  adhesionChanged: [],
  memberLeaving: [],
  alertSaved: [],
  teamDeleted: [],
  teamRolesDeleted: [],
  attendanceSettled: [],
  leagueRankRecorded: [],
};

describe('announcing what happened', () => {
  it('is refused until the reactions are installed, naming what was announced', async () => {
    // A module never loaded before: another test file of this worker may have installed them.
    vi.resetModules();
    const fresh = await import('./happenings.js');
    await expect(fresh.announce(tx, 'teamDeleted', { teamId: 't1' })).rejects.toThrow(
      /"teamDeleted" was announced before the reactions were installed/,
    );
  });

  it('runs the reactions to it, in their order, with the transaction and what happened', async () => {
    const heard: string[] = [];
    installReactions({
      ...none,
      teamDeleted: [
        async (given, { teamId }) => {
          expect(given).toBe(tx);
          heard.push(`first ${teamId}`);
        },
        async (_given, { teamId }) => {
          heard.push(`second ${teamId}`);
        },
      ],
      memberLeaving: [
        async () => {
          heard.push('not this one');
        },
      ],
    });
    await announce(tx, 'teamDeleted', { teamId: 't1' });
    expect(heard).toEqual(['first t1', 'second t1']);
  });

  it('fails with the first reaction that fails, and runs none after it', async () => {
    const heard: Happenings['memberLeaving'][] = [];
    installReactions({
      ...none,
      memberLeaving: [
        async () => {
          throw new Error('refused');
        },
        async (_given, happening) => {
          heard.push(happening);
        },
      ],
    });
    await expect(announce(tx, 'memberLeaving', { userId: 'u1' })).rejects.toThrow('refused');
    expect(heard).toEqual([]);
  });
});
