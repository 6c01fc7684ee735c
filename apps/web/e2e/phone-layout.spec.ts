import { LANGUAGES } from '@guildhall/contract';
import type { Locator, Page } from '@playwright/test';
import { createAlert, deleteAlertsFor, onlyFor } from './branding-and-alerts';
import {
  ADMIN_PSEUDO,
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  signInAsAdmin,
  test,
  uniquePseudo,
} from './fixtures';
import { createPassword, removePasswordData, uniqueSecret } from './password-helpers';
import { t } from './translations';

/*
 * The long and wide screens on a phone (issue 31, decision 057): nothing widens the page, what a
 * member needs stays on screen, and long tabs show their outline first.
 */
const PHONE = { width: 390, height: 844 };

/** How wide the page is: wider than the phone, and it slides sideways under the member's thumb. */
const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

/** The member sees `target` whole on the screen, and nothing (a pinned column) lies over it. */
async function expectInReach(target: Locator) {
  await expect(target).toBeInViewport({ ratio: 1 });
  const uncovered = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && element.contains(top);
  });
  expect(uncovered).toBe(true);
}

test.use({ viewport: PHONE });

for (const language of LANGUAGES) {
  const text = (key: string, options?: Parameters<typeof t>[2]) => t(language, key, options);

  test.describe(`on a phone, in ${language}`, () => {
    test('the member list scrolls inside its own box, never the page', async ({ page }) => {
      // Another member first, for a list of several rows; then the admin, whose page it is.
      await signIn(page, uniquePseudo('narrow'));
      await signInAsAdmin(page);
      await openIn(page, language, '/users/list');
      const table = page.getByRole('table', { name: text('users.list.caption') });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await expectNoAccessibilityViolations(page);
    });

    test('a shared account reads whole, its copy button on screen', async ({ page }) => {
      await signInAsAdmin(page);
      const network = uniquePseudo('Riot Games');
      const account = `${uniquePseudo('guild')}@esport-club-officiel.example`;
      const entry = await createPassword(page.request, {
        network,
        account,
        password: uniqueSecret(),
        accessRules: [],
      });
      try {
        await openIn(page, language, '/passwords');
        const copy = page.getByRole('button', {
          name: text('passwords.copy_account', { network, account }),
        });
        await expectInReach(copy);
        await expectInReach(page.getByText(account.split('@')[0]!));
        expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
        await expectNoAccessibilityViolations(page);
      } finally {
        await removePasswordData(page.request, { passwordIds: [entry] });
      }
    });

    test('the settings show their active tab, the seasons their whole dates', async ({ page }) => {
      await signInAsAdmin(page);
      // A season of its own, far ahead, that no other test's seasons overlap.
      const year = 2200 + Math.floor(Math.random() * 700);
      const name = uniquePseudo('Hiver');
      const created = await page.request.post('/api/seasons', {
        data: { name, starts_on: `${year}-09-01`, ends_on: `${year + 1}-02-28` },
      });
      expect(created.status(), await created.text()).toBe(201);
      const season = ((await created.json()) as { _id: string })._id;
      try {
        await openIn(page, language, '/settings/organization?tab=points');
        const tabs = page.getByRole('tablist', { name: text('admin_settings.tabs_label') });
        await expect(
          tabs.getByRole('tab', { name: text('admin_settings.tabs.points'), selected: true }),
        ).toBeInViewport({ ratio: 1 });

        // The tab's outline first: each section folded, under its title and its state.
        const seasons = page.getByRole('button', { name: text('points_admin.seasons.title') });
        await expect(seasons).toHaveAttribute('aria-expanded', 'false');
        await expect(
          page.getByRole('button', { name: text('points_admin.ledger.title') }),
        ).toHaveAttribute('aria-expanded', 'false');
        await seasons.click();
        await expect(seasons).toHaveAttribute('aria-expanded', 'true');
        const row = page
          .getByRole('table', { name: text('points_admin.seasons.caption') })
          .getByRole('row', { name: new RegExp(name) });
        // Its two days read whole across the phone's width (a pixel's rounding aside), and none
        // under the actions pinned at the row's end.
        const days = row.getByText(new RegExp(`${year}.+${year + 1}`));
        await days.scrollIntoViewIfNeeded();
        const daysBox = (await days.boundingBox())!;
        expect(daysBox.x).toBeGreaterThanOrEqual(-1);
        expect(daysBox.x + daysBox.width).toBeLessThanOrEqual(PHONE.width + 1);
        const actionsBox = (await row.getByRole('cell').last().boundingBox())!;
        expect(daysBox.x + daysBox.width).toBeLessThanOrEqual(actionsBox.x + 1);
        expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
        await expectNoAccessibilityViolations(page);

        await tabs.getByRole('tab', { name: text('admin_settings.tabs.organization') }).click();
        expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
        await tabs.getByRole('tab', { name: text('admin_settings.tabs.discord') }).click();
        await expect(
          tabs.getByRole('tab', { name: text('admin_settings.tabs.discord'), selected: true }),
        ).toBeInViewport({ ratio: 1 });
        await expect(
          page.getByRole('button', { name: text('admin_settings.discord.mappings.title') }),
        ).toHaveAttribute('aria-expanded', 'false');
        expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
        await expectNoAccessibilityViolations(page);
      } finally {
        await page.request.delete(`/api/seasons/${season}`);
      }
    });

    test('several alerts fold into one group under the first', async ({
      page,
      browser,
      baseURL,
    }) => {
      const adminContext = await browser.newContext({ baseURL });
      const admin = adminContext.request;
      await signIn({ request: admin }, ADMIN_PSEUDO);
      const member = await signIn(page, uniquePseudo(`alerts-${language}`));
      const messages = ['Première alerte', 'Deuxième alerte', 'Troisième alerte'].map(
        (message) => `${message} ${member.pseudo}`,
      );
      try {
        for (const [index, message] of messages.entries())
          await createAlert(admin, {
            type: index === 0 ? 'warn' : 'infos',
            statut: 'active',
            condition: onlyFor(member.pseudo),
            message: `<p>${message}</p>`,
          });
        await openIn(page, language, '/dashboard');
        const alerts = page.getByRole('region', { name: text('alerts.banner.label') });
        await expect(alerts.getByText(messages[0]!)).toBeVisible();
        await expect(alerts.getByText(messages[1]!)).toBeHidden();
        const more = alerts.getByRole('button', {
          name: text('alerts.banner.others', { count: 2 }),
        });
        await expect(more).toHaveAttribute('aria-expanded', 'false');
        await expectNoAccessibilityViolations(page);
        await more.click();
        for (const message of messages) await expect(alerts.getByText(message)).toBeVisible();
        await expect(
          alerts.getByRole('button', { name: text('alerts.banner.fewer') }),
        ).toHaveAttribute('aria-expanded', 'true');
        await expectNoAccessibilityViolations(page);
      } finally {
        await deleteAlertsFor(admin, member.pseudo);
        await adminContext.close();
      }
    });
  });
}
