import type { MemberImportReport, Role } from '@guildhall/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { LOCKS, lockForTransaction } from '../../db/locks.js';
import { membershipEvents, users } from '../../db/schema.js';
import { HttpError, conflict } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';
import {
  planMemberImport,
  type ImportedValues,
  type MemberImportPlan,
} from './plan-member-import.js';
import { pseudoKey } from './pseudo-key.js';
import { readMemberCsv } from './read-member-csv.js';

/** Rows per insert: well under PostgreSQL's bind-parameter limit. */
const INSERT_CHUNK = 500;

/** The imported values as columns; an empty cell never gets here (it changes nothing). */
function columnsOf(values: ImportedValues): Partial<typeof users.$inferInsert> {
  return {
    ...(values.pseudo !== undefined && {
      pseudo: values.pseudo,
      pseudoKey: pseudoKey(values.pseudo),
    }),
    ...(values.last_name !== undefined && { name: values.last_name }),
    ...(values.first_name !== undefined && { surname: values.first_name }),
    ...(values.email !== undefined && { email: values.email }),
    ...(values.birthday !== undefined && { birthday: values.birthday }),
    ...(values.role !== undefined && { role: values.role as Role }),
    ...(values.adhesion !== undefined && { adhesion: values.adhesion === 'true' }),
    ...(values.twitter !== undefined && { twitterLogin: values.twitter }),
    ...(values.twitch !== undefined && { twitchLogin: values.twitch }),
    ...(values.riot !== undefined && { riotLogin: values.riot }),
    // Who may claim this member at a first Discord sign-in (provision-member.ts).
    ...(values.discord !== undefined && { discordTag: values.discord }),
    ...(values.epic !== undefined && { epicLogin: values.epic }),
    ...(values.address !== undefined && { address: values.address }),
    ...(values.zip_code !== undefined && { zipCode: values.zip_code }),
    ...(values.town !== undefined && { town: values.town }),
    ...(values.country !== undefined && { country: values.country }),
  };
}

const reportOf = (
  plan: MemberImportPlan,
  dryRun: boolean,
  written: boolean,
): MemberImportReport => ({
  dry_run: dryRun,
  written,
  created: plan.creations.length,
  updated: plan.updates.length,
  unchanged: plan.unchanged,
  rows: plan.rows,
  refused: plan.problems,
});

/** Writes the plan: the new members, the changed columns, and each role given to the history. */
async function writePlan(tx: Db, plan: MemberImportPlan): Promise<void> {
  const now = new Date();
  const created = plan.creations.map(({ values }) => ({
    id: newId(),
    role: 'invited' as Role,
    ...columnsOf(values),
    pseudo: values.pseudo,
    pseudoKey: pseudoKey(values.pseudo),
  }));
  for (let start = 0; start < created.length; start += INSERT_CHUNK) {
    await tx.insert(users).values(created.slice(start, start + INSERT_CHUNK));
  }
  const events = created.map((member) => ({
    userId: member.id,
    pseudo: member.pseudo,
    role: member.role,
  }));
  for (const { member, values } of plan.updates) {
    const roleChanged = values.role !== undefined && values.role !== member.role;
    await tx
      .update(users)
      .set({
        ...columnsOf(values),
        // A role an admin sets is the admin's: no Discord mapping lowers it (decision 034).
        ...(roleChanged && { roleSource: 'manual' as const, roleByHand: null }),
        updatedAt: now,
      })
      .where(eq(users.id, member.id));
    if (roleChanged)
      events.push({ userId: member.id, pseudo: member.pseudo, role: values.role as Role });
  }
  for (let start = 0; start < events.length; start += INSERT_CHUNK) {
    await tx.insert(membershipEvents).values(
      events.slice(start, start + INSERT_CHUNK).map((event) => ({
        id: newId(),
        userId: event.userId,
        pseudo: event.pseudo,
        kind: 'role_granted' as const,
        detail: event.role,
        source: 'admin' as const,
      })),
    );
  }
}

/** A refused file: 400 `import_refused`, with the report that says why, line by line. */
function refuse(report: MemberImportReport): never {
  const lines = report.refused.length;
  throw new HttpError(
    400,
    'import_refused',
    `The file is refused (${lines} problem${lines === 1 ? '' : 's'}): nothing was written`,
    undefined,
    undefined,
    { report },
  );
}

/**
 * Imports a member list (decision 035), all or nothing: a file with any refused row writes
 * nothing and is refused with its report, and a dry run writes nothing either. The checks and the
 * writes share one transaction, holding the admin-roles lock, so that what was checked is what
 * is written.
 */
export async function importMembers(options: {
  db: Db;
  csv: Buffer;
  dryRun: boolean;
}): Promise<MemberImportReport> {
  const { db, csv, dryRun } = options;
  const reading = readMemberCsv(csv);
  if (!reading.ok) {
    const report: MemberImportReport = {
      dry_run: dryRun,
      written: false,
      created: 0,
      updated: 0,
      unchanged: 0,
      rows: [],
      refused: reading.problems,
    };
    return refuse(report);
  }
  try {
    return await db.transaction(async (tx) => {
      await lockForTransaction(tx, LOCKS.adminRoles);
      const plan = await planMemberImport(tx, reading.rows);
      if (plan.problems.length > 0) return refuse(reportOf(plan, dryRun, false));
      if (!dryRun) await writePlan(tx, plan);
      return reportOf(plan, dryRun, !dryRun);
    });
  } catch (error) {
    // A member took a pseudo or an account between the checks and the writes of another instance.
    if (isUniqueViolation(error))
      throw conflict('conflict', 'A member changed meanwhile: import again');
    throw error;
  }
}
