import { LANGUAGES } from '@guildhall/contract';
import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  signInAsAdmin,
  test,
  uniquePseudo,
} from './fixtures';
import { t, tPattern } from './translations';

/**
 * Riot IDs the fake Riot server knows, one per test: a Riot ID belongs to one member at a time
 * (decision 031), and the tests share one database.
 */
const RIOT_IDS = {
  fr: { profile: 'Kaelith#EUW', edit: 'Ember#EUW' },
  en: { profile: 'Mistral#FR1', edit: 'Tempest#CH1' },
} as const;

/**
 * A member with logins for two games, so that its profile has game tabs; `release` gives its
 * Riot ID back once the test is done.
 */
async function memberWithGames(
  request: APIRequestContext,
  riotId: string,
): Promise<{ memberId: string; release: () => Promise<void> }> {
  const member = await signIn({ request }, uniquePseudo('player'));
  const response = await request.put(`/api/users/${member._id}`, {
    data: { leagueoflegends_login: [riotId], valorant_login: ['owl'] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return {
    memberId: member._id,
    release: async () => {
      await request.put(`/api/users/${member._id}`, { data: { leagueoflegends_login: [] } });
    },
  };
}

for (const language of LANGUAGES) {
  test.describe(`accessibility of the member screens in ${language}`, () => {
    test('account settings, both tabs', async ({ page }) => {
      await signIn(page, uniquePseudo(`settings-${language}`));
      await openIn(page, language, '/settings/profile');
      await expect(page.getByRole('tabpanel').getByRole('textbox').first()).toBeVisible();
      await expectNoAccessibilityViolations(page);

      await page.getByRole('tab').nth(1).click();
      await expect(page).toHaveURL('/settings/profile?tab=connections');
      await expect(page.getByRole('tabpanel').getByRole('heading').first()).toBeVisible();
      await expectNoAccessibilityViolations(page);

      // With the box to add a login open.
      await page.getByRole('tabpanel').getByRole('button', { expanded: false }).first().click();
      await expect(page.getByRole('tabpanel').getByRole('textbox')).toBeFocused();
      await expectNoAccessibilityViolations(page);
    });

    test('a public profile with game tabs', async ({ page, request }) => {
      const riotId = RIOT_IDS[language].profile;
      const { memberId, release } = await memberWithGames(request, riotId);
      try {
        await signIn(page, uniquePseudo(`reader-${language}`));
        await openIn(page, language, `/users/${memberId}`);
        await expect(page.getByRole('tab')).toHaveCount(3);
        await expectNoAccessibilityViolations(page);

        await page.getByRole('tab').nth(1).click();
        await expect(page.getByRole('tabpanel')).toContainText(riotId);
        await expectNoAccessibilityViolations(page);
      } finally {
        await release();
      }
    });

    test('the members list, its columns menu and a delete confirmation', async ({ page }) => {
      await signInAsAdmin(page);
      await openIn(page, language, '/users/list');
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoAccessibilityViolations(page);

      await page.getByRole('button', { name: t(language, 'users.list.columns') }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await page.keyboard.press('Escape');

      // A row ticked: the bulk actions' bar.
      await page.getByRole('row').nth(1).getByRole('checkbox').check();
      await expect(
        page.getByRole('region', { name: t(language, 'users.list.bulk.selected', { count: 1 }) }),
      ).toBeVisible();
      await expectNoAccessibilityViolations(page);

      // A member's delete button: the admin's own row has none.
      await page
        .getByRole('button', { name: tPattern(language, 'users.list.delete') })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoAccessibilityViolations(page);
      await page.keyboard.press('Escape');
    });

    test('the edit member screen', async ({ page, request }) => {
      const { memberId, release } = await memberWithGames(request, RIOT_IDS[language].edit);
      try {
        await signInAsAdmin(page);
        await openIn(page, language, `/users/modify/${memberId}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The roles of /api/roles, and the real teams to add the member to, once loaded.
        await expect(
          page
            .getByRole('combobox', { name: t(language, 'fields.role'), exact: true })
            .locator('option'),
        ).toHaveCount(4);
        await expect(
          page.getByRole('combobox', { name: t(language, 'users.edit.add_team'), exact: true }),
        ).toBeVisible();
        await expectNoAccessibilityViolations(page);

        // Saving with a required field empty shows the errors.
        await page
          .getByRole('button', {
            name: t(language, 'users.edit.save'),
          })
          .click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
        await expectNoAccessibilityViolations(page);
      } finally {
        await release();
      }
    });
  });
}
