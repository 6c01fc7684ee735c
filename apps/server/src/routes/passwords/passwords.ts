import {
  errorBodySchema,
  idParamsSchema,
  passwordAuditQuerySchema,
  passwordAuditSchema,
  passwordCreateSchema,
  passwordListSchema,
  passwordEntrySchema,
  passwordExposuresSchema,
  passwordUpdateSchema,
  revealedPasswordSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { signedInMember } from '../../plugins/authenticate.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import { createPassword } from '../../services/passwords/create-password.js';
import { deletePassword } from '../../services/passwords/delete-password.js';
import { listPasswordExposures } from '../../services/passwords/list-password-exposures.js';
import { listPasswords } from '../../services/passwords/list-passwords.js';
import { readPasswordAudit } from '../../services/passwords/read-password-audit.js';
import { revealPassword } from '../../services/passwords/reveal-password.js';
import { updatePassword } from '../../services/passwords/update-password.js';
import type { Vault } from '../../services/vault/keyring.js';
import type { RouteDeps } from '../deps.js';

const entryNotFound = errorBodySchema.describe(
  'password_not_found: no entry has this id, or the caller may not access it',
);
const keyRotated = errorBodySchema.describe(
  'vault_key_rotated (this server runs an old key: restart it with the new one), or database_unavailable',
);

/** The shared passwords. Values leave the server only through reveal, audited. */
export const passwordRoutes: FastifyPluginAsyncZod<RouteDeps & { vault: Vault }> = async (
  app,
  { db, requireMember, requireAbility, vault },
) => {
  app.get(
    '/api/password',
    {
      preValidation: requireMember,
      schema: {
        tags: ['passwords'],
        summary: 'The entries the caller may access, without their values',
        response: { 200: passwordListSchema },
      },
    },
    async (request) => listPasswords({ db, actor: signedInMember(request) }),
  );

  app.post(
    '/api/password/:id/reveal',
    {
      preValidation: requireMember,
      schema: {
        tags: ['passwords'],
        summary: 'The value of one entry the caller may access; writes an audit event',
        description: '404 when the entry does not exist or the caller may not access it.',
        params: idParamsSchema,
        response: {
          200: revealedPasswordSchema,
          404: entryNotFound,
          503: keyRotated,
        },
      },
    },
    async (request) => ({
      password: await revealPassword({
        db,
        vault,
        actor: signedInMember(request),
        id: request.params.id,
      }),
    }),
  );

  app.post(
    '/api/password',
    {
      preValidation: requireAbility('manage:passwords'),
      schema: {
        tags: ['passwords'],
        summary: 'Create an entry with its access rules (admins)',
        body: passwordCreateSchema,
        response: { 201: passwordEntrySchema, 503: keyRotated },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createPassword({ db, vault, actor: signedInMember(request), fields: request.body }),
        ),
  );

  app.put(
    '/api/password/:id',
    {
      preValidation: requireAbility('manage:passwords'),
      schema: {
        tags: ['passwords'],
        summary: 'Edit an entry (admins); a blank password leaves it unchanged',
        params: idParamsSchema,
        body: passwordUpdateSchema,
        response: {
          200: passwordEntrySchema,

          404: entryNotFound,
          503: keyRotated,
        },
      },
    },
    async (request) =>
      updatePassword({
        db,
        vault,
        actor: signedInMember(request),
        id: request.params.id,
        fields: request.body,
      }),
  );

  app.delete(
    '/api/password/:id',
    {
      preValidation: requireAbility('manage:passwords'),
      schema: {
        tags: ['passwords'],
        summary: 'Delete an entry (admins)',
        params: idParamsSchema,
        response: { 204: noContentSchema, 404: entryNotFound },
      },
    },
    async (request, reply) => {
      await deletePassword({ db, actor: signedInMember(request), id: request.params.id });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/password/:id/audit',
    {
      preValidation: requireAbility('read:password-audit'),
      schema: {
        tags: ['passwords'],
        summary: 'Who revealed, created, changed or deleted the entry, newest first (admins)',
        params: idParamsSchema,
        querystring: passwordAuditQuerySchema,
        response: { 200: passwordAuditSchema, 404: entryNotFound },
      },
    },
    async (request) => readPasswordAudit({ db, id: request.params.id, ...request.query }),
  );

  app.get(
    '/api/password/exposures',
    {
      preValidation: requireAbility('read:password-audit'),
      schema: {
        tags: ['passwords'],
        summary:
          'Entries revealed by members who have since lost access: the passwords to rotate (admins)',
        response: { 200: passwordExposuresSchema },
      },
    },
    async () => listPasswordExposures({ db }),
  );
};
