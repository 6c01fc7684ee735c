import { expect, signIn, test, toast, uniquePseudo } from './fixtures';
import { FAKE_TWITCH_URL } from './servers';

/** Tells the fake Twitch which account the next authorization links. */
async function fakeTwitchWill(behaviour: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${FAKE_TWITCH_URL}/__control`, {
    method: 'POST',
    body: JSON.stringify(behaviour),
  });
  expect(response.ok).toBe(true);
}

test('a member links Twitch through the provider and disconnects it', async ({ page }) => {
  const login = `e2e${Date.now().toString(36)}`;
  await fakeTwitchWill({
    account: { id: String(Date.now()), login, displayName: login },
    consent: 'allow',
  });
  await signIn(page, uniquePseudo('streamer'));
  await page.goto('/settings/profile?tab=connections');
  const twitch = page.getByRole('listitem').filter({ hasText: 'Twitch' });
  await expect(twitch.getByText('Non connecté')).toBeVisible();

  await test.step('link it: off to Twitch and back', async () => {
    await twitch.getByRole('link', { name: 'Connecter Twitch' }).click();
    await expect(page).toHaveURL(/\/settings\/profile\?tab=connections$/);
    await expect(toast(page, 'Votre compte Twitch est maintenant connecté.').first()).toBeVisible();
    await expect(twitch.getByText(login)).toBeVisible();
  });

  await test.step('disconnect it, after confirming', async () => {
    await twitch.getByRole('button', { name: 'Déconnecter Twitch' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Êtes-vous sûr de vouloir vous déconnecter de Twitch ?');
    await dialog.getByRole('button', { name: 'Déconnecter' }).click();
    await expect(twitch.getByText('Non connecté')).toBeVisible();
  });
});
