import { teamBodySchema } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { contractProblems } from '@/lib/contract-form';
import { serverIssuesOf } from '@/lib/form-errors';
import { buildUsers } from '@/test/fixtures';
import { buildTeamDetail } from '@/test/team-fixtures';
import { bodyOf, draftOf, TEAM_RULES, type TeamDraft, teamFieldOf } from './team-draft';

const [ada, grace] = buildUsers(2);

/** What the form says is wrong with a draft, as translation keys. */
const checkDraft = (draft: TeamDraft) =>
  contractProblems(teamBodySchema, bodyOf(draft), TEAM_RULES);
const problem = (name: string) => `admin_settings.teams.form.problems.${name}`;

const valid: TeamDraft = {
  name: ' Hiboux ',
  icon: 'swords',
  type: 'esport',
  game: 'valorant',
  roles: [{ key: 'tmp-1', role: ' Joueurs ', members: [ada!], manages: true }],
};

describe('team draft', () => {
  it('asks for a name, an icon, a type, and a game for an esport team', () => {
    expect(checkDraft(draftOf())).toEqual({
      name: 'forms.problems.required',
      icon: problem('icon_required'),
      type: 'forms.problems.required',
    });
    expect(checkDraft({ ...valid, game: '' })).toEqual({ game: problem('game_required') });
    expect(checkDraft({ ...valid, type: 'transversal', game: '' })).toEqual({});
  });

  it('asks for a name for each role, different from the others whatever the case', () => {
    const roles = [
      { key: 'tmp-1', role: 'Joueurs', members: [], manages: false },
      { key: 'tmp-2', role: '  ', members: [], manages: false },
      { key: 'tmp-3', role: ' joueurs', members: [], manages: false },
    ];
    expect(checkDraft({ ...valid, roles })).toEqual({
      'roles.1.role': problem('role_required'),
      'roles.2.role': problem('role_duplicate'),
    });
  });

  it('sends real role ids only, member ids, whether each role manages the team, and no game for a transversal team', () => {
    const team = buildTeamDetail({ roles: [{ role: 'Coachs', members: [grace!] }] });
    const draft = draftOf(team);
    draft.roles.push(...valid.roles);

    expect(bodyOf(draft)).toEqual({
      name: team.name,
      icon: team.icon,
      type: 'esport',
      game: 'leagueoflegends',
      roles: [
        { _id: team.roles[0]!._id, role: 'Coachs', members: [grace!._id], manages: false },
        { role: 'Joueurs', members: [ada!._id], manages: true },
      ],
    });
    expect(bodyOf({ ...valid, type: 'transversal', game: 'valorant' })).toMatchObject({
      name: 'Hiboux',
      type: 'transversal',
      game: null,
    });
  });

  it('places what the server found wrong on the form', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid body', [
      { path: 'body.name', message: 'is required', code: 'too_small' },
      { path: 'body.roles.1.role', message: 'is already a role of this team', code: 'custom' },
      {
        path: 'body.roles.0.members.2',
        message: 'no member has the id x',
        code: 'unknown_reference',
      },
      {
        path: 'body.roles.0.members.3',
        message: 'no member has the id y',
        code: 'unknown_reference',
      },
      { path: 'query.page', message: 'ignored', code: 'invalid_type' },
    ]);
    expect(serverIssuesOf(error, teamFieldOf)).toEqual({
      name: expect.objectContaining({ code: 'too_small' }),
      'roles.1.role': expect.objectContaining({ code: 'custom' }),
      'roles.0.members': expect.objectContaining({ message: 'no member has the id x' }),
    });
    expect(serverIssuesOf(new Error('boom'), teamFieldOf)).toEqual({});
  });
});
