import type { Db } from '../../db/client.js';
import type { EventOccurrenceRow, EventRow } from '../../db/schema.js';
import { TooSoonError, conflict } from '../../lib/http-error.js';
import { queueReminder } from './reminders.js';

/**
 * A manager's "remind them" now: posted to the event's channels, at most once a minute per
 * occurrence. 409 when no channel is set for it.
 */
export async function remindNow({
  db,
  event,
  occurrence,
  origin,
  now = new Date(),
}: {
  db: Db;
  event: EventRow;
  occurrence: EventOccurrenceRow;
  origin: string;
  now?: Date;
}): Promise<number> {
  const minute = now.toISOString().slice(0, 16);
  const { channels, queued } = await queueReminder(
    db,
    event,
    occurrence,
    `remind:${minute}`,
    origin,
  );
  if (channels === 0) {
    throw conflict(
      'discord_webhook_not_configured',
      'No Discord webhook is set for this event’s teams (or for announcements)',
    );
  }
  if (queued === 0) {
    throw new TooSoonError(
      'A reminder of this occurrence was posted less than a minute ago',
      60_000 - (now.getTime() % 60_000),
    );
  }
  return channels;
}
