import { z } from 'zod';
import { GAME_LOGIN_MAX_LENGTH, RIOT_ID_PATTERN } from './constants.js';
import { ZOD_ISSUE_CODES, errorBodySchema, issueParamsSchema } from './errors.js';
import { birthdaySchema, profileFieldsSchema, pseudoSchema, roleSchema } from './user.js';

/**
 * The member list as CSV (decision 035): the columns in the order the export writes them. The
 * import takes any of them, in any order, `pseudo` required. `last_name` and `first_name` are
 * the API's `name` and `surname` (the first name, despite the English word).
 */
export const MEMBER_CSV_COLUMNS = [
  'pseudo',
  'last_name',
  'first_name',
  'email',
  'birthday',
  'role',
  'adhesion',
  'team',
  'discord',
  'twitter',
  'twitch',
  'riot',
  'epic',
  'address',
  'zip_code',
  'town',
  'country',
  'created_at',
] as const;
export type MemberCsvColumn = (typeof MEMBER_CSV_COLUMNS)[number];

/**
 * Written by the export, accepted by the import and never read: the portal keeps them itself (the
 * creation date is the record's; `team` lists the teams the member holds a role in, by name,
 * which change in the Teams tab and on the member's page), so that an exported file comes back
 * unchanged.
 */
export const MEMBER_CSV_EXPORT_ONLY = ['team', 'created_at'] as const satisfies MemberCsvColumn[];

/**
 * Older names of columns, which files exported before decision 035's addendum of 2026-11-28 still
 * carry: the import reads them as the column they were (`surname` held the first name).
 */
export const MEMBER_CSV_ALIASES = {
  name: 'last_name',
  surname: 'first_name',
} as const satisfies Record<string, MemberCsvColumn>;

/** The column a header names: without case, an older name read as the column it was. */
export function memberCsvColumnOf(header: string): MemberCsvColumn | undefined {
  const name = header.trim().toLowerCase();
  const column: string = Object.hasOwn(MEMBER_CSV_ALIASES, name)
    ? MEMBER_CSV_ALIASES[name as keyof typeof MEMBER_CSV_ALIASES]
    : name;
  return MEMBER_CSV_COLUMNS.find((known) => known === column);
}

/** The largest import: 2 MiB and 5,000 members, a few seconds of checks in one transaction. */
export const MEMBER_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const MEMBER_CSV_MAX_ROWS = 5000;

/** Words a spreadsheet writes for yes and no (Excel in French writes VRAI and FAUX). */
export const MEMBER_CSV_TRUE = ['true', 'vrai', 'yes', 'oui', '1'] as const;
export const MEMBER_CSV_FALSE = ['false', 'faux', 'no', 'non', '0'] as const;

/**
 * A Discord username: 2 to 32 lowercase letters, digits, `_` or `.`; or an older account's name
 * with its four-digit discriminator (`Name#1234`), as Discord still gives a few.
 */
const DISCORD_USERNAME_PATTERN = /^(?:[a-z0-9_.]{2,32}|[^#@:]{2,32}#\d{4})$/i;

const login = z
  .string()
  .trim()
  .max(GAME_LOGIN_MAX_LENGTH, `must be at most ${GAME_LOGIN_MAX_LENGTH} characters`);

/** Twitch: 4 to 25 letters, digits or underscores; Twitter (X): 1 to 15. */
const twitchLoginSchema = login.regex(/^\w{4,25}$/, 'must be a Twitch login');
const twitterLoginSchema = login.regex(/^\w{1,15}$/, 'must be a Twitter login');

/**
 * How each cell the import reads is checked: the edit form's schemas for the fields it has, and
 * the logins' own forms. A cell is only checked when it changes the member (decision 035).
 */
export const memberCsvCellSchemas = {
  pseudo: pseudoSchema,
  last_name: profileFieldsSchema.shape.name,
  first_name: profileFieldsSchema.shape.surname,
  email: profileFieldsSchema.shape.email,
  birthday: birthdaySchema,
  role: roleSchema,
  adhesion: z.enum([...MEMBER_CSV_TRUE, ...MEMBER_CSV_FALSE]),
  twitter: twitterLoginSchema,
  twitch: twitchLoginSchema,
  /**
   * The Discord username of a member who has not signed in with Discord yet: the first sign-in
   * of that account takes this member instead of making a new one. Once signed in, the name
   * comes from Discord.
   */
  discord: login.regex(DISCORD_USERNAME_PATTERN, 'must be a Discord username'),
  riot: login.regex(RIOT_ID_PATTERN, 'must be a Riot ID written gameName#tagLine'),
  epic: login.min(3).max(32),
  address: profileFieldsSchema.shape.address,
  zip_code: profileFieldsSchema.shape.zip_code,
  town: profileFieldsSchema.shape.town,
  country: profileFieldsSchema.shape.country,
} as const satisfies Record<
  Exclude<MemberCsvColumn, (typeof MEMBER_CSV_EXPORT_ONLY)[number]>,
  z.ZodType
>;

/** POST /api/users/import query: a dry run unless told otherwise, so that a slip writes nothing. */
export const memberImportQuerySchema = z.strictObject({
  dry_run: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});
export type MemberImportQuery = z.input<typeof memberImportQuerySchema>;

/** Why the import refuses a file, a row or a cell. */
export const MEMBER_IMPORT_PROBLEMS = [
  // the cell, by the field's schema
  ...ZOD_ISSUE_CODES,
  // the file
  'not_utf8',
  'malformed_csv',
  'empty_file',
  'too_many_rows',
  'unknown_column',
  'duplicate_column',
  'missing_pseudo_column',
  // the row
  'required',
  'duplicate_pseudo',
  /** The pseudo names an existing member by its key but is written another way than its own. */
  'pseudo_look_alike',
  'twitch_taken',
  'twitter_taken',
  'riot_taken',
  'discord_taken',
  /** The member signs in with Discord already: its Discord name comes from Discord. */
  'discord_linked',
  /** Admin is given and taken in the edit form only, where the last-admin rule is explained. */
  'admin_role',
] as const;
export type MemberImportProblemCode = (typeof MEMBER_IMPORT_PROBLEMS)[number];

export const memberImportProblemSchema = z.object({
  /** The line of the file (1 is the header); null for the whole file. */
  line: z.number().int().nullable(),
  /** The column as the header names it; null for the whole row or file. */
  column: z.string().nullable(),
  code: z.enum(MEMBER_IMPORT_PROBLEMS),
  params: issueParamsSchema
    .extend({
      /** duplicate_pseudo: the line that has the pseudo first. */
      line: z.number().int().optional(),
    })
    .optional(),
});
export type MemberImportProblem = z.infer<typeof memberImportProblemSchema>;

/** A column the import changes, as the CSV writes it before and after; null when empty. */
export const memberImportChangeSchema = z.object({
  column: z.enum(MEMBER_CSV_COLUMNS),
  from: z.string().nullable(),
  to: z.string(),
});
export type MemberImportChange = z.infer<typeof memberImportChangeSchema>;

export const memberImportRowSchema = z.object({
  line: z.number().int(),
  pseudo: z.string(),
  outcome: z.enum(['created', 'updated']),
  changes: z.array(memberImportChangeSchema),
});
export type MemberImportRow = z.infer<typeof memberImportRowSchema>;

/**
 * What an import does, or would do: the members created and updated with their changes (the
 * unchanged ones counted only), and every refused row. `written` is true once the import ran.
 */
export const memberImportReportSchema = z.object({
  dry_run: z.boolean(),
  written: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rows: z.array(memberImportRowSchema),
  refused: z.array(memberImportProblemSchema),
});
export type MemberImportReport = z.infer<typeof memberImportReportSchema>;

/** The 400 of a refused file: `import_refused` and its report, with nothing written. */
export const memberImportRefusalSchema = errorBodySchema.extend({
  report: memberImportReportSchema.optional(),
});
export type MemberImportRefusal = z.infer<typeof memberImportRefusalSchema>;
