import {
  isMemberEditForm,
  errorBodySchema,
  idParamsSchema,
  userSchema,
  userUpdateBodySchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { RiotClient } from '../../integrations/riot/client.js';
import { signedInMember } from '../../plugins/authenticate.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import { can, canOnMember } from '../../policies/abilities.js';
import { deleteMember } from '../../services/users/delete-member.js';
import { editMember } from '../../services/users/edit-member.js';
import { updateConnections } from '../../services/users/update-connections.js';
import { findUser } from '../../services/users/find-user.js';
import { PRESENTED_FOR_RULE, presentUserFor } from '../../services/users/present-user.js';
import { resolveRiotIdsForSave } from '../../integrations/riot/riot-accounts.js';
import { forbidden } from '../../lib/http-error.js';
import type { RouteDeps } from '../deps.js';

const userNotFound = errorBodySchema.describe('user_not_found');

/** One member: read, edit (the admin's form, or a member's own connections), delete. */
export const memberRoutes: FastifyPluginAsyncZod<RouteDeps & { riot: RiotClient }> = async (
  app,
  { db, requireMember, requireAbility, riot },
) => {
  app.get(
    '/api/users/:id',
    {
      preValidation: requireMember,
      schema: {
        tags: ['users'],
        summary: 'One member',
        description: PRESENTED_FOR_RULE,
        params: idParamsSchema,
        response: { 200: userSchema, 404: userNotFound },
      },
    },
    async (request) =>
      presentUserFor(signedInMember(request), await findUser(db, request.params.id)),
  );

  /**
   * Who may send this body, decided before it is validated (a member sending edit-form fields is
   * refused, not told which are missing): the edit form needs edit:member:any, one's own
   * connections edit:connections:self.
   */
  const mayUpdate = async (request: FastifyRequest) => {
    const viewer = signedInMember(request);
    // Not validated yet: the router's string, which the schema then checks as an id.
    const { id } = request.params as { id: string };
    if (isMemberEditForm(request.body)) {
      if (!can(viewer, 'edit:member:any')) throw forbidden('The edit form needs edit:member:any');
    } else if (!canOnMember(viewer, 'edit:connections', id)) {
      throw forbidden('Members change only their own accounts');
    }
  };

  app.put(
    '/api/users/:id',
    {
      preValidation: [requireMember, mayUpdate],
      schema: {
        tags: ['users'],
        summary: "Edit a member (admins), or one's own game logins and social accounts",
        description:
          'A body with any profile field, role, team or adhesion is the admin edit form and needs every required field. ' +
          'Otherwise it may carry only the game login lists and twitter_login / twitch_login set to null, for the caller itself.',
        params: idParamsSchema,
        body: userUpdateBodySchema,
        response: {
          200: userSchema,
          403: errorBodySchema.describe(
            'forbidden: the edit form is for admins; members change only their own accounts',
          ),
          404: userNotFound,
          409: errorBodySchema.describe(
            'pseudo_taken, pseudo_look_alike, riot_id_taken (a Riot ID another member lists), or last_admin (the only admin demoted)',
          ),
          503: errorBodySchema.describe(
            'riot_not_configured or riot_unavailable (a new Riot ID is checked with Riot), or database_unavailable',
          ),
        },
      },
    },
    async (request) => {
      const viewer = signedInMember(request);
      const { id } = request.params;
      const update = request.body;
      if (update.form === 'edit') {
        const { fields } = update;
        // New Riot IDs are resolved before anything is written (400 riot_id_not_found).
        const logins = fields.leagueoflegends_login ?? [];
        const riotAccounts = await resolveRiotIdsForSave(db, riot, logins, request.log);
        return presentUserFor(viewer, await editMember({ db, id, fields, riotAccounts }));
      }
      const { changes } = update;
      const logins = changes.leagueoflegends_login ?? [];
      const riotAccounts = await resolveRiotIdsForSave(db, riot, logins, request.log);
      return presentUserFor(viewer, await updateConnections({ db, id, changes, riotAccounts }));
    },
  );

  app.delete(
    '/api/users/:id',
    {
      preValidation: requireAbility('delete:member:any'),
      schema: {
        tags: ['users'],
        summary: 'Delete a member, its sessions and memberships (admins)',
        params: idParamsSchema,
        response: {
          204: noContentSchema,
          404: userNotFound,
          409: errorBodySchema.describe(
            'last_admin: the only admin cannot be deleted; cannot_delete_self: an admin does not delete itself',
          ),
        },
      },
    },
    async (request, reply) => {
      await deleteMember({ db, id: request.params.id, by: signedInMember(request).id });
      return reply.code(204).send();
    },
  );
};
