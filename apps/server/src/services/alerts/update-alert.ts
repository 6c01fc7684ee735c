import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { alerts, type AlertRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { checkedAlertFields, type AlertFields } from './alert-fields.js';

export async function updateAlert({
  db,
  id,
  fields,
}: {
  db: Db;
  id: string;
  fields: AlertFields;
}): Promise<AlertRow> {
  const values = checkedAlertFields(fields);
  const [row] = await db
    .update(alerts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(alerts.id, id))
    .returning();
  if (!row) throw notFound('alert_not_found', 'No alert has this id');
  return row;
}
