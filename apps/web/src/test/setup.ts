import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadTextsPart } from '@/i18n/i18n';
import { setMobileViewport, setSystemDark } from './viewport';

// Every language's texts are at hand, parts included, as the app has them once it has fetched
// them (English, and the admin screens' texts, come when first needed: i18n.ts).
await Promise.all([
  loadTextsPart('admin', ['fr', 'en']),
  loadTextsPart('members', ['fr', 'en']),
  loadTextsPart('events', ['fr', 'en']),
  loadTextsPart('points', ['fr', 'en']),
  loadTextsPart('profile', ['fr', 'en']),
]);

// Screens are loaded lazily: the first visit to one in a test file waits for its module to be
// transformed, which took over five seconds on a machine running other work. The limit only
// bounds a wait for what the user would see; a passing test never waits for it.
configure({ asyncUtilTimeout: 12_000 });

/*
 * A test that makes the application log console.error fails: React warnings, failed requests and
 * crashes must not scroll by unnoticed. A test that expects an error asserts it, then clears it
 * with `vi.mocked(console.error).mockClear()`.
 */
beforeEach(() => {
  // The browser reads French, as the browser tests' (Playwright's locale is fr-FR): the app then
  // starts in French until a test chooses (decision 052). A test of another browser spies again.
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'fr']);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // Expected chatter ("Vous n'êtes pas connecté"); tests can still assert on it.
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  const calls = [...vi.mocked(console.error).mock.calls];
  vi.restoreAllMocks();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  setMobileViewport(false);
  setSystemDark(false);
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-theme');
  if (calls.length > 0) {
    const logged = calls.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${logged}`);
  }
});

// jsdom cannot draw: its canvases give no context, as a browser that blocks canvas would (charts
// then stay out of the way instead of logging that they could not draw).
Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { value: () => null });

// Radix positions menus with a ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Radix toasts follow a swipe with pointer capture, which jsdom lacks too.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
