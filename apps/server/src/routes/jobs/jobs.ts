import { jobListSchema, type JobName } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { listJobs } from '../../jobs/status.js';
import type { RouteDeps } from '../deps.js';

/** The background jobs' state (admins, decision 059). */
export const jobRoutes: FastifyPluginAsyncZod<
  RouteDeps & { enabled: ReadonlySet<JobName> }
> = async (app, { db, requireAbility, enabled }) => {
  app.get(
    '/api/jobs',
    {
      preValidation: requireAbility('read:jobs'),
      schema: {
        tags: ['jobs'],
        summary:
          'The background jobs: whether this instance runs each, its last run, last failure and next run (admins)',
        response: { 200: jobListSchema },
      },
    },
    async () => ({ jobs: await listJobs(db, enabled) }),
  );
};
