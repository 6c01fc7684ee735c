import type { Season } from '@guildhall/contract';
import { and, asc, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { seasons } from '../../db/schema.js';
import { organizationDay } from '../organization/time-zone.js';

export type SeasonRow = typeof seasons.$inferSelect;

/** A season as the contract shows it; `today`: the organisation's day, for `current`. */
export const presentSeason = (row: SeasonRow, today: string): Season => ({
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
  return rows.map((row) => presentSeason(row, today));
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
  return row && presentSeason(row, today);
}
