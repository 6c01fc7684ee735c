import type { Db } from './client.js';

/**
 * Queries built once per database and kept, for the reads that run at every request: drizzle
 * builds nothing more, and a named statement (`.prepare('name')`) is parsed and planned by
 * PostgreSQL once per connection. Building such a query at each call cost more CPU than
 * running it (docs/performance.md, "HTTP throughput and latency").
 *
 * A read whose SQL varies (filters present or not, the sort) is prepared once per shape: `shape`
 * names it, and must be part of the statement's name.
 */
export function preparedPerShape<Query>(
  build: (db: Db, shape: string) => Query,
): (db: Db, shape: string) => Query {
  const built = new WeakMap<Db, Map<string, Query>>();
  return (db, shape) => {
    let shapes = built.get(db);
    if (!shapes) {
      shapes = new Map();
      built.set(db, shapes);
    }
    let query = shapes.get(shape);
    if (!query) {
      query = build(db, shape);
      shapes.set(shape, query);
    }
    return query;
  };
}

/** A read of a single shape, built once per database. */
export function preparedPerDatabase<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const perShape = preparedPerShape((db) => build(db));
  return (db) => perShape(db, '');
}
