import type { LedgerLine, LedgerPage, PointSource } from '@guildhall/contract';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { pointsLedger, users } from '../../db/schema.js';

const granter = alias(users, 'granter');

const lineColumns = {
  id: pointsLedger.id,
  userId: pointsLedger.userId,
  pseudo: users.pseudo,
  seasonId: pointsLedger.seasonId,
  points: pointsLedger.points,
  source: pointsLedger.source,
  reason: pointsLedger.reason,
  detail: pointsLedger.detail,
  grantedBy: pointsLedger.grantedBy,
  granterPseudo: granter.pseudo,
  createdAt: pointsLedger.createdAt,
};

type LineRow = { [K in keyof typeof lineColumns]: (typeof lineColumns)[K]['_']['data'] } & {
  granterPseudo: string | null;
};

const present = (row: LineRow): LedgerLine => ({
  _id: row.id,
  member: { _id: row.userId, pseudo: row.pseudo },
  season_id: row.seasonId,
  points: row.points,
  source: row.source,
  reason: row.reason,
  detail: row.detail,
  granted_by:
    row.grantedBy && row.granterPseudo !== null
      ? { _id: row.grantedBy, pseudo: row.granterPseudo }
      : null,
  created_at: row.createdAt.toISOString(),
});

const selectLines = (db: Db) =>
  db
    .select(lineColumns)
    .from(pointsLedger)
    .innerJoin(users, eq(users.id, pointsLedger.userId))
    .leftJoin(granter, eq(granter.id, pointsLedger.grantedBy));

export async function readLedgerLine(db: Db, id: string): Promise<LedgerLine> {
  const [row] = await selectLines(db).where(eq(pointsLedger.id, id));
  return present(row as LineRow);
}

const cursorOf = (line: LedgerLine) => `${line.created_at}~${line._id}`;

/** The ledger, newest first, filtered; `before` is the `next` of the page before. */
export async function readLedger(
  db: Db,
  query: {
    season?: string;
    member?: string;
    source?: PointSource;
    before?: string;
    limit: number;
  },
): Promise<LedgerPage> {
  const conditions: (SQL | undefined)[] = [
    query.season ? eq(pointsLedger.seasonId, query.season) : undefined,
    query.member ? eq(pointsLedger.userId, query.member) : undefined,
    query.source ? eq(pointsLedger.source, query.source) : undefined,
  ];
  if (query.before) {
    const [at, id] = query.before.split('~') as [string, string];
    conditions.push(
      sql`(${pointsLedger.createdAt}, ${pointsLedger.id}) < (${new Date(at).toISOString()}::timestamptz, ${id})`,
    );
  }
  const rows = await selectLines(db)
    .where(and(...conditions))
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
    .limit(query.limit + 1);
  const lines = (rows as LineRow[]).slice(0, query.limit).map(present);
  const last = lines.at(-1);
  return { lines, next: rows.length > query.limit && last ? cursorOf(last) : null };
}
