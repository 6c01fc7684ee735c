import {
  ID_PATTERN,
  type TeamBody,
  type TeamDetail,
  type TeamGame,
  type TeamType,
  type User,
} from '@guildhall/contract';
import type { FieldRules } from '@/lib/contract-form';
import type { FieldOf } from '@/lib/form-errors';

/** A role as the form holds it until saved; `key` is its id, or `tmp-<n>` for a new role. */
export interface RoleDraft {
  key: string;
  role: string;
  members: User[];
  /** Its members manage the team's events. */
  manages: boolean;
}

/** A team being created or edited: nothing reaches the server before it is saved. */
export interface TeamDraft {
  name: string;
  icon: string;
  type: TeamType | '';
  game: TeamGame | '';
  roles: RoleDraft[];
}

/** A new team starts empty; an edited one from the server's answer, members included. */
export function draftOf(team?: TeamDetail): TeamDraft {
  if (!team) return { name: '', icon: '', type: '', game: '', roles: [] };
  return {
    name: team.name,
    icon: team.icon,
    type: team.type,
    game: team.game ?? '',
    roles: team.roles.map((role) => ({
      key: role._id,
      role: role.role,
      members: role.members,
      manages: role.manages,
    })),
  };
}

export const TEMPORARY_ROLE_PREFIX = 'tmp-';

/** Whether the role exists on the server already (a temporary key is not an id). */
export const isSavedRole = (role: RoleDraft): boolean => ID_PATTERN.test(role.key);

/** The body a draft makes; its type stays empty until one is chosen, which the contract refuses. */
export type TeamDraftBody = Omit<TeamBody, 'type'> & { type: TeamType | '' };

/**
 * The body of POST and PUT /api/teams. A role keeps its `_id` only when it is a real one: new
 * roles go without, and the server creates them. A transversal team has no game.
 */
export function bodyOf(draft: TeamDraft): TeamDraftBody {
  return {
    name: draft.name.trim(),
    icon: draft.icon,
    type: draft.type,
    game: draft.type === 'esport' && draft.game ? draft.game : null,
    roles: draft.roles.map((role) => ({
      ...(isSavedRole(role) && { _id: role.key }),
      role: role.role.trim(),
      members: role.members.map((member) => member._id),
      manages: role.manages,
    })),
  };
}

/**
 * Where the form shows what is wrong with a body: `roles.1.role` on the role's name, and a
 * complaint about one member of a role (`roles.1.members.3`) or its id on the role's members and
 * name.
 */
export const teamFieldOf: FieldOf = ([field = '', index, part]) =>
  field === 'roles' && index !== undefined
    ? `roles.${index}.${part === 'members' ? 'members' : 'role'}`
    : field;

/** How the form checks a draft with the contract's rules of a team, and says what is wrong. */
export const TEAM_RULES = {
  fieldOf: teamFieldOf,
  problems: {
    icon: { empty: 'admin_settings.teams.form.problems.icon_required' },
    game: { empty: 'admin_settings.teams.form.problems.game_required' },
    'roles.*.role': {
      empty: 'admin_settings.teams.form.problems.role_required',
      invalid: 'admin_settings.teams.form.problems.role_duplicate',
    },
  },
} satisfies FieldRules;
