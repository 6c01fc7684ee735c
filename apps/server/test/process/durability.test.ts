import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  TEST_TIMEOUT_MS,
  exitOf,
  makeWorkspace,
  signInLocally,
  startServer,
  stop,
  stopAllServers,
  type RunningServer,
} from '../helpers/server-process.js';

afterEach(stopAllServers);

const WRITERS = 6;
/** Acknowledged writes to see before the kill: enough for a stream, few enough to stay quick. */
const ACKNOWLEDGED_BEFORE_KILL = 36;
const ROLES = ['Captain', 'Coach', 'Analyst'];

interface TeamWrite {
  kind: 'team';
  name: string;
}
interface EntryWrite {
  kind: 'entry';
  network: string;
  secret: string;
  teamId: string;
}
interface AccountWrite {
  kind: 'account';
  town: string;
}
type Write = TeamWrite | EntryWrite | AccountWrite;

interface TeamAnswer {
  _id: string;
  name: string;
  roles: { role: string; members: string[] }[];
}
interface EntryAnswer {
  _id: string;
  network: string;
  accessRules: { teamId: string; roles: string[] }[];
}

/**
 * A stream of writes by an admin, several at once, each checkable afterwards: teams with their
 * roles, vault entries with their access rule and audit event, and successive account edits.
 */
function writeStream(server: RunningServer, cookie: string, memberId: string) {
  const acknowledged: { write: Write; id?: string }[] = [];
  /** Sent, but the process died before its whole answer arrived: either outcome is allowed. */
  const inDoubt: Write[] = [];
  let killed = false;
  let reachedTarget: () => void = () => undefined;
  const target = new Promise<void>((resolve) => (reachedTarget = resolve));

  const send = async (write: Write, method: string, path: string, body: unknown) => {
    try {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { _id?: string };
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
      acknowledged.push({ write, id: answer._id });
      if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL) reachedTarget();
      return answer;
    } catch (error) {
      if (!killed) throw error;
      inDoubt.push(write);
      return undefined;
    }
  };

  const teamBody = (name: string) => ({
    name,
    icon: 'shield',
    type: 'transversal',
    roles: ROLES.map((role, index) => ({ role, members: index === 1 ? [] : [memberId] })),
  });

  const teamsAndEntries = async (writer: number) => {
    for (let round = 0; !killed; round++) {
      const name = `Team ${writer}-${round}`;
      const team = await send({ kind: 'team', name }, 'POST', '/api/teams', teamBody(name));
      if (!team?._id) return;
      const network = `Network ${writer}-${round}`;
      const secret = randomBytes(12).toString('base64url');
      const teamId = team._id;
      const entry = await send(
        { kind: 'entry', network, secret, teamId },
        'POST',
        '/api/password',
        {
          network,
          account: `account-${writer}-${round}`,
          password: secret,
          accessRules: [{ teamId, roles: ['Captain'] }],
        },
      );
      if (!entry) return;
    }
  };

  // One writer edits the account again and again: each edit replaces the previous one.
  const accountEdits = async () => {
    for (let edit = 0; !killed; edit++) {
      const town = `Town ${edit}`;
      const saved = await send({ kind: 'account', town }, 'PUT', '/api/user', {
        name: 'Alice',
        surname: 'Martin',
        pseudo: 'Alice',
        birthday: '1990-04-12',
        email: 'alice@example.org',
        town,
      });
      if (!saved) return;
    }
  };

  const writers = [
    ...Array.from({ length: WRITERS - 1 }, (_, writer) => teamsAndEntries(writer)),
    accountEdits(),
  ];
  return {
    acknowledged,
    inDoubt,
    target,
    /** SIGKILL while writes are in flight; resolves when every writer has stopped. */
    async kill() {
      killed = true;
      server.child.kill('SIGKILL');
      await Promise.all(writers);
    },
  };
}

async function getJson<T>(server: RunningServer, cookie: string, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function reveal(server: RunningServer, cookie: string, id: string): Promise<string> {
  const response = await fetch(`${server.url}/api/password/${id}/reveal`, {
    method: 'POST',
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { password: string }).password;
}

describe('a server killed with SIGKILL during a stream of writes', () => {
  it(
    'keeps every acknowledged write after a restart, and nothing half-written',
    async () => {
      const workspace = await makeWorkspace();
      const env = { SEED_DEMO: '0', WRITE_RATE_LIMIT_PER_MINUTE: '100000' };
      const first = await startServer(workspace, env);
      const { member, cookie } = await signInLocally(first, 'Alice');

      const stream = writeStream(first, cookie, member._id);
      await stream.target;
      await stream.kill();
      expect(await exitOf(first)).toEqual({ code: null, signal: 'SIGKILL' });
      // Writes were in flight when the process died, so the kill tested something.
      expect(stream.inDoubt.length).toBeGreaterThan(0);

      const second = await startServer(workspace, env);
      // The session survived as well: it was an acknowledged write too.
      const me = await getJson<{ _id: string; town: string | null }>(second, cookie, '/api/user');
      expect(me._id).toBe(member._id);

      const teams = await getJson<TeamAnswer[]>(second, cookie, '/api/teams');
      const entries = await getJson<EntryAnswer[]>(second, cookie, '/api/password');
      const acknowledgedOf = <K extends Write['kind']>(kind: K) =>
        stream.acknowledged.filter(
          (item): item is { write: Extract<Write, { kind: K }>; id?: string } =>
            item.write.kind === kind,
        );

      for (const { write, id } of acknowledgedOf('team')) {
        expect(teams.find((team) => team._id === id)?.name, write.name).toBe(write.name);
      }
      // Every team there, acknowledged or not, is whole: all its roles, each with its members.
      const sentTeams = [...stream.acknowledged.map((item) => item.write), ...stream.inDoubt];
      for (const team of teams) {
        expect(sentTeams).toContainEqual({ kind: 'team', name: team.name });
        expect(team.roles.map(({ role, members }) => ({ role, members }))).toEqual(
          ROLES.map((role, index) => ({ role, members: index === 1 ? [] : [member._id] })),
        );
      }

      for (const { write, id } of acknowledgedOf('entry')) {
        expect(entries.find((entry) => entry._id === id)?.network, write.network).toBe(
          write.network,
        );
      }
      const sentEntries = new Map(
        sentTeams.flatMap((write) => (write.kind === 'entry' ? [[write.network, write]] : [])),
      );
      for (const entry of entries) {
        const sent = sentEntries.get(entry.network);
        expect(sent, entry.network).toBeDefined();
        expect(entry.accessRules).toEqual([{ teamId: sent!.teamId, roles: ['Captain'] }]);
        // Its value decrypts, and its creation was audited in the same transaction.
        expect(await reveal(second, cookie, entry._id)).toBe(sent!.secret);
        const audit = await getJson<{ items: { action: string }[] }>(
          second,
          cookie,
          `/api/password/${entry._id}/audit`,
        );
        expect(audit.items.map((event) => event.action)).toContain('create');
      }

      // The account holds the last acknowledged edit, or the one in flight after it.
      const edits = acknowledgedOf('account').map(({ write }) => write.town);
      const possible = [
        edits.at(-1) ?? null,
        ...stream.inDoubt.flatMap((w) => (w.kind === 'account' ? [w.town] : [])),
      ];
      expect(possible).toContain(me.town);

      expect(await stop(second)).toEqual({ code: 0, signal: null });
    },
    TEST_TIMEOUT_MS,
  );
});
