import {
  attendanceBodySchema,
  attendanceSchema,
  errorBodySchema,
  occurrencePatchSchema,
  remindedSchema,
  eventBodySchema,
  eventOccurrenceDetailSchema,
  eventOccurrenceSchema,
  eventOccurrencesSchema,
  eventSchema,
  eventsQuerySchema,
  idParamsSchema,
  rsvpBodySchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { signedInMember } from '../../plugins/authenticate.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import { answerRsvp } from '../../services/events/answer-rsvp.js';
import { eventViewer } from '../../services/events/event-access.js';
import {
  eventDetail,
  listOccurrences,
  occurrenceDetail,
} from '../../services/events/read-events.js';
import { markAttendance } from '../../services/events/mark-attendance.js';
import { occurrenceToManage } from '../../services/events/occurrence-to-manage.js';
import { patchOccurrence } from '../../services/events/patch-occurrence.js';
import { readAttendance } from '../../services/events/read-attendance.js';
import { remindNow } from '../../services/events/remind-now.js';
import { createEvent } from '../../services/events/create-event.js';
import { deleteEvent } from '../../services/events/delete-event.js';
import { updateEvent } from '../../services/events/update-event.js';
import type { RouteDeps } from '../deps.js';

const eventNotFound = errorBodySchema.describe(
  'event_not_found: no such event, or the caller is not invited to it and manages none of its teams',
);
const notManager = errorBodySchema.describe(
  'forbidden: only admins, and the managers of every team the event is for, write it',
);

/** Events with answers (decision 037): who sees, writes and answers what is decided per event. */
export const eventRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, config, requireMember },
) => {
  const viewerOf = (request: Parameters<typeof signedInMember>[0]) =>
    eventViewer(db, signedInMember(request));

  app.get(
    '/api/events',
    {
      preValidation: requireMember,
      schema: {
        tags: ['events'],
        summary:
          'The occurrences of the events the caller is invited to or manages, soonest first, from now (or `from`) up to `to`; with `team`, only those for that team or its roles',
        querystring: eventsQuerySchema,
        response: { 200: eventOccurrencesSchema },
      },
    },
    async (request) => {
      const { from, to, limit, team, cursor } = request.query;
      return listOccurrences(db, await viewerOf(request), {
        from: from ? new Date(from) : new Date(),
        to: to ? new Date(to) : undefined,
        limit,
        teamId: team,
        cursor,
      });
    },
  );

  app.post(
    '/api/events',
    {
      preValidation: requireMember,
      schema: {
        tags: ['events'],
        summary:
          'Create an event (admins any; a team manager for the teams it manages); its description is sanitized',
        body: eventBodySchema,
        response: { 201: eventSchema, 403: notManager },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const id = await createEvent({ db, viewer, fields: request.body });
      return reply.code(201).send(await eventDetail(db, viewer, id));
    },
  );

  app.get(
    '/api/events/:id',
    {
      preValidation: requireMember,
      schema: {
        tags: ['events'],
        summary: 'An event with its occurrences, for its edit form',
        params: idParamsSchema,
        response: { 200: eventSchema, 404: eventNotFound },
      },
    },
    async (request) => eventDetail(db, await viewerOf(request), request.params.id),
  );

  app.put(
    '/api/events/:id',
    {
      preValidation: requireMember,
      schema: {
        tags: ['events'],
        summary:
          'Replace an event (its managers); answers are kept, and a larger capacity seats the waiting list',
        params: idParamsSchema,
        body: eventBodySchema,
        response: { 200: eventSchema, 403: notManager, 404: eventNotFound },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      await updateEvent({ db, viewer, id: request.params.id, fields: request.body });
      return eventDetail(db, viewer, request.params.id);
    },
  );

  app.delete(
    '/api/events/:id',
    {
      preValidation: requireMember,
      schema: {
        tags: ['events'],
        summary: 'Delete an event with its answers (its managers)',
        params: idParamsSchema,
        response: { 204: noContentSchema, 403: notManager, 404: eventNotFound },
      },
    },
    async (request, reply) => {
      await deleteEvent({ db, viewer: await viewerOf(request), id: request.params.id });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/event-occurrences/:id',
    {
      preValidation: requireMember,
      schema: {
        tags: ['events'],
        summary:
          "An event's page: details, the caller's answer, who is coming; every answer and who has not answered for its managers",
        params: idParamsSchema,
        response: { 200: eventOccurrenceDetailSchema, 404: eventNotFound },
      },
    },
    async (request) => occurrenceDetail(db, await viewerOf(request), request.params.id),
  );

  app.put(
    '/api/event-occurrences/:id/rsvp',
    {
      preValidation: requireMember,
      schema: {
        tags: ['events'],
        summary:
          "The caller's answer (going, maybe, not going) until the deadline; on a full event, going waits in line",
        params: idParamsSchema,
        body: rsvpBodySchema,
        response: {
          200: eventOccurrenceSchema,
          403: errorBodySchema.describe('forbidden: a manager who is not invited does not answer'),
          404: eventNotFound,
          409: errorBodySchema.describe('rsvp_closed, event_cancelled'),
        },
      },
    },
    async (request) =>
      answerRsvp({
        db,
        viewer: await viewerOf(request),
        occurrenceId: request.params.id,
        ...request.body,
      }),
  );

  app.patch(
    '/api/event-occurrences/:id',
    {
      preValidation: requireMember,
      schema: {
        tags: ['events'],
        summary:
          'Cancel, restore or move one occurrence (its managers): an exception later edits of its series keep',
        params: idParamsSchema,
        body: occurrencePatchSchema,
        response: { 200: eventOccurrenceSchema, 403: notManager, 404: eventNotFound },
      },
    },
    async (request) =>
      patchOccurrence({
        db,
        viewer: await viewerOf(request),
        id: request.params.id,
        patch: request.body,
      }),
  );

  const notOpen = errorBodySchema.describe(
    'attendance_not_open: attendance is taken once the occurrence has started',
  );

  app.get(
    '/api/event-occurrences/:id/attendance',
    {
      preValidation: requireMember,
      schema: {
        tags: ['events'],
        summary:
          "An occurrence's attendance (its managers, once started): each member with its mark and what its answer suggests",
        params: idParamsSchema,
        response: { 200: attendanceSchema, 403: notManager, 404: eventNotFound, 409: notOpen },
      },
    },
    async (request) => readAttendance(db, await viewerOf(request), request.params.id),
  );

  app.put(
    '/api/event-occurrences/:id/attendance',
    {
      preValidation: requireMember,
      schema: {
        tags: ['events'],
        summary:
          'Mark invited members present, absent, late or excused (its managers, once started)',
        params: idParamsSchema,
        body: attendanceBodySchema,
        response: { 200: attendanceSchema, 403: notManager, 404: eventNotFound, 409: notOpen },
      },
    },
    async (request) =>
      markAttendance({
        db,
        viewer: await viewerOf(request),
        id: request.params.id,
        entries: request.body.entries,
      }),
  );

  app.post(
    '/api/event-occurrences/:id/remind',
    {
      preValidation: requireMember,
      schema: {
        tags: ['events'],
        summary:
          "Post a reminder now to the Discord channels of the event's teams (its managers): who is going, and a mention of who has not answered",
        description: 'At most one a minute per occurrence; the post goes through the outbox.',
        params: idParamsSchema,
        response: {
          202: remindedSchema,
          403: notManager,
          404: eventNotFound,
          409: errorBodySchema.describe(
            "discord_webhook_not_configured: no webhook is set for the event's teams",
          ),
          429: errorBodySchema.describe(
            'rate_limited: a reminder was posted this minute; Retry-After says when to ask again',
          ),
        },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const { event, occurrence } = await occurrenceToManage(db, viewer, request.params.id);
      const channels = await remindNow({
        db,
        event,
        occurrence,
        origin: config.publicUrl.origin,
      });
      return reply.code(202).send({ channels });
    },
  );
};
