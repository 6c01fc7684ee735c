import { EVENT_OCCURRENCES_MAX, type EventFields } from '@guildhall/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teamRoles, teams } from '../../db/schema.js';
import { HttpError, invalidRequest } from '../../lib/http-error.js';
import { renderMessage } from '../alerts/sanitize-message.js';
import type { Audience } from '../../policies/relationships.js';
import { instantToZoned } from '../../lib/zoned-time.js';
import { organizationTimeZone } from '../organization/time-zone.js';
import { expandRecurrence } from './recurrence.js';

/** The audience rows of an event: a whole team (no role) or one role of a team. */
export interface AudienceRow {
  teamId: string;
  roleId: string | null;
}

/**
 * The event's columns and audience rows, after checking that every team and role named exists:
 * a deleted one is a 400 naming it, nothing written.
 */
export async function checkedEventFields(tx: Db, body: EventFields) {
  const fields = { ...body, time_zone: body.time_zone ?? (await organizationTimeZone(tx)) };
  const audience = fields.audience;
  let rows: AudienceRow[] = [];
  if (audience.kind === 'teams') {
    const found = new Set(
      (
        await tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, audience.team_ids))
      ).map((row) => row.id),
    );
    audience.team_ids.forEach((teamId, index) => {
      if (!found.has(teamId)) throw unknownReference(`body.audience.team_ids.${index}`, teamId);
    });
    rows = audience.team_ids.map((teamId) => ({ teamId, roleId: null }));
  } else if (audience.kind === 'roles') {
    const found = new Map(
      (
        await tx
          .select({ id: teamRoles.id, teamId: teamRoles.teamId })
          .from(teamRoles)
          .where(inArray(teamRoles.id, audience.role_ids))
      ).map((row) => [row.id, row.teamId]),
    );
    rows = audience.role_ids.map((roleId, index) => {
      const teamId = found.get(roleId);
      if (!teamId) throw unknownReference(`body.audience.role_ids.${index}`, roleId);
      return { teamId, roleId };
    });
  }
  const startsAt = new Date(fields.starts_at);
  const endsAt = new Date(fields.ends_at);
  const deadlineMinutes = fields.rsvp_deadline
    ? Math.round((startsAt.getTime() - Date.parse(fields.rsvp_deadline)) / 60_000)
    : null;
  const columns = {
    title: fields.title,
    type: fields.type,
    descriptionMarkdown: fields.description,
    description: fields.description ? renderMessage(fields.description) : '',
    timeZone: fields.time_zone,
    location: fields.location,
    opponent: fields.opponent,
    audienceKind: audience.kind,
    capacity: fields.capacity ?? null,
    recurrenceRule: fields.recurrence?.rule ?? null,
    recurrenceExceptions: fields.recurrence?.exceptions ?? [],
    startsAt,
    endsAt,
    rsvpDeadlineMinutes: deadlineMinutes,
  };
  const slots = slotsOf(fields, startsAt, endsAt, deadlineMinutes);
  const audienceOf: Audience = {
    kind: audience.kind,
    teamIds: [...new Set(rows.map((row) => row.teamId))],
    wholeTeamIds: rows.flatMap((row) => (row.roleId === null ? [row.teamId] : [])),
    roleIds: rows.flatMap((row) => (row.roleId === null ? [] : [row.roleId])),
  };
  return { columns, slots, rows, audienceOf };
}

/** What the series puts on the calendar: each start the rule gives, with its end and deadline. */
export interface Slot {
  ruleStartsAt: Date;
  startsAt: Date;
  endsAt: Date;
  rsvpDeadline: Date | null;
}

/** The slots of a one-off event (one) or of a recurrence; a refused rule is a 400. */
function slotsOf(
  fields: EventFields & { time_zone: string },
  startsAt: Date,
  endsAt: Date,
  deadlineMinutes: number | null,
): Slot[] {
  const duration = endsAt.getTime() - startsAt.getTime();
  const slot = (start: Date): Slot => ({
    ruleStartsAt: start,
    startsAt: start,
    endsAt: new Date(start.getTime() + duration),
    rsvpDeadline:
      deadlineMinutes === null ? null : new Date(start.getTime() - deadlineMinutes * 60_000),
  });
  if (!fields.recurrence) return [slot(startsAt)];
  const { rule, exceptions } = fields.recurrence;
  const timeZone = fields.time_zone;
  const expanded = expandRecurrence({
    rule,
    start: instantToZoned(startsAt, timeZone),
    timeZone,
    exceptions: exceptions.map((exception) => instantToZoned(new Date(exception), timeZone)),
    max: EVENT_OCCURRENCES_MAX,
  });
  if (!expanded.ok) {
    throw invalidRequest([
      {
        path:
          expanded.problem === 'invalid_exception'
            ? 'body.recurrence.exceptions'
            : 'body.recurrence.rule',
        message: `the recurrence is refused: ${expanded.problem}`,
        code: 'invalid_recurrence',
        params: { recurrence: expanded.problem, maximum: EVENT_OCCURRENCES_MAX },
      },
    ]);
  }
  return expanded.starts.map(slot);
}

function unknownReference(path: string, id: string): HttpError {
  return invalidRequest([{ path, message: `nothing has the id ${id}`, code: 'unknown_reference' }]);
}

/** 400: the capacity is below the seats already taken. */
export function capacityBelowGoing(going: number): HttpError {
  return invalidRequest([
    {
      path: 'body.capacity',
      message: `${going} members are already going`,
      code: 'capacity_below_going',
      params: { minimum: going },
    },
  ]);
}
