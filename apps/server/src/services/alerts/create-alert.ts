import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { alerts, type AlertRow } from '../../db/schema.js';
import { theRow } from '../../lib/rows.js';
import { announce } from '../happenings.js';
import { checkedAlertFields, type AlertFields } from './alert-fields.js';

export async function createAlert({
  db,
  fields,
}: {
  db: Db;
  fields: AlertFields;
}): Promise<AlertRow> {
  const values = checkedAlertFields(fields);
  return db.transaction(async (tx) => {
    const row = theRow(
      await tx
        .insert(alerts)
        .values({ id: newId(), ...values })
        .returning(),
    );
    await announce(tx, 'alertSaved', { alert: row });
    return row;
  });
}
