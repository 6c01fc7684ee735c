import { LANGUAGES, type TeamBody } from '@guildhall/contract';
import {
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  signInAsAdmin,
  test,
  uniquePseudo,
} from './fixtures';

const TEXTS = {
  fr: {
    teamsTab: 'Équipes',
    create: 'Créer une équipe',
    addRole: 'Ajouter un rôle',
    myTeams: 'Mes équipes',
    chart: 'Organigramme',
  },
  en: {
    teamsTab: 'Teams',
    create: 'Create a team',
    addRole: 'Add a role',
    myTeams: 'My teams',
    chart: 'Organisation chart',
  },
} as const;

for (const language of LANGUAGES) {
  const texts = TEXTS[language];

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
      const myTeams = page.getByRole('region', { name: texts.myTeams });
      await expect(myTeams.getByRole('heading', { name: 'Joueurs' })).toBeVisible();
      await page
        .getByRole('region', { name: texts.chart })
        .getByRole('button', { name: new RegExp(name) })
        .click();
      await expect(
        page.getByRole('region', { name: texts.chart }).getByRole('heading', { name: 'Coachs' }),
      ).toBeVisible();
      // The ranking's chart has drawn.
      await expect(page.locator('canvas')).toBeVisible();

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
      await expect(page.getByRole('tab', { name: texts.teamsTab })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('row', { name: new RegExp(body.name) })).toBeVisible();

      await expectNoAccessibilityViolations(page);

      await page.getByRole('button', { name: texts.create }).click();
      const dialog = page.getByRole('dialog', { name: texts.create });
      await dialog.getByRole('button', { name: texts.addRole }).click();
      await expect(dialog.getByRole('group')).not.toHaveCount(0);

      await expectNoAccessibilityViolations(page);
    });
  });
}
