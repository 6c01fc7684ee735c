import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { alerts, type AlertRow } from '../../db/schema.js';
import { theRow } from '../../lib/rows.js';
import { checkedAlertFields, type AlertFields } from './alert-fields.js';

export async function createAlert({
  db,
  fields,
}: {
  db: Db;
  fields: AlertFields;
}): Promise<AlertRow> {
  return theRow(
    await db
      .insert(alerts)
      .values({ id: newId(), ...checkedAlertFields(fields) })
      .returning(),
  );
}
