import type { Season, SeasonBody } from '@guildhall/contract';
import { seasonBodySchema } from '@guildhall/contract';
import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { theRow } from '../../lib/rows.js';
import { newId } from '../../db/ids.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { pointsLedger, seasons } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { organizationDay } from '../organization/time-zone.js';

type SeasonRow = typeof seasons.$inferSelect;

const present = (row: SeasonRow, today: string): Season => ({
  _id: row.id,
  name: row.name,
  starts_on: row.startsOn,
  ends_on: row.endsOn,
  current: row.startsOn <= today && today <= row.endsOn,
});

/** Every season, the latest first. */
export async function listSeasons(db: Db, now = new Date()): Promise<Season[]> {
  const today = await organizationDay(db, now);
  const rows = await db
    .select()
    .from(seasons)
    .orderBy(sql`${seasons.startsOn} desc`);
  return rows.map((row) => present(row, today));
}

/** The season one day belongs to, if any. */
export async function seasonOfDay(db: Db, day: string): Promise<SeasonRow | undefined> {
  const [row] = await db
    .select()
    .from(seasons)
    .where(and(lte(seasons.startsOn, day), gte(seasons.endsOn, day)))
    .orderBy(asc(seasons.startsOn))
    .limit(1);
  return row;
}

export async function currentSeason(db: Db, now = new Date()): Promise<Season | undefined> {
  const today = await organizationDay(db, now);
  const row = await seasonOfDay(db, today);
  return row && present(row, today);
}

/** Refuses dates that share a day with another season (409 season_overlap). */
async function assertNoOverlap(db: Db, body: SeasonBody, exceptId?: string): Promise<void> {
  const [overlapping] = await db
    .select({ id: seasons.id })
    .from(seasons)
    .where(
      and(
        lte(seasons.startsOn, body.ends_on),
        gte(seasons.endsOn, body.starts_on),
        exceptId ? ne(seasons.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (overlapping) throw conflict('season_overlap', 'These dates overlap another season');
}

/* Seasons' writes take a lock, so that two admins at once cannot both pass the overlap check. */
const lockSeasons = (tx: Db) => lockForTransaction(tx, LOCKS.seasons);

export async function createSeason(db: Db, input: SeasonBody, now = new Date()): Promise<Season> {
  const body = seasonBodySchema.parse(input);
  return db.transaction(async (tx) => {
    await lockSeasons(tx);
    await assertNoOverlap(tx, body);
    const rows = await tx
      .insert(seasons)
      .values({ id: newId(), name: body.name, startsOn: body.starts_on, endsOn: body.ends_on })
      .returning();
    return present(theRow(rows), await organizationDay(tx, now));
  });
}

/**
 * New name or dates. Points already granted stay in the season they were granted to, even if
 * the day they were granted for is no longer one of its days (the ledger is never rewritten).
 */
export async function updateSeason(
  db: Db,
  id: string,
  input: SeasonBody,
  now = new Date(),
): Promise<Season> {
  const body = seasonBodySchema.parse(input);
  return db.transaction(async (tx) => {
    await lockSeasons(tx);
    await assertNoOverlap(tx, body, id);
    const [row] = await tx
      .update(seasons)
      .set({ name: body.name, startsOn: body.starts_on, endsOn: body.ends_on })
      .where(eq(seasons.id, id))
      .returning();
    if (!row) throw notFound('season_not_found', 'No season has this id');
    return present(row, await organizationDay(tx, now));
  });
}

/** Deletes a season without points (409 season_has_points otherwise: the ledger is kept). */
export async function deleteSeason(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSeasons(tx);
    const [line] = await tx
      .select({ id: pointsLedger.id })
      .from(pointsLedger)
      .where(eq(pointsLedger.seasonId, id))
      .limit(1);
    if (line) throw conflict('season_has_points', 'This season has points');
    const deleted = await tx
      .delete(seasons)
      .where(eq(seasons.id, id))
      .returning({ id: seasons.id });
    if (deleted.length === 0) throw notFound('season_not_found', 'No season has this id');
  });
}
