import multipart from '@fastify/multipart';
import {
  LOGO_MAX_BYTES,
  errorBodySchema,
  organizationSchema,
  organizationUpdateSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, forbidden } from '../../lib/http-error.js';
import { signedInMember } from '../../plugins/authenticate.js';
import { canManageOrganization } from '../../policies/organization.js';
import { readLogo, reencodeLogo, saveLogo } from '../../services/organization/logo.js';
import { getOrganization, updateOrganization } from '../../services/organization/organization.js';
import type { RouteDeps } from '../deps.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

const missingLogo = () =>
  new HttpError(400, 'validation_failed', 'Send the image in the multipart field "logo"', [
    { path: 'body.logo', message: 'is required' },
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
    if (status === 413) throw error;
    if (typeof status === 'number' && status >= 400 && status < 500 && status !== 413) {
      throw missingLogo();
    }
    throw new HttpError(400, 'bad_request', 'The upload is not a valid multipart/form-data body');
  }
}

/** Branding: PUT /api/organization, the logo upload, and the logo itself. */
export const manageOrganizationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireMember },
) => {
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });

  const requireOrganizationManager = async (request: FastifyRequest) => {
    if (!canManageOrganization(signedInMember(request)))
      throw forbidden('Only admins brand the organisation');
  };

  app.put(
    '/api/organization',
    {
      preValidation: [requireMember, requireOrganizationManager],
      schema: {
        tags: ['organization'],
        summary: 'Save the organisation’s name, contact, colours and links (admins)',
        body: organizationUpdateSchema,
        response: { 200: organizationSchema, ...errors },
      },
    },
    async (request) => updateOrganization(db, request.body),
  );

  app.post(
    '/api/organization/upload-logo',
    {
      preValidation: [requireMember, requireOrganizationManager],
      schema: {
        tags: ['organization'],
        summary: 'Upload the logo: multipart field "logo", a JPG or PNG of at most 2 MB (admins)',
        consumes: ['multipart/form-data'],
        response: { 200: organizationSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new HttpError(415, 'unsupported_media_type', 'Send the logo as multipart/form-data');
      }
      const upload = await readLogoField(request);
      await saveLogo(db, await reencodeLogo(upload));
      return getOrganization(db);
    },
  );

  app.get(
    '/api/organization/logo',
    {
      schema: {
        tags: ['organization'],
        summary: 'The logo, as stored (public)',
        querystring: z.object({ v: z.string().max(64).optional() }),
        produces: ['image/png', 'image/jpeg'],
      },
    },
    async (request, reply) => {
      const logo = await readLogo(db);
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
