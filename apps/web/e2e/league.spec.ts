import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  test,
  uniquePseudo,
} from './fixtures';

/**
 * A Riot ID the fake Riot server knows (run-fake-riot.ts): ranked Diamond II, 23 LP, 49 wins and
 * 61 losses in solo queue, and 30 ranked games, one every 11 hours, all within the last 15 days.
 */
const RIOT_ID = 'JinxMain#EUW';

async function addRiotId(page: Page, riotId: string): Promise<void> {
  await page.goto('/settings/profile?tab=connections');
  const card = page.getByRole('region', { name: 'League of Legends' });
  await card.getByRole('button', { name: /Ajouter un pseudo League of Legends/ }).click();
  await card.getByRole('textbox', { name: 'Nouveau pseudo League of Legends' }).fill(riotId);
  await card.getByRole('button', { name: 'Ajouter', exact: true }).click();
  // The server resolved it with (fake) Riot before saving it.
  await expect(card.getByRole('listitem').filter({ hasText: riotId })).toBeVisible();
}

test('a member with a Riot ID sees its ranks, 15-day statistics and games on its profile', async ({
  page,
}) => {
  const member = await signIn(page, uniquePseudo('summoner'));
  await openIn(page, 'fr', '/dashboard');
  await addRiotId(page, RIOT_ID);

  await page.goto(`/users/${member._id}`);
  await page.getByRole('tab', { name: 'League of Legends' }).click();
  const league = page.getByRole('tabpanel', { name: 'League of Legends' });
  // The first view asks Riot for some thirty games, within its rate limits.
  const firstLoad = { timeout: 20_000 };

  await test.step('the rank card of the Riot ID', async () => {
    const card = league.getByRole('article', { name: RIOT_ID });
    await expect(card).toBeVisible(firstLoad);
    await expect(card.getByText('Classée Solo/Duo')).toBeVisible();
    await expect(card.getByText('Diamant II').first()).toBeVisible();
    await expect(card.getByText('23 LP')).toBeVisible();
  });

  await test.step('the statistics of the last 15 days', async () => {
    const stats = league.getByRole('region', { name: 'Statistiques des 15 derniers jours' });
    await expect(stats.getByText('Parties', { exact: true })).toBeVisible(firstLoad);
    await expect(stats.locator('dd').first()).toHaveText('30');
    await expect(stats.getByRole('heading', { name: 'Champions les plus joués' })).toBeVisible();
    await expect(stats.getByRole('listitem')).not.toHaveCount(0);
  });

  const history = league.getByRole('region', { name: 'Historique des parties classées' });
  const games = history.getByRole('article');

  await test.step('five games, then five more', async () => {
    await expect(games).toHaveCount(5, firstLoad);
    await expect(games.first().getByText(/^(Victoire|Défaite)$/)).toBeVisible();
    await expect(
      games.first().getByRole('list', { name: 'Objets' }).getByRole('listitem'),
    ).toHaveCount(7);
    await expect(games.first().locator('li[aria-current="true"]')).toContainText(RIOT_ID);

    // From the keyboard.
    const showMore = history.getByRole('button', { name: 'Afficher plus' });
    await showMore.focus();
    await page.keyboard.press('Enter');
    await expect(games).toHaveCount(10);
    await expect(showMore).toBeVisible();
  });

  await test.step('axe finds no violation, in French then in English', async () => {
    await expectNoAccessibilityViolations(page);

    await page.getByRole('button', { name: 'Passer en anglais' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(league.getByRole('region', { name: 'Last 15 days' })).toBeVisible();
    await expect(
      league.getByRole('region', { name: 'Ranked game history' }).getByRole('article'),
    ).toHaveCount(10);
    await expect(league.getByRole('button', { name: 'Show more' })).toBeVisible();

    await expectNoAccessibilityViolations(page);
  });
});
