import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teams } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';

/** Deletes the team; its roles and their members go with it. */
export async function deleteTeam({ db, id }: { db: Db; id: string }): Promise<void> {
  const deleted = await db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
  if (deleted.length === 0) throw notFound('team_not_found', 'No team has this id');
}
