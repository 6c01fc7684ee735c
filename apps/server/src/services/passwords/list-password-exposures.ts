import type { PasswordExposure } from '@guildhall/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  passwordAuditEvents,
  passwordEntries,
  passwordLeaverExposures,
  users,
} from '../../db/schema.js';
import { accessibleBy } from './access.js';
import { readAccessRules } from './access-rules.js';
import { presentPassword } from './present-password.js';

/**
 * GET /api/password/exposures: entries revealed by members who have since lost access to them
 * (left the role or the team, demoted, deleted), or open to members who left the Discord server,
 * and whose password has not changed since: the passwords to rotate.
 */
export async function listPasswordExposures({ db }: { db: Db }): Promise<PasswordExposure[]> {
  const reveals = await db
    .select({
      entryId: passwordAuditEvents.entryId,
      userId: passwordAuditEvents.userId,
      pseudo: sql<string>`max(${passwordAuditEvents.pseudo})`,
      lastRevealedAt: sql<string>`max(${passwordAuditEvents.createdAt})`,
    })
    .from(passwordAuditEvents)
    .innerJoin(passwordEntries, eq(passwordEntries.id, passwordAuditEvents.entryId))
    .where(
      and(
        eq(passwordAuditEvents.action, 'reveal'),
        sql`${passwordAuditEvents.createdAt} >= ${passwordEntries.passwordChangedAt}`,
      ),
    )
    .groupBy(passwordAuditEvents.entryId, passwordAuditEvents.userId);

  const exposed = new Map<string, PasswordExposure['members']>();
  for (const reveal of reveals) {
    const [member] = reveal.userId
      ? await db.select().from(users).where(eq(users.id, reveal.userId)).limit(1)
      : [];
    const stillAllowed =
      member !== undefined &&
      (
        await db
          .select({ id: passwordEntries.id })
          .from(passwordEntries)
          .where(and(eq(passwordEntries.id, reveal.entryId), accessibleBy(member)))
          .limit(1)
      ).length > 0;
    if (stillAllowed) continue;
    exposed.set(reveal.entryId, [
      ...(exposed.get(reveal.entryId) ?? []),
      {
        _id: member?.id ?? null,
        pseudo: reveal.pseudo,
        last_revealed_at: new Date(reveal.lastRevealedAt).toISOString(),
        left_discord_at: null,
      },
    ]);
  }
  // Members who left the Discord server could reveal these entries, revealed or not (decision 034).
  const leavers = await db
    .select({
      entryId: passwordLeaverExposures.entryId,
      userId: passwordLeaverExposures.userId,
      pseudo: passwordLeaverExposures.pseudo,
      leftAt: passwordLeaverExposures.leftAt,
    })
    .from(passwordLeaverExposures)
    .innerJoin(passwordEntries, eq(passwordEntries.id, passwordLeaverExposures.entryId))
    .where(lte(passwordEntries.passwordChangedAt, passwordLeaverExposures.leftAt));
  for (const leaver of leavers) {
    const members = exposed.get(leaver.entryId) ?? [];
    const revealed = members.find((member) => member._id !== null && member._id === leaver.userId);
    const left_discord_at = leaver.leftAt.toISOString();
    if (revealed) revealed.left_discord_at = left_discord_at;
    else {
      members.push({
        _id: leaver.userId,
        pseudo: leaver.pseudo,
        last_revealed_at: null,
        left_discord_at,
      });
    }
    exposed.set(leaver.entryId, members);
  }
  if (exposed.size === 0) return [];
  const entryIds = [...exposed.keys()];
  const rows = await db.select().from(passwordEntries).where(inArray(passwordEntries.id, entryIds));
  const rules = await readAccessRules(db, entryIds);
  return rows.map((row) => ({
    entry: presentPassword(row, rules.get(row.id) ?? []),
    members: exposed.get(row.id) ?? [],
  }));
}
