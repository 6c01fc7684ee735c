import { z } from 'zod';
import {
  TEAM_GAMES,
  TEAM_NAME_MAX_LENGTH,
  TEAM_ROLE_MEMBERS_MAX,
  TEAM_ROLE_NAME_MAX_LENGTH,
  TEAM_ROLES_MAX,
  TEAM_TYPES,
} from './constants.js';
import { ID_PATTERN, idSchema } from './ids.js';
import { userSchema } from './user.js';

export const teamTypeSchema = z.enum(TEAM_TYPES);
export const teamGameSchema = z.enum(TEAM_GAMES);

/** A team as lists show it: its roles with the ids of their members. */
export const teamSchema = z.object({
  _id: idSchema,
  name: z.string(),
  icon: z.string(),
  type: teamTypeSchema,
  game: teamGameSchema.nullable(),
  roles: z.array(
    z.object({
      _id: idSchema,
      role: z.string(),
      members: z.array(idSchema),
      /** Its members manage the team's events (decision 037). */
      manages: z.boolean().default(false),
    }),
  ),
});
export type Team = z.infer<typeof teamSchema>;

export const teamsSchema = z.array(teamSchema);

/** GET /api/teams/{id}: the roles' members as member objects, for editing and the chart. */
export const teamDetailSchema = teamSchema.extend({
  roles: z.array(
    z.object({
      _id: idSchema,
      role: z.string(),
      members: z.array(userSchema),
      manages: z.boolean().default(false),
    }),
  ),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const teamsQuerySchema = z.strictObject({ userId: idSchema.optional() });

/** A role in a team body; an `_id` that is not 24 hex characters is a temporary one (a new role). */
const teamRoleBodySchema = z.object({
  _id: z
    .string()
    .optional()
    .transform((id) => (id && ID_PATTERN.test(id) ? id : undefined)),
  role: z.string().trim().min(1, 'is required').max(TEAM_ROLE_NAME_MAX_LENGTH),
  members: z
    .array(idSchema)
    .max(TEAM_ROLE_MEMBERS_MAX)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  /** Its members manage the team's events; left out, an existing role keeps its setting. */
  manages: z.boolean().optional(),
});

/** POST /api/teams and PUT /api/teams/{id}. */
export const teamBodySchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(TEAM_NAME_MAX_LENGTH),
    icon: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(48)
      .regex(/^[a-z0-9-]+$/, 'must be an icon name (lowercase letters, digits and dashes)'),
    type: teamTypeSchema,
    game: teamGameSchema.nullish(),
    roles: z.array(teamRoleBodySchema).max(TEAM_ROLES_MAX).default([]),
  })
  .superRefine((team, ctx) => {
    if (team.type === 'esport' && !team.game) {
      ctx.addIssue({ code: 'custom', path: ['game'], message: 'is required for an esport team' });
    }
    if (team.type === 'transversal' && team.game) {
      ctx.addIssue({
        code: 'custom',
        path: ['game'],
        message: 'must be empty for a transversal team',
      });
    }
    const seenIds = new Set<string>();
    team.roles.forEach((role, index) => {
      if (role._id && seenIds.has(role._id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['roles', index, '_id'],
          message: 'names a role already listed',
        });
      }
      if (role._id) seenIds.add(role._id);
    });
    const seen = new Set<string>();
    team.roles.forEach((role, index) => {
      const key = role.role.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['roles', index, 'role'],
          message: 'is already a role of this team',
        });
      }
      seen.add(key);
    });
  });
export type TeamBody = z.input<typeof teamBodySchema>;
export type TeamFields = z.output<typeof teamBodySchema>;

/** GET /api/teams/check-all-roles/{userId}. */
export const memberTeamRolesSchema = z.object({
  roles: z.array(z.object({ teamName: z.string(), role: z.string(), icon: z.string() })),
});
export type MemberTeamRoles = z.infer<typeof memberTeamRolesSchema>;

export const userIdParamsSchema = z.object({ userId: idSchema });
