import { expect, signIn, signInAsAdmin, test, toast, uniquePseudo } from './fixtures';

test('an admin finds a member by search, changes its role and sees it in the list', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page);
  // A member of its own, signed in elsewhere: it arrives as a newly invited member.
  const pseudo = uniquePseudo('newcomer');
  await signIn({ request }, pseudo);

  const search = page.getByRole('searchbox', { name: 'Rechercher un pseudo' });
  const memberRow = page.getByRole('row', { name: new RegExp(pseudo) });

  await test.step('find the member by its pseudo', async () => {
    await page.goto('/users/list');
    await expect(page.getByRole('heading', { level: 1, name: 'Membres' })).toBeVisible();
    await search.fill(pseudo);

    await expect(page).toHaveURL(`/users/list?q=${pseudo}`);
    await expect(page.getByText('Affichage de 1 à 1 sur 1 entrées')).toBeVisible();
    await expect(memberRow.getByText('Nouvel inscrit')).toBeVisible();
  });

  await test.step('open its edit screen and make it a guest', async () => {
    await memberRow.getByRole('link', { name: `Modifier le profil de ${pseudo}` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Modifier le profil de ${pseudo}` }),
    ).toBeVisible();

    // A member who never filled in its account: the form asks for what is required.
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Hopper');
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Grace');
    await page.getByLabel('Date de naissance').fill('1986-12-09');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(`${pseudo}@example.org`);
    await page.getByRole('combobox', { name: 'Rôle' }).selectOption({ label: 'Invité' });
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();

    await expect(toast(page, `Le profil de ${pseudo} a été mis à jour.`)).toBeVisible();
  });

  await test.step('see the new role in the list', async () => {
    await page.getByRole('link', { name: 'Retour à la liste des membres' }).click();
    await search.fill(pseudo);

    await expect(memberRow.getByText('Invité', { exact: true })).toBeVisible();
    await expect(memberRow.getByText('Hopper')).toBeVisible();
  });

  await test.step('the role filter finds it among the guests', async () => {
    await page.getByRole('combobox', { name: 'Rôle' }).selectOption({ label: 'Invité' });

    await expect(page).toHaveURL(`/users/list?q=${pseudo}&role=guest`);
    await expect(memberRow).toBeVisible();
  });
});
