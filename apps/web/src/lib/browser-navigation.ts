/**
 * A full page load at `path`: the application starts again from scratch. Kept apart from the
 * router so that tests can replace it (jsdom cannot load pages).
 */
export function loadPage(path: string): void {
  window.location.assign(path);
}
