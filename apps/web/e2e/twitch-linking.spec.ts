import { expect, signIn, test, toast, uniquePseudo } from './fixtures';
import { t } from './translations';

/** Tells the worker's fake Twitch which account the next authorization links. */
async function fakeTwitchWill(
  fakeTwitchUrl: string,
  behaviour: Record<string, unknown>,
): Promise<void> {
  const response = await fetch(`${fakeTwitchUrl}/__control`, {
    method: 'POST',
    body: JSON.stringify(behaviour),
  });
  expect(response.ok).toBe(true);
}

test('a member links Twitch through the provider and disconnects it', async ({
  page,
  fakeProviderUrl,
}) => {
  const login = `e2e${Date.now().toString(36)}`;
  await fakeTwitchWill(fakeProviderUrl('twitch'), {
    account: { id: String(Date.now()), login, displayName: login },
    consent: 'allow',
  });
  await signIn(page, uniquePseudo('streamer'));
  await page.goto('/settings/profile?tab=connections');
  const twitch = page.getByRole('listitem').filter({ hasText: t('fr', 'providers.twitch') });
  await expect(twitch.getByText(t('fr', 'settings.connections.not_connected'))).toBeVisible();

  await test.step('link it: off to Twitch and back', async () => {
    await twitch.getByRole('link', { name: 'Connecter Twitch' }).click();
    await expect(page).toHaveURL(/\/settings\/profile\?tab=connections$/);
    await expect(
      toast(
        page,
        t('fr', 'settings.link_success', { platform: t('fr', 'providers.twitch') }),
      ).first(),
    ).toBeVisible();
    await expect(twitch.getByText(login)).toBeVisible();
  });

  await test.step('disconnect it, after confirming', async () => {
    await twitch
      .getByRole('button', {
        name: `${t('fr', 'settings.connections.disconnect')} ${t('fr', 'providers.twitch')}`,
      })
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      t('fr', 'settings.connections.disconnect_confirm', { provider: t('fr', 'providers.twitch') }),
    );
    await dialog.getByRole('button', { name: t('fr', 'settings.connections.disconnect') }).click();
    await expect(twitch.getByText(t('fr', 'settings.connections.not_connected'))).toBeVisible();
  });
});
