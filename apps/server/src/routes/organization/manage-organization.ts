import multipart from '@fastify/multipart';
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  errorBodySchema,
  logoQuerySchema,
  organizationSchema,
  organizationUpdateSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.js';
import { getOrganization } from '../../services/organization/get-organization.js';
import { readLogo } from '../../services/organization/read-logo.js';
import { reencodeLogo } from '../../services/organization/reencode-logo.js';
import { saveLogo } from '../../services/organization/save-logo.js';
import { updateOrganization } from '../../services/organization/update-organization.js';
import type { RouteDeps } from '../deps.js';

const missingLogo = () =>
  new HttpError(400, 'validation_failed', 'Send the image in the multipart field "logo"', [
    { path: 'body.logo', message: 'is required', code: 'required' },
  ]);

/** The bytes of the multipart field "logo"; a malformed body is the client's error (400). */
async function readLogoField(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'logo') throw missingLogo();
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413) {
      throw new HttpError(413, 'payload_too_large', 'The logo is larger than 2 MB', undefined, {
        max_bytes: LOGO_MAX_BYTES,
      });
    }
    if (typeof status === 'number' && status >= 400 && status < 500 && status !== 413) {
      throw missingLogo();
    }
    throw new HttpError(400, 'bad_request', 'The upload is not a valid multipart/form-data body');
  }
}

/** Branding: PUT /api/organization, the logo upload, and the logo itself. */
export const manageOrganizationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireAbility },
) => {
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });

  app.put(
    '/api/organization',
    {
      preValidation: requireAbility('manage:organization'),
      schema: {
        tags: ['organization'],
        summary: 'Save the organisation’s name, contact, colours and links (admins)',
        body: organizationUpdateSchema,
        response: { 200: organizationSchema },
      },
    },
    async (request) => updateOrganization({ db, fields: request.body }),
  );

  app.post(
    '/api/organization/upload-logo',
    {
      preValidation: requireAbility('manage:organization'),
      schema: {
        tags: ['organization'],
        summary: 'Upload the logo: multipart field "logo", a JPG or PNG of at most 2 MB (admins)',
        consumes: ['multipart/form-data'],
        response: {
          200: organizationSchema,
          400: errorBodySchema.describe(
            'validation_failed (no "logo" field), bad_request (not multipart) or invalid_image',
          ),
          413: errorBodySchema.describe('payload_too_large: a logo over 2 MB'),
          415: errorBodySchema.describe('unsupported_media_type: not multipart, or not JPG or PNG'),
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Send the logo as multipart/form-data',
          undefined,
          { accepted_types: ['multipart/form-data'] },
        );
      }
      const upload = await readLogoField(request);
      await saveLogo({ db, logo: await reencodeLogo({ upload }) });
      return getOrganization({ db });
    },
  );

  app.get(
    '/api/organization/logo',
    {
      schema: {
        tags: ['organization'],
        summary: 'The logo, as stored (public)',
        querystring: logoQuerySchema,
        // The success is bytes of these types; the errors stay JSON (openapi.ts).
        produces: [...LOGO_TYPES],
        response: {
          200: z.custom<Buffer>().describe('The logo'),
          304: z.undefined().describe('Not modified: If-None-Match names the current ETag'),
          404: errorBodySchema.describe('not_found: the organisation has no logo'),
        },
      },
    },
    async (request, reply) => {
      const logo = await readLogo({ db });
      if (!logo) throw new HttpError(404, 'not_found', 'The organisation has no logo');
      const etag = `"${logo.etag}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .header(
          'content-disposition',
          `inline; filename="logo.${logo.contentType === 'image/png' ? 'png' : 'jpg'}"`,
        );
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(logo.contentType).send(logo.bytes);
    },
  );
};
