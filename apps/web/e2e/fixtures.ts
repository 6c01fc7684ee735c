import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Language, userSchema } from '@guildhall/contract';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { type GuildhallMode, type GuildhallServer, startWorkerServer } from './servers';
import { literalPattern, t } from './translations';

export { expect };

/** The data folder of this run (playwright.config.ts makes it; global-teardown.ts removes it). */
function runDataDir(): string {
  const dataDir = process.env.GUILDHALL_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('GUILDHALL_E2E_DATA_DIR is not set: run through playwright.config.ts');
  return dataDir;
}

interface TestFixtures {
  page: Page;
  /** The URL of the fake provider behind the test's Guildhall (POST /__control tells it what to do). */
  fakeProviderUrl: (provider: 'twitch' | 'discord') => string;
}

interface WorkerFixtures {
  /**
   * Which Guildhall the worker runs and its tests talk to (`baseURL`, `page`, `request`): a spec
   * about Discord sign-in says `test.use({ guildhall: 'discord' })`, and runs in a worker of its
   * own kind.
   */
  guildhall: GuildhallMode;
  server: GuildhallServer;
}

/**
 * Every test runs in a browser context of its own, made with browser.newContext() (which
 * @axe-core/playwright needs): no cookie or stored language leaks from one test to the next.
 * A spec grants browser permissions the usual way: `test.use({ permissions: ['clipboard-read'] })`.
 *
 * Every worker starts its own Guildhall, fakes and database before its first test and stops them
 * after its last (decision 063): the spec files a worker runs one after the other share them, the
 * other workers never see them.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  guildhall: ['local', { option: true, scope: 'worker' }],
  server: [
    async ({ guildhall }, use, workerInfo) => {
      const dataDir = join(runDataDir(), `worker-${workerInfo.workerIndex}`);
      const server = await startWorkerServer(guildhall, workerInfo.parallelIndex, dataDir);
      await use(server);
      await server.stop();
    },
    // A fresh database is made and migrated on a machine that may be busy (servers.ts gives up
    // after two minutes).
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  fakeProviderUrl: async ({ server }, use) => {
    await use((provider) => {
      const url = server.fakes[provider];
      if (!url) throw new Error(`no fake ${provider} behind this Guildhall`);
      return url;
    });
  },
  page: async ({ browser, baseURL, permissions }, use) => {
    const context = await browser.newContext({ baseURL, permissions });
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

const signedInMemberSchema = userSchema.pick({ _id: true, pseudo: true });

/**
 * Signs in through the API, as the landing page would, without clicking through it: the cookie
 * lands in the page's context (or in `request`'s own, for a member the test only needs to exist).
 * The first member of the fresh database becomes its admin. Returns the member's id and pseudo.
 */
export async function signIn(
  page: Page | { request: APIRequestContext },
  pseudo: string,
): Promise<{ _id: string; pseudo: string }> {
  const response = await page.request.post('/auth/local', { data: { pseudo } });
  expect(response.status(), await response.text()).toBe(200);
  return signedInMemberSchema.parse(await response.json());
}

/** The pseudo the browser tests' server always makes admin (LOCAL_ADMIN_PSEUDOS, playwright.config.ts). */
export const ADMIN_PSEUDO = 'e2e-admin';

/** Signs in as an admin, whichever member signed in first. */
export function signInAsAdmin(page: Page): Promise<{ _id: string; pseudo: string }> {
  return signIn(page, ADMIN_PSEUDO);
}

/** Loads the application in `language`, as a visitor who chose it on an earlier visit. */
export async function openIn(page: Page, language: string, path: string): Promise<void> {
  await page.addInitScript((chosen) => {
    // Only on the first load, so that the test can still switch language afterwards.
    if (!sessionStorage.getItem('e2e.language-set')) {
      localStorage.setItem('guildhall.lang', chosen);
      sessionStorage.setItem('e2e.language-set', '1');
    }
  }, language);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/**
 * The region of the toasts. Its name is our translation with Radix's `{hotkey}` filled in by
 * Radix itself, so the name is matched up to that placeholder.
 */
export function toastRegion(page: Page, language: Language = 'fr'): Locator {
  const [label = ''] = t(language, 'toast.viewport_label').split('{hotkey}');
  return page.getByRole('region', { name: new RegExp(`^${literalPattern(label)}`) });
}

/** A toast saying `text` (and not the hidden copy Radix reads out to screen readers). */
export function toast(page: Page, text: string, language: Language = 'fr'): Locator {
  return toastRegion(page, language).getByText(text, { exact: true });
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
