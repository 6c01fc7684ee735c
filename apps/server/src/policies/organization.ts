import type { UserRow } from '../db/schema.js';

/** Branding: name, contact, colours, links and logo. */
export const canManageOrganization = (viewer: Pick<UserRow, 'role'>): boolean =>
  viewer.role === 'admin';
