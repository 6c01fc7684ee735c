import {
  cutPage,
  type DiscordRoleMapping,
  type MembershipEvent,
  type Page,
} from '@guildhall/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { afterCursor } from '../../db/keyset.js';
import { discordRoleMappings, membershipEvents, teamRoles } from '../../db/schema.js';
import { invalidRequest } from '../../lib/http-error.js';

/** The mapping, in the admin's order; a mapping whose team role was deleted keeps its role. */
export async function listMappings(db: Db): Promise<DiscordRoleMapping[]> {
  const rows = await db
    .select()
    .from(discordRoleMappings)
    .orderBy(asc(discordRoleMappings.position));
  return rows
    .filter((row) => row.portalRole !== null || row.teamRoleId !== null)
    .map((row) => ({
      discord_role_id: row.discordRoleId,
      portal_role: row.portalRole === 'invited' ? null : row.portalRole,
      team_role_id: row.teamRoleId,
    }));
}

/**
 * Replaces the whole mapping in one transaction; a team role that does not exist refuses it all
 * (400). It applies to members at their next sign-in or sync.
 */
export async function replaceMappings(db: Db, mappings: DiscordRoleMapping[]): Promise<void> {
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

/** The membership history, newest first, a page at a time: everyone's, or one member's. */
export async function listMembershipEvents(
  db: Db,
  {
    userId,
    cursor,
    limit,
  }: {
    userId?: string | undefined;
    /** The place in the history's sequence of the last line of the page before. */
    cursor?: [number] | undefined;
    limit: number;
  },
): Promise<Page<MembershipEvent>> {
  const rows = await db
    .select()
    .from(membershipEvents)
    .where(
      and(
        userId ? eq(membershipEvents.userId, userId) : undefined,
        afterCursor('desc', [membershipEvents.sequence], cursor),
      ),
    )
    .orderBy(desc(membershipEvents.sequence))
    .limit(limit + 1);
  return cutPage(rows, limit, presentMembershipEvent, (row) => [row.sequence]);
}

function presentMembershipEvent(row: typeof membershipEvents.$inferSelect): MembershipEvent {
  return {
    _id: row.id,
    user_id: row.userId,
    pseudo: row.pseudo,
    kind: row.kind,
    detail: row.detail,
    source: row.source,
    created_at: row.createdAt.toISOString(),
  };
}
