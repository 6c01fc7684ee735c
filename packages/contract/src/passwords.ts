import { z } from 'zod';
import { PASSWORD_AUDIT_ACTIONS, PASSWORD_MAX_LENGTH } from './constants.js';
import { idSchema } from './ids.js';
import { cursorKeyParts, pageOf, pageQueryFields } from './paging.js';

/** Who may see an entry: members holding one of `roles` in team `teamId`. */
export const accessRuleSchema = z.object({
  teamId: idSchema,
  roles: z.array(z.string().trim().min(1).max(48)).min(1, 'tick at least one role').max(20),
});
export type AccessRule = z.infer<typeof accessRuleSchema>;

/** A password entry as a member sees it: never its value, nor who else may see it. */
export const memberPasswordEntrySchema = z.object({
  _id: idSchema,
  network: z.string(),
  account: z.string(),
  updated_at: z.string(),
  /** When the password itself last changed. */
  password_changed_at: z.string(),
});
export type MemberPasswordEntry = z.infer<typeof memberPasswordEntrySchema>;

/** A password entry as an admin manages it: with its access rules. */
export const passwordEntrySchema = memberPasswordEntrySchema.extend({
  accessRules: z.array(accessRuleSchema),
});
export type PasswordEntry = z.infer<typeof passwordEntrySchema>;
export const passwordEntriesSchema = z.array(passwordEntrySchema);

/**
 * GET /api/password: an admin gets every entry with its access rules (the Passwords tab edits
 * them); a member gets the entries it may access, without rules, which name teams and roles the
 * member has no need to know.
 */
export const passwordListSchema = z.union([
  passwordEntriesSchema,
  z.array(memberPasswordEntrySchema),
]);
export type PasswordList = z.infer<typeof passwordListSchema>;

const entryFields = {
  network: z.string().trim().min(1, 'is required').max(100),
  account: z.string().trim().min(1, 'is required').max(200),
  accessRules: z
    .array(accessRuleSchema)
    .max(50)
    .default([])
    .refine(
      (rules) => new Set(rules.map((rule) => rule.teamId)).size === rules.length,
      'one rule per team',
    ),
};

/** POST /api/password. */
export const passwordCreateSchema = z.object({
  ...entryFields,
  password: z.string().min(1, 'is required').max(PASSWORD_MAX_LENGTH),
});
export type PasswordCreate = z.input<typeof passwordCreateSchema>;

/** PUT /api/password/{id}: a blank or missing password leaves it unchanged. */
export const passwordUpdateSchema = z.object({
  ...entryFields,
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH)
    .optional()
    .transform((value) => (value && value.trim() !== '' ? value : undefined)),
});
export type PasswordUpdate = z.input<typeof passwordUpdateSchema>;

/** POST /api/password/{id}/reveal. */
export const revealedPasswordSchema = z.object({ password: z.string() });

export const passwordAuditEventSchema = z.object({
  _id: idSchema,
  action: z.enum(PASSWORD_AUDIT_ACTIONS),
  at: z.string(),
  /** Who did it; the pseudo is the one at the time, the id null once the member is deleted. */
  member: z.object({ _id: idSchema.nullable(), pseudo: z.string() }),
});
export type PasswordAuditEvent = z.infer<typeof passwordAuditEventSchema>;
/** GET /api/password/{id}/audit: newest first, paged as every list (decision 061). */
export const passwordAuditSchema = pageOf(passwordAuditEventSchema);

/** Most events of an audit trail one page holds. */
export const PASSWORD_AUDIT_PAGE_MAX = 100;

/** The cursor's key: the event's instant and its place in the trail's sequence. */
export const passwordAuditQuerySchema = z.strictObject(
  pageQueryFields(z.tuple([cursorKeyParts.instant, cursorKeyParts.position]), {
    defaultLimit: 50,
    maxLimit: PASSWORD_AUDIT_PAGE_MAX,
  }),
);

/**
 * An entry to rotate: revealed by members who have since lost access, or open to a member when
 * it left the Discord server, and not changed since.
 */
export const passwordExposureSchema = z.object({
  entry: passwordEntrySchema,
  members: z.array(
    z.object({
      _id: idSchema.nullable(),
      pseudo: z.string(),
      /** When the member last revealed it; null when it never did (it left the Discord). */
      last_revealed_at: z.string().nullable(),
      /** When the member left the Discord server, if that is why: it could reveal the entry. */
      left_discord_at: z.string().nullable(),
    }),
  ),
});
export type PasswordExposure = z.infer<typeof passwordExposureSchema>;
export const passwordExposuresSchema = z.array(passwordExposureSchema);
