import { Agent, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  TEST_TIMEOUT_MS,
  exitOf,
  makeWorkspace,
  signInLocally,
  startServer,
  stop,
  stopAllServers,
  usesPostgres,
  waitUntil,
  type RunningServer,
} from '../helpers/server-process.js';
import { startLoadBalancer } from './load-balancer.js';

const balancers: Awaited<ReturnType<typeof startLoadBalancer>>[] = [];
afterEach(async () => {
  for (const balancer of balancers.splice(0)) await balancer.close();
  await stopAllServers();
});

// At debug level a request is logged when it arrives too: what a process began and never finished.
const ENV = { SEED_DEMO: '0', WRITE_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'debug' };
const READS = [
  '/api/users?limit=10',
  '/api/teams',
  '/api/user',
  '/api/organization',
  '/api/alerts',
];
const STOPPING = 'stopping: finishing requests in flight';
const FORCED = 'requests still in flight after the grace period';

/** What a client saw: a whole answer, or a failure before any byte of one (`failure`). */
interface Outcome {
  status?: number;
  body?: string;
  connection?: string;
  failure?: string;
  /** The answer began and then broke off. */
  cut?: boolean;
}

/** A request through node:http, so that a failure before the answer tells apart from one after. */
function startRequest(
  base: string,
  options: { method?: string; path: string; cookie?: string; agent: Agent; body?: string },
) {
  const url = new URL(options.path, base);
  let settle: (outcome: Outcome) => void = () => undefined;
  const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
  const outgoing = httpRequest(
    {
      host: url.hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method: options.method ?? 'GET',
      agent: options.agent,
      headers: {
        ...(options.cookie && { cookie: options.cookie }),
        ...(options.body !== undefined && {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(options.body)),
        }),
      },
    },
    (answer) => {
      let body = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      answer.on('close', () =>
        settle(
          answer.complete
            ? { status: answer.statusCode, body, connection: answer.headers.connection }
            : { status: answer.statusCode, cut: true },
        ),
      );
    },
  );
  outgoing.on('error', (error: NodeJS.ErrnoException) =>
    settle({ failure: error.code ?? error.message }),
  );
  return { outgoing, outcome };
}

const send = (...args: Parameters<typeof startRequest>) => {
  const { outgoing, outcome } = startRequest(...args);
  outgoing.end(args[1].body);
  return outcome;
};

/** Clients reading and editing in a loop, each on its keep-alive connection, until told to stop. */
function load(base: string, cookie: string, clients: number) {
  const agent = new Agent({ keepAlive: true });
  const outcomes: (Outcome & { afterSignal: boolean })[] = [];
  let signalled = false;
  let stopped = false;
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let round = 0; !stopped; round++) {
      const edit = round % 4 === 3;
      const outcome = await send(base, {
        agent,
        cookie,
        method: edit ? 'PUT' : 'GET',
        path: edit ? '/api/user' : READS[(client + round) % READS.length]!,
        ...(edit && { body: accountBody(`Town ${client}`) }),
      });
      outcomes.push({ ...outcome, afterSignal: signalled });
      // Once the instance is gone its clients stop (their next connection would be refused).
      if (outcome.failure) return;
    }
  });
  return {
    outcomes,
    answered: () => outcomes.filter((outcome) => outcome.status !== undefined).length,
    signalled: () => (signalled = true),
    async stop() {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

function accountBody(town: string) {
  return JSON.stringify({
    name: 'Alice',
    surname: 'Martin',
    pseudo: 'Alice',
    birthday: '1990-04-12',
    email: 'alice@example.org',
    town,
  });
}

const lines = (output: string, text: string) =>
  output.split('\n').filter((line) => line.includes(text)).length;

/** The requests a process began and never finished, read from its log. */
function unfinishedRequests(server: RunningServer): string[] {
  const entries = server
    .stdout()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { msg?: string; reqId?: string });
  const begun = new Set(
    entries.filter((entry) => entry.msg === 'incoming request').map((entry) => entry.reqId!),
  );
  for (const entry of entries) if (entry.msg === 'request completed') begun.delete(entry.reqId!);
  return [...begun];
}

describe('SIGTERM under load', () => {
  it(
    'finishes every request in flight with its normal answer, refuses new connections, and exits 0',
    async () => {
      const server = await startServer(await makeWorkspace(), ENV);
      const { cookie } = await signInLocally(server, 'Alice');

      // Uploads held half-sent: requests that are certainly in flight when the signal arrives.
      const uploadAgent = new Agent({ keepAlive: true });
      const uploads = ['Lyon', 'Nantes', 'Lille'].map((town) => {
        const body = accountBody(town);
        const upload = startRequest(server.url, {
          agent: uploadAgent,
          cookie,
          method: 'PUT',
          path: '/api/user',
          body,
        });
        upload.outgoing.write(body.slice(0, 20));
        return { ...upload, town, rest: body.slice(20) };
      });
      const uploadsReceived = () =>
        server
          .stdout()
          .split('\n')
          .filter((line) => line.includes('incoming request') && line.includes('"method":"PUT"'));
      await waitUntil(
        server,
        'the uploads reaching the server',
        () => uploadsReceived().length === uploads.length,
      );
      const reads = load(server.url, cookie, 12);
      await waitUntil(server, 'answers under load', () => reads.answered() >= 40);

      reads.signalled();
      server.child.kill('SIGTERM');
      await waitUntil(server, 'the stop beginning', () => server.stdout().includes(STOPPING));
      // The listener is closed: a new connection is refused.
      await waitUntil(
        server,
        'new connections refused',
        async () =>
          (await send(server.url, { path: '/healthz', agent: new Agent() })).failure ===
          'ECONNREFUSED',
      );
      // The uploads in flight end and get their normal answer, closing their connection.
      for (const upload of uploads) upload.outgoing.end(upload.rest);
      for (const upload of uploads) {
        const outcome = await upload.outcome;
        expect(outcome).toMatchObject({ status: 200, connection: 'close' });
        expect(JSON.parse(outcome.body!)).toMatchObject({ pseudo: 'Alice', town: upload.town });
      }
      await reads.stop();
      uploadAgent.destroy();

      // Exit code 0 means the stop finished before the server's own 10-second deadline.
      expect(await exitOf(server)).toEqual({ code: 0, signal: null });
      expect(server.stdout()).not.toContain(FORCED);
      // Every request the server began, it finished.
      expect(unfinishedRequests(server)).toEqual([]);
      // Every answer was whole and normal; the only failures are connections refused or
      // closed while idle once the signal had arrived, before any byte of an answer.
      for (const outcome of reads.outcomes) {
        if (outcome.failure) {
          expect(outcome.afterSignal).toBe(true);
          expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'socket hang up']).toContain(
            outcome.failure,
          );
        } else {
          expect(outcome).toMatchObject({ status: 200 });
          expect(outcome.cut).toBeUndefined();
        }
      }
    },
    TEST_TIMEOUT_MS,
  );

  if (usesPostgres) {
    it(
      'loses no request of a load balanced over two instances while one of them stops',
      async () => {
        const workspace = await makeWorkspace();
        // Both instances share the database and the data folder (the vault key file).
        const leaving = await startServer(workspace, ENV);
        const staying = await startServer(workspace, ENV);
        const balancer = await startLoadBalancer([leaving.url, staying.url]);
        balancers.push(balancer);
        const { cookie } = await signInLocally(balancer, 'Alice');

        const clients = load(balancer.url, cookie, 12);
        const served = (server: RunningServer) => lines(server.stdout(), '"url":"/api/');
        await waitUntil(
          leaving,
          'both instances serving',
          () => served(leaving) >= 20 && served(staying) >= 20,
        );

        clients.signalled();
        leaving.child.kill('SIGTERM');
        expect(await exitOf(leaving)).toEqual({ code: 0, signal: null });
        expect(leaving.stdout()).toContain(STOPPING);
        expect(leaving.stdout()).not.toContain(FORCED);
        expect(unfinishedRequests(leaving)).toEqual([]);
        const answeredAtExit = clients.answered();
        await waitUntil(
          staying,
          'the load going on',
          () => clients.answered() >= answeredAtExit + 60,
        );
        await clients.stop();

        expect(balancer.isReady(leaving.url)).toBe(false);
        // Not one request failed, was cut or was refused while an instance went away.
        const failed = clients.outcomes.filter(
          (outcome) => outcome.status !== 200 || outcome.cut || outcome.failure,
        );
        expect(failed).toEqual([]);
        expect(await stop(staying)).toEqual({ code: 0, signal: null });
      },
      TEST_TIMEOUT_MS,
    );
  }
});
