import type { Leaderboard, LeaderboardEntry } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, buildUser } from '@/test/fixtures';
import { json, requestsTo, sentBody, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { buildTeamDetail, summaryOf } from '@/test/team-fixtures';

const me = buildSessionUser({ pseudo: 'kiwi' });
const season = {
  _id: '65f1c0ffee00000000000a01',
  name: 'Saison 2026-2027',
  starts_on: '2026-09-01',
  ends_on: '2027-06-30',
  current: true,
};
const past = { ...season, _id: '65f1c0ffee00000000000a02', name: 'Saison 2025', current: false };
const team = buildTeamDetail({ name: 'Hiboux LoL', icon: 'swords', type: 'esport', game: null });

const gold = {
  _id: '65f1c0ffee00000000000e01',
  name: 'Or',
  threshold: 250,
  icon: 'trophy' as const,
  colour: '#d4a017',
};
const avatar = 'https://cdn.discordapp.com/avatars/80351110224678912/a1b2c3.png';

/** A line of the ranking: `_id` ends with `suffix`, no avatar and no milestone unless given. */
const line = (
  place: number,
  suffix: string,
  pseudo: string,
  points: number,
  more: Partial<LeaderboardEntry> = {},
): LeaderboardEntry => ({
  place,
  member: { _id: `65f1c0ffee00000000000${suffix}`, pseudo, discord_avatar_url: null },
  points,
  milestone: null,
  ...more,
});

/** 120 members: the first page (of four lines here), kiwi at place 57 on a later page. */
const board = (overrides: Partial<Leaderboard> = {}): Leaderboard => ({
  season,
  items: [
    line(1, 'b01', 'Ember', 300, { milestone: gold }),
    line(1, 'b02', 'Falcon', 300, { milestone: gold }),
    line(3, 'b03', 'Onyx', 250, { milestone: gold }),
    line(4, 'b04', 'Pixel', 120),
  ],
  next_cursor: 'WzEyMCwiNjVmMWMwZmZlZTAwMDAwMDAwMDAwYjA0Il0',
  total: 120,
  me: {
    place: 57,
    member: { _id: me._id, pseudo: 'kiwi', discord_avatar_url: avatar },
    points: 40,
    milestone: null,
  },
  ...overrides,
});

/** A row's text as a screen reader has it: without the avatar's initials, which are decoration. */
function heard(row: HTMLElement): string {
  const copy = row.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden]')) hidden.remove();
  return copy.textContent ?? '';
}

function open({ at = '/leaderboard', answer = board() } = {}) {
  return renderApp({
    at,
    routes: {
      'GET /api/session': signedIn(me),
      'GET /api/seasons': json({ seasons: [season, past] }),
      'GET /api/teams': json([summaryOf(team)]),
      'GET /api/points/leaderboard': json(answer),
    },
  });
}

describe('the leaderboard', () => {
  it("shows the season's ranking with shared places and the member's own line", async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Classement' })).toBeVisible();
    expect(await screen.findByText('Votre place : 57 sur 120, avec 40 points.')).toBeVisible();
    const table = screen.getByRole('table', {
      name: "Classement Toute l'organisation, Saison 2026-2027",
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(heard)).toEqual([
      "1 (médaille d'or)EmberPalier atteint : Or300",
      "1 (médaille d'or)FalconPalier atteint : Or300",
      '3 (médaille de bronze)OnyxPalier atteint : Or250',
      '4Pixel120',
      '57kiwi(vous)40',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Ember' })).toHaveAttribute(
      'href',
      '/users/65f1c0ffee00000000000b01',
    );
    expect(screen.getByRole('button', { name: 'Afficher plus' })).toBeVisible();
  });

  it('shows the next lines under the first, and the own line in its place once reached', async () => {
    const mine = line(57, 'b05', 'kiwi', 40, {
      member: { _id: me._id, pseudo: 'kiwi', discord_avatar_url: avatar },
    });
    const next = board({ items: [line(5, 'b06', 'Quartz', 110), mine], next_cursor: null });
    const { fetchMock } = renderApp({
      at: '/leaderboard',
      routes: {
        'GET /api/session': signedIn(me),
        'GET /api/seasons': json({ seasons: [season, past] }),
        'GET /api/teams': json([summaryOf(team)]),
        'GET /api/points/leaderboard': (request) =>
          Response.json(new URL(request.url).searchParams.has('cursor') ? next : board()),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Afficher plus' }));
    const table = screen.getByRole('table');
    await waitFor(() =>
      expect(within(table).getAllByRole('row').slice(1).map(heard)).toEqual([
        "1 (médaille d'or)EmberPalier atteint : Or300",
        "1 (médaille d'or)FalconPalier atteint : Or300",
        '3 (médaille de bronze)OnyxPalier atteint : Or250',
        '4Pixel120',
        '5Quartz110',
        '57kiwi(vous)40',
      ]),
    );
    // Its line is in the ranking now, not pinned below it; the last page offers no more.
    expect(table.querySelector('tfoot')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();
    const asked = requestsTo(fetchMock, 'GET', '/api/points/leaderboard').map((request) =>
      new URL(request.url).searchParams.get('cursor'),
    );
    expect(asked).toEqual([null, board().next_cursor]);
  });

  it('asks for the season and the team chosen, from their first page', async () => {
    const { fetchMock } = open();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Afficher plus' });
    await user.selectOptions(screen.getByLabelText('Saison'), 'Saison 2025');
    await user.selectOptions(screen.getByLabelText('Équipe'), 'Hiboux LoL');
    await waitFor(() => {
      const asked = requestsTo(fetchMock, 'GET', '/api/points/leaderboard').map(
        (request) => new URL(request.url).search,
      );
      expect(asked).toContain(`?season=${past._id}&team=${team._id}`);
    });
    expect(
      requestsTo(fetchMock, 'GET', '/api/points/leaderboard').filter((request) =>
        new URL(request.url).searchParams.has('cursor'),
      ),
    ).toEqual([]);
  });

  it('says when no season is under way, and when the member has no points', async () => {
    open({ answer: board({ season: null, items: [], next_cursor: null, total: 0, me: null }) });
    expect(
      await screen.findByText(
        "Aucune saison n'est en cours : les points comptent à partir de la première saison.",
      ),
    ).toBeVisible();
  });

  it('reads in English', async () => {
    renderApp({
      at: '/leaderboard',
      language: 'en',
      routes: {
        'GET /api/session': signedIn(me),
        'GET /api/seasons': json({ seasons: [season] }),
        'GET /api/teams': json([]),
        'GET /api/points/leaderboard': json(board({ me: null, total: 3, next_cursor: null })),
      },
    });
    expect(await screen.findByText('You have no points in this ranking yet.')).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Rank' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('the lines of the leaderboard', () => {
  const rowsOf = async () => {
    const table = await screen.findByRole('table');
    const [, ...groups] = within(table).getAllByRole('rowgroup');
    return groups.map((group) => within(group).getAllByRole('row'));
  };

  it('sets the first three apart with medals said in words, and shows the milestone reached', async () => {
    open();
    const [lines] = await rowsOf();
    const [ember, falcon, onyx, pixel] = lines!;
    // Equal totals share the gold; the next place is third, and bronze.
    for (const row of [ember, falcon]) {
      expect(within(row!).getByText("(médaille d'or)")).toHaveClass('visually-hidden');
    }
    expect(within(onyx!).getByText('(médaille de bronze)')).toBeInTheDocument();
    expect(within(pixel!).queryByText(/médaille/)).toBeNull();
    expect(ember).toHaveAttribute('data-podium', 'gold');
    // Each member's avatar: its initials until its picture loads.
    expect(within(ember!).getByText('EM')).toBeInTheDocument();
    expect(within(pixel!).getByText('PI')).toBeInTheDocument();
    expect(pixel).not.toHaveAttribute('data-podium');
    expect(within(ember!).getByText('Palier atteint :')).toHaveClass('visually-hidden');
    expect(ember).toHaveTextContent('Palier atteint : Or');
    expect(pixel).not.toHaveTextContent('Palier');
  });

  it("pins the member's own line from another page below the ranking, with its place", async () => {
    open();
    const [lines, pinned] = await rowsOf();
    expect(lines).toHaveLength(4);
    expect(pinned).toHaveLength(1);
    const [mine] = pinned!;
    expect(mine!.closest('tfoot')).not.toBeNull();
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(
      within(mine!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['57', '40']);
    expect(within(mine!).getByRole('rowheader')).toHaveTextContent('kiwi(vous)');
    expect(within(mine!).getByRole('link', { name: 'kiwi' })).toHaveAttribute(
      'href',
      `/users/${me._id}`,
    );
  });

  it('shows the own line in its place, not twice, when it is on the page', async () => {
    const mine = line(2, 'b05', 'kiwi', 280, {
      member: { _id: me._id, pseudo: 'kiwi', discord_avatar_url: avatar },
      milestone: gold,
    });
    open({
      answer: board({
        items: [line(1, 'b01', 'Ember', 300), mine, line(3, 'b03', 'Onyx', 250)],
        me: mine,
      }),
    });
    const groups = await rowsOf();
    expect(groups).toHaveLength(1);
    const [, second] = groups[0]!;
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(heard(second!)).toBe("2 (médaille d'argent)kiwi(vous)Palier atteint : Or280");
    expect(screen.getAllByRole('link', { name: 'kiwi' })).toHaveLength(1);
  });

  it('reads its medals, milestones and pinned line in English', async () => {
    renderApp({
      at: '/leaderboard',
      language: 'en',
      routes: {
        'GET /api/session': signedIn(me),
        'GET /api/seasons': json({ seasons: [season] }),
        'GET /api/teams': json([]),
        'GET /api/points/leaderboard': json(board()),
      },
    });
    const table = await screen.findByRole('table', {
      name: 'Whole organisation ranking, Saison 2026-2027',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(heard)).toEqual([
      '1 (gold medal)EmberMilestone reached: Or300',
      '1 (gold medal)FalconMilestone reached: Or300',
      '3 (bronze medal)OnyxMilestone reached: Or250',
      '4Pixel120',
      '57kiwi(you)40',
    ]);
    expect(rows[4]!.closest('tfoot')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Show more' })).toBeVisible();
  });
});

describe("a team manager's awards", () => {
  const player = buildUser({ _id: '65f1c0ffee00000000000b09', pseudo: 'Nova' });
  const managed = buildTeamDetail({
    _id: '65f1c0ffee00000000000c01',
    name: 'Hiboux Valorant',
    icon: 'swords',
    type: 'esport',
    game: null,
    roles: [
      { role: 'Coach', members: [buildUser({ _id: me._id, pseudo: 'kiwi' })], manages: true },
      { role: 'Joueurs', members: [player] },
    ],
  });
  const openTeam = (chosen = managed, budget = { limit: 50, given: 20, remaining: 30 }) =>
    renderApp({
      at: `/leaderboard?team=${chosen._id}`,
      routes: {
        'GET /api/session': signedIn(me),
        'GET /api/seasons': json({ seasons: [season] }),
        'GET /api/teams': json([summaryOf(managed), summaryOf(team)]),
        [`GET /api/teams/${chosen._id}`]: json(chosen),
        [`GET /api/teams/${chosen._id}/points/budget`]: json(budget),
        'GET /api/points/leaderboard': json(board()),
        [`POST /api/teams/${chosen._id}/points/awards`]: json(
          {
            _id: '65f1c0ffee00000000000d01',
            member: { _id: player._id, pseudo: 'Nova' },
            season_id: season._id,
            points: 15,
            source: 'manual',
            reason: 'MVP du scrim',
            detail: `team:${chosen._id}`,
            granted_by: { _id: me._id, pseudo: 'kiwi' },
            created_at: '2026-10-01T18:00:00.000Z',
          },
          201,
        ),
      },
    });

  it('gives points to a member of the team, the budget shown, and the ranking refreshed', async () => {
    const { fetchMock } = openTeam();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Donner des points' }));
    const dialog = screen.getByRole('dialog', { name: 'Donner des points' });
    expect(
      within(dialog).getByText('Il vous reste 30 points à donner cette saison, sur 50.'),
    ).toBeVisible();
    await user.selectOptions(await within(dialog).findByLabelText(/Membre de l'équipe/), 'Nova');
    await user.type(within(dialog).getByLabelText(/Points/), '15');
    await user.type(within(dialog).getByLabelText(/Motif/), 'MVP du scrim');
    const asked = requestsTo(fetchMock, 'GET', '/api/points/leaderboard').length;
    await user.click(within(dialog).getByRole('button', { name: 'Donner' }));

    expect(await sentBody(fetchMock, 'POST', `/api/teams/${managed._id}/points/awards`)).toEqual({
      user_id: player._id,
      points: 15,
      reason: 'MVP du scrim',
    });
    expect(await screen.findByText('15 points donnés à Nova.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET', '/api/points/leaderboard').length).toBeGreaterThan(asked),
    );
  });

  it('offers nothing to a member who does not manage the team', async () => {
    const { fetchMock } = openTeam(team);
    expect(await screen.findByText('Votre place : 57 sur 120, avec 40 points.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Donner des points' })).toBeNull();
    expect(requestsTo(fetchMock, 'GET', `/api/teams/${team._id}/points/budget`)).toEqual([]);
  });

  it('hides the button from a manager while the limit is 0', async () => {
    const { fetchMock } = openTeam(managed, { limit: 0, given: 0, remaining: 0 });
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET', `/api/teams/${managed._id}/points/budget`)).toHaveLength(
        1,
      ),
    );
    expect(await screen.findByText('Votre place : 57 sur 120, avec 40 points.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Donner des points' })).toBeNull();
  });
});

describe('the seasons the leaderboard offers', { timeout: 20_000 }, () => {
  it('include a season an admin has just created, without a reload', async () => {
    const admin = buildSessionUser({ pseudo: 'boss', role: 'admin' });
    const created = {
      ...season,
      _id: '65f1c0ffee00000000000a03',
      name: 'Saison 2028',
      current: false,
    };
    let seasons = [season];
    const { user, navigate } = renderApp({
      at: '/leaderboard',
      routes: {
        'GET /api/session': signedIn(admin),
        'GET /api/seasons': () => Response.json({ seasons }),
        'POST /api/seasons': () => {
          seasons = [created, season];
          return Response.json(created, { status: 201 });
        },
        'GET /api/teams': json([]),
        'GET /api/points/leaderboard': json(board()),
        'GET /api/points/rules': json({
          attendance: Object.fromEntries(
            ['training', 'scrim', 'match', 'meeting', 'other'].map((type) => [
              type,
              { present: 10, late: 5, excused: 0, absent: 0 },
            ]),
          ),
          membership: { seniority: 20, adhesion: 30 },
          league: { division: 10, tier: 25 },
          managers: { season_limit: 0 },
        }),
        'GET /api/milestones': json({ milestones: [] }),
        'GET /api/points/ledger': json({ lines: [], next: null }),
      },
    });
    const seasonsOffered = () =>
      within(screen.getByLabelText('Saison'))
        .getAllByRole('option')
        .map((option) => option.textContent)
        // The first option is the default choice, not a season.
        .slice(1);
    await screen.findByRole('option', { name: 'Saison 2026-2027' });
    expect(seasonsOffered()).toEqual(['Saison 2026-2027']);

    await navigate('/settings/organization?tab=points');
    await user.click(await screen.findByRole('button', { name: 'Créer une saison' }));
    const dialog = screen.getByRole('dialog', { name: 'Créer une saison' });
    await user.type(within(dialog).getByLabelText(/Nom/), 'Saison 2028');
    await user.type(within(dialog).getByLabelText(/Début/), '2028-01-01');
    await user.type(within(dialog).getByLabelText(/Fin/), '2028-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Saison « Saison 2028 » créée.')).toBeVisible();

    await navigate('/leaderboard');
    await screen.findByRole('option', { name: 'Saison 2028' });
    expect(seasonsOffered()).toEqual(['Saison 2028', 'Saison 2026-2027']);
  });
});
