import { DEFAULT_TIME_ZONE } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { organization } from '../../db/schema.js';
import { instantToZoned } from '../../lib/zoned-time.js';

/** The organisation's time zone, the default until one is set. */
export async function organizationTimeZone(db: Db): Promise<string> {
  const [row] = await db.select({ timeZone: organization.timeZone }).from(organization).limit(1);
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The calendar day an instant falls on in the organisation's time zone: seasons count days. */
export async function organizationDay(db: Db, instant: Date): Promise<string> {
  return instantToZoned(instant, await organizationTimeZone(db)).slice(0, 10);
}
