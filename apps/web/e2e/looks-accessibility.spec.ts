import { LANGUAGES } from '@guildhall/contract';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  signInAsAdmin,
  test,
  uniquePseudo,
} from './fixtures';
import { t } from './translations';

/*
 * The light look on a desktop is what every other accessibility spec checks (the Points tab and a
 * profile's badges and activity: screens-accessibility.spec.ts). Here: the dark look
 * on a desktop and on a phone, and the light look on a phone, for the main screens in both
 * languages (axe's WCAG 2.1 A and AA rules, contrast included), and the look switch itself.
 */

// The file's tests are independent (each signs in a member of its own): they are shared between
// the workers, rather than run one after another in one, for the file is the longest of the suite.
test.describe.configure({ mode: 'parallel' });

const LOOKS = [
  { name: 'dark, desktop', colorScheme: 'dark', viewport: { width: 1366, height: 900 } },
  { name: 'dark, phone', colorScheme: 'dark', viewport: { width: 390, height: 844 } },
  { name: 'light, phone', colorScheme: 'light', viewport: { width: 390, height: 844 } },
] as const;

/** Each screen, and what shows it is there. */
const SCREENS: {
  name: string;
  path: string;
  admin?: boolean;
  ready: (page: Page) => Promise<void>;
}[] = [
  {
    name: 'the dashboard',
    path: '/dashboard',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'the account settings',
    path: '/settings/profile',
    ready: (page) => expect(page.locator('form input[name="pseudo"]')).toBeVisible(),
  },
  {
    name: 'the members list',
    path: '/users/list',
    admin: true,
    ready: (page) => expect(page.getByRole('table')).toBeVisible(),
  },
  {
    name: 'the leaderboard',
    path: '/leaderboard',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  ...['organization', 'alerts', 'teams', 'passwords', 'discord', 'points'].map((tab) => ({
    name: `the ${tab} tab`,
    path: `/settings/organization?tab=${tab}`,
    admin: true,
    ready: (page: Page) => expect(page.getByRole('tabpanel')).toBeVisible(),
  })),
];

for (const language of LANGUAGES) {
  for (const look of LOOKS) {
    test.describe(`accessibility in ${language}, ${look.name}`, () => {
      test.use({ colorScheme: look.colorScheme, viewport: look.viewport });

      test('the landing page', async ({ page }) => {
        await openIn(page, language, '/');
        await expect(page.locator('html')).toHaveAttribute('data-theme', look.colorScheme);
        await expect(page.locator('form input[name="pseudo"]')).toBeVisible();
        await expectNoAccessibilityViolations(page);
      });

      test('the signed-in screens', async ({ page }) => {
        test.slow();
        let admin = false;
        await signIn(page, uniquePseudo(`looks-${language}`));
        for (const screen of SCREENS) {
          await test.step(screen.name, async () => {
            if (screen.admin && !admin) {
              await signInAsAdmin(page);
              admin = true;
            }
            await openIn(page, language, screen.path);
            await expect(page.locator('html')).toHaveAttribute('data-theme', look.colorScheme);
            await screen.ready(page);
            await expect(
              page.getByRole('status', { name: t(language, 'app.loading') }),
            ).toHaveCount(0);
            await expectNoAccessibilityViolations(page);
          });
        }
      });
    });
  }
}

test.describe('the look switch', () => {
  test('follows the device, then the member’s choice, on every device the member signs in on', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const pseudo = uniquePseudo('looks-switch');
    await signIn(page, pseudo);
    await openIn(page, 'fr', '/dashboard');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    await page.getByRole('button', { name: t('fr', 'header.theme.switch_to_dark') }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(
      page.getByRole('button', { name: t('fr', 'header.theme.switch_to_light') }),
    ).toBeVisible();

    // Another browser, light by its own setting, signed in as the same member: dark too.
    const other = await browser.newContext({ baseURL, colorScheme: 'light' });
    const otherPage = await other.newPage();
    await signIn(otherPage, pseudo);
    await openIn(otherPage, 'fr', '/dashboard');
    await expect(otherPage.locator('html')).toHaveAttribute('data-theme', 'dark');
    await other.close();
  });

  test('closes the phone menu with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, uniquePseudo('looks-menu'));
    await openIn(page, 'fr', '/dashboard');
    await page.getByRole('button', { name: t('fr', 'header.toggle_menu') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: t('fr', 'header.toggle_menu') })).toBeFocused();
  });
});
