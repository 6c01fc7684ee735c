import {
  ID_PATTERN,
  type TeamBody,
  type TeamDetail,
  type TeamGame,
  type TeamType,
  type User,
} from '@guildhall/contract';
import { ApiError } from '@/lib/api-client';

/** A role as the form holds it until saved; `key` is its id, or `tmp-<n>` for a new role. */
export interface RoleDraft {
  key: string;
  role: string;
  members: User[];
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
    roles: team.roles.map((role) => ({ key: role._id, role: role.role, members: role.members })),
  };
}

export const TEMPORARY_ROLE_PREFIX = 'tmp-';

/** Whether the role exists on the server already (a temporary key is not an id). */
export const isSavedRole = (role: RoleDraft): boolean => ID_PATTERN.test(role.key);

export type DraftProblem =
  'required' | 'icon_required' | 'game_required' | 'role_required' | 'role_duplicate';

/**
 * What keeps the draft from being saved, keyed like the form's controls: `name`, `icon`, `type`,
 * `game`, `roles.<index>.role`. The server checks the same rules again.
 */
export function checkDraft(draft: TeamDraft): Partial<Record<string, DraftProblem>> {
  const problems: Partial<Record<string, DraftProblem>> = {};
  if (!draft.name.trim()) problems.name = 'required';
  if (!draft.icon) problems.icon = 'icon_required';
  if (!draft.type) problems.type = 'required';
  if (draft.type === 'esport' && !draft.game) problems.game = 'game_required';
  const seen = new Set<string>();
  draft.roles.forEach((role, index) => {
    const name = role.role.trim().toLowerCase();
    if (!name) problems[`roles.${index}.role`] = 'role_required';
    else if (seen.has(name)) problems[`roles.${index}.role`] = 'role_duplicate';
    seen.add(name);
  });
  return problems;
}

/**
 * The body of POST and PUT /api/teams. A role keeps its `_id` only when it is a real one: new
 * roles go without, and the server creates them. A transversal team has no game.
 */
export function bodyOf(draft: TeamDraft): TeamBody {
  if (!draft.type) throw new Error('bodyOf needs a checked draft');
  return {
    name: draft.name.trim(),
    icon: draft.icon,
    type: draft.type,
    game: draft.type === 'esport' && draft.game ? draft.game : null,
    roles: draft.roles.map((role) => ({
      ...(isSavedRole(role) && { _id: role.key }),
      role: role.role.trim(),
      members: role.members.map((member) => member._id),
    })),
  };
}

/**
 * What the server found wrong, keyed like checkDraft's problems: `body.roles.1.role` becomes
 * `roles.1.role`, and a complaint about one member of a role (`body.roles.1.members.3`) goes to
 * the role's members, `roles.1.members`. The first complaint about a place wins.
 */
export function serverProblems(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof ApiError)) return {};
  const problems: Partial<Record<string, string>> = {};
  for (const { path, message } of error.issues) {
    const [where, ...rest] = path.split('.');
    if (where !== 'body' || rest.length === 0) continue;
    const [field, index, part] = rest;
    const key =
      field === 'roles' && index !== undefined
        ? `roles.${index}.${part === 'members' ? 'members' : 'role'}`
        : (field ?? '');
    problems[key] ??= message;
  }
  return problems;
}
