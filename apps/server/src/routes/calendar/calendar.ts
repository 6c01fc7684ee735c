import {
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  errorBodySchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { signedInMember } from '../../plugins/authenticate.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import { notFound } from '../../lib/http-error.js';
import { sha256Hex } from '../../lib/tokens.js';
import { buildCalendarFeed } from '../../services/calendar/calendar-feed.js';
import {
  calendarFeedOf,
  calendarFeedUrls,
  memberOfCalendarToken,
} from '../../services/calendar/calendar-tokens.js';
import { createCalendarToken } from '../../services/calendar/create-calendar-token.js';
import { revokeCalendarToken } from '../../services/calendar/revoke-calendar-token.js';
import type { RouteDeps } from '../deps.js';

const CALENDAR_TYPE = 'text/calendar';
/** Fetches of one feed address per minute: calendar apps poll every few minutes at most. */
export const FEED_FETCHES_PER_MINUTE = 60;

/** What the request log shows of a feed's address. */
export const LOGGED_FEED_PATH = '/calendar/{token}.ics';

const feedNotFound = errorBodySchema.describe(
  'not_found: no feed at this address (there never was one, or it was revoked or replaced)',
);

/**
 * The member's private iCalendar feed (issue 17): its address carries a random token, the only
 * credential of GET /calendar/{token}.ics, which calendar apps poll without a session.
 */
export const calendarRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, config, requireMember },
) => {
  // Every answer of these routes, refusals included, is private: the new address is a secret, the
  // feed is the member's agenda and its URL a credential. no-store rather than `private,
  // max-age=300`: a revoked address then stops at once everywhere, the browser's cache included,
  // and no copy of the agenda stays on a disk; apps poll every few minutes to hours anyway, and
  // the feed is one indexed read.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/calendar',
    {
      preValidation: requireMember,
      schema: {
        tags: ['calendar'],
        summary: 'Whether the caller has a private calendar feed, and since when (not its address)',
        response: { 200: calendarFeedSchema },
      },
    },
    async (request) => calendarFeedOf(db, signedInMember(request).id),
  );

  app.post(
    '/api/calendar',
    {
      preValidation: requireMember,
      schema: {
        tags: ['calendar'],
        summary:
          "A new address for the caller's calendar feed, shown this once; the previous one stops working",
        response: { 201: calendarFeedCreatedSchema },
      },
    },
    async (request, reply) => {
      const token = await createCalendarToken({ db, userId: signedInMember(request).id });
      return reply.code(201).send(calendarFeedUrls(config.publicUrl, token));
    },
  );

  app.delete(
    '/api/calendar',
    {
      preValidation: requireMember,
      schema: {
        tags: ['calendar'],
        summary: "Revoke the caller's calendar feed: its address stops working",
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      await revokeCalendarToken({ db, userId: signedInMember(request).id });
      return reply.code(204).send();
    },
  );

  app.get(
    '/calendar/:token.ics',
    {
      config: {
        // Reads are otherwise free (security.ts). Counted per feed rather than per address:
        // Google and Microsoft fetch every subscriber's feed from a few shared addresses, which a
        // per-IP limit would starve; one feed fetched in a loop is what this stops.
        rateLimit: {
          allowList: () => false,
          max: FEED_FETCHES_PER_MINUTE,
          keyGenerator: (request) => {
            const { token } = request.params as { token?: string };
            return `calendar:${sha256Hex(token ?? '').slice(0, 24)}`;
          },
        },
      },
      schema: {
        tags: ['calendar'],
        summary:
          "A member's calendar feed (iCalendar), from 30 days ago to a year ahead; the token in the address is the credential, no session",
        description:
          "One VEVENT per occurrence of the events the member is invited to, UID `{occurrenceId}@guildhall`, times in UTC; the summary starts with the member's answer (✓ going, ⏳ waiting list, ? maybe, ✗ not going), which the description spells out; cancelled occurrences have STATUS:CANCELLED. An unknown, revoked or replaced token gets the same 404.",
        params: z.object({ token: z.string() }),
        produces: [CALENDAR_TYPE],
        response: {
          200: z.string().describe('The feed'),
          404: feedNotFound,
          429: errorBodySchema.describe(
            `rate_limited: this feed was fetched over ${FEED_FETCHES_PER_MINUTE} times in a minute; see Retry-After`,
          ),
        },
      },
    },
    async (request, reply) => {
      const member = await memberOfCalendarToken(db, request.params.token);
      if (!member) throw notFound('not_found', 'No calendar at this address');
      const feed = await buildCalendarFeed({ db, member, origin: config.publicUrl });
      return reply
        .type(`${CALENDAR_TYPE}; charset=utf-8`)
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .send(feed);
    },
  );
};
