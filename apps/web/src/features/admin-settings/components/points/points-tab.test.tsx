import type { LedgerLine, MemberBadge, Milestone, PointRules, Season } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, buildUsers, listItemOf } from '@/test/fixtures';
import {
  apiError,
  type Handler,
  json,
  requestsTo,
  type Routes,
  sentBody,
  signedIn,
} from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { setMobileViewport } from '@/test/viewport';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });
const members = buildUsers(3);

const season2026: Season = {
  _id: '65f1c0ffee0000000000b001',
  name: 'Saison 2026',
  starts_on: '2026-01-01',
  ends_on: '2026-12-31',
  current: true,
};

const byMark = (present: number) => ({ present, late: 5, excused: 0, absent: 0 });
const defaultRules: PointRules = {
  attendance: {
    training: byMark(10),
    scrim: byMark(10),
    match: byMark(10),
    meeting: byMark(10),
    other: byMark(10),
  },
  membership: { seniority: 20, adhesion: 30 },
  league: { division: 10, tier: 25 },
  managers: { season_limit: 0 },
};

const gold: Milestone = {
  _id: '65f1c0ffee0000000000c002',
  name: 'Or',
  threshold: 500,
  icon: 'crown',
  colour: '#d4a017',
};
const bronze: Milestone = {
  _id: '65f1c0ffee0000000000c001',
  name: 'Bronze',
  threshold: 100,
  icon: 'medal',
  colour: '#cd7f32',
};

function lineNumber(number: number, overrides: Partial<LedgerLine> = {}): LedgerLine {
  return {
    _id: `65f1c0ffee0000000000d${String(number).padStart(3, '0')}`,
    member: { _id: members[0]!._id, pseudo: members[0]!.pseudo },
    season_id: season2026._id,
    points: 10,
    source: 'attendance',
    reason: `Entraînement ${number}`,
    detail: 'present',
    granted_by: null,
    created_at: '2026-03-02T18:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/users as the member search uses it: pseudos containing `q`. */
const searching: Handler = (request) => {
  const q = new URL(request.url).searchParams.get('q') ?? '';
  const found = members.filter((user) => user.pseudo.includes(q)).map(listItemOf);
  return Response.json({ items: found, next_cursor: null, total: found.length });
};

function openPointsTab(routes: Routes = {}) {
  return renderApp({
    at: '/settings/organization?tab=points',
    language: 'fr',
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/seasons': json({ seasons: [season2026] }),
      'GET /api/points/rules': json(defaultRules),
      'GET /api/milestones': json({ milestones: [gold, bronze] }),
      'GET /api/points/ledger': json({ items: [], next_cursor: null }),
      'GET /api/users': searching,
      ...routes,
    },
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('points tab', { timeout: 20_000 }, () => {
  it('says that points need a season when there is none, and creates one', async () => {
    const created: Season = { ...season2026, _id: '65f1c0ffee0000000000b002' };
    let seasons: Season[] = [];
    const { user, fetchMock } = openPointsTab({
      'GET /api/seasons': () => Response.json({ seasons }),
      'POST /api/seasons': () => {
        seasons = [created];
        return Response.json(created, { status: 201 });
      },
    });

    expect(await screen.findByText(/Les points ont besoin d'une saison/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Créer une saison' }));
    const dialog = screen.getByRole('dialog', { name: 'Créer une saison' });
    await user.type(within(dialog).getByLabelText(/Nom/), 'Saison 2026');
    await user.type(within(dialog).getByLabelText(/Début/), '2026-01-01');
    await user.type(within(dialog).getByLabelText(/Fin/), '2026-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await sentBody(fetchMock, 'POST', '/api/seasons')).toEqual({
      name: 'Saison 2026',
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
    });
    const table = await screen.findByRole('table', { name: 'Liste des saisons' });
    const row = within(table).getByRole('row', { name: /Saison 2026/ });
    expect(within(row).getByText('En cours')).toBeVisible();
    expect(within(row).getByText('1 janv. 2026')).toBeVisible();
    expect(within(row).getByText('31 déc. 2026')).toBeVisible();
    expect(await screen.findByText('Saison « Saison 2026 » créée.')).toBeVisible();
  });

  it('says in French that a season overlaps another', async () => {
    const { user } = openPointsTab({
      'POST /api/seasons': apiError(409, 'season_overlap', 'Overlap'),
    });
    await screen.findByRole('table', { name: 'Liste des saisons' });

    await user.click(screen.getByRole('button', { name: 'Créer une saison' }));
    const dialog = screen.getByRole('dialog', { name: 'Créer une saison' });
    await user.type(within(dialog).getByLabelText(/Nom/), 'Été');
    await user.type(within(dialog).getByLabelText(/Début/), '2026-06-01');
    await user.type(within(dialog).getByLabelText(/Fin/), '2026-08-31');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ces dates chevauchent une autre saison : deux saisons ne peuvent pas partager un jour.',
    );
  });

  it('saves the whole rules table at once', async () => {
    const { user, fetchMock } = openPointsTab({
      'PUT /api/points/rules': async (request) => Response.json(await request.json()),
    });
    const rules = await screen.findByRole('table', {
      name: "Points par type d'événement et par présence",
    });
    expect(within(section('Règles de points')).getByText(/à partir de maintenant/)).toBeVisible();

    const scrimLate = within(rules).getByRole('spinbutton', { name: 'Scrim : En retard' });
    await user.clear(scrimLate);
    await user.type(scrimLate, '-3');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les règles' }));

    expect(await sentBody(fetchMock, 'PUT', '/api/points/rules')).toEqual({
      ...defaultRules,
      attendance: { ...defaultRules.attendance, scrim: { ...byMark(10), late: -3 } },
    });
    expect(await screen.findByText(/Règles enregistrées/)).toBeVisible();
  });

  it('lists milestones by threshold and creates one', async () => {
    const created: Milestone = {
      _id: '65f1c0ffee0000000000c003',
      name: 'Légende',
      threshold: 1000,
      icon: 'gem',
      colour: '#3366ff',
    };
    const { user, fetchMock } = openPointsTab({
      'POST /api/milestones': json(created, 201),
    });
    const table = await screen.findByRole('table', { name: 'Liste des paliers' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent?.trim()),
    ).toEqual(['Bronze', 'Or']);

    await user.click(screen.getByRole('button', { name: 'Créer un palier' }));
    const dialog = screen.getByRole('dialog', { name: 'Créer un palier' });
    await user.type(within(dialog).getByRole('textbox', { name: /Nom/ }), 'Légende');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Seuil/ }), '1000');
    await user.click(within(dialog).getByRole('radio', { name: 'Gemme' }));
    const colour = within(dialog).getByRole('textbox', { name: /Couleur/ });
    await user.clear(colour);
    await user.type(colour, '#3366FF');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await sentBody(fetchMock, 'POST', '/api/milestones')).toEqual({
      name: 'Légende',
      threshold: 1000,
      icon: 'gem',
      colour: '#3366ff',
    });
    expect(await screen.findByText('Palier « Légende » créé.')).toBeVisible();
  });

  it('awards points to a member with a reason', async () => {
    const { user, fetchMock } = openPointsTab({
      'POST /api/points/awards': json({}, 201),
    });
    const award = await screen.findByRole('region', { name: 'Attribuer des points' });
    expect(within(award).getByText(/rien n'est jamais modifié ni effacé/)).toBeVisible();

    await user.type(within(award).getByRole('searchbox', { name: /Membre/ }), 'member-02');
    await user.click(await within(award).findByRole('button', { name: 'Choisir member-02' }));
    expect(within(award).getByText('Membre choisi : member-02')).toBeVisible();
    await user.type(within(award).getByRole('spinbutton', { name: /Points/ }), '-15');
    await user.type(within(award).getByRole('textbox', { name: /Motif/ }), 'Doublon corrigé');
    expect(within(award).getByText('15 / 200 caractères')).toBeVisible();
    await user.click(within(award).getByRole('button', { name: 'Attribuer' }));

    expect(await sentBody(fetchMock, 'POST', '/api/points/awards')).toEqual({
      user_id: members[1]!._id,
      points: -15,
      reason: 'Doublon corrigé',
    });
    expect(await screen.findByText('15 points retirés à member-02.')).toBeVisible();
  });

  it('says on the search box, and focuses it, that a member must be chosen', async () => {
    const { user, fetchMock } = openPointsTab();
    const award = await screen.findByRole('region', { name: 'Attribuer des points' });
    await user.type(within(award).getByRole('spinbutton', { name: /Points/ }), '5');
    await user.type(within(award).getByRole('textbox', { name: /Motif/ }), 'LAN');
    await user.click(within(award).getByRole('button', { name: 'Attribuer' }));

    const search = within(award).getByRole('searchbox', { name: /Membre/ });
    expect(search).toHaveFocus();
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(search).toHaveAccessibleDescription(/Choisissez un membre\./);
    expect(requestsTo(fetchMock, 'POST', '/api/points/awards')).toEqual([]);
  });

  it('gives a member a badge, and takes one back after asking', async () => {
    const member = members[1]!;
    const mvp: MemberBadge = {
      _id: '65f1c0ffee0000000000e001',
      name: 'MVP',
      icon: 'crown',
      colour: '#d4a017',
      reason: 'Finale de la LAN',
      created_at: '2026-03-02T18:00:00.000Z',
    };
    const shotcaller: MemberBadge = {
      ...mvp,
      _id: '65f1c0ffee0000000000e002',
      name: 'Shotcaller',
      icon: 'star',
      colour: '#3366ff',
      reason: 'Toutes les rotations',
    };
    let badges = [mvp];
    const { user, fetchMock } = openPointsTab({
      [`GET /api/users/${member._id}/badges`]: () => Response.json({ milestones: [], badges }),
      [`POST /api/users/${member._id}/badges`]: () => {
        badges = [shotcaller, ...badges];
        return Response.json(shotcaller, { status: 201 });
      },
      [`DELETE /api/badges/${mvp._id}`]: () => {
        badges = badges.filter((badge) => badge._id !== mvp._id);
        return new Response(null, { status: 204 });
      },
    });
    const region = await screen.findByRole('region', { name: 'Badges' });
    await user.type(within(region).getByRole('searchbox', { name: /Membre/ }), 'member-02');
    await user.click(
      await within(region).findByRole('button', { name: 'Voir les badges de member-02' }),
    );
    const table = await within(region).findByRole('table', { name: 'Badges de member-02' });
    expect(within(table).getByRole('row', { name: /MVP/ })).toHaveTextContent('Finale de la LAN');

    await user.click(within(region).getByRole('button', { name: 'Donner un badge' }));
    const dialog = screen.getByRole('dialog', { name: 'Donner un badge à member-02' });
    await user.type(within(dialog).getByRole('textbox', { name: /Badge/ }), 'Shotcaller');
    await user.click(within(dialog).getByRole('radio', { name: 'Étoile' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Toutes les rotations');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await sentBody(fetchMock, 'POST', `/api/users/${member._id}/badges`)).toEqual({
      name: 'Shotcaller',
      icon: 'star',
      colour: '#3366ff',
      reason: 'Toutes les rotations',
    });
    expect(await screen.findByText('Badge « Shotcaller » donné à member-02.')).toBeVisible();
    expect(await within(table).findByRole('row', { name: /Shotcaller/ })).toBeVisible();

    await user.click(within(table).getByRole('button', { name: 'Retirer le badge MVP' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Retirer ce badge ?' });
    expect(confirm).toHaveTextContent('disparaîtra du profil de member-02');
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Badge « MVP » retiré.')).toBeVisible();
    await waitFor(() => expect(within(table).queryByRole('row', { name: /MVP/ })).toBeNull());
  });

  it('pages through the ledger with the cursor, and filters it', async () => {
    const firstPage = [lineNumber(3), lineNumber(2)];
    const secondPage = [
      lineNumber(1, {
        source: 'manual',
        points: -5,
        reason: 'Retard répété',
        detail: null,
        granted_by: { _id: admin._id, pseudo: 'boss' },
      }),
    ];
    const cursor = 'WyIyMDI2LTAzLTAyVDE4OjAwOjAwLjAwMFoiLCI2NWYxYzBmZmVlMDAwMDAwMDAwMGQwMDIiXQ';
    const { user, fetchMock } = openPointsTab({
      'GET /api/points/ledger': (request) => {
        const asked = new URL(request.url).searchParams.get('cursor');
        return Response.json(
          asked
            ? { items: secondPage, next_cursor: null }
            : { items: firstPage, next_cursor: cursor },
        );
      },
    });

    const table = await screen.findByRole('table', { name: 'Registre des points' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Entraînement 3 (Présent)')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Afficher plus' }));

    const row = await within(table).findByRole('row', { name: /Retard répété/ });
    expect(within(row).getByText('-5')).toBeVisible();
    expect(within(row).getByText('boss')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).not.toBeInTheDocument();
    const asked = requestsTo(fetchMock, 'GET', '/api/points/ledger').map((request) =>
      Object.fromEntries(new URL(request.url).searchParams),
    );
    expect(asked).toEqual([{ limit: '50' }, { limit: '50', cursor }]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Origine' }), 'À la main');
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/points/ledger')).toHaveLength(3));
    expect(
      new URL(requestsTo(fetchMock, 'GET', '/api/points/ledger')[2]!.url).searchParams.get(
        'source',
      ),
    ).toBe('manual');
  });
  it('on a phone, shows its outline first: each section folded, with its state in a line', async () => {
    setMobileViewport(true);
    const { user } = openPointsTab();

    const seasons = await screen.findByRole('button', { name: 'Saisons' });
    expect(seasons).toHaveAttribute('aria-expanded', 'false');
    expect(
      await within(section('Saisons')).findByText("En cours : Saison 2026, jusqu'au 31 déc. 2026"),
    ).toBeVisible();
    expect(await within(section('Paliers')).findByText('2 paliers')).toBeVisible();
    for (const name of ['Paliers', 'Règles de points', 'Registre'])
      expect(within(section(name)).getByRole('button', { name })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    expect(screen.queryByRole('table', { name: 'Liste des saisons' })).not.toBeInTheDocument();

    await user.click(seasons);
    expect(seasons).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'Liste des saisons' });
    expect(within(table).getByRole('row', { name: /Saison 2026/ })).toBeVisible();

    // A keyboard folds it again, as a button would.
    seasons.focus();
    await user.keyboard(' ');
    expect(seasons).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Liste des saisons' })).not.toBeInTheDocument();
  });
});
