import type { Language } from '@guildhall/contract';
import {
  expect,
  expectNoAccessibilityViolations,
  signIn,
  signInAsAdmin,
  test,
  toast,
  uniquePseudo,
} from './fixtures';
import { t } from './translations';

test('an admin finds a member by search, changes its role, then its adhesion in bulk', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page);
  // A member of its own, signed in elsewhere: it arrives as a newly invited member.
  const pseudo = uniquePseudo('newcomer');
  await signIn({ request }, pseudo);

  const search = page.getByRole('searchbox', { name: t('fr', 'users.list.search_label') });
  const memberRow = page.getByRole('row', { name: new RegExp(pseudo) });

  await test.step('find the member by its pseudo', async () => {
    await page.goto('/users/list');
    await expect(
      page.getByRole('heading', { level: 1, name: t('fr', 'pages.users_list.title') }),
    ).toBeVisible();
    await search.fill(pseudo);

    await expect(page).toHaveURL(`/users/list?q=${pseudo}`);
    await expect(
      page.getByText(t('fr', 'users.list.showing', { from: 1, to: 1, total: 1 })),
    ).toBeVisible();
    await expect(memberRow.getByText(t('fr', 'roles.invited'))).toBeVisible();
  });

  await test.step('open its edit screen and make it a guest', async () => {
    await memberRow.getByRole('link', { name: t('fr', 'users.list.edit', { pseudo }) }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t('fr', 'users.edit.title', { pseudo }) }),
    ).toBeVisible();

    // A member who never filled in its account: its role changes all the same (issue 31).
    await page
      .getByRole('combobox', { name: t('fr', 'fields.role'), exact: true })
      .selectOption({ label: t('fr', 'roles.guest') });
    await page.getByRole('button', { name: t('fr', 'users.edit.membership_save') }).click();
    await expect(toast(page, t('fr', 'users.edit.membership_saved', { pseudo }))).toBeVisible();

    // Its profile, filled in by the admin, asks for what is required and keeps the new role.
    await page.getByRole('textbox', { name: t('fr', 'fields.name'), exact: true }).fill('Hopper');
    await page.getByRole('textbox', { name: t('fr', 'fields.surname') }).fill('Grace');
    await page.getByLabel(t('fr', 'fields.birthday')).fill('1986-12-09');
    await page
      .getByRole('textbox', { name: t('fr', 'fields.email') })
      .fill(`${pseudo}@example.org`);
    await page.getByRole('button', { name: t('fr', 'users.edit.save') }).click();

    await expect(toast(page, t('fr', 'users.edit.saved', { pseudo }))).toBeVisible();
  });

  await test.step('see the new role in the list', async () => {
    await page.getByRole('link', { name: t('fr', 'users.edit.back') }).click();
    await search.fill(pseudo);

    await expect(memberRow.getByText(t('fr', 'roles.guest'), { exact: true })).toBeVisible();
    await expect(memberRow.getByText('Hopper')).toBeVisible();
  });

  await test.step('the role filter finds it among the guests', async () => {
    await page
      .getByRole('combobox', { name: t('fr', 'users.list.role_label') })
      .selectOption({ label: t('fr', 'roles.guest') });

    await expect(page).toHaveURL(`/users/list?q=${pseudo}&role=guest`);
    await expect(memberRow).toBeVisible();
  });

  await test.step('tick its row and its adhesion in bulk, once confirmed', async () => {
    await memberRow
      .getByRole('checkbox', { name: t('fr', 'users.list.bulk.select', { pseudo }) })
      .check();
    await expect(page.getByText(t('fr', 'users.list.bulk.selected', { count: 1 }))).toBeVisible();
    await page
      .getByRole('combobox', { name: t('fr', 'users.list.bulk.action') })
      .selectOption({ label: t('fr', 'users.list.bulk.actions.adhesion_on') });
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: t('fr', 'users.list.bulk.apply') }).click();
    const dialog = page.getByRole('alertdialog', {
      name: t('fr', 'users.list.bulk.confirm_title', { count: 1 }),
    });
    await dialog.getByRole('button', { name: t('fr', 'users.list.bulk.apply') }).click();

    await expect(
      toast(page, t('fr', 'users.list.bulk.done', { count: 1, changed: 1 })),
    ).toBeVisible();
  });

  await test.step('the Discord tab shows the change in the member’s access history', async () => {
    await page.goto('/settings/organization?tab=discord');
    await page
      .getByRole('searchbox', { name: t('fr', 'admin_settings.discord.member.search_label') })
      .fill(pseudo);
    await page
      .getByRole('button', { name: t('fr', 'admin_settings.discord.member.pick', { pseudo }) })
      .click();

    const changeIn = (language: Language) =>
      page
        .getByRole('table', {
          name: t(language, 'admin_settings.discord.member.caption', { pseudo }),
        })
        .getByRole('row', {
          name: new RegExp(
            `${t(language, 'admin_settings.discord.history.kinds.role_granted', {
              pseudo,
              role: t(language, 'roles.guest'),
            })}.*${t(language, 'admin_settings.discord.history.sources.admin')}`,
          ),
        });
    await expect(changeIn('fr')).toBeVisible();
    await expect(
      page
        .getByRole('table', {
          name: t('fr', 'admin_settings.discord.member.caption', { pseudo }),
        })
        .getByRole('row', {
          name: new RegExp(
            t('fr', 'admin_settings.discord.history.kinds.adhesion_granted', { pseudo }),
          ),
        }),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // In English, the member still chosen.
    await page.getByRole('button', { name: t('fr', 'header.switch_language') }).click();
    await expect(changeIn('en')).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
});
