import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teams } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { announce } from '../happenings.js';
import { recordTeamRoleChanges, teamHoldings } from './team-role-history.js';

/**
 * Deletes the team; its roles and their members go with it, and the domains above react (the
 * future occurrences of events it was the only audience of are cancelled, its past ones kept;
 * its Discord channel is forgotten).
 */
export async function deleteTeam({ db, id }: { db: Db; id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    // Written before the team goes: its id in the history then becomes null, its name stays.
    await recordTeamRoleChanges(tx, id, await teamHoldings(tx, id), new Map());
    const deleted = await tx.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
    if (deleted.length === 0) throw notFound('team_not_found', 'No team has this id');
    await announce(tx, 'teamDeleted', { teamId: id });
  });
}
