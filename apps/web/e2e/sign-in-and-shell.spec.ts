import { expect, test, uniquePseudo } from './fixtures';
import { t } from './translations';

test('a member signs in by pseudo, uses the shell in both languages and signs out', async ({
  page,
}) => {
  const pseudo = uniquePseudo('ada');

  await test.step('sign in from the landing page, in French', async () => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByLabel(t('fr', 'landing.sign_in.pseudo_label')).fill(pseudo);
    await page
      .getByRole('button', { name: t('fr', 'landing.sign_in.submit'), exact: true })
      .click();

    await expect(page).toHaveURL('/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: t('fr', 'pages.dashboard.title') }),
    ).toBeVisible();
    await expect(page.getByText(t('fr', 'pages.dashboard.welcome', { pseudo }))).toBeVisible();
  });

  await test.step('the shell shows', async () => {
    const navigation = page.getByRole('navigation', { name: t('fr', 'nav.label') });
    await expect(navigation).toBeVisible();
    await expect(navigation.getByRole('link', { name: t('fr', 'nav.overview') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(navigation.getByRole('link', { name: t('fr', 'nav.my_profile') })).toHaveAttribute(
      'href',
      /^\/users\/[0-9a-f]{24}$/,
    );
    await expect(page.getByRole('button', { name: t('fr', 'header.account_menu') })).toBeVisible();
  });

  await test.step('switch to English, which a reload keeps', async () => {
    await page.getByRole('button', { name: t('fr', 'header.switch_language') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t('en', 'pages.dashboard.title') }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: t('en', 'pages.dashboard.title') }),
    ).toBeVisible();
    await expect(page.getByText(`Welcome, ${pseudo}!`)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  await test.step('and back to French, which a reload keeps too', async () => {
    await page.getByRole('button', { name: t('en', 'header.switch_language') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t('fr', 'pages.dashboard.title') }),
    ).toBeVisible();

    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: t('fr', 'pages.dashboard.title') }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  await test.step('sign out back to the landing page', async () => {
    await page.getByRole('button', { name: t('fr', 'header.account_menu') }).click();
    await page.getByRole('menuitem', { name: t('fr', 'header.logout') }).click();

    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('heading', { name: t('fr', 'landing.sign_in.title') }),
    ).toBeVisible();
  });

  await test.step('the dashboard is closed again', async () => {
    await page.goto('/dashboard');

    await expect(page).toHaveURL('/');
    await expect(page.getByLabel(t('fr', 'landing.sign_in.pseudo_label'))).toBeVisible();
  });
});

test("a visitor reads the landing page in its browser's language until it chooses another", async ({
  browser,
}) => {
  const english = await browser.newContext({ locale: 'en-GB' });
  const page = await english.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel(t('en', 'landing.sign_in.pseudo_label'))).toBeVisible();

  await page.getByRole('button', { name: t('en', 'header.switch_language') }).click();
  await expect(page.getByLabel(t('fr', 'landing.sign_in.pseudo_label'))).toBeVisible();
  // The choice outlives the visit, whatever the browser asks for.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByLabel(t('fr', 'landing.sign_in.pseudo_label'))).toBeVisible();
  await english.close();
});
