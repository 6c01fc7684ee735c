/*
 * Inter never competes with the first screen's code for the network (decision 032, addendum of
 * 2026-11-26). Its files are kept in the browser's Cache Storage: when they are there, they are
 * declared from there at once and show from the first paint; when they are not (a first visit,
 * or storage cleared), the device's font serves this visit and Inter is fetched into the store a
 * few seconds after the page has loaded, for the next one. What decides is whether the font is
 * at hand, not a note that it once was: a browser that dropped its cache but kept its local
 * storage would otherwise fetch 130 KB of font beside the first screen's code.
 *
 * Cache Storage exists on HTTPS and localhost only (Discord's sign-in needs one of them); without
 * it the device's font serves.
 */

import latinExtendedUrl from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url';
import latinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { whenPageSettled } from '@/lib/when-page-settled';

export const FONT_FAMILY = 'Inter Variable';
/** The store of the font's files; an entry of an older build (another file name) is dropped. */
export const FONT_CACHE = 'guildhall-font';

/** The two subsets French and English need, as @fontsource-variable/inter declares them. */
export const FONT_FACES = [
  {
    url: latinUrl,
    unicodeRange:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, ' +
      'U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  },
  {
    url: latinExtendedUrl,
    unicodeRange:
      'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, ' +
      'U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, ' +
      'U+2C60-2C7F, U+A720-A7FF',
  },
] as const;

/** The files of every subset from the store, or null when one is missing. */
async function storedFaces(store: Cache): Promise<ArrayBuffer[] | null> {
  const responses = await Promise.all(FONT_FACES.map(({ url }) => store.match(url)));
  const found = responses.filter((response): response is Response => response !== undefined);
  if (found.length < FONT_FACES.length) return null;
  return Promise.all(found.map((response) => response.arrayBuffer()));
}

/** Fetches every subset into the store (the HTTP cache may answer) and drops older files. */
async function storeFaces(store: Cache): Promise<void> {
  const current = new Set(FONT_FACES.map(({ url }) => new URL(url, window.location.href).href));
  await store.addAll(FONT_FACES.map(({ url }) => url));
  const stale = (await store.keys()).filter((request) => !current.has(request.url));
  await Promise.all(stale.map((request) => store.delete(request)));
}

/** Declares Inter from the store at once if it is there, else stores it once the page has loaded. */
export async function loadWebFont(): Promise<void> {
  if (typeof caches === 'undefined' || typeof FontFace === 'undefined') return;
  try {
    const store = await caches.open(FONT_CACHE);
    const files = await storedFaces(store);
    if (!files) {
      whenPageSettled(() => void storeFaces(store).catch(() => undefined));
      return;
    }
    files.forEach((file, index) => {
      // `optional`: should the store answer late, the page is never redrawn in another font.
      const face = new FontFace(FONT_FAMILY, file, {
        weight: '100 900',
        style: 'normal',
        display: 'optional',
        unicodeRange: FONT_FACES[index]?.unicodeRange,
      });
      document.fonts.add(face);
    });
  } catch {
    // Storage refused or full: the device's font serves.
  }
}
