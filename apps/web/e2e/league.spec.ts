import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  openIn,
  signIn,
  test,
  uniquePseudo,
} from './fixtures';
import { t } from './translations';

/**
 * A Riot ID the fake Riot server knows (run-fake-riot.ts): ranked Diamond II, 23 LP, 49 wins and
 * 61 losses in solo queue, and 30 ranked games, one every 11 hours, all within the last 15 days:
 * the newest a remake, the one before it played on Wukong (Riot's 'MonkeyKing').
 */
const RIOT_ID = 'JinxMain#EUW';

/**
 * Every request the page sends to another origin than Guildhall's: none is allowed, Riot's Data
 * Dragon included (Guildhall serves champion names and pictures, decision 026).
 */
function foreignRequests(page: Page, guildhall: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const { protocol, origin } = new URL(request.url());
    if (protocol.startsWith('http') && origin !== new URL(guildhall).origin) {
      foreign.push(request.url());
    }
  });
  return foreign;
}

async function addRiotId(page: Page, riotId: string): Promise<void> {
  await page.goto('/settings/profile?tab=connections');
  const card = page.getByRole('region', { name: t('fr', 'games.leagueoflegends') });
  await card
    .getByRole('button', {
      name: t('fr', 'settings.connections.open_add', { game: t('fr', 'games.leagueoflegends') }),
    })
    .click();
  await card
    .getByRole('textbox', {
      name: t('fr', 'settings.connections.new_login_label', {
        game: t('fr', 'games.leagueoflegends'),
      }),
    })
    .fill(riotId);
  await card.getByRole('button', { name: t('fr', 'game_logins.add'), exact: true }).click();
  // The server resolved it with (fake) Riot before saving it.
  await expect(card.getByRole('listitem').filter({ hasText: riotId })).toBeVisible();
}

test('a member with a Riot ID sees its ranks, 15-day statistics and games on its profile', async ({
  page,
  baseURL,
}) => {
  // A long journey, three axe runs included: on a busy machine it outlasts the default timeout.
  test.slow();
  // Guildhall's own address: the page's is about:blank until the first navigation.
  const foreign = foreignRequests(page, baseURL ?? '');
  const member = await signIn(page, uniquePseudo('summoner'));
  await openIn(page, 'fr', '/dashboard');
  await addRiotId(page, RIOT_ID);

  await page.goto(`/users/${member._id}`);
  await page.getByRole('tab', { name: t('fr', 'games.leagueoflegends') }).click();
  const league = page.getByRole('tabpanel', { name: t('fr', 'games.leagueoflegends') });
  // The first view asks Riot for some thirty games, within its rate limits.
  const firstLoad = { timeout: 20_000 };

  await test.step('the rank card of the Riot ID', async () => {
    const card = league.getByRole('article', { name: RIOT_ID });
    await expect(card).toBeVisible(firstLoad);
    await expect(card.getByText(t('fr', 'league.queues.solo'))).toBeVisible();
    await expect(card.getByText(`${t('fr', 'league.tiers.DIAMOND')} II`).first()).toBeVisible();
    await expect(card.getByText(t('fr', 'league.ranks.points', { points: 23 }))).toBeVisible();
  });

  await test.step('the statistics of the last 15 days', async () => {
    const stats = league.getByRole('region', { name: t('fr', 'league.stats.title') });
    await expect(stats.getByText(t('fr', 'league.stats.games'), { exact: true })).toBeVisible(
      firstLoad,
    );
    // 30 games, the remake left out.
    await expect(stats.locator('dd').first()).toHaveText('29');
    await expect(
      stats.getByRole('heading', { name: t('fr', 'league.stats.most_played') }),
    ).toBeVisible();
    await expect(stats.getByRole('listitem')).not.toHaveCount(0);
  });

  const history = league.getByRole('region', { name: t('fr', 'league.history.title') });
  const games = history.getByRole('article');

  await test.step('five games, then five more', async () => {
    await expect(games).toHaveCount(5, firstLoad);
    // The newest game ended by an early surrender: a remake, neither won nor lost.
    await expect(games.first().getByText(t('fr', 'league.history.remake'))).toBeVisible();
    await expect(games.first().getByText(t('fr', 'league.history.perfect_kda'))).toHaveCount(0);
    // Champions by their display names (the fake Data Dragon's, through Guildhall).
    await expect(games.nth(1).getByRole('heading', { name: 'Wukong' })).toBeVisible();
    await expect(
      games
        .nth(1)
        .getByText(
          new RegExp(`^(${t('fr', 'league.history.win')}|${t('fr', 'league.history.loss')})$`),
        ),
    ).toBeVisible();
    await expect(games.nth(1).getByRole('img', { name: 'Wukong' })).toBeVisible();
    // Wukong's picture, served by Guildhall; items the fake does not have leave tiles.
    await expect(
      games.nth(1).locator('img[src^="/api/league/assets/champion/MonkeyKing.png"]').first(),
    ).toBeVisible();
    await expect(
      games
        .first()
        .getByRole('list', { name: t('fr', 'league.history.items') })
        .getByRole('listitem'),
    ).toHaveCount(7);
    await expect(games.first().locator('li[aria-current="true"]')).toContainText(RIOT_ID);

    // From the keyboard.
    const showMore = history.getByRole('button', { name: t('fr', 'pager.more') });
    await showMore.focus();
    await page.keyboard.press('Enter');
    await expect(games).toHaveCount(10);
    await expect(showMore).toBeVisible();
  });

  await test.step('when the data was refreshed, and a refresh at most every five minutes', async () => {
    const updated = t('fr', 'league.refresh.updated', { ago: '' }).trim();
    await expect(league.getByText(new RegExp(`^${updated}`))).toBeVisible();
    const refresh = league.getByRole('button', { name: t('fr', 'league.refresh.button') });
    await refresh.click();
    await expect(refresh).toBeVisible(firstLoad);
    await expect(games).toHaveCount(10, firstLoad);
    await refresh.click();
    const tooSoon = t('fr', 'league.refresh.too_soon', { when: '' }).replace(/\s*\.$/, '');
    await expect(league.getByRole('status').filter({ hasText: tooSoon })).toBeVisible();
  });

  await test.step('axe finds no violation, in French then in English', async () => {
    await expectNoAccessibilityViolations(page);

    await page.getByRole('button', { name: t('fr', 'header.switch_language') }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(league.getByRole('region', { name: t('en', 'league.stats.title') })).toBeVisible();
    await expect(
      league.getByRole('region', { name: t('en', 'league.history.title') }).getByRole('article'),
    ).toHaveCount(10);
    await expect(league.getByRole('button', { name: t('en', 'pager.more') })).toBeVisible();

    await expectNoAccessibilityViolations(page);
  });

  await test.step('on a phone, axe still finds no violation', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(
      league.getByRole('region', { name: t('en', 'league.history.title') }).getByRole('article'),
    ).toHaveCount(10);
    await expect(
      league.getByRole('button', { name: t('en', 'league.refresh.button') }),
    ).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });

  // The member's browser talked to Guildhall only.
  expect(foreign).toEqual([]);
});
