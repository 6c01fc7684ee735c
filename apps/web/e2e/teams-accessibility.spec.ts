import { LANGUAGES, type Language, type TeamBody } from '@guildhall/contract';
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

const texts = (language: Language) => ({
  teamsTab: t(language, 'admin_settings.tabs.teams'),
  create: t(language, 'admin_settings.teams.create'),
  addRole: t(language, 'admin_settings.teams.form.add_role'),
  myTeams: t(language, 'dashboard.my_teams.title'),
  chart: t(language, 'dashboard.org_chart.title'),
});

for (const language of LANGUAGES) {
  const text = texts(language);

  test.describe(`teams accessibility in ${language}`, () => {
    test('the dashboard of a member of a team, its chart entry open', async ({
      page,
      browser,
      baseURL,
    }) => {
      // The admin makes a team of its own, with the member in it.
      const adminContext = await browser.newContext({ baseURL });
      const adminPage = await adminContext.newPage();
      await signInAsAdmin(adminPage);
      const member = await signIn(page, uniquePseudo(`dash-${language}`));
      const name = uniquePseudo(`a11y-${language}`);
      const body: TeamBody = {
        name,
        icon: 'trophy',
        type: 'esport',
        game: 'valorant',
        roles: [
          { role: 'Joueurs', members: [member._id] },
          { role: 'Coachs', members: [] },
        ],
      };
      const created = await adminPage.request.post('/api/teams', { data: body });
      expect(created.status(), await created.text()).toBe(201);
      await adminContext.close();

      await openIn(page, language, '/dashboard');
      const myTeams = page.getByRole('region', { name: text.myTeams });
      await expect(myTeams.getByRole('heading', { name: 'Joueurs' })).toBeVisible();
      await page
        .getByRole('region', { name: text.chart })
        .getByRole('button', { name: new RegExp(name) })
        .click();
      await expect(
        page.getByRole('region', { name: text.chart }).getByRole('heading', { name: 'Coachs' }),
      ).toBeVisible();
      // The ranking's chart has drawn: a few seconds after the page's load (when-page-settled.ts).
      await expect(page.locator('canvas')).toBeVisible({ timeout: 15_000 });

      await expectNoAccessibilityViolations(page);
    });

    test('the Teams tab, and its create dialog', async ({ page }) => {
      await signInAsAdmin(page);
      const body: TeamBody = {
        name: uniquePseudo(`tab-${language}`),
        icon: 'briefcase',
        type: 'transversal',
      };
      const created = await page.request.post('/api/teams', { data: body });
      expect(created.status(), await created.text()).toBe(201);
      await openIn(page, language, '/settings/organization?tab=teams');
      await expect(page.getByRole('tab', { name: text.teamsTab })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('row', { name: new RegExp(body.name) })).toBeVisible();

      await expectNoAccessibilityViolations(page);

      await page.getByRole('button', { name: text.create }).click();
      const dialog = page.getByRole('dialog', { name: text.create });
      await dialog.getByRole('button', { name: text.addRole }).click();
      await expect(dialog.getByRole('group')).not.toHaveCount(0);

      await expectNoAccessibilityViolations(page);
    });
  });
}
