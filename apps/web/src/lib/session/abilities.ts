import { mayOnMember, type Ability, type MemberAction } from '@guildhall/contract/abilities';
import type { SessionUser } from '@guildhall/contract/user';

/*
 * What the interface offers to a member: exactly the abilities the server sent with the session
 * (docs/permissions.md). These only hide what the server would refuse anyway: the server decides.
 */

export const can = (user: SessionUser, ability: Ability): boolean =>
  user.abilities.includes(ability);

/** Whether the member may do `action` on the record of the member `targetId`. */
export const canOnMember = (user: SessionUser, action: MemberAction, targetId: string): boolean =>
  mayOnMember(user.abilities, action, user._id === targetId);

/** The organisation's settings: the page opens with any of its tabs' abilities. */
export const ADMIN_SETTINGS_ABILITIES = [
  'manage:organization',
  'manage:alerts',
  'manage:teams',
  'manage:passwords',
  'manage:discord',
  'manage:points',
] as const satisfies readonly Ability[];

export const canOpenAdminSettings = (user: SessionUser): boolean =>
  ADMIN_SETTINGS_ABILITIES.some((ability) => can(user, ability));

/** Whether at least one password entry is open to the member (the server counts them). */
export const canSeePasswords = (user: SessionUser): boolean => user.password_count > 0;
