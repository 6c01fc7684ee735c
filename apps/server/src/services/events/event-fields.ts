import type { EventFields } from '@guildhall/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { teamRoles, teams } from '../../db/schema.js';
import { HttpError, invalidRequest } from '../../lib/http-error.js';
import { sanitizeMessage } from '../alerts/sanitize-message.js';
import type { AudienceOf } from './event-access.js';

/** The audience rows of an event: a whole team (no role) or one role of a team. */
export interface AudienceRow {
  teamId: string;
  roleId: string | null;
}

/**
 * The event's columns and audience rows, after checking that every team and role named exists:
 * a deleted one is a 400 naming it, nothing written.
 */
export async function checkedEventFields(tx: Db, fields: EventFields) {
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
  const columns = {
    title: fields.title,
    type: fields.type,
    description: fields.description ? sanitizeMessage(fields.description) : '',
    timeZone: fields.time_zone,
    location: fields.location,
    opponent: fields.opponent,
    audienceKind: audience.kind,
    capacity: fields.capacity ?? null,
  };
  const occurrence = {
    startsAt: new Date(fields.starts_at),
    endsAt: new Date(fields.ends_at),
    rsvpDeadline: fields.rsvp_deadline ? new Date(fields.rsvp_deadline) : null,
  };
  const audienceOf: AudienceOf = {
    kind: audience.kind,
    teamIds: [...new Set(rows.map((row) => row.teamId))],
  };
  return { columns, occurrence, rows, audienceOf };
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
