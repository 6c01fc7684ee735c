import type { AttendanceStatus, RankedQueue } from '@guildhall/contract';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  eventAttendance,
  eventOccurrences,
  events,
  leagueSnapshots,
  pointsLedger,
} from '../../db/schema.js';
import { grantAttendancePoints } from './attendance-points.js';
import { grantLeaguePoints } from './league-points.js';
import { applyMembershipRulesToAll } from './membership-points.js';

/** Occurrences whose marks are applied again in one transaction. */
const OCCURRENCES_PAGE_SIZE = 200;

/** Every occurrence with marks, its marks' points brought to what the rules say now. */
async function recomputeAttendance(db: Db, now: Date): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const page = await db
      .selectDistinct({ id: eventAttendance.occurrenceId })
      .from(eventAttendance)
      .where(after === undefined ? undefined : gt(eventAttendance.occurrenceId, after))
      .orderBy(asc(eventAttendance.occurrenceId))
      .limit(OCCURRENCES_PAGE_SIZE);
    if (page.length === 0) return;
    const ids = page.map((row) => row.id);
    await db.transaction(async (tx) => {
      const occurrences = await tx
        .select({
          id: eventOccurrences.id,
          startsAt: eventOccurrences.startsAt,
          cancelled: eventOccurrences.cancelled,
          type: events.type,
          title: events.title,
        })
        .from(eventOccurrences)
        .innerJoin(events, eq(events.id, eventOccurrences.eventId))
        .where(inArray(eventOccurrences.id, ids))
        .orderBy(asc(eventOccurrences.id));
      const marks = await tx
        .select({
          occurrenceId: eventAttendance.occurrenceId,
          userId: eventAttendance.userId,
          status: eventAttendance.status,
        })
        .from(eventAttendance)
        .where(inArray(eventAttendance.occurrenceId, ids));
      for (const occurrence of occurrences) {
        const byMember = new Map<string, AttendanceStatus>(
          marks
            .filter((mark) => mark.occurrenceId === occurrence.id)
            .map((mark) => [mark.userId, mark.status]),
        );
        await grantAttendancePoints(tx, {
          occurrence,
          event: { type: occurrence.type, title: occurrence.title },
          marks: byMember,
          at: now,
        });
      }
    });
    if (page.length < OCCURRENCES_PAGE_SIZE) return;
    after = ids.at(-1);
  }
}

/** League snapshots granted again in one transaction. */
const SNAPSHOTS_PAGE_SIZE = 500;

/** Every League snapshot's steps climbed, brought to what the League rules say now. */
async function recomputeLeague(db: Db, now: Date): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const page = await db
      .select()
      .from(leagueSnapshots)
      .where(after === undefined ? undefined : gt(leagueSnapshots.id, after))
      .orderBy(asc(leagueSnapshots.id))
      .limit(SNAPSHOTS_PAGE_SIZE);
    if (page.length === 0) return;
    await db.transaction(async (tx) => {
      for (const snapshot of page) {
        await grantLeaguePoints(tx, {
          ...snapshot,
          queue: snapshot.queue as RankedQueue,
          day: snapshot.takenOn,
          at: now,
        });
      }
    });
    if (page.length < SNAPSHOTS_PAGE_SIZE) return;
    after = page.at(-1)?.id;
  }
}

/**
 * Applies every rule to its source again (attendance marks, membership, League snapshots), so that each subject's
 * lines sum to what its rule says now: the corrections are new lines, nothing is edited. Running
 * it again writes nothing. Answers the number of lines written.
 */
export async function recomputePoints({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<number> {
  await recomputeAttendance(db, now);
  await applyMembershipRulesToAll(db, now);
  await recomputeLeague(db, now);
  // applyRules does not count its lines: the rules' lines stamped with this run's instant do.
  const [row] = await db
    .select({ written: sql<number>`count(*)::int` })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.createdAt, now),
        isNull(pointsLedger.grantedBy),
        inArray(pointsLedger.source, ['attendance', 'membership', 'league']),
      ),
    );
  return row?.written ?? 0;
}
