import { cutPage, type TimelinePage } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { can, canOnMember } from '../../policies/abilities.js';
import { eventViewer } from '../events/event-access.js';
import { findUser } from '../users/find-user.js';
import {
  attendanceLines,
  badgeLines,
  joinedLines,
  leagueLines,
  membershipLines,
  milestoneLines,
  pointLines,
  type SourcedLine,
  type SourceQuery,
  type TimelineReader,
} from './timeline-sources.js';

/*
 * A member's timeline (decision 039), read from its sources at each request: one truth per fact,
 * no copy to keep in step. Each source gives its newest lines from the cursor on, one more than a
 * page; the lines are merged newest first and cut to the page, and the last line shown is the
 * key of the next page's cursor (decision 061).
 */

/** Newest first; lines of the same instant by key, as the sources order them in SQL. */
function newestFirst(a: SourcedLine, b: SourcedLine): number {
  if (a.exactAt !== b.exactAt) return a.exactAt < b.exactAt ? 1 : -1;
  return a.line.key < b.line.key ? 1 : a.line.key > b.line.key ? -1 : 0;
}

async function readerOf(
  db: Db,
  viewer: Pick<UserRow, 'id' | 'role'>,
  memberId: string,
): Promise<TimelineReader> {
  return {
    self: viewer.id === memberId,
    seesPortalRoles: canOnMember(viewer, 'read:member-private', memberId),
    seesCorrections: viewer.id === memberId || can(viewer, 'manage:points'),
    events: await eventViewer(db, viewer),
  };
}

/** GET /api/users/{id}/timeline: a page of the member's activity, newest first. */
export async function readTimeline(
  db: Db,
  {
    viewer,
    memberId,
    cursor,
    limit,
  }: {
    viewer: Pick<UserRow, 'id' | 'role'>;
    memberId: string;
    /** The last line of the page before: its instant to the microsecond, and its key. */
    cursor?: [string, string] | undefined;
    limit: number;
  },
): Promise<TimelinePage> {
  await findUser(db, memberId);
  const reader = await readerOf(db, viewer, memberId);
  const query: SourceQuery = {
    memberId,
    before: cursor && { at: cursor[0], key: cursor[1] },
    limit: limit + 1,
  };
  const sources = await Promise.all([
    joinedLines(db, query),
    membershipLines(db, query, reader),
    attendanceLines(db, query, reader),
    pointLines(db, query, reader),
    milestoneLines(db, query),
    badgeLines(db, query),
    leagueLines(db, query),
  ]);
  const merged = sources.flat().sort(newestFirst);
  return cutPage(
    merged,
    limit,
    (sourced) => sourced.line,
    (sourced) => [sourced.exactAt, sourced.line.key],
  );
}
