import {
  LEAGUE_STATS_WINDOW_MS,
  type LeagueChampions,
  type LeagueGame,
  type RankEntry,
  type User,
} from '@guildhall/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allRoles, bothAuthMethods, buildSessionUser, buildUser } from '@/test/fixtures';
import {
  apiError,
  type Handler,
  json,
  neverAnswers,
  requestsTo,
  type Routes,
  signedIn,
} from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
// Data Dragon's champion.json of 15.12.1, cut down to a few champions (every field they have).
import championsEnglish from '../../../api/fixtures/champion-en_US.json';
import championsFrench from '../../../api/fixtures/champion-fr_FR.json';

/** GET /api/league/champions: what the server makes of those two files (decision 026). */
const leagueChampions: LeagueChampions = {
  version: '15.12.1',
  champions: Object.values(championsFrench.data).map((champion) => ({
    key: Number(champion.key),
    id: champion.image.full.replace(/\.png$/, ''),
    name: {
      fr: champion.name,
      en: championsEnglish.data[champion.id as keyof typeof championsEnglish.data].name,
    },
  })),
};

const MEMBER_ID = '65f1c0ffee00000000000042';
const OWN_PUUID = 'puuid-owl';
const DAY = 24 * 3_600_000;

const member: User = buildUser({
  _id: MEMBER_ID,
  pseudo: 'owl',
  leagueoflegends_login: ['Owl#EUW', 'Hoot#EUW'],
});

const ranks: RankEntry[] = [
  {
    gameName: 'Owl',
    tagLine: 'EUW',
    rankData: {
      lol: {
        queueType: 'RANKED_SOLO_5x5',
        tier: 'GOLD',
        division: 'II',
        leaguePoints: 45,
        wins: 30,
        losses: 20,
      },
    },
    queues: [
      {
        queueType: 'RANKED_FLEX_SR',
        tier: 'MASTER',
        division: '',
        leaguePoints: 120,
        wins: 10,
        losses: 10,
      },
      {
        queueType: 'RANKED_SOLO_5x5',
        tier: 'GOLD',
        division: 'II',
        leaguePoints: 45,
        wins: 30,
        losses: 20,
      },
    ],
    fetchedAt: Date.now() - 3 * 60_000,
  },
  { gameName: 'Hoot', tagLine: 'EUW', rankData: { lol: null }, queues: [], fetchedAt: null },
];

/** Champion keys, as match-v5 gives them beside the internal names. */
const CHAMPION_KEYS: Record<string, number> = {
  Ahri: 103,
  Garen: 86,
  Lux: 99,
  Jinx: 222,
  FiddleSticks: 9,
  MonkeyKing: 62,
  Chogath: 31,
  KSante: 897,
  DrMundo: 36,
};

type OwnLine = Partial<Omit<LeagueGame['participants'][number], 'puuid'>>;

/** A ranked game of ten players; the member (the sixth) plays `own`. */
function buildGame(
  number: number,
  own: OwnLine = {},
  startedAgoMs = number * DAY,
  { remake = false } = {},
): LeagueGame {
  const win = own.win ?? number % 2 === 0;
  const participants = Array.from({ length: 10 }, (_, index) => ({
    puuid: `puuid-${number}-${index}`,
    riotId: `Player${index}#EUW`,
    championName: 'Garen',
    championId: 86,
    kills: 1,
    deaths: 1,
    assists: 1,
    win: index < 5 !== win,
    items: [1001, 0, 0, 0, 0, 0, 3340],
  }));
  participants[5] = {
    ...participants[5]!,
    puuid: OWN_PUUID,
    riotId: 'Owl#EUW',
    championName: 'Ahri',
    kills: 4,
    deaths: 2,
    assists: 6,
    items: [3031, 0, 3006, 0, 1038, 0, 3340],
    ...own,
    championId: own.championId ?? CHAMPION_KEYS[own.championName ?? 'Ahri'] ?? 0,
    win,
  };
  return {
    matchId: `EUW1_${1000 + number}`,
    gameStartTimestamp: Date.now() - startedAgoMs,
    gameDuration: remake ? 101 : 1625,
    queueId: 420,
    remake,
    puuid: OWN_PUUID,
    participants,
  };
}

/** Twelve games, one a day: the history has two full pages and one of two. */
const history = Array.from({ length: 12 }, (_, index) => buildGame(index + 1));

/**
 * The games endpoint as the server answers it: `since`, then a page of `limit` from the cursor.
 * The cursor is opaque to the web: here the position of the next page.
 */
const gamesEndpoint =
  (games: LeagueGame[]): Handler =>
  (request) => {
    const query = new URL(request.url).searchParams;
    const since = Number(query.get('since') ?? 0);
    const start = Number(query.get('cursor') ?? 0);
    const limit = Number(query.get('limit') ?? 5);
    const shown = games.filter((game) => game.gameStartTimestamp >= since);
    return Response.json({
      items: shown.slice(start, start + limit),
      next_cursor: shown.length > start + limit ? String(start + limit) : null,
    });
  };

function openLeagueTab({
  routes = {},
  language,
}: { routes?: Routes; language?: 'fr' | 'en' } = {}) {
  const app = renderApp({
    at: `/users/${MEMBER_ID}`,
    language,
    routes: {
      'GET /api/session': signedIn(buildSessionUser()),
      'GET /api/roles': json(allRoles),
      [`GET /api/users/${MEMBER_ID}`]: json(member),
      [`GET /api/teams/check-all-roles/${MEMBER_ID}`]: json({ roles: [] }),
      [`GET /api/ranks/lol/${MEMBER_ID}`]: json(ranks),
      [`GET /api/games/lol/${MEMBER_ID}`]: gamesEndpoint(history),
      [`GET /api/users/${MEMBER_ID}/league/history`]: json({
        queue: 'RANKED_SOLO_5x5',
        snapshots: [],
      }),
      // Data Dragon's champions as Guildhall serves them, in both languages.
      'GET /api/league/champions': json(leagueChampions),
      ...routes,
    },
  });
  return {
    ...app,
    async open() {
      await app.user.click(await screen.findByRole('tab', { name: 'League of Legends' }));
      return screen.getByRole('tabpanel', { name: 'League of Legends' });
    },
  };
}

const region = (name: string) => screen.getByRole('region', { name });
const gamesShown = () =>
  within(region('Historique des parties classées')).queryAllByRole('article');

describe('League tab', () => {
  it('shows a rank card per Riot ID: tier, division, LP, wins, losses and win rate', async () => {
    const { open } = openLeagueTab();
    await open();

    const owl = await screen.findByRole('article', { name: 'Owl#EUW' });
    const [solo, flex] = within(owl).getAllByText(/^Classée/);
    // Solo queue first, whatever order the server gave.
    expect(solo).toHaveTextContent('Classée Solo/Duo');
    expect(flex).toHaveTextContent('Classée Flexible');
    expect(within(owl).getByText('Or II')).toBeVisible();
    expect(within(owl).getByText('45 LP')).toBeVisible();
    expect(within(owl).getByText('30')).toBeVisible();
    expect(within(owl).getByText('20')).toBeVisible();
    expect(within(owl).getByText(/^60\s%$/)).toBeVisible();
    // Master has no division.
    expect(within(owl).getByText('Maître')).toBeVisible();
    expect(within(owl).getByText(/^50\s%$/)).toBeVisible();

    const hoot = screen.getByRole('article', { name: 'Hoot#EUW' });
    expect(within(hoot).getByText('Non classé')).toBeVisible();
  });

  it('computes the 15-day statistics from the games since the window started', async () => {
    const recent = [
      buildGame(1, { championName: 'Lux', kills: 5, deaths: 0, assists: 5, win: true }),
      buildGame(2, { championName: 'Lux', kills: 3, deaths: 0, assists: 0, win: false }),
      buildGame(3, { championName: 'Jinx', kills: 2, deaths: 0, assists: 1, win: true }),
    ];
    const { open, fetchMock } = openLeagueTab({
      routes: { [`GET /api/games/lol/${MEMBER_ID}`]: gamesEndpoint(recent) },
    });
    const before = Date.now();
    await open();

    const stats = region('Statistiques des 15 derniers jours');
    const value = async (label: string) =>
      (await within(stats).findByText(label)).nextElementSibling;
    expect(await value('Parties')).toHaveTextContent('3');
    expect(await value('Victoires')).toHaveTextContent('2');
    expect(await value('Taux de victoire')).toHaveTextContent(/^67\s%$/);
    // No death in any game: a perfect KDA.
    expect(await value('KDA moyen')).toHaveTextContent(/^Parfait/);
    const champions = within(stats).getAllByRole('listitem');
    expect(champions.map((line) => line.textContent)).toEqual(['Lux2 parties', 'Jinx1 partie']);

    const [statsRequest] = requestsTo(fetchMock, 'GET', `/api/games/lol/${MEMBER_ID}`).filter(
      (request) => new URL(request.url).searchParams.has('since'),
    );
    const since = Number(new URL(statsRequest!.url).searchParams.get('since'));
    expect(since).toBeGreaterThanOrEqual(before - LEAGUE_STATS_WINDOW_MS);
    expect(since).toBeLessThanOrEqual(Date.now() - LEAGUE_STATS_WINDOW_MS);
  });

  it('shows five games, then five more per click, each page asked to the server', async () => {
    const { open, user, fetchMock } = openLeagueTab();
    await open();

    await waitFor(() => expect(gamesShown()).toHaveLength(5));
    const showMore = screen.getByRole('button', { name: 'Afficher plus' });

    await user.click(showMore);
    await waitFor(() => expect(gamesShown()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));
    await waitFor(() => expect(gamesShown()).toHaveLength(12));
    // The page of two was the last one: it gave no cursor.
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();

    const pages = requestsTo(fetchMock, 'GET', `/api/games/lol/${MEMBER_ID}`)
      .map((request) => new URL(request.url).searchParams)
      .filter((query) => !query.has('since'))
      .map((query) => query.get('cursor'));
    // Each page asks from the cursor the page before gave.
    expect(pages).toEqual([null, '5', '10']);
  });

  it('describes each game: champion, result in words, KDA, duration, date and items', async () => {
    const { open } = openLeagueTab({
      routes: {
        [`GET /api/games/lol/${MEMBER_ID}`]: gamesEndpoint([
          buildGame(2, { win: true }, 3 * DAY),
          buildGame(3, { win: false, deaths: 0 }, 4 * DAY),
        ]),
      },
    });
    await open();

    const [won, lost] = await waitFor(() => {
      const games = gamesShown();
      expect(games).toHaveLength(2);
      return games;
    });
    expect(within(won!).getByRole('heading', { name: 'Ahri' })).toBeVisible();
    expect(within(won!).getByText('Victoire')).toBeVisible();
    expect(within(won!).getByText('4 / 2 / 6')).toBeVisible();
    expect(within(won!).getByText('5,00 KDA')).toBeVisible();
    expect(within(won!).getByText('27:05')).toBeVisible();
    expect(within(won!).getByText('il y a 3 jours')).toBeVisible();
    expect(within(lost!).getByText('Défaite')).toBeVisible();
    expect(within(lost!).getByText('KDA parfait')).toBeVisible();
    // No button to show more after a short first page.
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
  });

  it('draws empty item slots empty, without a picture', async () => {
    const { open } = openLeagueTab();
    await open();

    const [game] = await waitFor(() => {
      const games = gamesShown();
      expect(games.length).toBeGreaterThan(0);
      return games;
    });
    const slots = within(within(game!).getByRole('list', { name: 'Objets' })).getAllByRole(
      'listitem',
    );
    expect(slots).toHaveLength(7);
    expect(slots.map((slot) => slot.querySelector('img')?.getAttribute('alt') ?? null)).toEqual([
      'Objet 3031',
      null,
      'Objet 3006',
      null,
      'Objet 1038',
      null,
      'Objet 3340',
    ]);
    expect(slots[1]).toHaveTextContent('Emplacement vide');
    // Pictures come from Guildhall, at the Data Dragon version it names.
    await waitFor(() =>
      expect(within(slots[0]!).getByRole('img')).toHaveAttribute(
        'src',
        '/api/league/assets/item/3031.png?v=15.12.1',
      ),
    );
  });

  it('marks the member’s own line among the players', async () => {
    const { open } = openLeagueTab();
    await open();

    const [game] = await waitFor(() => {
      const games = gamesShown();
      expect(games.length).toBeGreaterThan(0);
      return games;
    });
    const winners = within(game!).getByRole('list', { name: 'Équipe gagnante' });
    const losers = within(game!).getByRole('list', { name: 'Équipe perdante' });
    expect(within(winners).getAllByRole('listitem')).toHaveLength(5);
    expect(within(losers).getAllByRole('listitem')).toHaveLength(5);

    const marked = within(game!)
      .getAllByRole('listitem')
      .filter((line) => line.getAttribute('aria-current') === 'true');
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveTextContent('Owl#EUW4/2/6');
  });

  it('says so, in both languages, when the server has no Riot key', async () => {
    const notConfigured = apiError(503, 'riot_not_configured', 'No Riot API key');
    const routes = {
      [`GET /api/ranks/lol/${MEMBER_ID}`]: notConfigured,
      [`GET /api/games/lol/${MEMBER_ID}`]: notConfigured,
    };
    const { open } = openLeagueTab({ routes });
    const panel = await open();

    expect(
      await within(panel).findByText(/ce serveur n'est pas relié à l'API de Riot Games/),
    ).toBeVisible();
    // The member's Riot IDs still show; nothing looks like an error.
    expect(within(panel).getByText('Owl#EUW')).toBeVisible();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    // The snapshots Guildhall took are its own: their chart needs no Riot key.
    expect(
      await within(panel).findByText("Pas encore d'historique : un relevé est pris chaque jour."),
    ).toBeVisible();
  });

  it('reads in English', async () => {
    const notConfigured = apiError(503, 'riot_not_configured', 'No Riot API key');
    const { open } = openLeagueTab({
      language: 'en',
      routes: {
        [`GET /api/ranks/lol/${MEMBER_ID}`]: notConfigured,
        [`GET /api/games/lol/${MEMBER_ID}`]: notConfigured,
      },
    });
    const panel = await open();

    expect(
      await within(panel).findByText(/this server is not connected to the Riot Games API/),
    ).toBeVisible();
  });

  it('says Riot is unreachable and asks again on demand', async () => {
    let riotDown = true;
    const { open, user } = openLeagueTab({
      routes: {
        [`GET /api/ranks/lol/${MEMBER_ID}`]: () =>
          riotDown
            ? Response.json(
                { error: { code: 'riot_unavailable', message: 'Riot is unavailable' } },
                { status: 503 },
              )
            : Response.json(ranks),
      },
    });
    await open();

    const ranksCard = region('Rangs');
    expect(await within(ranksCard).findByRole('alert')).toHaveTextContent(
      'Les serveurs de Riot Games ne répondent pas pour le moment.',
    );
    // The rest of the tab works.
    await waitFor(() => expect(gamesShown()).toHaveLength(5));

    riotDown = false;
    await user.click(within(ranksCard).getByRole('button', { name: 'Réessayer' }));
    expect(await within(ranksCard).findByRole('article', { name: 'Owl#EUW' })).toBeVisible();
  });

  it('asks Guildhall only: no request to another host, Riot’s included', async () => {
    const { open, fetchMock } = openLeagueTab();
    await open();

    await waitFor(() => expect(gamesShown().length).toBeGreaterThan(0));
    const pictures = [...document.querySelectorAll('img')].map((img) => img.src);
    const asked = fetchMock.mock.calls.map(([input]) =>
      input instanceof Request ? input.url : String(input),
    );
    expect(pictures.length).toBeGreaterThan(0);
    for (const address of [...pictures, ...asked]) {
      expect(new URL(address, window.location.href).origin).toBe(window.location.origin);
    }
  });

  it('shows Riot’s names on tiles when the server could never read Data Dragon', async () => {
    const { open } = openLeagueTab({
      routes: { 'GET /api/league/champions': json({ version: null, champions: [] }) },
    });
    await open();

    await waitFor(() => expect(gamesShown().length).toBeGreaterThan(0));
    const game = gamesShown()[0]!;
    expect(game.querySelector('img')).toBeNull();
    expect(within(game).getByRole('img', { name: 'Objet 3031' })).toHaveAttribute(
      'title',
      'Objet 3031',
    );
  });
});

describe('League tab with real data', () => {
  const gamesOf = (games: LeagueGame[]) => ({
    [`GET /api/games/lol/${MEMBER_ID}`]: gamesEndpoint(games),
  });

  it('shows a remake as a remake, without a perfect KDA, and leaves it out of the statistics', async () => {
    const games = [
      // 101 s, ended by an early surrender: Riot marks the member's side as the winner.
      buildGame(1, { win: true, kills: 0, deaths: 0, assists: 0 }, DAY, { remake: true }),
      buildGame(2, { win: false, kills: 2, deaths: 4, assists: 2, championName: 'Lux' }),
    ];
    const { open } = openLeagueTab({ routes: gamesOf(games) });
    await open();

    const [remake] = await waitFor(() => {
      const shown = gamesShown();
      expect(shown).toHaveLength(2);
      return shown;
    });
    expect(within(remake!).getByText('Remake')).toBeVisible();
    expect(within(remake!).queryByText('Victoire')).not.toBeInTheDocument();
    expect(within(remake!).queryByText('KDA parfait')).not.toBeInTheDocument();
    expect(within(remake!).getByText('1:41')).toBeVisible();
    // Neither side won a remake.
    expect(within(remake!).queryByRole('list', { name: 'Équipe gagnante' })).toBeNull();
    expect(within(remake!).getByRole('list', { name: 'Équipe 1' })).toBeVisible();

    const stats = region('Statistiques des 15 derniers jours');
    const value = async (label: string) =>
      (await within(stats).findByText(label)).nextElementSibling;
    expect(await value('Parties')).toHaveTextContent('1');
    expect(await value('Victoires')).toHaveTextContent('0');
    expect(await value('KDA moyen')).toHaveTextContent(/^1,00/);
    expect(
      within(stats)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Lux1 partie']);
  });

  it('reads "Remake" in English too', async () => {
    const games = [buildGame(1, { win: true }, DAY, { remake: true })];
    const { open } = openLeagueTab({ language: 'en', routes: gamesOf(games) });
    await open();

    await waitFor(() =>
      expect(within(region('Ranked game history')).getByText('Remake')).toBeVisible(),
    );
    expect(within(region('Last 15 days')).getByText('No ranked game in the last 15 days.'));
  });

  it.each([
    {
      language: 'fr' as const,
      history: 'Historique des parties classées',
      names: ['Wukong', "Cho'Gath", "K'Santé", 'Dr. Mundo', 'Fiddlesticks'],
    },
    {
      language: 'en' as const,
      history: 'Ranked game history',
      names: ['Wukong', "Cho'Gath", "K'Sante", 'Dr. Mundo', 'Fiddlesticks'],
    },
  ])('shows the champions’ display names in $language', async ({ language, history, names }) => {
    const played = ['MonkeyKing', 'Chogath', 'KSante', 'DrMundo', 'FiddleSticks'];
    const games = played.map((championName, index) => buildGame(index + 1, { championName }));
    const { open } = openLeagueTab({ language, routes: gamesOf(games) });
    await open();

    const headings = await waitFor(() => {
      const shown = within(region(history)).getAllByRole('heading', { level: 3 });
      expect(shown.map((heading) => heading.textContent)).toEqual(names);
      return shown;
    });
    expect(headings).toHaveLength(5);
  });

  it('finds pictures by champion key: FiddleSticks is Fiddlesticks.png', async () => {
    const games = [buildGame(1, { championName: 'FiddleSticks' })];
    const { open } = openLeagueTab({ routes: gamesOf(games) });
    await open();

    const ownLine = await waitFor(() => {
      const line = within(gamesShown()[0]!)
        .getAllByRole('listitem')
        .find((item) => item.getAttribute('aria-current') === 'true');
      expect(line).toBeDefined();
      return line!;
    });
    await waitFor(() =>
      expect(within(ownLine).getByRole('img', { name: 'Fiddlesticks' })).toHaveAttribute(
        'src',
        '/api/league/assets/champion/Fiddlesticks.png?v=15.12.1',
      ),
    );
  });

  it('shows a champion Data Dragon does not know yet under Riot’s name, on a tile', async () => {
    const games = [buildGame(1, { championName: 'Zaahen', championId: 904 })];
    const { open } = openLeagueTab({ routes: gamesOf(games) });
    await open();

    await waitFor(() =>
      expect(within(gamesShown()[0]!).getByRole('heading', { name: 'Zaahen' })).toBeVisible(),
    );
    const ownLine = within(gamesShown()[0]!)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'true')!;
    const tile = within(ownLine).getByRole('img', { name: 'Zaahen' });
    expect(tile.tagName).not.toBe('IMG');
    expect(tile).toHaveTextContent('Za');
  });

  it('draws a neutral tile with the name where a picture does not load', async () => {
    const { open } = openLeagueTab({ routes: gamesOf([buildGame(1, { championName: 'Lux' })]) });
    await open();

    const game = await waitFor(() => {
      const [first] = gamesShown();
      expect(first).toBeDefined();
      return first!;
    });
    const item = await within(game).findByRole('img', { name: 'Objet 3031' });
    await waitFor(() => expect(item).toHaveAttribute('src'));
    fireEvent.error(item);
    const itemTile = within(game).getByRole('img', { name: 'Objet 3031' });
    expect(itemTile.tagName).not.toBe('IMG');
    expect(itemTile).toHaveAttribute('title', 'Objet 3031');

    // The big picture beside the heading: its tile writes the champion's whole name.
    const picture = await waitFor(() => {
      const found = game.querySelector('img[src^="/api/league/assets/champion/Lux.png"][alt=""]');
      expect(found).not.toBeNull();
      return found!;
    });
    fireEvent.error(picture);
    expect(
      game.querySelector('img[src^="/api/league/assets/champion/Lux.png"][alt=""]'),
    ).toBeNull();
    expect(within(game).getByTitle('Lux')).toHaveTextContent('Lux');
  });

  it('asks nothing of Riot’s data when the server says it has no Riot key', async () => {
    const { open, fetchMock } = openLeagueTab({
      routes: { 'GET /auth/methods': json({ ...bothAuthMethods, riot: false }) },
    });
    const panel = await open();

    expect(
      await within(panel).findByText(/ce serveur n'est pas relié à l'API de Riot Games/),
    ).toBeVisible();
    // No call that would answer 503, which the browser would log as an error.
    expect(requestsTo(fetchMock, 'GET', `/api/ranks/lol/${MEMBER_ID}`)).toHaveLength(0);
    expect(requestsTo(fetchMock, 'GET', `/api/games/lol/${MEMBER_ID}`)).toHaveLength(0);
    expect(requestsTo(fetchMock, 'POST', `/api/refresh/lol/${MEMBER_ID}`)).toHaveLength(0);
  });

  it('says at once, without asking again, that the server is not connected to Riot', async () => {
    const notConfigured = apiError(503, 'riot_not_configured', 'No Riot API key');
    const { open, fetchMock } = openLeagueTab({
      routes: {
        [`GET /api/ranks/lol/${MEMBER_ID}`]: notConfigured,
        [`GET /api/games/lol/${MEMBER_ID}`]: notConfigured,
      },
    });
    const panel = await open();

    expect(
      await within(panel).findByText(/ce serveur n'est pas relié à l'API de Riot Games/),
    ).toBeVisible();
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', `/api/ranks/lol/${MEMBER_ID}`)).toHaveLength(1);
    // The games wait for the ranks: they are never asked.
    expect(requestsTo(fetchMock, 'GET', `/api/games/lol/${MEMBER_ID}`)).toHaveLength(0);
  });

  it.each([
    { language: 'fr' as const, ranks: 'Rangs', text: 'réessayez dans 30 secondes.' },
    { language: 'en' as const, ranks: 'Ranks', text: 'try again in 30 seconds.' },
  ])('says Riot is busy and when to come back ($language)', async ({ language, ranks, text }) => {
    const busy: Handler = () =>
      Response.json(
        { error: { code: 'riot_rate_limited', message: 'Riot is busy' } },
        { status: 503, headers: { 'Retry-After': '30' } },
      );
    const { open, fetchMock } = openLeagueTab({
      language,
      routes: { [`GET /api/ranks/lol/${MEMBER_ID}`]: busy },
    });
    await open();

    const alert = await within(region(ranks)).findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).not.toHaveTextContent(/ne répondent pas|not responding/);
    expect(requestsTo(fetchMock, 'GET', `/api/ranks/lol/${MEMBER_ID}`)).toHaveLength(1);
  });

  it('draws the ranks’ places while they load, and asks the games only after them', async () => {
    const { open, fetchMock } = openLeagueTab({
      routes: { [`GET /api/ranks/lol/${MEMBER_ID}`]: neverAnswers },
    });
    await open();

    const ranksCard = region('Rangs');
    expect(await within(ranksCard).findByRole('status')).toHaveTextContent('Chargement...');
    expect(within(region('Historique des parties classées')).getByRole('status')).toBeVisible();
    expect(requestsTo(fetchMock, 'GET', `/api/games/lol/${MEMBER_ID}`)).toHaveLength(0);
  });

  it('says when the data was last refreshed, and refreshes it on demand', async () => {
    let refreshes = 0;
    const { open, user, fetchMock } = openLeagueTab({
      routes: {
        [`POST /api/refresh/lol/${MEMBER_ID}`]: () => {
          refreshes++;
          return refreshes === 1
            ? Response.json({ refreshedAt: Date.now(), nextRefreshAt: Date.now() + 300_000 })
            : Response.json(
                { error: { code: 'rate_limited', message: 'Too soon' } },
                { status: 429, headers: { 'Retry-After': '240' } },
              );
        },
      },
    });
    const panel = await open();

    // The oldest ranks shown: three minutes.
    expect(await within(panel).findByText('Mis à jour il y a 3 minutes')).toBeVisible();
    await waitFor(() => expect(gamesShown()).toHaveLength(5));
    const ranksAsked = requestsTo(fetchMock, 'GET', `/api/ranks/lol/${MEMBER_ID}`).length;

    await user.click(within(panel).getByRole('button', { name: 'Actualiser' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET', `/api/ranks/lol/${MEMBER_ID}`).length).toBe(
        ranksAsked + 1,
      ),
    );
    expect(requestsTo(fetchMock, 'POST', `/api/refresh/lol/${MEMBER_ID}`)).toHaveLength(1);

    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Actualiser' })).toBeVisible(),
    );
    await user.click(within(panel).getByRole('button', { name: 'Actualiser' }));
    expect(
      await within(panel).findByText(
        /^Ces données viennent d'être actualisées\s: nouvelle actualisation possible dans 4 minutes\.$/,
      ),
    ).toBeVisible();
  });

  // The server answers what the background job kept (decision 066), however old it is.
  for (const [language, text] of [
    ['fr', 'Mis à jour il y a 3 heures'],
    ['en', 'Updated 3 hours ago'],
  ] as const) {
    it(`shows ranks kept hours ago at once, with their age (${language})`, async () => {
      const kept = ranks.map((entry) =>
        entry.fetchedAt === null ? entry : { ...entry, fetchedAt: Date.now() - 3 * 3_600_000 },
      );
      const { open } = openLeagueTab({
        language,
        routes: { [`GET /api/ranks/lol/${MEMBER_ID}`]: json(kept) },
      });
      const panel = await open();
      expect(await within(panel).findByText(text)).toBeVisible();
    });
  }

  it('says when the data was last refreshed in English', async () => {
    const { open } = openLeagueTab({ language: 'en' });
    const panel = await open();

    expect(await within(panel).findByText('Updated 3 minutes ago')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Refresh' })).toBeVisible();
  });
});
