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

test('an admin finds a member by search, changes its role and sees it in the list', async ({
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

    // A member who never filled in its account: the form asks for what is required.
    await page.getByRole('textbox', { name: t('fr', 'fields.name'), exact: true }).fill('Hopper');
    await page.getByRole('textbox', { name: t('fr', 'fields.surname') }).fill('Grace');
    await page.getByLabel(t('fr', 'fields.birthday')).fill('1986-12-09');
    await page
      .getByRole('textbox', { name: t('fr', 'fields.email') })
      .fill(`${pseudo}@example.org`);
    await page
      .getByRole('combobox', { name: t('fr', 'fields.role') })
      .selectOption({ label: t('fr', 'roles.guest') });
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
    await expectNoAccessibilityViolations(page);

    // In English, the member still chosen.
    await page.getByRole('button', { name: t('fr', 'header.switch_language') }).click();
    await expect(changeIn('en')).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
});
