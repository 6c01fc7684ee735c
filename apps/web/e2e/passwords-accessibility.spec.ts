import { LANGUAGES } from '@guildhall/contract';
import {
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  signInAsAdmin,
  test,
  uniquePseudo,
} from './fixtures';
import { createEntry, createStaffTeam, removeVaultData, uniqueSecret } from './vault-helpers';

const TEXTS = {
  fr: {
    list: 'Liste des mots de passe',
    copy: 'Copier le mot de passe de',
    passwordsTab: 'Mots de passe',
    create: 'Ajouter un mot de passe',
    team: 'Équipe',
    history: 'Historique du mot de passe de',
  },
  en: {
    list: 'Passwords list',
    copy: 'Copy the password of',
    passwordsTab: 'Passwords',
    create: 'Add a password',
    team: 'Team',
    history: 'History of the password of',
  },
} as const;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

for (const language of LANGUAGES) {
  const texts = TEXTS[language];

  test.describe(`passwords accessibility in ${language}`, () => {
    test('the passwords page of a member, a password just copied', async ({
      page,
      browser,
      baseURL,
    }) => {
      // The admin first: on a fresh database the first member to sign in becomes an admin.
      const adminContext = await browser.newContext({ baseURL });
      const adminPage = await adminContext.newPage();
      await signInAsAdmin(adminPage);
      const member = await signIn(page, uniquePseudo(`vault-${language}`));
      const network = uniquePseudo('Discord');
      const teamId = await createStaffTeam(adminPage.request, uniquePseudo('a11y-vault'), [
        member._id,
      ]);
      const entryId = await createEntry(adminPage.request, {
        network,
        account: 'bot',
        password: uniqueSecret(),
        accessRules: [{ teamId, roles: ['Staff'] }],
      });

      try {
        await openIn(page, language, '/passwords');
        const row = page
          .getByRole('table', { name: texts.list })
          .getByRole('row', { name: new RegExp(network) });
        await expect(row).toBeVisible();
        await expectNoAccessibilityViolations(page);

        await row.getByRole('button', { name: `${texts.copy} ${network} (bot)` }).click();
        await expect(row.locator('[data-icon="check"]')).toBeVisible();
        await expectNoAccessibilityViolations(page);
      } finally {
        await removeVaultData(adminPage.request, { entryIds: [entryId], teamIds: [teamId] });
        await adminContext.close();
      }
    });

    test('the Passwords tab, its create dialog and an audit trail', async ({ page }) => {
      await signInAsAdmin(page);
      const teamName = uniquePseudo('a11y-tab');
      const network = uniquePseudo('Twitter');
      const teamId = await createStaffTeam(page.request, teamName, []);
      const entryId = await createEntry(page.request, {
        network,
        account: 'hiboux',
        password: uniqueSecret(),
        accessRules: [{ teamId, roles: ['Staff'] }],
      });

      try {
        await openIn(page, language, '/settings/organization?tab=passwords');
        await expect(page.getByRole('tab', { name: texts.passwordsTab })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await expect(page.getByRole('row', { name: new RegExp(network) })).toBeVisible();
        await expectNoAccessibilityViolations(page);

        await page.getByRole('button', { name: texts.create }).click();
        const dialog = page.getByRole('dialog', { name: texts.create });
        await dialog.getByRole('combobox', { name: texts.team }).selectOption({ label: teamName });
        await expect(dialog.getByRole('checkbox', { name: 'Staff' })).toBeVisible();
        await expectNoAccessibilityViolations(page);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();

        await page.getByRole('button', { name: `${texts.history} ${network} (hiboux)` }).click();
        await expect(page.getByRole('dialog').getByRole('table')).toBeVisible();
        await expectNoAccessibilityViolations(page);
      } finally {
        await removeVaultData(page.request, { entryIds: [entryId], teamIds: [teamId] });
      }
    });
  });
}
