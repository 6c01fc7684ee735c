import { DISCORD_IMPORT_LISTED_MAX, type DiscordImportReport } from '@guildhall/contract';
import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { membershipEvents, users, type UserRow } from '../../db/schema.js';
import type { GuildClient, GuildMember } from '../../integrations/discord/guild-client.js';
import { conflict } from '../../lib/http-error.js';
import { theRow } from '../../lib/rows.js';
import { unclaimedByDiscordName } from '../users/find-user.js';
import { discordPseudo, pseudoKey } from '../users/pseudo-key.js';
import { applyDiscordRoles } from './membership.js';

/**
 * Imports the guild's members as invited members: the roster is there before anyone signs in,
 * and each is found by its Discord id at its first sign-in (provision-member.ts). The mapping
 * grants them what their Discord roles grant, as the sync would. A dry run computes the same
 * report in a transaction it rolls back, so what it announces is exactly what the import does.
 * Listing the guild needs the Server Members intent: without it, 409.
 */
export async function importGuildMembers({
  db,
  guild,
  dryRun,
}: {
  db: Db;
  guild: GuildClient;
  /** Computes the report in a transaction rolled back: nothing is imported. */
  dryRun: boolean;
}): Promise<DiscordImportReport> {
  const listed = await guild.members();
  if (!listed) {
    throw conflict(
      'discord_members_intent_missing',
      "Listing the guild's members needs the bot's Server Members intent",
    );
  }
  const people = listed.filter((member) => !member.bot);
  let report: DiscordImportReport | undefined;
  try {
    await db.transaction(async (tx) => {
      // Two imports at once, or an import and a first sign-in, must not both create a member.
      await lockForTransaction(tx, LOCKS.adminRoles);
      const known = new Set(
        (
          await tx
            .select({ discordId: users.discordId })
            .from(users)
            .where(isNotNull(users.discordId))
        ).map((row) => row.discordId),
      );
      const created: DiscordImportReport['members'] = [];
      for (const member of people.filter((person) => !known.has(person.userId))) {
        // Listed by an admin under this Discord name (the member CSV): that member, not a new one.
        const listed = await unclaimedByDiscordName(tx, member.tag);
        if (listed) await claimListed(tx, listed, member);
        else created.push(await createInvited(tx, member));
      }
      report = {
        dry_run: dryRun,
        in_guild: listed.length,
        bots: listed.length - people.length,
        already_members: people.length - created.length,
        created: created.length,
        members: created
          .sort((a, b) => a.pseudo.localeCompare(b.pseudo))
          .slice(0, DISCORD_IMPORT_LISTED_MAX),
      };
      if (dryRun) throw new DryRunDone();
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
  }
  if (!report) throw new Error('The import ended without a report');
  return report;
}

/** Thrown to roll a dry run's transaction back once its report is made. */
class DryRunDone extends Error {}

/** A listed member takes the guild member's Discord account, and the roles its mappings give. */
async function claimListed(tx: Db, listed: UserRow, member: GuildMember): Promise<void> {
  const row = theRow(
    await tx
      .update(users)
      .set({
        discordId: member.userId,
        discordTag: member.tag,
        discordAvatarUrl: member.avatarUrl,
        updatedAt: new Date(),
      })
      .where(eq(users.id, listed.id))
      .returning(),
  );
  await applyDiscordRoles(tx, row, member.roleIds);
}

async function createInvited(tx: Db, member: GuildMember) {
  const pseudo = await discordPseudo(tx, member.displayName);
  const row = theRow(
    await tx
      .insert(users)
      .values({
        id: newId(),
        pseudo,
        pseudoKey: pseudoKey(pseudo),
        role: 'invited',
        discordId: member.userId,
        discordTag: member.tag,
        discordAvatarUrl: member.avatarUrl,
      })
      .returning(),
  );
  await tx.insert(membershipEvents).values({
    id: newId(),
    userId: row.id,
    pseudo,
    kind: 'imported',
    detail: member.tag,
    source: 'discord',
  });
  await applyDiscordRoles(tx, row, member.roleIds);
  return { discord_id: member.userId, discord_tag: member.tag, pseudo };
}
