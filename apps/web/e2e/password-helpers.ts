import {
  type PasswordCreate,
  passwordEntrySchema,
  type TeamBody,
  teamDetailSchema,
} from '@guildhall/contract';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** The passwords specs' own data, made through the API by a signed-in admin and removed after. */

/** A transversal team whose 'Staff' role holds `memberIds`. Returns its id. */
export async function createStaffTeam(
  admin: APIRequestContext,
  name: string,
  memberIds: string[],
): Promise<string> {
  const body: TeamBody = {
    name,
    icon: 'trophy',
    type: 'transversal',
    roles: [{ role: 'Staff', members: memberIds }],
  };
  const response = await admin.post('/api/teams', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return teamDetailSchema.parse(await response.json())._id;
}

/** A password of the vault. Returns its id. */
export async function createPassword(
  admin: APIRequestContext,
  body: PasswordCreate,
): Promise<string> {
  const response = await admin.post('/api/password', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return passwordEntrySchema.parse(await response.json())._id;
}

/** The id of the password of `network`, as the admin's list has it. */
export async function passwordIdOf(admin: APIRequestContext, network: string): Promise<string> {
  const response = await admin.get('/api/password');
  expect(response.status()).toBe(200);
  const entry = passwordEntrySchema
    .array()
    .parse(await response.json())
    .find((candidate) => candidate.network === network);
  if (!entry) throw new Error(`No password for ${network}`);
  return entry._id;
}

/** Deletes what a test made, whether it passed or not: other specs must not see it. */
export async function removePasswordData(
  admin: APIRequestContext,
  {
    passwordIds = [],
    teamIds = [],
  }: { passwordIds?: (string | undefined)[]; teamIds?: (string | undefined)[] },
): Promise<void> {
  for (const id of passwordIds) if (id) await admin.delete(`/api/password/${id}`);
  for (const id of teamIds) if (id) await admin.delete(`/api/teams/${id}`);
}

/** A password no other test uses, so that finding it in the clipboard proves the copy. */
export function uniqueSecret(): string {
  return `s3cret-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
