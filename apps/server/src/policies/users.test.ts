import { describe, expect, it } from 'vitest';
import {
  canDeleteMember,
  canEditConnections,
  canEditMemberProfile,
  canSeePrivateFields,
} from './users.js';

const member = (id: string, role: 'admin' | 'user' | 'guest' | 'invited') => ({ id, role });

describe('member policies', () => {
  it.each(['user', 'guest', 'invited'] as const)(
    'a %s sees and edits only its own record',
    (role) => {
      const viewer = member('a', role);
      expect(canSeePrivateFields(viewer, 'a')).toBe(true);
      expect(canSeePrivateFields(viewer, 'b')).toBe(false);
      expect(canEditConnections(viewer, 'a')).toBe(true);
      expect(canEditConnections(viewer, 'b')).toBe(false);
      expect(canEditMemberProfile(viewer)).toBe(false);
      expect(canDeleteMember(viewer)).toBe(false);
    },
  );

  it('an admin may do everything with any member', () => {
    const admin = member('a', 'admin');
    expect(canSeePrivateFields(admin, 'b')).toBe(true);
    expect(canEditConnections(admin, 'b')).toBe(true);
    expect(canEditMemberProfile(admin)).toBe(true);
    expect(canDeleteMember(admin)).toBe(true);
  });
});
