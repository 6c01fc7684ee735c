import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { alerts } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';

export async function deleteAlert({ db, id }: { db: Db; id: string }): Promise<void> {
  const deleted = await db.delete(alerts).where(eq(alerts.id, id)).returning({ id: alerts.id });
  if (deleted.length === 0) throw notFound('alert_not_found', 'No alert has this id');
}
