import type { Page } from '@playwright/test';
import { expect, signIn, signInAsAdmin, test, uniquePseudo } from './fixtures';
import { t, tPattern } from './translations';

test('an admin builds an esport team, its member sees it, and it goes once deleted', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page);
  // The member, signed in first so that it exists, in a browser of its own.
  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  const player = await signIn(memberPage, uniquePseudo('player'));
  const teamName = uniquePseudo('Hiboux');
  const teamRow = page.getByRole('row', { name: new RegExp(teamName) });

  await test.step('the admin creates the team from the Teams tab', async () => {
    await page.goto('/settings/organization');
    await page.getByRole('tab', { name: t('fr', 'admin_settings.tabs.teams') }).click();
    await expect(page).toHaveURL('/settings/organization?tab=teams');
    await page.getByRole('button', { name: t('fr', 'admin_settings.teams.create') }).click();

    const dialog = page.getByRole('dialog', {
      name: t('fr', 'admin_settings.teams.form.create_title'),
    });
    await dialog
      .getByRole('textbox', { name: t('fr', 'admin_settings.teams.form.name') })
      .fill(teamName);
    await dialog.locator('label', { hasText: t('fr', 'teams.icons.swords') }).click();
    await dialog
      .getByRole('combobox', { name: t('fr', 'admin_settings.teams.form.type') })
      .selectOption({ label: t('fr', 'teams.types.esport') });
    await dialog
      .getByRole('combobox', { name: t('fr', 'admin_settings.teams.form.game') })
      .selectOption({ label: t('fr', 'teams.games.leagueoflegends') });

    await dialog
      .getByRole('button', { name: t('fr', 'admin_settings.teams.form.add_role') })
      .click();
    await dialog
      .getByRole('button', { name: t('fr', 'admin_settings.teams.form.add_role') })
      .click();
    // A role is a new role until it is named, then goes by its name.
    const newRoles = dialog.getByRole('group', {
      name: t('fr', 'admin_settings.teams.form.new_role'),
    });
    await expect(newRoles).toHaveCount(2);
    await newRoles
      .first()
      .getByRole('textbox', { name: t('fr', 'admin_settings.teams.form.role_name') })
      .fill('Joueurs');
    await newRoles
      .first()
      .getByRole('textbox', { name: t('fr', 'admin_settings.teams.form.role_name') })
      .fill('Coachs');
    const players = dialog.getByRole('group', { name: 'Joueurs' });
    await expect(dialog.getByRole('group', { name: 'Coachs' })).toBeVisible();
    await players
      .getByRole('searchbox', { name: 'Ajouter un membre au rôle Joueurs' })
      .fill(player.pseudo);
    await players.getByRole('button', { name: `Ajouter ${player.pseudo} au rôle Joueurs` }).click();
    await expect(
      players.getByRole('button', { name: `Retirer ${player.pseudo} du rôle Joueurs` }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: t('fr', 'admin_settings.teams.form.create') }).click();

    await expect(
      page.getByText(t('fr', 'admin_settings.teams.form.created', { name: teamName }), {
        exact: true,
      }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(teamRow.getByRole('cell')).toHaveText([
      t('fr', 'teams.types.esport'),
      t('fr', 'teams.games.leagueoflegends'),
      '2',
      '1',
      '',
    ]);
  });

  await test.step('the member sees it in my teams and in the organisation chart', async () => {
    await memberPage.goto('/dashboard');
    const welcome = memberPage.getByRole('region', {
      name: tPattern('fr', 'pages.dashboard.welcome'),
    });
    await expect(welcome.getByText(`${teamName} : Joueurs`)).toBeVisible();

    const myTeams = memberPage.getByRole('region', { name: t('fr', 'dashboard.my_teams.title') });
    await expect(myTeams.getByText(teamName)).toBeVisible();
    await expect(myTeams.getByRole('heading', { name: 'Joueurs' })).toBeVisible();
    await expect(myTeams.getByRole('link', { name: player.pseudo })).toHaveAttribute(
      'href',
      `/users/${player._id}`,
    );

    const chart = memberPage.getByRole('region', { name: t('fr', 'dashboard.org_chart.title') });
    await chart.getByRole('button', { name: new RegExp(teamName) }).click();
    await expect(chart.getByRole('heading', { level: 4, name: 'Coachs' })).toBeVisible();
    await expect(chart.getByRole('link', { name: player.pseudo })).toBeVisible();
  });

  await test.step('its public profile lists the team and its role', async () => {
    await memberPage.goto(`/users/${player._id}`);
    const teams = memberPage.getByRole('region', { name: t('fr', 'users.profile.teams') });
    await expect(teams.getByRole('listitem')).toHaveText([`${teamName}Joueurs`]);
  });

  await test.step('the members list names the team in the member’s row, once', async () => {
    const membersPage = await page.context().newPage();
    await membersPage.goto(`/users/list?q=${player.pseudo}`);
    const row = membersPage.getByRole('row', { name: new RegExp(player.pseudo) });
    await expect(row.getByRole('listitem')).toHaveText([teamName]);
    await membersPage.close();
  });

  await test.step('a second team of the same name, in other capitals, is refused', async () => {
    await page.getByRole('button', { name: t('fr', 'admin_settings.teams.create') }).click();
    const dialog = page.getByRole('dialog', {
      name: t('fr', 'admin_settings.teams.form.create_title'),
    });
    const name = dialog.getByRole('textbox', { name: t('fr', 'admin_settings.teams.form.name') });
    await name.fill(teamName.toUpperCase());
    await dialog.locator('label', { hasText: t('fr', 'teams.icons.swords') }).click();
    await dialog
      .getByRole('combobox', { name: t('fr', 'admin_settings.teams.form.type') })
      .selectOption({ label: t('fr', 'teams.types.transversal') });
    await dialog.getByRole('button', { name: t('fr', 'admin_settings.teams.form.create') }).click();

    await expect(name).toHaveAccessibleDescription(t('fr', 'api_errors.team_name_taken'));
    await dialog.getByRole('button', { name: t('fr', 'admin_settings.teams.form.cancel') }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the admin deletes it', async () => {
    await teamRow
      .getByRole('button', { name: t('fr', 'admin_settings.teams.delete', { name: teamName }) })
      .click();
    await page
      .getByRole('alertdialog', { name: t('fr', 'admin_settings.teams.delete_confirm') })
      .getByRole('button', { name: t('fr', 'admin_settings.teams.delete_action') })
      .click();

    await expect(
      page.getByText(t('fr', 'admin_settings.teams.deleted', { name: teamName }), { exact: true }),
    ).toBeVisible();
    await expect(teamRow).toHaveCount(0);
  });

  await test.step('it is gone from the member’s profile and dashboard', async () => {
    await memberPage.reload();
    await expect(
      memberPage
        .getByRole('region', { name: t('fr', 'users.profile.teams') })
        .getByText(t('fr', 'users.profile.no_team')),
    ).toBeVisible();
    await memberPage.goto('/dashboard');
    await expectTeamGone(memberPage, teamName);
  });

  await memberContext.close();
});

async function expectTeamGone(page: Page, teamName: string) {
  const myTeams = page.getByRole('region', { name: t('fr', 'dashboard.my_teams.title') });
  await expect(myTeams.getByText(t('fr', 'dashboard.my_teams.empty'))).toBeVisible();
  const chart = page.getByRole('region', { name: t('fr', 'dashboard.org_chart.title') });
  await expect(chart).toBeVisible();
  await expect(chart.getByRole('button', { name: new RegExp(teamName) })).toHaveCount(0);
}
