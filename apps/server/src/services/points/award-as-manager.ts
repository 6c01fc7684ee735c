import {
  teamPointsAwardBodySchema,
  type LedgerLine,
  type TeamPointsAwardBody,
} from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { SUBJECT_LOCKS, lockSubjectForTransaction } from '../../db/locks.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { mayAwardPointsAsManager } from '../../policies/relationships.js';
import { readMemberTeamFacts } from '../teams/member-team-facts.js';
import { appendAward, seasonOfAwards } from './award-points.js';
import { givenIn, notManager, teamDetail } from './manager-awards.js';
import { readPointRules } from './point-rules.js';
import { readLedgerLine } from './read-ledger.js';

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
