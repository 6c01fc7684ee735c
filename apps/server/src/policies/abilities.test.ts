import { ABILITIES, ROLES } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { abilitiesOf, can, canOnMember, canSortMembersBy } from './abilities.js';

const member = (id: string, role: (typeof ROLES)[number]) => ({ id, role });

describe('abilities', () => {
  it.each(['user', 'guest', 'invited'] as const)(
    'a %s sees and edits only its own record, and manages nothing',
    (role) => {
      const viewer = member('a', role);
      expect(canOnMember(viewer, 'read:member-private', 'a')).toBe(true);
      expect(canOnMember(viewer, 'read:member-private', 'b')).toBe(false);
      expect(canOnMember(viewer, 'edit:connections', 'a')).toBe(true);
      expect(canOnMember(viewer, 'edit:connections', 'b')).toBe(false);
      for (const ability of ABILITIES.filter((name) => !name.endsWith(':self'))) {
        expect(can(viewer, ability), ability).toBe(false);
      }
      expect(canSortMembersBy(viewer, '-birthday')).toBe(false);
      expect(canSortMembersBy(viewer, 'pseudo')).toBe(true);
    },
  );

  it('an admin may do everything with any member', () => {
    const admin = member('a', 'admin');
    expect(abilitiesOf(admin)).toEqual(ABILITIES);
    expect(canOnMember(admin, 'read:member-private', 'b')).toBe(true);
    expect(canOnMember(admin, 'edit:connections', 'b')).toBe(true);
    expect(canSortMembersBy(admin, 'birthday')).toBe(true);
  });

  it("gives a team's manager the team events, and nothing else beyond its role", () => {
    for (const role of ['user', 'guest', 'invited'] as const) {
      expect(abilitiesOf({ role }, { managesATeam: true })).toEqual([
        ...abilitiesOf({ role }),
        'manage:team-events',
      ]);
      expect(abilitiesOf({ role }, { managesATeam: false })).toEqual(abilitiesOf({ role }));
    }
    expect(abilitiesOf({ role: 'admin' }, { managesATeam: true })).toEqual(ABILITIES);
  });

  it('gives every role a list of known abilities', () => {
    for (const role of ROLES) {
      for (const ability of abilitiesOf({ role })) expect(ABILITIES).toContain(ability);
    }
  });
});
