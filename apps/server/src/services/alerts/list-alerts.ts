import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { alerts, type AlertRow } from '../../db/schema.js';

/** Read at every page load (the alerts banner): built once per database. */
const everyAlert = preparedPerDatabase((db) =>
  db.select().from(alerts).orderBy(asc(alerts.createdAt), asc(alerts.id)).prepare('every_alert'),
);

/** Every alert, oldest first. */
export async function listAlerts({ db }: { db: Db }): Promise<AlertRow[]> {
  return everyAlert(db).execute();
}
