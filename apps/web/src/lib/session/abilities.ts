import type { SessionUser } from '@guildhall/contract';

/*
 * What the interface offers to a member. These only hide what the server would refuse anyway:
 * the server decides.
 */

export const isAdmin = (user: SessionUser): boolean => user.role === 'admin';
