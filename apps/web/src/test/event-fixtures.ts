import type { EventOccurrence, EventOccurrenceDetail } from '@guildhall/contract';

/** Events shaped by the contract; each test overrides what it is about. */

const DAY = 86_400_000;
/** A time in the future, `days` from now at noon UTC, so that deadlines are still open. */
export const daysFromNow = (days: number, hour = 12): string => {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

export function buildOccurrence(overrides: Partial<EventOccurrence> = {}): EventOccurrence {
  const starts = overrides.starts_at ?? daysFromNow(2, 17);
  return {
    _id: '0cc000000000000000000001',
    event_id: 'e0e000000000000000000001',
    title: 'Entraînement LoL',
    type: 'training',
    location: 'Discord',
    opponent: null,
    starts_at: starts,
    ends_at: new Date(Date.parse(starts) + 2 * 3_600_000).toISOString(),
    time_zone: 'Europe/Paris',
    rsvp_deadline: starts,
    cancelled: false,
    capacity: null,
    counts: { going: 5, maybe: 2, not_going: 1, waitlisted: 0 },
    my_rsvp: null,
    invited: true,
    can_manage: false,
    ...overrides,
  };
}

export function buildOccurrenceDetail(
  overrides: Partial<EventOccurrenceDetail> = {},
): EventOccurrenceDetail {
  return {
    ...buildOccurrence(overrides),
    description: '<p>Venez <strong>à l’heure</strong>.</p>',
    audience: {
      kind: 'teams',
      teams: [{ _id: '7ea000000000000000000001', name: 'Les Hiboux LoL' }],
      roles: [],
    },
    going: [{ _id: '65f1c0ffee00000000000002', pseudo: 'mango' }],
    answers: null,
    unanswered: null,
    reminder_channels: null,
    ...overrides,
  };
}
