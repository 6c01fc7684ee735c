import type { Db } from './client.js';

/**
 * A query built once per database and kept, for the reads that run at every request: drizzle
 * builds nothing more, and a named statement (`.prepare('name')`) is parsed and planned by
 * PostgreSQL once per connection. Building such a query at each call cost more CPU than
 * running it (docs/performance.md, "HTTP throughput and latency").
 */
export function preparedPerDatabase<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
