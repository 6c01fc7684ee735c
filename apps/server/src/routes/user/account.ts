import {
  errorBodySchema,
  preferencesBodySchema,
  preferencesSchema,
  sessionSchema,
  sessionUserSchema,
  updateAccountBodySchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { signedInMember } from '../../plugins/authenticate.js';
import { presentSessionUser } from '../../services/users/present-user.js';
import { savePreferences, preferencesOf } from '../../services/users/save-preferences.js';
import { updateAccount } from '../../services/users/update-account.js';
import type { RouteDeps } from '../deps.js';

/**
 * The signed-in member's own account: GET and PUT /api/user, PUT /api/user/preferences; and
 * GET /api/session, which the web app asks at start.
 */
export const accountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireMember, findMember },
) => {
  // The web app's question "who is this?" is answered for a visitor too: a 401 would be logged
  // as an error in the browser's console on every anonymous visit (docs/decisions/042).
  app.get(
    '/api/session',
    {
      schema: {
        tags: ['user'],
        summary: 'Who the caller is: the signed-in member, or null for an anonymous visitor',
        response: { 200: sessionSchema },
      },
    },
    async (request) => {
      const member = await findMember(request);
      return { user: member ? await presentSessionUser(db, member) : null };
    },
  );

  app.get(
    '/api/user',
    {
      preValidation: requireMember,
      schema: {
        tags: ['user'],
        summary: 'The signed-in member',
        response: { 200: sessionUserSchema },
      },
    },
    async (request) => presentSessionUser(db, signedInMember(request)),
  );

  app.put(
    '/api/user',
    {
      preValidation: requireMember,
      schema: {
        tags: ['user'],
        summary: 'Save the signed-in member’s own account fields',
        description:
          'Role and adhesion are never taken from the body. An invited member who saves becomes a user with adhesion.',
        body: updateAccountBodySchema,
        response: {
          200: sessionUserSchema,
          409: errorBodySchema.describe('pseudo_taken'),
        },
      },
    },
    async (request) => {
      const updated = await updateAccount({
        db,
        member: signedInMember(request),
        fields: request.body,
      });
      return presentSessionUser(db, updated);
    },
  );

  app.put(
    '/api/user/preferences',
    {
      preValidation: requireMember,
      schema: {
        tags: ['user'],
        summary:
          'Save the signed-in member’s own preferences: the look, whether everyone sees its real name',
        description:
          'Only the preferences the body names change. With `show_real_name` false (the default), the member’s name and surname are null in every answer to others than admins and the member itself.',
        body: preferencesBodySchema,
        response: { 200: preferencesSchema },
      },
    },
    async (request) => {
      const updated = await savePreferences({
        db,
        member: signedInMember(request),
        preferences: request.body,
      });
      return preferencesOf(updated);
    },
  );
};
