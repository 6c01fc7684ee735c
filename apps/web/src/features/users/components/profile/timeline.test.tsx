import type { TimelineLine, TimelinePage } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allRoles, buildSessionUser, buildUser } from '@/test/fixtures';
import { apiError, json, requestsTo, type Handler, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const MEMBER_ID = '65f1c0ffee00000000000042';
const TIMELINE = `/api/users/${MEMBER_ID}/timeline`;
const reader = buildSessionUser({ _id: '65f1c0ffee00000000000001', role: 'user' });
const member = buildUser({ _id: MEMBER_ID, pseudo: 'owl', role: 'user' });

const at = '2026-03-14T18:30:00.000Z';
const id = (n: number) => `65f1c0ffee0000000000${String(n).padStart(4, '0')}`;
const lines: TimelineLine[] = [
  {
    kind: 'attended',
    key: id(1),
    at,
    event_id: id(2),
    occurrence_id: id(1),
    title: 'Entraînement',
    event_type: 'training',
    status: 'present',
    points: 10,
  },
  {
    kind: 'points',
    key: id(3),
    at,
    source: 'manual',
    points: 50,
    reason: 'MVP du tournoi',
    detail: null,
  },
  {
    kind: 'milestone',
    key: `${id(4)}${id(5)}`,
    at,
    milestone_id: id(5),
    name: 'Or',
    icon: 'trophy',
    colour: '#d4af37',
    season: { _id: id(4), name: 'Saison 2026' },
  },
  {
    kind: 'badge',
    key: id(6),
    at,
    badge_id: id(6),
    name: 'Capitaine',
    icon: 'crown',
    colour: '#112233',
    reason: '',
  },
  {
    kind: 'league_rank',
    key: id(7),
    at,
    queue: 'RANKED_SOLO_5x5',
    tier: 'GOLD',
    division: 'II',
    change: 'up',
  },
  {
    kind: 'team_role',
    key: id(8),
    at,
    change: 'granted',
    team_id: id(9),
    team: 'Guildhall LoL',
    role: 'Coach',
  },
  { kind: 'joined', key: MEMBER_ID, at: '2024-09-15T10:00:00.000Z' },
];

function openProfile(timeline: Handler, language?: 'fr' | 'en') {
  return renderApp({
    at: `/users/${MEMBER_ID}`,
    language,
    routes: {
      'GET /api/session': signedIn(reader),
      'GET /api/roles': json(allRoles),
      [`GET /api/users/${MEMBER_ID}`]: json(member),
      [`GET /api/teams/check-all-roles/${MEMBER_ID}`]: json({ roles: [] }),
      [`GET ${TIMELINE}`]: timeline,
    },
  });
}

const activity = async () => {
  await screen.findByRole('heading', { level: 1 });
  return screen.getByRole('region', { name: /^(Activité|Activity)$/ });
};

describe('the activity timeline', () => {
  it('says each line as a sentence of the reader’s language, with its date', async () => {
    openProfile(json({ items: lines, next_cursor: null } satisfies TimelinePage));
    const region = await activity();
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Présent à Entraînement (+10 points)14 mars 2026',
      '+50 points : MVP du tournoi14 mars 2026',
      'A atteint le palier Or (Saison 2026)14 mars 2026',
      'Badge « Capitaine » reçu14 mars 2026',
      'League of Legends : Or II en Classée Solo/Duo (en hausse)14 mars 2026',
      'A rejoint Guildhall LoL comme Coach14 mars 2026',
      "A rejoint l'organisation15 sept. 2024",
    ]);
    expect(within(region).queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
  });

  it('says the rules’ reasons in words: seniority, adhesion, a League rank reached', async () => {
    const rules: TimelineLine[] = [
      {
        kind: 'points',
        key: id(11),
        at,
        source: 'membership',
        points: 20,
        reason: 'seniority',
        detail: '2',
      },
      {
        kind: 'points',
        key: id(12),
        at,
        source: 'membership',
        points: 30,
        reason: 'adhesion',
        detail: null,
      },
      {
        kind: 'points',
        key: id(13),
        at,
        source: 'league',
        points: 10,
        reason: 'GOLD II',
        detail: 'RANKED_SOLO_5x5',
      },
    ];
    openProfile(json({ items: rules, next_cursor: null } satisfies TimelinePage));
    const region = await activity();
    expect(await within(region).findByText('+20 points : Ancienneté : 2 ans')).toBeVisible();
    expect(within(region).getByText('+30 points : Adhésion de la saison')).toBeVisible();
    expect(
      within(region).getByText('+10 points : League of Legends : Or II (Classée Solo/Duo)'),
    ).toBeVisible();
  });

  it.each([
    ['fr', 'Présent à Entraînement (+1 point)', '-1 point : Retard'],
    ['en', 'Attended Entraînement (+1 point)', '-1 point: Retard'],
  ] as const)(
    'writes one point in the singular, given or taken (%s)',
    async (language, given, taken) => {
      const single = [
        { ...lines[0]!, key: id(21), points: 1 },
        { ...lines[1]!, key: id(22), points: -1, reason: 'Retard' },
      ] as TimelineLine[];
      openProfile(json({ items: single, next_cursor: null } satisfies TimelinePage), language);
      const region = await activity();
      expect(await within(region).findByText(given)).toBeVisible();
      expect(within(region).getByText(taken)).toBeVisible();
    },
  );

  it('speaks English to an English reader', async () => {
    openProfile(json({ items: lines.slice(0, 2), next_cursor: null } satisfies TimelinePage), 'en');
    const region = await activity();
    expect(await within(region).findByText('Attended Entraînement (+10 points)')).toBeVisible();
    expect(within(region).getByText('+50 points: MVP du tournoi')).toBeVisible();
    expect(within(region).getAllByText('Mar 14, 2026')).toHaveLength(2);
  });

  it('loads the next page where the last one ended', async () => {
    const NEXT = 'WyIyMDI2LTAzLTE0VDE4OjMwOjAwLjAwMDAwMFoiXQ';
    const { fetchMock } = openProfile((request) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      return Response.json(
        cursor
          ? { items: lines.slice(6), next_cursor: null }
          : { items: lines.slice(0, 6), next_cursor: NEXT },
      );
    });
    const region = await activity();
    await within(region).findByText('Badge « Capitaine » reçu');
    expect(within(region).queryByText("A rejoint l'organisation")).not.toBeInTheDocument();

    await userEvent.setup().click(within(region).getByRole('button', { name: 'Afficher plus' }));

    expect(await within(region).findByText("A rejoint l'organisation")).toBeVisible();
    expect(within(region).getAllByRole('listitem')).toHaveLength(7);
    expect(within(region).queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, 'GET', TIMELINE).map((request) =>
          new URL(request.url).searchParams.get('cursor'),
        ),
      ).toEqual([null, NEXT]),
    );
  });

  it('says when there is no activity yet', async () => {
    openProfile(json({ items: [], next_cursor: null } satisfies TimelinePage));
    const region = await activity();
    expect(await within(region).findByText('Aucune activité pour le moment.')).toBeVisible();
  });

  it('says when the timeline could not be loaded, and tries again', async () => {
    let calls = 0;
    openProfile((request) => {
      calls += 1;
      return calls === 1
        ? apiError(503, 'database_unavailable', 'Down')(request)
        : Response.json({ items: lines.slice(0, 1), next_cursor: null });
    });
    const region = await activity();
    expect(
      await within(region).findByText("Impossible de charger l'activité du membre."),
    ).toBeVisible();
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Réessayer' }));
    expect(await within(region).findByText('Présent à Entraînement (+10 points)')).toBeVisible();
  });
});
