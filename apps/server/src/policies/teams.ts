import type { UserRow } from '../db/schema.js';

/** Creating, editing and deleting teams, their roles and members. */
export const canManageTeams = (viewer: Pick<UserRow, 'role'>): boolean => viewer.role === 'admin';
