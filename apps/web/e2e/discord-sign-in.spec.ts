import { expect, test } from './fixtures';
import { t } from './translations';

/** Tells the worker's fake Discord what to do next: which account, consent or refusal, failures. */
async function fakeDiscordWill(
  fakeDiscordUrl: string,
  behaviour: Record<string, unknown>,
): Promise<void> {
  const response = await fetch(`${fakeDiscordUrl}/__control`, {
    method: 'POST',
    body: JSON.stringify(behaviour),
  });
  expect(response.ok).toBe(true);
}

// This file's tests run in a worker whose Guildhall signs in with the worker's fake Discord.
test.use({ guildhall: 'discord' });

test.describe('sign-in with Discord (against a local fake of Discord)', () => {
  test.afterEach(async ({ fakeProviderUrl }) => {
    await fakeDiscordWill(fakeProviderUrl('discord'), { consent: 'allow', tokenFails: false });
  });

  test('a member signs in with Discord and lands on the dashboard', async ({
    page,
    baseURL,
    fakeProviderUrl,
  }) => {
    await fakeDiscordWill(fakeProviderUrl('discord'), {
      user: {
        id: '80351110224678912',
        username: 'nelly',
        global_name: 'Nelly',
        email: 'nelly@example.com',
        verified: true,
      },
    });
    await page.goto('/');
    await expect(page.locator('form input[name="pseudo"]')).toHaveCount(0);
    await page.getByRole('link', { name: t('fr', 'landing.sign_in.discord') }).click();

    await expect(page).toHaveURL(`${baseURL}/dashboard`);
    await expect(
      page.getByText(t('fr', 'pages.dashboard.welcome', { pseudo: 'Nelly' })),
    ).toBeVisible();
  });

  test('refusing consent on Discord brings the visitor back with a message', async ({
    page,
    baseURL,
    fakeProviderUrl,
  }) => {
    await fakeDiscordWill(fakeProviderUrl('discord'), { consent: 'deny' });
    await page.goto('/');
    await page.getByRole('link', { name: t('fr', 'landing.sign_in.discord') }).click();

    await expect(page).toHaveURL(`${baseURL}/?auth_error=access_denied`);
    await expect(page.getByRole('alert')).toContainText(
      t('fr', 'landing.auth_errors.access_denied'),
    );
    await page.goto('/dashboard');
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('a Discord that fails is explained, in English too', async ({
    page,
    baseURL,
    fakeProviderUrl,
  }) => {
    await fakeDiscordWill(fakeProviderUrl('discord'), { tokenFails: true });
    await page.goto('/');
    await page.getByRole('button', { name: t('fr', 'header.switch_language') }).click();
    await page.getByRole('link', { name: t('en', 'landing.sign_in.discord') }).click();

    await expect(page).toHaveURL(`${baseURL}/?auth_error=provider_unavailable`);
    await expect(page.getByRole('alert')).toHaveText(
      t('en', 'landing.auth_errors.provider_unavailable'),
    );
  });
});
