import { describe, expect, it } from 'vitest';
import { contractProblems } from '@/lib/contract-form';
import { buildTeamDetail, summaryOf } from '@/test/team-fixtures';
import {
  addRule,
  bodySchemaOf,
  canAddRule,
  createBodyOf,
  draftOf,
  type PasswordDraft,
  type PasswordFormMode,
  rolesInTeamOrder,
  updateBodyOf,
} from './password-draft';

const lol = '7ea000000000000000000101';
const staff = '7ea000000000000000000102';

describe('password draft', () => {
  it('adds a rule only with a team and at least one role', () => {
    expect(canAddRule({ teamId: '', roles: [] })).toBe(false);
    expect(canAddRule({ teamId: '', roles: ['Joueurs'] })).toBe(false);
    expect(canAddRule({ teamId: lol, roles: [] })).toBe(false);
    expect(canAddRule({ teamId: lol, roles: ['Joueurs'] })).toBe(true);
  });

  it('appends a rule on create, and replaces the same team’s rule in its place on edit', () => {
    const rules = [
      { teamId: lol, roles: ['Joueurs'] },
      { teamId: staff, roles: ['Managers'] },
    ];
    const coaches = { teamId: lol, roles: ['Coachs'] };

    expect(addRule(rules, coaches, 'create')).toEqual([...rules, coaches]);
    expect(addRule(rules, coaches, 'edit')).toEqual([coaches, rules[1]]);
    const other = { teamId: '7ea000000000000000000103', roles: ['Staff'] };
    expect(addRule(rules, other, 'edit')).toEqual([...rules, other]);
    // The rules given are left as they were.
    expect(rules).toHaveLength(2);
  });

  it('keeps the ticked roles in the team’s order', () => {
    const team = summaryOf(
      buildTeamDetail({ roles: [{ role: 'Joueurs' }, { role: 'Coachs' }, { role: 'Staff' }] }),
    );
    expect(rolesInTeamOrder(team, ['Staff', 'Joueurs'])).toEqual(['Joueurs', 'Staff']);
  });

  it('needs a password to create only', () => {
    const required = 'forms.problems.required';
    const check = (draft: PasswordDraft, mode: PasswordFormMode) =>
      contractProblems(
        bodySchemaOf(mode),
        (mode === 'create' ? createBodyOf : updateBodyOf)(draft),
      );
    const draft = { ...draftOf(), network: ' Twitch ', account: 'hiboux' };
    expect(check(draft, 'create')).toEqual({ password: required });
    expect(check({ ...draft, password: '   ' }, 'create')).toEqual({ password: required });
    expect(check(draft, 'edit')).toEqual({});
    expect(check(draftOf(), 'edit')).toEqual({ network: required, account: required });
  });

  it('sends the password as typed, and on edit only when it is not blank', () => {
    const draft = {
      network: ' Twitch ',
      account: ' hiboux ',
      password: ' pass word ',
      accessRules: [{ teamId: lol, roles: ['Joueurs'] }],
    };
    expect(createBodyOf(draft)).toEqual({
      network: 'Twitch',
      account: 'hiboux',
      password: ' pass word ',
      accessRules: draft.accessRules,
    });
    expect(updateBodyOf(draft)).toMatchObject({ password: ' pass word ' });
    expect(updateBodyOf({ ...draft, password: '  ' })).toEqual({
      network: 'Twitch',
      account: 'hiboux',
      accessRules: draft.accessRules,
    });
  });
});
