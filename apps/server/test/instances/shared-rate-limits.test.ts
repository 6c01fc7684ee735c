import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../helpers/test-database.js';
import {
  startEmbeddedDatabase,
  twoInstances as twoInstancesOf,
  type TwoInstances,
} from './two-instances.js';
import { clientAs, sessionCookieFrom } from '../helpers/test-app.js';

const twoInstances = (env: Record<string, string>) =>
  twoInstancesOf({ AUTH_RATE_LIMIT_PER_MINUTE: '3', ...env });

beforeAll(startEmbeddedDatabase);

let cleanup: TwoInstances | undefined;
afterEach(async () => {
  await cleanup?.close();
  cleanup = undefined;
});

/** Sign-in attempts from one address, alternating between the instances. */
async function attemptsFromOneAddress(apps: readonly FastifyInstance[], count: number) {
  // An address of its own, so that runs of this test never share counters.
  const remoteAddress = `10.${randomBytes(3).join('.')}`;
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt++) {
    const app = apps[attempt % apps.length]!;
    const response = await clientAs({ app }, 'anonymous').post(
      '/auth/local',
      { pseudo: `member-${attempt}` },
      { remoteAddress },
    );
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('rate limits across instances', () => {
  if (engine === 'postgres') {
    it('hold across two instances sharing PostgreSQL', async () => {
      cleanup = await twoInstances({});
      expect(await attemptsFromOneAddress(cleanup.apps, 4)).toEqual([200, 200, 200, 429]);
    });
  } else {
    it('hold within the single instance of the embedded database', async () => {
      cleanup = await twoInstances({});
      const [single] = cleanup.apps;
      expect(await attemptsFromOneAddress([single!], 4)).toEqual([200, 200, 200, 429]);
    });
  }

  it('a session made on one instance works on the other', async () => {
    cleanup = await twoInstances({});
    const [first, second] = cleanup.apps as [FastifyInstance, FastifyInstance];
    const signIn = await clientAs({ app: first }, 'anonymous').post('/auth/local', {
      pseudo: 'Roamer',
    });
    const cookie = sessionCookieFrom(signIn)!;
    const me = await clientAs({ app: second }, { cookie }).get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().pseudo).toBe('Roamer');
  });
});
