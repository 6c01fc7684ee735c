/*
 * Inter (styles/fonts.css) never competes with the first screen's code for the network: on a
 * first visit the page shows in the device's font and Inter comes once the page has loaded, into
 * the cache; from the next visit on, it is declared at once and shows from the first paint
 * (`font-display: optional` keeps a late font from redrawing the page). Decision 032.
 */

import { whenPageSettled } from '@/lib/when-page-settled';

const CACHED_KEY = 'guildhall.font-cached';

const loadStyleSheet = () => import('@/styles/fonts.css');

function remembered(): boolean {
  try {
    return localStorage.getItem(CACHED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Declares the font now if an earlier visit cached it, else once the page has loaded. */
export function loadWebFont(): void {
  if (remembered()) {
    loadStyleSheet().catch(() => undefined);
    return;
  }
  whenPageSettled(() => {
    loadStyleSheet()
      .then(() => document.fonts.load('1em "Inter Variable"'))
      .then((faces) => {
        if (faces.length > 0) localStorage.setItem(CACHED_KEY, '1');
      })
      // Without the font (offline, storage refused) the device's font serves.
      .catch(() => undefined);
  });
}
