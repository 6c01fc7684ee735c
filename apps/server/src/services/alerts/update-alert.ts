import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { alerts, type AlertRow } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { announce } from '../happenings.js';
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
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(alerts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(alerts.id, id))
      .returning();
    if (!row) throw notFound('alert_not_found', 'No alert has this id');
    // A message already posted is not posted again: only a new one is.
    await announce(tx, 'alertSaved', { alert: row });
    return row;
  });
}
