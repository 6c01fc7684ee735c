import type { UserRow } from '../db/schema.js';

/** Creating, editing, deleting alerts, listing them all and previewing conditions. */
export const canManageAlerts = (viewer: Pick<UserRow, 'role'>): boolean => viewer.role === 'admin';
