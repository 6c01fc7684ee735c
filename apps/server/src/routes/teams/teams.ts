import {
  errorBodySchema,
  idParamsSchema,
  memberTeamRolesSchema,
  teamBodySchema,
  teamDetailSchema,
  teamsQuerySchema,
  teamsSchema,
  userIdParamsSchema,
} from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { signedInMember } from '../../plugins/authenticate.js';
import { noContentSchema } from '../../plugins/route-responses.js';
import { getTeamDetail, listTeams } from '../../services/teams/list-teams.js';
import { memberTeamRoles } from '../../services/teams/member-team-roles.js';
import { createTeam } from '../../services/teams/create-team.js';
import { deleteTeam } from '../../services/teams/delete-team.js';
import { updateTeam } from '../../services/teams/update-team.js';
import { findUser } from '../../services/users/find-user.js';
import { PRESENTED_FOR_RULE, presentUserFor } from '../../services/users/present-user.js';
import type { RouteDeps } from '../deps.js';

const teamNotFound = errorBodySchema.describe('team_not_found');
const teamNameTaken = errorBodySchema.describe(
  'team_name_taken: another team has this name, ignoring case and accents',
);

export const teamRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, requireMember, requireAbility },
) => {
  const detail = (request: Parameters<typeof signedInMember>[0], id: string) => {
    const viewer = signedInMember(request);
    return getTeamDetail(db, id, (row) => presentUserFor(viewer, row));
  };

  app.get(
    '/api/teams',
    {
      preValidation: requireMember,
      schema: {
        tags: ['teams'],
        summary: 'Every team, or the teams of one member (?userId=)',
        querystring: teamsQuerySchema,
        response: { 200: teamsSchema },
      },
    },
    async (request) => listTeams(db, { userId: request.query.userId }),
  );

  app.get(
    '/api/teams/:id',
    {
      preValidation: requireMember,
      schema: {
        tags: ['teams'],
        summary: 'One team, its roles’ members as member objects',
        description: PRESENTED_FOR_RULE,
        params: idParamsSchema,
        response: { 200: teamDetailSchema, 404: teamNotFound },
      },
    },
    async (request) => detail(request, request.params.id),
  );

  app.get(
    '/api/teams/check-all-roles/:userId',
    {
      preValidation: requireMember,
      schema: {
        tags: ['teams'],
        summary: 'Every role a member holds, with its team',
        params: userIdParamsSchema,
        response: {
          200: memberTeamRolesSchema,
          404: errorBodySchema.describe('user_not_found'),
        },
      },
    },
    async (request) => {
      await findUser(db, request.params.userId);
      const roles = await memberTeamRoles(db, request.params.userId);
      return { roles: roles.map(({ teamName, role, icon }) => ({ teamName, role, icon })) };
    },
  );

  app.post(
    '/api/teams',
    {
      preValidation: requireAbility('manage:teams'),
      schema: {
        tags: ['teams'],
        summary: 'Create a team with its roles and members (admins)',
        body: teamBodySchema,
        response: { 201: teamDetailSchema, 409: teamNameTaken },
      },
    },
    async (request, reply) => {
      const id = await createTeam({ db, fields: request.body });
      return reply.code(201).send(await detail(request, id));
    },
  );

  app.put(
    '/api/teams/:id',
    {
      preValidation: requireAbility('manage:teams'),
      schema: {
        tags: ['teams'],
        summary: 'Replace a team, its roles and members in one transaction (admins)',
        description:
          'A role keeps its _id when the body gives it (24 hex characters); other roles are created; roles left out are deleted.',
        params: idParamsSchema,
        body: teamBodySchema,
        response: { 200: teamDetailSchema, 404: teamNotFound, 409: teamNameTaken },
      },
    },
    async (request) => {
      await updateTeam({ db, id: request.params.id, fields: request.body });
      return detail(request, request.params.id);
    },
  );

  app.delete(
    '/api/teams/:id',
    {
      preValidation: requireAbility('manage:teams'),
      schema: {
        tags: ['teams'],
        summary: 'Delete a team, its roles and memberships (admins)',
        params: idParamsSchema,
        response: { 204: noContentSchema, 404: teamNotFound },
      },
    },
    async (request, reply) => {
      await deleteTeam({ db, id: request.params.id });
      return reply.code(204).send();
    },
  );
};
