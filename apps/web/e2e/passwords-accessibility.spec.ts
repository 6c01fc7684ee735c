import { LANGUAGES, type Language } from '@guildhall/contract';
import {
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  signInAsAdmin,
  test,
  uniquePseudo,
} from './fixtures';
import {
  createPassword,
  createStaffTeam,
  removePasswordData,
  uniqueSecret,
} from './password-helpers';
import { t } from './translations';

const texts = (language: Language) => ({
  list: t(language, 'admin_settings.passwords.caption'),
  copy: (network: string, account: string) => t(language, 'passwords.copy', { network, account }),
  passwordsTab: t(language, 'admin_settings.tabs.passwords'),
  create: t(language, 'admin_settings.passwords.create'),
  team: t(language, 'admin_settings.passwords.form.team'),
  history: (network: string, account: string) =>
    t(language, 'admin_settings.passwords.audit.open', { network, account }),
});

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

for (const language of LANGUAGES) {
  const text = texts(language);

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
      const entryId = await createPassword(adminPage.request, {
        network,
        account: 'bot',
        password: uniqueSecret(),
        accessRules: [{ teamId, roles: ['Staff'] }],
      });

      try {
        await openIn(page, language, '/passwords');
        const row = page
          .getByRole('table', { name: text.list })
          .getByRole('row', { name: new RegExp(network) });
        await expect(row).toBeVisible();
        await expectNoAccessibilityViolations(page);

        await row.getByRole('button', { name: text.copy(network, 'bot') }).click();
        await expect(row.locator('[data-icon="check"]')).toBeVisible();
        await expectNoAccessibilityViolations(page);
      } finally {
        await removePasswordData(adminPage.request, { passwordIds: [entryId], teamIds: [teamId] });
        await adminContext.close();
      }
    });

    test('the Passwords tab, its create dialog and an audit trail', async ({ page }) => {
      await signInAsAdmin(page);
      const teamName = uniquePseudo('a11y-tab');
      const network = uniquePseudo('Twitter');
      const teamId = await createStaffTeam(page.request, teamName, []);
      const entryId = await createPassword(page.request, {
        network,
        account: 'hiboux',
        password: uniqueSecret(),
        accessRules: [{ teamId, roles: ['Staff'] }],
      });

      try {
        await openIn(page, language, '/settings/organization?tab=passwords');
        await expect(page.getByRole('tab', { name: text.passwordsTab })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await expect(page.getByRole('row', { name: new RegExp(network) })).toBeVisible();
        await expectNoAccessibilityViolations(page);

        await page.getByRole('button', { name: text.create }).click();
        const dialog = page.getByRole('dialog', { name: text.create });
        await dialog.getByRole('combobox', { name: text.team }).selectOption({ label: teamName });
        await expect(dialog.getByRole('checkbox', { name: 'Staff' })).toBeVisible();
        await expectNoAccessibilityViolations(page);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();

        await page.getByRole('button', { name: text.history(network, 'hiboux') }).click();
        await expect(page.getByRole('dialog').getByRole('table')).toBeVisible();
        await expectNoAccessibilityViolations(page);
      } finally {
        await removePasswordData(page.request, { passwordIds: [entryId], teamIds: [teamId] });
      }
    });
  });
}
