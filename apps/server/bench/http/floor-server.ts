// The floor of `npm run bench`: a bare node:http server, no framework, that answers each read
// of the plan (floor.ts) with the statements Guildhall sends for it, prepared, through the same
// driver on the same database, and the JSON Guildhall answered, serialised again each time. Run
// by bench/http.ts as `node --import tsx bench/http/floor-server.ts`; nothing is cached that
// Guildhall does not cache too.
//   env: PORT, FLOOR_PLAN (the plan's file), and DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FloorPlan, Statement } from './floor.js';

/** JSON carries a Buffer as {type: 'Buffer', data}: it comes back as one. */
function revive(_key: string, value: unknown): unknown {
  const buffer = value as { type?: unknown; data?: unknown } | null;
  return buffer?.type === 'Buffer' && Array.isArray(buffer.data) ? Buffer.from(buffer.data) : value;
}

const plan = JSON.parse(readFileSync(process.env.FLOOR_PLAN ?? '', 'utf8'), revive) as FloorPlan;

/** Runs one read's statements in order, on one connection. */
type Run = (statements: Statement[]) => Promise<void>;

async function connect(): Promise<Run> {
  const url = process.env.DATABASE_URL;
  if (url) {
    // The pool Guildhall has (db/client.ts), and its statements prepared once per connection.
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const names = new Map<string, string>();
    const nameOf = (text: string) => {
      if (!names.has(text)) names.set(text, `floor_${names.size}`);
      return names.get(text);
    };
    return async (statements) => {
      const client = await pool.connect();
      try {
        for (const { text, values, rowMode } of statements) {
          await client.query({
            ...(values.length > 0 && { name: nameOf(text) }),
            text,
            values,
            ...(rowMode && { rowMode }),
          });
        }
      } finally {
        client.release();
      }
    };
  }
  // The options Guildhall opens its folder with (db/client.ts).
  const database = await PGlite.create(join(process.env.DATA_DIR ?? '', 'pglite'), {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  return async (statements) => {
    for (const { text, values, rowMode } of statements) {
      await database.query(text, values, rowMode ? { rowMode } : {});
    }
  };
}

const run = await connect();
createServer((request, response) => {
  const read = plan[request.url ?? ''];
  if (!read) {
    response.writeHead(404).end();
    return;
  }
  run(read.statements).then(
    () => {
      response.writeHead(read.status, { 'content-type': read.contentType });
      response.end(JSON.stringify(read.body));
    },
    (error: unknown) => {
      response.writeHead(500).end(String(error));
    },
  );
}).listen(Number(process.env.PORT), '127.0.0.1');
