import {
  DISCORD_MAPPINGS_MAX,
  type DiscordGuildRoles,
  type DiscordRoleMapping,
  discordRoleMappingSchema,
} from '@guildhall/contract';
import type { FieldRules } from '@/lib/contract-form';
import type { FieldOf } from '@/lib/form-errors';

type GrantableRole = NonNullable<DiscordRoleMapping['portal_role']>;

/** One row of the editor as the form holds it: empty strings stand for "none". */
export interface MappingRow {
  /** Stable while the row lives, so that its fields keep their state when others go. */
  key: string;
  discord_role_id: string;
  portal_role: GrantableRole | '';
  team_role_id: string;
}

export interface MappingsDraft {
  mappings: MappingRow[];
}

let rowCount = 0;
const nextKey = () => {
  rowCount += 1;
  return `row-${rowCount}`;
};

export const emptyRow = (): MappingRow => ({
  key: nextKey(),
  discord_role_id: '',
  portal_role: '',
  team_role_id: '',
});

export const draftOf = (mappings: DiscordRoleMapping[]): MappingsDraft => ({
  mappings: mappings.map((mapping) => ({
    key: nextKey(),
    discord_role_id: mapping.discord_role_id,
    portal_role: mapping.portal_role ?? '',
    team_role_id: mapping.team_role_id ?? '',
  })),
});

/** The body of PUT /api/discord/mappings: the whole list, "none" sent as null. */
export const bodyOf = (draft: MappingsDraft): DiscordRoleMapping[] =>
  draft.mappings.map((row) => ({
    discord_role_id: row.discord_role_id.trim(),
    portal_role: row.portal_role || null,
    team_role_id: row.team_role_id || null,
  }));

/**
 * The contract's list of mappings, its two rules about the whole list said on the row they are
 * about: a Discord role mapped twice on its second row's role, a row granting nothing on its
 * portal role. The server checks the same list with `discordRoleMappingsSchema`.
 */
export const mappingsFormSchema = discordRoleMappingSchema
  .array()
  .max(DISCORD_MAPPINGS_MAX)
  .superRefine((mappings, context) => {
    const seen = new Set<string>();
    mappings.forEach((mapping, index) => {
      if (seen.has(mapping.discord_role_id)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'discord_role_id'],
          message: 'maps each Discord role once',
        });
      }
      seen.add(mapping.discord_role_id);
      if (!mapping.portal_role && !mapping.team_role_id) {
        context.addIssue({
          code: 'custom',
          path: [index, 'portal_role'],
          message: 'grants a portal role, a team role, or both',
        });
      }
    });
  });

/** `0.team_role_id` of the body is the field `mappings.0.team_role_id`. */
export const mappingFieldOf: FieldOf = ([index, field]) =>
  index !== undefined && field !== undefined ? `mappings.${index}.${field}` : 'mappings';

export const MAPPING_RULES = {
  fieldOf: mappingFieldOf,
  problems: {
    'mappings.*.discord_role_id': {
      empty: 'admin_settings.discord.mappings.problems.discord_role_required',
      invalid: 'admin_settings.discord.mappings.problems.discord_role_invalid',
    },
    'mappings.*.portal_role': {
      empty: 'admin_settings.discord.mappings.problems.grant_required',
    },
  },
} satisfies FieldRules;

/** The guild's roles, highest first, as Discord lists them. */
export const highestFirst = (roles: DiscordGuildRoles['roles']) =>
  [...roles].sort((a, b) => b.position - a.position);
