import type { DiscordRoleMapping } from '@guildhall/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { discordRoleMappings, teamRoles } from '../../db/schema.js';
import { invalidRequest } from '../../lib/http-error.js';

/**
 * Replaces the whole mapping in one transaction; a team role that does not exist refuses it all
 * (400). It applies to members at their next sign-in or sync.
 */
export async function replaceMappings({
  db,
  mappings,
}: {
  db: Db;
  mappings: DiscordRoleMapping[];
}): Promise<void> {
  await db.transaction(async (tx) => {
    const wanted = mappings.flatMap((mapping) => mapping.team_role_id ?? []);
    const known = new Set(
      wanted.length === 0
        ? []
        : (
            await tx
              .select({ id: teamRoles.id })
              .from(teamRoles)
              .where(inArray(teamRoles.id, wanted))
          ).map((row) => row.id),
    );
    const unknown = mappings.flatMap((mapping, index) =>
      mapping.team_role_id && !known.has(mapping.team_role_id)
        ? [
            {
              path: `body.${index}.team_role_id`,
              message: 'is not a role of any team',
              code: 'unknown_reference' as const,
            },
          ]
        : [],
    );
    if (unknown.length > 0) throw invalidRequest(unknown);
    await tx.delete(discordRoleMappings);
    if (mappings.length === 0) return;
    await tx.insert(discordRoleMappings).values(
      mappings.map((mapping, position) => ({
        discordRoleId: mapping.discord_role_id,
        portalRole: mapping.portal_role,
        teamRoleId: mapping.team_role_id,
        position,
      })),
    );
  });
}
