import { z } from 'zod';
import { PSEUDO_MAX_LENGTH, PSEUDO_MIN_LENGTH, ROLES, THEME_PREFERENCES } from './constants.js';
import { ABILITIES } from './abilities.js';
import { idSchema } from './ids.js';

export const roleSchema = z.enum(ROLES);

/** Stored in NFC, so that one pseudo is one sequence of characters (docs/security.md, "Pseudos"). */
export const pseudoSchema = z
  .string()
  .trim()
  .normalize('NFC')
  .min(PSEUDO_MIN_LENGTH, `must be ${PSEUDO_MIN_LENGTH} to ${PSEUDO_MAX_LENGTH} characters`)
  .max(PSEUDO_MAX_LENGTH, `must be ${PSEUDO_MIN_LENGTH} to ${PSEUDO_MAX_LENGTH} characters`)
  // Control characters would make a pseudo look like another one.
  .regex(/^[^\p{Cc}\p{Cf}]+$/u, 'must not contain control characters');

const isRealDate = (value: string): boolean => {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    year >= 1900 &&
    date.getTime() <= Date.now()
  );
};

/** A calendar date written YYYY-MM-DD, between 1900 and today. */
export const birthdaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(isRealDate, 'must be a real date between 1900 and today');

/** The longest address (RFC 5321: a path of 256 octets, its angle brackets included). */
export const EMAIL_MAX_LENGTH = 254;
/** The longest part before the @ (RFC 5321, 4.5.3.1.1). */
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

export const emailSchema = z
  .email('must be an email address')
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
  .refine(
    (email) => email.slice(0, email.lastIndexOf('@')).length <= EMAIL_LOCAL_PART_MAX_LENGTH,
    `must have at most ${EMAIL_LOCAL_PART_MAX_LENGTH} characters before the @`,
  );

const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max);
/** Optional text: blank or missing is null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** A member as every signed-in member may see it. */
export const userSchema = z.object({
  _id: idSchema,
  pseudo: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  birthday: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  zip_code: z.string().nullable(),
  town: z.string().nullable(),
  country: z.string().nullable(),
  role: roleSchema,
  team: z.string().nullable(),
  adhesion: z.boolean(),
  created_at: z.string(),
  discord_avatar_url: z.string().nullable(),
  discord_tag: z.string().nullable(),
  twitter_login: z.string().nullable(),
  twitch_login: z.string().nullable(),
  leagueoflegends_login: z.array(z.string()),
  valorant_login: z.array(z.string()),
  fortnite_login: z.array(z.string()),
  riot_login: z.string().nullable(),
  epic_login: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The member's own choices: the look, and whether everyone sees its real name (otherwise only
 * admins and the member itself do: docs/permissions.md).
 */
export const preferencesSchema = z.strictObject({
  theme: z.enum(THEME_PREFERENCES),
  show_real_name: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** PUT /api/user/preferences body: the choices to change, one or more; the others stay. */
export const preferencesBodySchema = preferencesSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'must name at least one preference');
export type PreferencesBody = z.infer<typeof preferencesBodySchema>;

/** The signed-in member, with the teams it belongs to and its roles in each. */
export const sessionUserSchema = userSchema.extend({
  teams: z.array(idSchema),
  rolesByTeam: z.record(z.string(), z.array(z.string())),
  /** How many vault entries the member may reveal (the passwords link shows when above 0). */
  password_count: z.number().int(),
  /** What the server lets this member do: the web app offers exactly that. */
  abilities: z.array(z.enum(ABILITIES)),
  /** The member's own choices, the same on every device. */
  preferences: preferencesSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/session: who the visitor is, anonymous (null) as much as signed in. */
export const sessionSchema = z.object({ user: sessionUserSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;

/**
 * The profile fields, one list for every place that shows or saves them: a member's own account
 * form and the admin's edit form (which adds the team, the role and adhesion).
 */
export const profileFieldsSchema = z.object({
  name: requiredText(64),
  surname: requiredText(64),
  pseudo: pseudoSchema,
  birthday: birthdaySchema,
  email: emailSchema,
  address: optionalText(200),
  zip_code: optionalText(16),
  town: optionalText(100),
  country: optionalText(100),
});
export type ProfileField = keyof typeof profileFieldsSchema.shape;
/** The profile fields in the order forms show them (the schema's own order). */
export const PROFILE_FIELDS = Object.keys(profileFieldsSchema.shape) as [
  'name',
  'surname',
  'pseudo',
  'birthday',
  'email',
  'address',
  'zip_code',
  'town',
  'country',
] satisfies ProfileField[];
// Every field of the schema is in the list: this line stops compiling when one is missing.
const everyProfileField: Exclude<ProfileField, (typeof PROFILE_FIELDS)[number]> extends never
  ? true
  : never = true;
void everyProfileField;

/** The profile fields a member cannot save the account form without. */
export const PROFILE_REQUIRED_FIELDS = ['name', 'surname', 'pseudo', 'birthday', 'email'] as const;
const requiredProfileSchema = profileFieldsSchema.pick({
  name: true,
  surname: true,
  pseudo: true,
  birthday: true,
  email: true,
});

/**
 * Whether a profile is complete: its required fields hold what the account form would accept
 * (the alert conditions' `profile_complete`). A profile imported or made before a field was
 * required may miss one.
 */
export const isProfileComplete = (
  profile: Record<(typeof PROFILE_REQUIRED_FIELDS)[number], string | null>,
): boolean => requiredProfileSchema.safeParse(profile).success;

/** PUT /api/user: the member's own account fields. Role and adhesion are never taken from it. */
export const updateAccountBodySchema = profileFieldsSchema;
export type UpdateAccountBody = z.input<typeof updateAccountBodySchema>;
