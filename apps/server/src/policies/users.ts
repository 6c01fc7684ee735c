import type { UserRow } from '../db/schema.js';

/*
 * Who may do what with member records. Pure functions: the routes ask, the services act.
 */

type Viewer = Pick<UserRow, 'id' | 'role'>;

const isAdmin = (viewer: Viewer) => viewer.role === 'admin';
const isSelf = (viewer: Viewer, targetId: string) => viewer.id === targetId;

/** Email, address, zip code, town and birthday of a member. */
export const canSeePrivateFields = (viewer: Viewer, targetId: string): boolean =>
  isAdmin(viewer) || isSelf(viewer, targetId);

/** The admin's edit form: profile fields, role, team, adhesion. */
export const canEditMemberProfile = (viewer: Viewer): boolean => isAdmin(viewer);

/** Game login lists and disconnecting social accounts. */
export const canEditConnections = (viewer: Viewer, targetId: string): boolean =>
  isAdmin(viewer) || isSelf(viewer, targetId);

export const canDeleteMember = (viewer: Viewer): boolean => isAdmin(viewer);

/** Sorting by a private field would reveal its order (and, by probing, its values). */
export const canSortBy = (viewer: Viewer, sort: string): boolean =>
  isAdmin(viewer) || sort.replace(/^-/, '') !== 'birthday';
