import { expect, signIn, signInAsAdmin, test, uniquePseudo, ADMIN_PSEUDO } from './fixtures';
import {
  createStaffTeam,
  passwordIdOf,
  removePasswordData,
  uniqueSecret,
} from './password-helpers';
import { t } from './translations';

// Member A copies in the test's own page: its context may read and write the clipboard.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('an admin shares a password with a team role; its member copies it, no one else sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  // The admin signs in first: on a fresh database the first member would become an admin, who
  // sees every entry whatever the rules.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signInAsAdmin(adminPage);
  const memberA = await signIn(page, uniquePseudo('vault-a'));
  const otherContext = await browser.newContext({ baseURL });
  const otherPage = await otherContext.newPage();
  await signIn(otherPage, uniquePseudo('vault-b'));

  const teamName = uniquePseudo('Vault');
  const network = uniquePseudo('Twitch');
  const account = 'hiboux_esport';
  const secret = uniqueSecret();
  const teamId = await createStaffTeam(adminPage.request, teamName, [memberA._id]);
  let entryId: string | undefined;

  try {
    const adminRow = adminPage.getByRole('row', { name: new RegExp(network) });

    await test.step('the admin creates the entry with a rule for the Staff role', async () => {
      await adminPage.goto('/settings/organization');
      await adminPage.getByRole('tab', { name: t('fr', 'admin_settings.tabs.passwords') }).click();
      await expect(adminPage).toHaveURL('/settings/organization?tab=passwords');
      await adminPage
        .getByRole('button', { name: t('fr', 'admin_settings.passwords.create') })
        .click();

      const dialog = adminPage.getByRole('dialog', {
        name: t('fr', 'admin_settings.passwords.form.create_title'),
      });
      await dialog
        .getByRole('textbox', { name: t('fr', 'admin_settings.passwords.form.network') })
        .fill(network);
      await dialog
        .getByRole('textbox', { name: t('fr', 'admin_settings.passwords.form.account') })
        .fill(account);
      await dialog
        .getByLabel(new RegExp(`^${t('fr', 'admin_settings.passwords.form.password')}`))
        .fill(secret);
      const addRule = dialog.getByRole('button', {
        name: t('fr', 'admin_settings.passwords.form.add_rule'),
      });
      await expect(addRule).toBeDisabled();
      await dialog
        .getByRole('combobox', { name: t('fr', 'admin_settings.passwords.form.team') })
        .selectOption({ label: teamName });
      await expect(addRule).toBeDisabled();
      await dialog.getByRole('checkbox', { name: 'Staff' }).check();
      await addRule.click();
      await expect(
        dialog
          .getByRole('list', { name: t('fr', 'admin_settings.passwords.form.rules_list') })
          .getByRole('listitem'),
      ).toHaveText([`${teamName} : Staff`]);
      await dialog
        .getByRole('button', { name: t('fr', 'admin_settings.passwords.form.create') })
        .click();

      await expect(
        adminPage.getByText(
          t('fr', 'admin_settings.passwords.form.created', { network, account }),
          {
            exact: true,
          },
        ),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(adminRow.getByRole('cell')).toHaveText([
        account,
        /^•+/,
        `${teamName} : Staff`,
        '',
      ]);
      // The secret never reaches the admin's page either.
      await expect(adminPage.locator('body')).not.toContainText(secret);
      entryId = await passwordIdOf(adminPage.request, network);
    });

    await test.step('member A sees the link, and copies the password', async () => {
      await page.goto('/dashboard');
      const nav = page.getByRole('navigation', { name: t('fr', 'nav.label') });
      // A member like any other: what it sees comes from the rule, not from an admin's rights.
      await expect(
        nav.getByRole('heading', { name: t('fr', 'nav.sections.administration') }),
      ).toHaveCount(0);
      await nav.getByRole('link', { name: t('fr', 'nav.my_passwords') }).click();
      await expect(page).toHaveURL('/passwords');
      await expect(
        page.getByRole('heading', { level: 1, name: t('fr', 'pages.passwords.title') }),
      ).toBeVisible();
      const row = page
        .getByRole('table', { name: t('fr', 'admin_settings.passwords.caption') })
        .getByRole('row', { name: new RegExp(network) });
      await expect(row.getByRole('cell').first()).toHaveText(account);
      await expect(page.locator('body')).not.toContainText(secret);

      const copy = row.getByRole('button', {
        name: t('fr', 'passwords.copy', { network, account }),
      });
      await copy.click();

      const check = copy.locator('[data-icon="check"]');
      await expect(check).toBeVisible();
      const shownAt = Date.now();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expect(
        page.getByText(t('fr', 'passwords.copied', { network, account })),
      ).toBeAttached();

      await expect(check).toBeHidden({ timeout: 5_000 });
      const shownFor = Date.now() - shownAt;
      expect(shownFor).toBeGreaterThan(1_500);
      expect(shownFor).toBeLessThan(3_000);
      await expect(copy.locator('[data-icon="copy"]')).toBeVisible();
    });

    await test.step('member A shows the password in its row, then hides it', async () => {
      const row = page
        .getByRole('table', { name: t('fr', 'admin_settings.passwords.caption') })
        .getByRole('row', { name: new RegExp(network) });
      const eye = row.getByRole('button', {
        name: t('fr', 'passwords.reveal', { network, account }),
      });
      await eye.click();
      await expect(row.getByText(secret, { exact: true })).toBeVisible();
      await expect(eye).toHaveAttribute('aria-pressed', 'true');
      await eye.click();
      await expect(page.locator('body')).not.toContainText(secret);
    });

    await test.step('member B, without the role, sees neither the link nor the entry', async () => {
      await otherPage.goto('/dashboard');
      const nav = otherPage.getByRole('navigation', { name: t('fr', 'nav.label') });
      await expect(nav.getByRole('link', { name: t('fr', 'nav.my_account') })).toBeVisible();
      await expect(nav.getByRole('link', { name: t('fr', 'nav.my_passwords') })).toHaveCount(0);

      await otherPage.goto('/passwords');
      await expect(otherPage.getByText(t('fr', 'passwords.empty'))).toBeVisible();
      const list = await otherPage.request.get('/api/password');
      expect(await list.json()).toEqual([]);
      const reveal = await otherPage.request.post(`/api/password/${entryId}/reveal`, { data: {} });
      expect(reveal.status()).toBe(404);
    });

    await test.step('the admin reads the audit trail: the reveal, the copy, then the creation', async () => {
      await adminRow
        .getByRole('button', {
          name: t('fr', 'admin_settings.passwords.audit.open', { network, account }),
        })
        .click();
      const trail = adminPage
        .getByRole('dialog', {
          name: t('fr', 'admin_settings.passwords.audit.title', { network, account }),
        })
        .getByRole('table', { name: t('fr', 'admin_settings.passwords.audit.caption') });
      const rows = trail.getByRole('row');
      await expect(rows).toHaveCount(4);
      // Showing the password is audited as copying it is.
      for (const index of [1, 2]) {
        await expect(rows.nth(index).getByRole('cell').nth(1)).toHaveText(
          t('fr', 'admin_settings.passwords.audit.actions.reveal'),
        );
        await expect(rows.nth(index).getByRole('cell').nth(2)).toHaveText(memberA.pseudo);
      }
      await expect(rows.nth(3).getByRole('cell').nth(1)).toHaveText(
        t('fr', 'admin_settings.passwords.audit.actions.create'),
      );
      await expect(rows.nth(3).getByRole('cell').nth(2)).toHaveText(ADMIN_PSEUDO);
      await adminPage.keyboard.press('Escape');
    });

    await test.step('member A leaves the role: the link goes, the password is to rotate', async () => {
      const left = await adminPage.request.put(`/api/teams/${teamId}`, {
        data: {
          name: teamName,
          icon: 'trophy',
          type: 'transversal',
          roles: [{ role: 'Staff', members: [] }],
        },
      });
      expect(left.status(), await left.text()).toBe(200);

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: t('fr', 'nav.my_passwords') })).toHaveCount(0);
      expect(await (await page.request.get('/api/password')).json()).toEqual([]);

      await adminPage.reload();
      const toRotate = adminPage.getByRole('region', {
        name: new RegExp(`^${t('fr', 'admin_settings.passwords.exposures.title')} \\(`),
      });
      const exposure = toRotate
        .getByRole('listitem')
        .filter({ hasText: `${network} (${account})` });
      await expect(exposure).toContainText(
        t('fr', 'admin_settings.passwords.exposures.revealed_by', {
          pseudo: memberA.pseudo,
          at: '',
        }).trim(),
      );
      await expect(
        exposure.getByRole('button', {
          name: t('fr', 'admin_settings.passwords.exposures.rotate_entry', { network, account }),
        }),
      ).toBeVisible();
    });

    await test.step('the admin deletes the entry after confirming', async () => {
      await adminRow
        .getByRole('button', { name: `Supprimer le mot de passe de ${network} (${account})` })
        .click();
      await adminPage
        .getByRole('alertdialog', { name: t('fr', 'admin_settings.passwords.delete_confirm') })
        .getByRole('button', { name: t('fr', 'admin_settings.passwords.delete_action') })
        .click();
      await expect(
        adminPage.getByText(t('fr', 'admin_settings.passwords.deleted', { network, account }), {
          exact: true,
        }),
      ).toBeVisible();
      await expect(adminRow).toHaveCount(0);
      entryId = undefined;
    });
  } finally {
    await removePasswordData(adminPage.request, { passwordIds: [entryId], teamIds: [teamId] });
    await otherContext.close();
    await adminContext.close();
  }
});
