import {
  cutPage,
  type DiscordRoleMapping,
  type MembershipEvent,
  type Page,
} from '@guildhall/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { afterCursor } from '../../db/keyset.js';
import { discordRoleMappings, membershipEvents } from '../../db/schema.js';

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
