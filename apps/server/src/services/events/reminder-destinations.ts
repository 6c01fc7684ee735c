import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { discordWebhooks, eventAudiences, type EventRow } from '../../db/schema.js';
import { ANNOUNCEMENTS, teamDestination } from '../discord-webhooks/webhook-setting.js';

/*
 * Where an event's reminders go (decision 037), apart from the reminders themselves: the event
 * page reads it too, so that a manager is offered "remind them now" only when it can be posted.
 */

/** Where an event's reminders go: its teams' webhooks that are set, or the announcements'. */
export async function reminderDestinations(db: Db, event: EventRow): Promise<string[]> {
  const wanted =
    event.audienceKind === 'organization'
      ? [ANNOUNCEMENTS]
      : (
          await db
            .selectDistinct({ teamId: eventAudiences.teamId })
            .from(eventAudiences)
            .where(eq(eventAudiences.eventId, event.id))
        ).map((row) => teamDestination(row.teamId));
  if (wanted.length === 0) return [];
  const set = await db
    .select({ id: discordWebhooks.id })
    .from(discordWebhooks)
    .where(inArray(discordWebhooks.id, wanted));
  return set.map((row) => row.id);
}
