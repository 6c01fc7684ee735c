import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test, toast, uniquePseudo } from './fixtures';
import { t } from './translations';

const gameCard = (page: Page, game: string): Locator => page.getByRole('region', { name: game });

async function addLogin(page: Page, game: string, login: string): Promise<Locator> {
  const card = gameCard(page, game);
  const pencil = card.getByRole('button', { name: new RegExp(`Ajouter un pseudo ${game}`) });
  if ((await pencil.getAttribute('aria-expanded')) !== 'true') await pencil.click();
  const input = card.getByRole('textbox', {
    name: t('fr', 'settings.connections.new_login_label', { game }),
  });
  await input.fill(login);
  await card.getByRole('button', { name: t('fr', 'game_logins.add'), exact: true }).click();
  return input;
}

test('a member adds and removes a Riot ID and a Valorant login', async ({ page }) => {
  await signIn(page, uniquePseudo('gamer'));
  await page.goto('/settings/profile?tab=connections');
  await expect(
    page.getByRole('tab', { name: t('fr', 'settings.tabs.connections') }),
  ).toHaveAttribute('aria-selected', 'true');
  const league = gameCard(page, t('fr', 'games.leagueoflegends'));
  const valorant = gameCard(page, t('fr', 'games.valorant'));

  await test.step('a League login must be a Riot ID', async () => {
    const input = await addLogin(page, t('fr', 'games.leagueoflegends'), 'Hibou');

    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(league.getByText(t('fr', 'game_logins.problems.not_riot_id'))).toBeVisible();
    await expect(league.getByText(t('fr', 'settings.connections.no_logins'))).toBeVisible();
  });

  // Nyra#EUW: a Riot ID the fake Riot server knows (a Riot ID Riot does not know is refused).
  await test.step('add a Riot ID and a Valorant login', async () => {
    await addLogin(page, t('fr', 'games.leagueoflegends'), 'Nyra#EUW');
    await expect(league.getByRole('listitem').filter({ hasText: 'Nyra#EUW' })).toBeVisible();

    await addLogin(page, t('fr', 'games.valorant'), 'owl-e2e');
    await expect(valorant.getByRole('listitem').filter({ hasText: 'owl-e2e' })).toBeVisible();
    await expect(toast(page, t('fr', 'settings.profile_updated_success')).first()).toBeVisible();
  });

  await test.step('they are saved', async () => {
    await page.reload();
    await expect(league.getByText('Nyra#EUW')).toBeVisible();
    await expect(valorant.getByText('owl-e2e')).toBeVisible();
  });

  await test.step('remove them', async () => {
    await league
      .getByRole('button', { name: t('fr', 'game_logins.remove', { login: 'Nyra#EUW' }) })
      .click();
    await expect(league.getByText(t('fr', 'settings.connections.no_logins'))).toBeVisible();
    await valorant
      .getByRole('button', { name: t('fr', 'game_logins.remove', { login: 'owl-e2e' }) })
      .click();
    await expect(valorant.getByText(t('fr', 'settings.connections.no_logins'))).toBeVisible();

    await page.reload();
    await expect(league.getByText(t('fr', 'settings.connections.no_logins'))).toBeVisible();
    await expect(valorant.getByText(t('fr', 'settings.connections.no_logins'))).toBeVisible();
  });
});
