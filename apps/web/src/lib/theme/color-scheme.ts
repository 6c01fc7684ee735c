import {
  DEFAULT_THEME_PREFERENCE,
  THEME_PREFERENCES,
  type ThemePreference,
} from '@guildhall/contract/constants';
import { useSyncExternalStore } from 'react';

/*
 * Light or dark: the member's preference (kept in this browser, and on the server for the member
 * once signed in), `system` following the device's setting as it changes. The resolved look is
 * written on <html> (`data-theme`, `color-scheme`) before the first paint, so that nothing flashes.
 */

/** The two looks of the app; `system` preferences resolve to one of them. */
export type ColorScheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'guildhall.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const isThemePreference = (value: unknown): value is ThemePreference =>
  THEME_PREFERENCES.some((preference) => preference === value);

/** The choice when storage is disabled: it lasts until the page is reloaded. */
let unstored: ThemePreference = DEFAULT_THEME_PREFERENCE;

function currentPreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : DEFAULT_THEME_PREFERENCE;
  } catch {
    return unstored;
  }
}

const systemScheme = (): ColorScheme =>
  typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';

const listeners = new Set<() => void>();

export function resolveScheme(chosen: ThemePreference): ColorScheme {
  return chosen === 'system' ? systemScheme() : chosen;
}

function apply(): void {
  const scheme = resolveScheme(currentPreference());
  const root = document.documentElement;
  root.dataset.theme = scheme;
  root.style.colorScheme = scheme;
}

function notify(): void {
  apply();
  for (const listener of listeners) listener();
}

/** Writes the remembered look on the document; main.tsx calls it before React renders. */
export function applyStoredScheme(): void {
  apply();
  if (typeof matchMedia === 'function') {
    matchMedia(DARK_QUERY).addEventListener('change', () => {
      if (currentPreference() === 'system') notify();
    });
  }
}

/** Changes the look at once and remembers the choice in this browser. */
export function setThemePreference(next: ThemePreference): void {
  if (next === currentPreference()) return;
  unstored = next;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Without storage the choice lasts until the page is reloaded (`unstored`).
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The member's preference and the look it resolves to now, re-rendering when either changes. */
export function useColorScheme(): { preference: ThemePreference; scheme: ColorScheme } {
  const preference = useSyncExternalStore(subscribe, currentPreference);
  const scheme = useSyncExternalStore(subscribe, () => resolveScheme(currentPreference()));
  return { preference, scheme };
}
