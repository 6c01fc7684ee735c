import { Readable } from 'node:stream';
import {
  MEMBER_CSV_MAX_BYTES,
  errorBodySchema,
  memberImportQuerySchema,
  memberImportRefusalSchema,
  memberImportReportSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.js';
import { exportMembersCsv } from '../../services/users/export-members.js';
import { importMembers } from '../../services/users/import-members.js';
import type { RouteDeps } from '../deps.js';

const CSV_TYPE = 'text/csv';

/** The member list as a CSV file: export and import, for admins (decision 035). */
export const memberCsvRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireAbility },
) => {
  // Kept as bytes: the import checks the encoding itself rather than let a decoder guess.
  app.addContentTypeParser(
    CSV_TYPE,
    { parseAs: 'buffer', bodyLimit: MEMBER_CSV_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/api/users/export.csv',
    {
      preValidation: requireAbility('read:member-private:any'),
      schema: {
        tags: ['users'],
        summary: 'Every member as CSV: UTF-8 with a byte order mark, a header, CRLF (admins)',
        description:
          'Columns: pseudo, name, surname, email, birthday, role, adhesion, team, discord, twitter, twitch, riot, epic, address, zip_code, town, country, created_at. A cell that starts with = + - @, a tab or a carriage return is written after an apostrophe, so that a spreadsheet never runs it.',
        produces: [CSV_TYPE],
        response: { 200: z.custom<Readable>().describe('The member list') },
      },
    },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type(`${CSV_TYPE}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="members-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportMembersCsv(db)));
    },
  );

  app.post(
    '/api/users/import',
    {
      preValidation: requireAbility('edit:member:any'),
      bodyLimit: MEMBER_CSV_MAX_BYTES,
      schema: {
        tags: ['users'],
        summary: 'Import members from CSV, or see what an import would do (admins)',
        description:
          'The body is the CSV (text/csv, UTF-8, `,` or `;`, at most 2 MiB and 5,000 rows) with a header; `pseudo` is required and names the member. An empty cell leaves the field as it is; an unknown pseudo is a new member, invited unless the row gives a role. `dry_run` (true by default) reports and writes nothing. All or nothing: one refused row and nothing is written.',
        consumes: [CSV_TYPE],
        querystring: memberImportQuerySchema,
        response: {
          200: memberImportReportSchema,
          400: memberImportRefusalSchema.describe(
            'import_refused with the report of every refused row (nothing written), or validation_failed (the query)',
          ),
          409: errorBodySchema.describe(
            'conflict: a member changed during the import; import again',
          ),
          413: errorBodySchema.describe('payload_too_large: a file over 2 MiB'),
          415: errorBodySchema.describe('unsupported_media_type: the body is not text/csv'),
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Send the member list as text/csv',
          undefined,
          { accepted_types: [CSV_TYPE] },
        );
      }
      return importMembers({ db, csv: request.body, dryRun: request.query.dry_run });
    },
  );
};
