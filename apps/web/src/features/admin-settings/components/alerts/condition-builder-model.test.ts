import { describe, expect, it } from 'vitest';
import { type BuilderCondition, readBuilder, writeBuilder } from './condition-builder-model';

describe('the condition builder’s text', () => {
  it.each<[BuilderCondition, string]>([
    [{ combinator: 'and', criteria: [] }, 'true'],
    [{ combinator: 'and', criteria: [{ kind: 'roles', values: ['guest'] }] }, 'role == "guest"'],
    [
      { combinator: 'and', criteria: [{ kind: 'roles', values: ['guest', 'invited'] }] },
      'role in ("guest", "invited")',
    ],
    [
      {
        combinator: 'and',
        criteria: [
          { kind: 'teams', values: ['Guildhall LoL', 'Bureau'] },
          { kind: 'adhesion', value: false },
        ],
      },
      '("Guildhall LoL" in teams or "Bureau" in teams) and not adhesion',
    ],
    [
      {
        combinator: 'or',
        criteria: [
          { kind: 'team_roles', values: ['Coachs', 'Joueurs'] },
          { kind: 'profile_complete', value: true },
        ],
      },
      '"Coachs" in team_roles or "Joueurs" in team_roles or profile_complete',
    ],
    [
      { combinator: 'and', criteria: [{ kind: 'teams', values: ['Les "Hiboux" \\ 2'] }] },
      '"Les \\"Hiboux\\" \\\\ 2" in teams',
    ],
  ])('writes %j as %s, and reads it back', (builder, text) => {
    expect(writeBuilder(builder)).toBe(text);
    expect(writeBuilder(readBuilder(text)!)).toBe(text);
  });

  it('leaves out a criterion with nothing picked', () => {
    expect(
      writeBuilder({
        combinator: 'and',
        criteria: [
          { kind: 'roles', values: [] },
          { kind: 'adhesion', value: true },
        ],
      }),
    ).toBe('adhesion');
  });

  it('reads alternatives of one kind joined by or as one criterion', () => {
    expect(readBuilder('role == "guest" or role == "user" or "Bureau" in teams')).toEqual({
      combinator: 'or',
      criteria: [
        { kind: 'roles', values: ['guest', 'user'] },
        { kind: 'teams', values: ['Bureau'] },
      ],
    });
  });

  it.each([
    'member_days < 30',
    'role == "guest" and adhesion or profile_complete',
    'role == "guest" and role == "user"',
    'role == "moderator"',
    'not role == "guest"',
    '"valorant" in games',
    'role != "guest"',
    '("Bureau" in teams and "A" in teams) or adhesion',
    'adhesion == true',
    'true and adhesion',
    '"x\\y" in teams',
  ])('cannot show %s', (text) => {
    expect(readBuilder(text)).toBeUndefined();
  });
});
