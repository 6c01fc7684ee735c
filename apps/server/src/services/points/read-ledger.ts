import { cutPage, type LedgerLine, type LedgerPage, type PointSource } from '@guildhall/contract';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { afterCursor, exactInstant } from '../../db/keyset.js';
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

/** The ledger, newest first, filtered, a page at a time (decision 061). */
export async function readLedger(
  db: Db,
  query: {
    season?: string;
    member?: string;
    source?: PointSource;
    cursor?: [string, string];
    limit: number;
  },
): Promise<LedgerPage> {
  const rows = await db
    .select({ ...lineColumns, exactAt: exactInstant(pointsLedger.createdAt) })
    .from(pointsLedger)
    .innerJoin(users, eq(users.id, pointsLedger.userId))
    .leftJoin(granter, eq(granter.id, pointsLedger.grantedBy))
    .where(
      and(
        query.season ? eq(pointsLedger.seasonId, query.season) : undefined,
        query.member ? eq(pointsLedger.userId, query.member) : undefined,
        query.source ? eq(pointsLedger.source, query.source) : undefined,
        afterCursor('desc', [pointsLedger.createdAt, pointsLedger.id], query.cursor),
      ),
    )
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
    .limit(query.limit + 1);
  return cutPage(rows as (LineRow & { exactAt: string })[], query.limit, present, (row) => [
    row.exactAt,
    row.id,
  ]);
}
