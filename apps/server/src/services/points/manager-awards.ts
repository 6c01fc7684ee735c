import {
  teamPointsAwardBodySchema,
  type LedgerLine,
  type ManagerBudget,
  type TeamPointsAwardBody,
} from '@guildhall/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { SUBJECT_LOCKS, lockSubjectForTransaction } from '../../db/locks.js';
import { pointsLedger } from '../../db/schema.js';
import { HttpError, forbidden, notFound } from '../../lib/http-error.js';
import { managesTeam, mayAwardPointsAsManager } from '../../policies/relationships.js';
import { readMemberTeamFacts } from '../teams/member-team-facts.js';
import { appendAward, seasonOfAwards } from './award-points.js';
import { readPointRules } from './point-rules.js';
import { readLedgerLine } from './read-ledger.js';
import { currentSeason } from './seasons.js';

/*
 * Points a team's managers give the members of their team, within `managers.season_limit` per
 * manager and season (decision 040). Their lines are manual lines granted by the manager, with
 * the team in `detail`: that is what tells them from the awards an admin gives by hand.
 */

const teamDetail = (teamId: string) => `team:${teamId}`;

/** The points a manager has given in a season, for whichever of its teams. */
async function givenIn(db: Db, seasonId: string, managerId: string): Promise<number> {
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

const notManager = () => forbidden("Only the team's managers give points to its members");

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

/**
 * A manager's award to a member of the team: refused past the season's limit. The manager's
 * awards take a lock of their own, so two at once are checked one after the other and cannot
 * both pass the limit.
 */
export async function awardAsManager({
  db,
  teamId,
  managerId,
  body: input,
  now = new Date(),
}: {
  db: Db;
  teamId: string;
  managerId: string;
  body: TeamPointsAwardBody;
  now?: Date;
}): Promise<LedgerLine> {
  const body = teamPointsAwardBodySchema.parse(input);
  const id = await db.transaction(async (tx) => {
    const allowed = mayAwardPointsAsManager(
      await readMemberTeamFacts(tx, managerId),
      teamId,
      await readMemberTeamFacts(tx, body.user_id),
    );
    if (allowed === 'not_manager') throw notManager();
    if (allowed === 'not_in_team') {
      throw notFound('team_member_not_found', 'This member is not in the team');
    }
    const season = await seasonOfAwards(tx, now);
    await lockSubjectForTransaction(tx, SUBJECT_LOCKS.managerAwards, managerId);
    const limit = (await readPointRules(tx)).managers.season_limit;
    const remaining = Math.max(0, limit - (await givenIn(tx, season._id, managerId)));
    if (body.points > remaining) {
      throw new HttpError(
        409,
        'manager_limit_reached',
        `This award would pass the season's limit: ${remaining} points remain`,
        undefined,
        { remaining },
      );
    }
    return appendAward(
      tx,
      {
        userId: body.user_id,
        seasonId: season._id,
        points: body.points,
        reason: body.reason,
        detail: teamDetail(teamId),
        grantedBy: managerId,
      },
      now,
    );
  });
  return readLedgerLine(db, id);
}
