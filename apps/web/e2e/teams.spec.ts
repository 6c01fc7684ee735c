import type { Page } from '@playwright/test';
import { expect, signIn, signInAsAdmin, test, uniquePseudo } from './fixtures';

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
    await page.getByRole('tab', { name: 'Équipes' }).click();
    await expect(page).toHaveURL('/settings/organization?tab=teams');
    await page.getByRole('button', { name: 'Créer une équipe' }).click();

    const dialog = page.getByRole('dialog', { name: 'Créer une équipe' });
    await dialog.getByRole('textbox', { name: "Nom de l'équipe" }).fill(teamName);
    await dialog.locator('label', { hasText: 'Épées' }).click();
    await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Esport' });
    await dialog
      .getByRole('combobox', { name: 'Jeu' })
      .selectOption({ label: 'League of Legends' });

    await dialog.getByRole('button', { name: 'Ajouter un rôle' }).click();
    await dialog.getByRole('button', { name: 'Ajouter un rôle' }).click();
    const players = dialog.getByRole('group', { name: 'Rôle 1' });
    const coaches = dialog.getByRole('group', { name: 'Rôle 2' });
    await players.getByRole('textbox', { name: 'Nom du rôle' }).fill('Joueurs');
    await coaches.getByRole('textbox', { name: 'Nom du rôle' }).fill('Coachs');
    await players
      .getByRole('searchbox', { name: 'Ajouter un membre au rôle Joueurs' })
      .fill(player.pseudo);
    await players.getByRole('button', { name: `Ajouter ${player.pseudo} au rôle Joueurs` }).click();
    await expect(
      players.getByRole('button', { name: `Retirer ${player.pseudo} du rôle Joueurs` }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: "Créer l'équipe" }).click();

    await expect(
      page.getByText(`L'équipe ${teamName} a été créée.`, { exact: true }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(teamRow.getByRole('cell')).toHaveText([
      'Esport',
      'League of Legends',
      '2',
      '1',
      '',
    ]);
  });

  await test.step('the member sees it in my teams and in the organisation chart', async () => {
    await memberPage.goto('/dashboard');
    const welcome = memberPage.getByRole('region', { name: /^Bienvenue/ });
    await expect(welcome.getByText(`${teamName} : Joueurs`)).toBeVisible();

    const myTeams = memberPage.getByRole('region', { name: 'Mes équipes' });
    await expect(myTeams.getByText(teamName)).toBeVisible();
    await expect(myTeams.getByRole('heading', { name: 'Joueurs' })).toBeVisible();
    await expect(myTeams.getByRole('link', { name: player.pseudo })).toHaveAttribute(
      'href',
      `/users/${player._id}`,
    );

    const chart = memberPage.getByRole('region', { name: 'Organigramme' });
    await chart.getByRole('button', { name: new RegExp(teamName) }).click();
    await expect(chart.getByRole('heading', { level: 4, name: 'Coachs' })).toBeVisible();
    await expect(chart.getByRole('link', { name: player.pseudo })).toBeVisible();
  });

  await test.step('its public profile lists the team and its role', async () => {
    await memberPage.goto(`/users/${player._id}`);
    const teams = memberPage.getByRole('region', { name: 'Équipes' });
    await expect(teams.getByRole('listitem')).toHaveText([`${teamName}Joueurs`]);
  });

  await test.step('the admin deletes it', async () => {
    await teamRow.getByRole('button', { name: `Supprimer l'équipe ${teamName}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Êtes-vous sûr de vouloir supprimer cette équipe ?' })
      .getByRole('button', { name: 'Supprimer' })
      .click();

    await expect(
      page.getByText(`L'équipe ${teamName} a été supprimée.`, { exact: true }),
    ).toBeVisible();
    await expect(teamRow).toHaveCount(0);
  });

  await test.step('it is gone from the member’s profile and dashboard', async () => {
    await memberPage.reload();
    await expect(
      memberPage
        .getByRole('region', { name: 'Équipes' })
        .getByText("Ce membre ne fait encore partie d'aucune équipe."),
    ).toBeVisible();
    await memberPage.goto('/dashboard');
    await expectTeamGone(memberPage, teamName);
  });

  await memberContext.close();
});

async function expectTeamGone(page: Page, teamName: string) {
  const myTeams = page.getByRole('region', { name: 'Mes équipes' });
  await expect(
    myTeams.getByText("Vous ne faites partie d'aucune équipe pour le moment."),
  ).toBeVisible();
  const chart = page.getByRole('region', { name: 'Organigramme' });
  await expect(chart).toBeVisible();
  await expect(chart.getByRole('button', { name: new RegExp(teamName) })).toHaveCount(0);
}
