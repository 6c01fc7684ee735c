import type { SessionUser } from '@guildhall/contract';

/*
 * What the interface offers to a member. These only hide what the server would refuse anyway:
 * the server decides.
 */

export const isAdmin = (user: SessionUser): boolean => user.role === 'admin';

/** Whether at least one vault entry is open to the member (the server counts them). */
export const canSeePasswords = (user: SessionUser): boolean => user.password_count > 0;
