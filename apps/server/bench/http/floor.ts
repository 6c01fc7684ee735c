// The floor of each read: what a bare node:http server costs when it does the same database work
// as Guildhall and writes the same JSON. The statements are those Guildhall itself sends for the
// read, recorded at the driver while one request is served in this process; the floor server
// (floor-server.ts) replays them, prepared, through the same driver on the same database.
import { writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { unlockVault } from '../../src/services/vault/keyring.js';

/** A statement as the driver received it. */
export interface Statement {
  text: string;
  values: unknown[];
  rowMode?: 'array';
}

/** What the floor does for one path: Guildhall's statements, then Guildhall's answer. */
export interface FloorRead {
  statements: Statement[];
  status: number;
  contentType: string;
  body: unknown;
}

export type FloorPlan = Record<string, FloorRead>;

type QueryArguments = [unknown, unknown?, unknown?];

function asStatement([query, values, options]: QueryArguments): Statement {
  const config = (typeof query === 'string' ? { text: query } : query) as {
    text: string;
    values?: unknown[];
    rowMode?: 'array';
  };
  const rowMode =
    config.rowMode ?? (options as { rowMode?: 'array' | 'object' } | undefined)?.rowMode;
  return {
    text: config.text,
    values: (Array.isArray(values) ? values : config.values) ?? [],
    ...(rowMode === 'array' && { rowMode }),
  };
}

/** Every statement sent through `database` while `serve` runs. */
async function recording(
  database: Database & { client?: PGlite },
  serve: () => Promise<void>,
): Promise<Statement[]> {
  const statements: Statement[] = [];
  const restore: (() => void)[] = [];
  const tap = <T extends object>(target: T, method: keyof T & string) => {
    const original = target[method] as (...args: QueryArguments) => unknown;
    (target as Record<string, unknown>)[method] = function (
      this: unknown,
      ...args: QueryArguments
    ) {
      statements.push(asStatement(args));
      return original.apply(this, args);
    };
    restore.push(() => {
      (target as Record<string, unknown>)[method] = original;
    });
  };
  if (database.engine === 'postgres') {
    tap(pg.Client.prototype, 'query');
  } else {
    const client = database.client;
    if (!client) throw new Error('PGlite without its client');
    tap(client, 'query');
    // A transaction's statements go through the transaction's own object.
    const transaction = client.transaction.bind(client);
    (client as { transaction: unknown }).transaction = (
      callback: (tx: { query: PGlite['query'] }) => Promise<unknown>,
    ) =>
      transaction(async (tx) => {
        statements.push({ text: 'begin', values: [] });
        tap(tx, 'query');
        const result = await callback(tx);
        statements.push({ text: 'commit', values: [] });
        return result;
      });
    restore.push(() => {
      (client as { transaction: unknown }).transaction = transaction;
    });
  }
  try {
    await serve();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return statements;
}

/**
 * Serves each path once in this process, as the signed-in member of `cookie` where asked, and
 * writes to `file` the statements each sent and the answer it gave.
 */
export async function recordFloorPlan(options: {
  database: Database;
  config: Config;
  vaultKey: Buffer;
  cases: { path: string; signedIn: boolean }[];
  cookie: string;
  file: string;
}): Promise<FloorPlan> {
  const { database, config } = options;
  const vault = await unlockVault(database.db, options.vaultKey);
  const app = await buildApp({ config, database, vault, logger: false, webRoot: '/nonexistent' });
  const plan: FloorPlan = {};
  try {
    for (const { path, signedIn } of options.cases) {
      // The public address's host name, which the server answers to alone.
      const host = config.publicUrl.host;
      const headers = { host, ...(signedIn && { cookie: options.cookie }) };
      // Once before, so that what a first request alone does (a cache filled) is not recorded.
      await app.inject({ method: 'GET', url: path, headers });
      let answer: Awaited<ReturnType<typeof app.inject>> | undefined;
      const statements = await recording(database, async () => {
        answer = await app.inject({ method: 'GET', url: path, headers });
      });
      if (!answer) throw new Error(`${path} gave no answer`);
      if (answer.statusCode >= 300) {
        throw new Error(`${path} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
      }
      plan[path] = {
        statements,
        status: answer.statusCode,
        contentType: String(answer.headers['content-type'] ?? 'application/json'),
        body: answer.json(),
      };
    }
  } finally {
    await app.close();
  }
  writeFileSync(options.file, JSON.stringify(plan));
  return plan;
}
