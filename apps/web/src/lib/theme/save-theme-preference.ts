import type { ThemePreference } from '@guildhall/contract';
import { useCallback } from 'react';
import { setThemePreference } from './color-scheme';

/**
 * Changes the member's look at once. (Kept in this browser; the member's account keeps it too
 * once signed in, so that every device opens in the same look.)
 */
export function useSaveThemePreference(): (preference: ThemePreference) => void {
  return useCallback((preference: ThemePreference) => setThemePreference(preference), []);
}
