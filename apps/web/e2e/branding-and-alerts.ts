import {
  type Alert,
  type AlertBody,
  alertSchema,
  alertsSchema,
  type Organization,
  organizationSchema,
  type OrganizationUpdate,
} from '@guildhall/contract';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/*
 * API helpers for the branding and alerts specs. The spec files one worker runs share its server
 * and database (decision 063): an alert another spec could see must target members of this spec
 * only, and go at the end; the colours go back to what they were.
 */

/** A valid 1x1 PNG, as an admin's image file would be. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The condition that shows an alert to these members and nobody else. */
export const onlyFor = (...pseudos: string[]) =>
  `pseudo in (${pseudos.map((pseudo) => JSON.stringify(pseudo)).join(', ')})`;

export async function createAlert(admin: APIRequestContext, body: AlertBody): Promise<Alert> {
  const response = await admin.post('/api/alerts', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return alertSchema.parse(await response.json());
}

/** Deletes the alerts whose condition names `pseudo`: what a spec made, even if it failed. */
export async function deleteAlertsFor(admin: APIRequestContext, pseudo: string): Promise<void> {
  const response = await admin.get('/api/alerts?all=1');
  expect(response.status(), await response.text()).toBe(200);
  const alerts = alertsSchema.parse(await response.json());
  for (const alert of alerts.filter(({ condition }) => condition.includes(pseudo))) {
    const deleted = await admin.delete(`/api/alerts/${alert._id}`);
    expect([204, 404]).toContain(deleted.status());
  }
}

export async function getOrganization(request: APIRequestContext): Promise<Organization> {
  const response = await request.get('/api/organization');
  expect(response.status()).toBe(200);
  return organizationSchema.parse(await response.json());
}

/** Puts the organisation back as it was (an empty contact email cannot be saved: one stands in). */
export async function restoreOrganization(
  admin: APIRequestContext,
  saved: Organization,
): Promise<void> {
  const body: OrganizationUpdate = {
    name: saved.name,
    email: saved.email || 'contact@guildhall.example',
    primary_color: saved.primary_color,
    secondary_color: saved.secondary_color,
    background_color: saved.background_color,
    website: saved.website,
    twitch: saved.twitch,
    twitter: saved.twitter,
    instagram: saved.instagram,
    facebook: saved.facebook,
  };
  const response = await admin.put('/api/organization', { data: body });
  expect(response.status(), await response.text()).toBe(200);
}

/** Makes a member a guest or a user, as the admin's edit form would. */
export async function setRole(
  admin: APIRequestContext,
  member: { _id: string; pseudo: string },
  role: 'guest' | 'user',
): Promise<void> {
  const response = await admin.put(`/api/users/${member._id}`, {
    data: {
      name: 'Hopper',
      surname: 'Grace',
      pseudo: member.pseudo,
      birthday: '1986-12-09',
      email: `${member.pseudo}@example.org`,
      role,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}
