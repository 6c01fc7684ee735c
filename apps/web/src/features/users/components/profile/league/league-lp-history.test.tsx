import type { LeagueHistory, LeagueSnapshot, RankEntry } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allRoles, buildSessionUser, buildUser } from '@/test/fixtures';
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

const MEMBER_ID = '65f1c0ffee00000000000042';
const HISTORY_PATH = `/api/users/${MEMBER_ID}/league/history`;

const snapshot = (day: string, rank: Partial<LeagueSnapshot>): LeagueSnapshot => ({
  day,
  puuid: 'puuid-owl',
  riotId: 'Owl#EUW',
  tier: 'GOLD',
  division: 'II',
  leaguePoints: 50,
  wins: 10,
  losses: 8,
  value: 1450,
  ...rank,
});

const solo: LeagueHistory = {
  queue: 'RANKED_SOLO_5x5',
  snapshots: [
    snapshot('2030-09-01', {}),
    snapshot('2030-09-02', { tier: 'GOLD', division: 'I', leaguePoints: 10, value: 1510 }),
    snapshot('2030-09-03', { tier: 'MASTER', division: '', leaguePoints: 120, value: 2920 }),
  ],
};

/** The history answered per queue, as the server would. */
const historyEndpoint =
  (byQueue: Partial<Record<LeagueHistory['queue'], LeagueHistory>>): Handler =>
  (request) => {
    const queue = new URL(request.url).searchParams.get('queue') as LeagueHistory['queue'];
    return Response.json(byQueue[queue] ?? { queue, snapshots: [] });
  };

function openLeagueTab(history: Handler, language?: 'fr' | 'en') {
  const member = buildUser({ _id: MEMBER_ID, pseudo: 'owl', leagueoflegends_login: ['Owl#EUW'] });
  const ranks: RankEntry[] = [
    { gameName: 'Owl', tagLine: 'EUW', rankData: { lol: null }, queues: [], fetchedAt: null },
  ];
  const routes: Routes = {
    'GET /api/session': signedIn(buildSessionUser()),
    'GET /api/roles': json(allRoles),
    [`GET /api/users/${MEMBER_ID}`]: json(member),
    [`GET /api/teams/check-all-roles/${MEMBER_ID}`]: json({ roles: [] }),
    [`GET /api/ranks/lol/${MEMBER_ID}`]: json(ranks),
    [`GET /api/games/lol/${MEMBER_ID}`]: json({ items: [], next_cursor: null }),
    'GET /api/versions.json': json(['15.12.1']),
    'GET /cdn/15.12.1/data/fr_FR/champion.json': json({ data: {} }),
    'GET /cdn/15.12.1/data/en_US/champion.json': json({ data: {} }),
    [`GET ${HISTORY_PATH}`]: history,
  };
  const app = renderApp({ at: `/users/${MEMBER_ID}`, language, routes });
  return {
    ...app,
    async openCard(name = 'Historique des LP') {
      await app.user.click(await screen.findByRole('tab', { name: 'League of Legends' }));
      return screen.findByRole('region', { name });
    },
  };
}

describe('LP history on the League tab', () => {
  it('draws a day per snapshot and lists each day’s rank for screen readers', async () => {
    const { openCard } = openLeagueTab(historyEndpoint({ RANKED_SOLO_5x5: solo }));
    const card = await openCard();

    const table = await within(card).findByRole('table', {
      name: 'Rang de chaque jour, Classée Solo/Duo',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1 sept. 2030Owl#EUWOr II 50 LP',
      '2 sept. 2030Owl#EUWOr I 10 LP',
      '3 sept. 2030Owl#EUWMaître 120 LP',
    ]);
    // Hidden by a box of one pixel, not by a class on the table itself: a table ignores its
    // height and overflow, and its full height lengthened the page's scrolling (issue 31).
    const box = table.parentElement!;
    expect(box.tagName).toBe('DIV');
    expect(box).toHaveClass('visually-hidden');
    expect(table).not.toHaveClass('visually-hidden');
    // One line through the three days, the tiers from Gold to Master named beside it.
    expect(card.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
    expect(within(card).getByText('Or', { selector: 'text' })).toBeInTheDocument();
    expect(within(card).getByText('Maître', { selector: 'text' })).toBeInTheDocument();
  });

  it('shows the flex queue when chosen, and says when there is no history yet', async () => {
    const { openCard, user, fetchMock } = openLeagueTab(historyEndpoint({ RANKED_SOLO_5x5: solo }));
    const card = await openCard();
    await within(card).findByRole('table');

    const flex = within(card).getByRole('button', { name: 'Classée Flexible' });
    await user.click(flex);
    expect(flex).toHaveAttribute('aria-pressed', 'true');
    expect(
      await within(card).findByText("Pas encore d'historique : un relevé est pris chaque jour."),
    ).toBeVisible();
    expect(
      requestsTo(fetchMock, 'GET', HISTORY_PATH).map((request) =>
        new URL(request.url).searchParams.get('queue'),
      ),
    ).toEqual(['RANKED_SOLO_5x5', 'RANKED_FLEX_SR']);
  });

  it('shows a skeleton while loading, in English too', async () => {
    const { openCard } = openLeagueTab(neverAnswers, 'en');
    const card = await openCard('LP history');
    expect(within(card).getByRole('status')).toHaveTextContent('Loading');
    expect(within(card).getByRole('button', { name: 'Ranked Solo/Duo' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says the history could not be read, and asks again on demand', async () => {
    let fail = true;
    const failing = apiError(500, 'internal_error', 'Boom');
    const { openCard, user } = openLeagueTab((request) =>
      fail ? failing(request) : historyEndpoint({ RANKED_SOLO_5x5: solo })(request),
    );
    const card = await openCard();
    const retry = await within(card).findByRole('button', { name: 'Réessayer' });
    expect(within(card).getByRole('alert')).toBeVisible();
    fail = false;
    await user.click(retry);
    await waitFor(() => expect(within(card).getByRole('table')).toBeInTheDocument());
  });
});
