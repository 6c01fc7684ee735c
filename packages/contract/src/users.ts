import { z } from 'zod';
import {
  DEFAULT_USER_PAGE_SIZE,
  GAME_LOGIN_MAX_LENGTH,
  GAME_LOGINS_PER_GAME,
  LEAGUE_LOGINS_MAX,
  MEMBERSHIP_CHANGE_MAX_IDS,
  MEMBERSHIP_CHANGE_MAX_TEAM_ROLES,
  RIOT_ID_PATTERN,
  ROLES,
  USER_LIST_MAX_LIMIT,
  USER_SEARCH_MAX_LENGTH,
  USER_SORT_KEY_MAX_LENGTH,
  USER_SORT_FIELDS,
} from './constants.js';
import {
  PROFILE_FIELDS,
  optionalText,
  profileFieldsSchema,
  roleSchema,
  userSchema,
} from './user.js';
import { idSchema } from './ids.js';
import { pageOf, pageQueryFields } from './paging.js';

const usersSort = z.enum([
  ...USER_SORT_FIELDS,
  ...USER_SORT_FIELDS.map((field) => `-${field}` as const),
]);

/** The member list's filters: what "every member the filter finds" means (a bulk change). */
export const usersFilterSchema = z.strictObject({
  role: roleSchema.optional(),
  /** Part of a pseudo, case-insensitive. */
  q: z.string().trim().max(USER_SEARCH_MAX_LENGTH).optional(),
});

/**
 * GET /api/users query, paged as every list (decision 061). The cursor's key: the sort it was
 * given for, then the last member's values of that sort (a name, a birthday or null, an instant)
 * and its id. Like every query of the API, an unknown parameter is refused.
 */
export const usersQuerySchema = z
  .strictObject({
    ...usersFilterSchema.shape,
    sort: usersSort.default('pseudo'),
    ...pageQueryFields(
      z
        .tuple([usersSort])
        .rest(z.string().max(USER_SORT_KEY_MAX_LENGTH).nullable())
        .refine((key) => key.length >= 3 && key.length <= 4),
      { defaultLimit: DEFAULT_USER_PAGE_SIZE, maxLimit: USER_LIST_MAX_LIMIT },
    ),
  })
  .refine((query) => !query.cursor || query.cursor[0] === query.sort, {
    path: ['cursor'],
    message: 'must be a page cursor of this sort',
  });
export type UsersQuery = z.input<typeof usersQuerySchema>;
export type UsersListQuery = z.output<typeof usersQuerySchema>;
export type UsersSort = UsersListQuery['sort'];

/** A team a member belongs to (holds a role in), as the member list names it. */
export const memberTeamSchema = z.object({ _id: idSchema, name: z.string() });
export type MemberTeam = z.infer<typeof memberTeamSchema>;

/** A member in the list: the member's teams (from the Teams, by name) beside the record. */
export const userListItemSchema = userSchema.extend({ teams: z.array(memberTeamSchema) });
export type UserListItem = z.infer<typeof userListItemSchema>;

/**
 * GET /api/users answer: a page as every list's, and `total`, how many members the filter finds,
 * which the list shows and a change of membership for the whole filter confirms (`expected`).
 */
export const usersPageSchema = pageOf(userListItemSchema).extend({ total: z.number().int() });
export type UsersPage = z.infer<typeof usersPageSchema>;

export const latestUsersSchema = z.array(userSchema);

const gameLogin = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(GAME_LOGIN_MAX_LENGTH, `must be at most ${GAME_LOGIN_MAX_LENGTH} characters`);

const loginList = (login: z.ZodType<string>) =>
  z
    .array(login)
    .max(GAME_LOGINS_PER_GAME, `at most ${GAME_LOGINS_PER_GAME} logins per game`)
    .refine(
      (logins) => new Set(logins.map((value) => value.toLowerCase())).size === logins.length,
      'must not list the same login twice',
    );

export const gameLoginListsSchema = z.object({
  leagueoflegends_login: loginList(
    gameLogin.regex(RIOT_ID_PATTERN, 'must be a Riot ID written gameName#tagLine'),
  ).refine((logins) => logins.length <= LEAGUE_LOGINS_MAX, `at most ${LEAGUE_LOGINS_MAX} Riot IDs`),
  valorant_login: loginList(gameLogin),
  fortnite_login: loginList(gameLogin),
});
/** What a member may change on its own record: game logins, and disconnecting social accounts. */
export const ownConnectionsUpdateSchema = gameLoginListsSchema.partial().extend({
  twitter_login: z.null().optional(),
  twitch_login: z.null().optional(),
});

/** The admin's edit form: every profile field, the team, the role, adhesion and the game logins. */
export const memberEditSchema = gameLoginListsSchema.partial().extend({
  ...profileFieldsSchema.shape,
  team: optionalText(100),
  role: roleSchema,
  adhesion: z.boolean().optional(),
});

/** Fields only the admin's edit form may send. */
export const MEMBER_EDIT_ONLY_FIELDS = [...PROFILE_FIELDS, 'team', 'role', 'adhesion'] as const;

export type MemberEdit = z.output<typeof memberEditSchema>;
export type OwnConnectionsUpdate = z.output<typeof ownConnectionsUpdateSchema>;

/** Whether a PUT /api/users/{id} body is the admin's edit form: it holds one of its fields. */
export const isMemberEditForm = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  MEMBER_EDIT_ONLY_FIELDS.some((field) => (body as Record<string, unknown>)[field] !== undefined);

/** What the edit form cannot do without: the rest of it may be left out. */
const EDIT_FORM_REQUIRED = ['name', 'surname', 'pseudo', 'birthday', 'email', 'role'] as const;
/** Disconnecting a social account is the member's own business, never part of the edit form. */
const OWN_ONLY_FIELDS = ['twitter_login', 'twitch_login'] as const;

/**
 * PUT /api/users/{id}, whose URL and bodies the specification fixes: either the admin's edit form
 * (any field of MEMBER_EDIT_ONLY_FIELDS present) or a member's own connections (game login lists,
 * social accounts set to null). Parsed once, here: the answer says which it is
 * (`{ form: 'edit', fields }` or `{ form: 'connections', changes }`) and a body that is neither
 * is refused field by field. Unknown fields are refused. Decision 024.
 */
export const userUpdateBodySchema = z
  .strictObject({
    ...memberEditSchema.partial().shape,
    ...ownConnectionsUpdateSchema.pick({ twitter_login: true, twitch_login: true }).shape,
  })
  .transform(
    (
      body,
      context,
    ):
      | { form: 'edit'; fields: MemberEdit }
      | { form: 'connections'; changes: OwnConnectionsUpdate } => {
      const { twitter_login, twitch_login, ...rest } = body;
      if (!isMemberEditForm(body)) return { form: 'connections', changes: body };
      for (const field of EDIT_FORM_REQUIRED) {
        if (body[field] === undefined) {
          context.addIssue({ code: 'custom', path: [field], message: 'is required' });
        }
      }
      for (const field of OWN_ONLY_FIELDS) {
        if (body[field] !== undefined) {
          context.addIssue({
            code: 'custom',
            path: [field],
            message: 'is not part of the edit form: members disconnect their own accounts',
          });
        }
      }
      void twitter_login;
      void twitch_login;
      return { form: 'edit', fields: rest as MemberEdit };
    },
  );
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;
export type UserUpdate = z.output<typeof userUpdateBodySchema>;

const distinctIds = (max: number) =>
  z
    .array(idSchema)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, 'must not name the same id twice');

/**
 * The members a change of membership is for: rows the admin ticked, or every member the list's
 * filter finds, with the count the admin saw and confirmed (409 selection_changed when the filter
 * no longer finds that many).
 */
export const memberSelectionSchema = z.union([
  z.strictObject({
    ids: distinctIds(MEMBERSHIP_CHANGE_MAX_IDS).min(1, 'must name at least one member'),
  }),
  z.strictObject({
    filter: usersFilterSchema,
    expected: z.number().int().min(1),
  }),
]);
export type MemberSelection = z.infer<typeof memberSelectionSchema>;

/**
 * POST /api/users/membership (admins): the role, the adhesion and team roles of one or many
 * members, changed in one transaction, whatever their profiles hold. At least one change.
 */
export const membershipChangeBodySchema = z
  .strictObject({
    members: memberSelectionSchema,
    role: roleSchema.optional(),
    adhesion: z.boolean().optional(),
    /** Team roles (their ids) to give each member; those already held stay as they are. */
    add_team_roles: distinctIds(MEMBERSHIP_CHANGE_MAX_TEAM_ROLES).optional(),
    /** Team roles to take from each member, whoever gave them (an admin or Discord). */
    remove_team_roles: distinctIds(MEMBERSHIP_CHANGE_MAX_TEAM_ROLES).optional(),
  })
  .refine(
    (body) =>
      body.role !== undefined ||
      body.adhesion !== undefined ||
      (body.add_team_roles?.length ?? 0) > 0 ||
      (body.remove_team_roles?.length ?? 0) > 0,
    { message: 'must change the role, the adhesion or a team role', path: ['role'] },
  )
  .refine((body) => !body.add_team_roles?.some((id) => body.remove_team_roles?.includes(id)), {
    message: 'must not add and remove the same team role',
    path: ['remove_team_roles'],
  });
export type MembershipChangeBody = z.input<typeof membershipChangeBodySchema>;
export type MembershipChange = z.output<typeof membershipChangeBodySchema>;

/** What a change of membership did: the members it was for, and those it changed. */
export const membershipChangeResultSchema = z.object({
  members: z.number().int(),
  changed: z.number().int(),
});
export type MembershipChangeResult = z.infer<typeof membershipChangeResultSchema>;

/** GET /api/roles. */
export const rolesSchema = z.object({
  roles: z.record(z.enum(ROLES), z.object({ name: z.string(), icon: z.string() })),
});
export type Roles = z.infer<typeof rolesSchema>;
