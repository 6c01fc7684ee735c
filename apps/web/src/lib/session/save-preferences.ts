import type { Preferences, PreferencesBody } from '@guildhall/contract';
import { apiRequest } from '@/lib/api-client';

/**
 * PUT /api/user/preferences: the signed-in member's own choices, those the body names (the look,
 * whether everyone sees its real name); the answer holds them all.
 */
export function savePreferences(body: PreferencesBody): Promise<Preferences> {
  return apiRequest('/api/user/preferences', { method: 'PUT', body, schema: 'preferencesSchema' });
}
