import type { ManagerBudget } from '@guildhall/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pointsLedger } from '../../db/schema.js';
import { forbidden } from '../../lib/http-error.js';
import { managesTeam } from '../../policies/relationships.js';
import { readMemberTeamFacts } from '../teams/member-team-facts.js';
import { readPointRules } from './point-rules.js';
import { currentSeason } from './seasons.js';

/*
 * Points a team's managers give the members of their team, within `managers.season_limit` per
 * manager and season (decision 040). Their lines are manual lines granted by the manager, with
 * the team in `detail`: that is what tells them from the awards an admin gives by hand.
 */

export const teamDetail = (teamId: string) => `team:${teamId}`;

/** The points a manager has given in a season, for whichever of its teams. */
export async function givenIn(db: Db, seasonId: string, managerId: string): Promise<number> {
  const [row] = await db
    .select({ points: sql<number>`coalesce(sum(${pointsLedger.points}), 0)::int` })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.seasonId, seasonId),
        eq(pointsLedger.grantedBy, managerId),
        eq(pointsLedger.source, 'manual'),
        sql`${pointsLedger.detail} like 'team:%'`,
      ),
    );
  return row?.points ?? 0;
}

export const notManager = () => forbidden("Only the team's managers give points to its members");

/** 403 unless the member manages the team (decision 037). */
export async function assertManager(db: Db, teamId: string, managerId: string): Promise<void> {
  if (!managesTeam(await readMemberTeamFacts(db, managerId), teamId)) throw notManager();
}

/** What the manager may still give this season; nothing when no season is under way. */
export async function managerBudget(
  db: Db,
  { teamId, managerId, now = new Date() }: { teamId: string; managerId: string; now?: Date },
): Promise<ManagerBudget> {
  await assertManager(db, teamId, managerId);
  const limit = (await readPointRules(db)).managers.season_limit;
  const season = await currentSeason(db, now);
  if (!season) return { limit, given: 0, remaining: 0 };
  const given = await givenIn(db, season._id, managerId);
  return { limit, given, remaining: Math.max(0, limit - given) };
}
