import { expect, test, uniquePseudo } from './fixtures';

test('a member signs in by pseudo, uses the shell in both languages and signs out', async ({
  page,
}) => {
  const pseudo = uniquePseudo('ada');

  await test.step('sign in from the landing page, in French', async () => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByLabel('Pseudo').fill(pseudo);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();

    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByText(`Bienvenue, ${pseudo} !`)).toBeVisible();
  });

  await test.step('the shell shows', async () => {
    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(navigation).toBeVisible();
    await expect(navigation.getByRole('link', { name: "Vue d'ensemble" })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(navigation.getByRole('link', { name: 'Mon profil' })).toHaveAttribute(
      'href',
      /^\/users\/[0-9a-f]{24}$/,
    );
    await expect(page.getByRole('button', { name: 'Menu du compte' })).toBeVisible();
  });

  await test.step('switch to English, which a reload keeps', async () => {
    await page.getByRole('button', { name: 'Passer en anglais' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(`Welcome, ${pseudo}!`)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  await test.step('and back to French, which a reload keeps too', async () => {
    await page.getByRole('button', { name: 'Switch to French' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  await test.step('sign out back to the landing page', async () => {
    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: "Connexion à l'espace membres" })).toBeVisible();
  });

  await test.step('the dashboard is closed again', async () => {
    await page.goto('/dashboard');

    await expect(page).toHaveURL('/');
    await expect(page.getByLabel('Pseudo')).toBeVisible();
  });
});
