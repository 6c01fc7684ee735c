import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/**
 * Every test runs in a browser context of its own, made with browser.newContext() (which
 * @axe-core/playwright needs): no cookie or stored language leaks from one test to the next.
 */
export const test = base.extend<{ page: Page }>({
  page: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

/** A pseudo no other test uses, so that each test makes its own member. */
export function uniquePseudo(prefix: string): string {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${prefix}-${suffix}`.slice(0, 32);
}

/**
 * Signs in through the API, as the landing page would, without clicking through it: the cookie
 * lands in the page's context. The first member of the fresh database becomes its admin.
 */
export async function signIn(page: Page, pseudo: string): Promise<void> {
  const response = await page.request.post('/auth/local', { data: { pseudo } });
  expect(response.status(), await response.text()).toBe(200);
}

/** No violation of WCAG 2.1 A and AA that axe can detect, listed readably when there are some. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const readable = violations.map(({ id, help, nodes }) => ({
    id,
    help,
    targets: nodes.map((node) => node.target.join(' ')),
  }));
  expect(readable).toEqual([]);
}
