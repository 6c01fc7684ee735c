import type { AccessRule } from '@guildhall/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordAccessRules, teamRoles, teams } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';

/** The access rules of each entry, by entry id. */
export async function readAccessRules(
  db: Db,
  entryIds: string[],
): Promise<Map<string, AccessRule[]>> {
  const rules = new Map<string, AccessRule[]>();
  if (entryIds.length === 0) return rules;
  const rows = await db
    .select()
    .from(passwordAccessRules)
    .where(inArray(passwordAccessRules.entryId, entryIds))
    .orderBy(passwordAccessRules.teamId);
  for (const row of rows) {
    rules.set(row.entryId, [
      ...(rules.get(row.entryId) ?? []),
      { teamId: row.teamId, roles: row.roleNames },
    ]);
  }
  return rules;
}

/** 400 naming a team or role that does not exist. */
export async function assertRulesExist(db: Db, rules: AccessRule[]): Promise<void> {
  if (rules.length === 0) return;
  const teamIds = rules.map((rule) => rule.teamId);
  const known = await db
    .select({ teamId: teams.id, role: teamRoles.name })
    .from(teams)
    .leftJoin(teamRoles, eq(teamRoles.teamId, teams.id))
    .where(inArray(teams.id, teamIds));
  const rolesByTeam = new Map<string, Set<string>>();
  for (const { teamId, role } of known) {
    const roles = rolesByTeam.get(teamId) ?? new Set<string>();
    if (role) roles.add(role);
    rolesByTeam.set(teamId, roles);
  }
  rules.forEach((rule, ruleIndex) => {
    const roles = rolesByTeam.get(rule.teamId);
    if (!roles)
      throw invalid(`body.accessRules.${ruleIndex}.teamId`, `no team has the id ${rule.teamId}`);
    rule.roles.forEach((role, roleIndex) => {
      if (!roles.has(role)) {
        throw invalid(
          `body.accessRules.${ruleIndex}.roles.${roleIndex}`,
          `the team has no role named "${role}"`,
        );
      }
    });
  });
}

function invalid(path: string, message: string): HttpError {
  return new HttpError(400, 'validation_failed', `Invalid request: ${path} ${message}`, [
    { path, message, code: 'unknown_reference' },
  ]);
}

/** Replaces the entry's rules. */
export async function writeAccessRules(
  db: Db,
  entryId: string,
  rules: AccessRule[],
): Promise<void> {
  await db.delete(passwordAccessRules).where(eq(passwordAccessRules.entryId, entryId));
  if (rules.length > 0) {
    await db.insert(passwordAccessRules).values(
      rules.map((rule) => ({
        entryId,
        teamId: rule.teamId,
        roleNames: [...new Set(rule.roles)],
      })),
    );
  }
}

/** Whether two lists of rules open the entry to the same roles, in whatever order. */
export const sameAccessRules = (a: AccessRule[], b: AccessRule[]) => {
  const key = (rules: AccessRule[]) =>
    JSON.stringify(rules.map((rule) => [rule.teamId, [...new Set(rule.roles)].sort()]).sort());
  return key(a) === key(b);
};
