import type { PointRules, Season } from '@guildhall/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { json, requestsTo, type Routes, sentBody, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

/* The Points tab's other sources' rules, the recompute and the ledger's CSV (decision 040). */

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });
const season: Season = {
  _id: '65f1c0ffee0000000000b001',
  name: 'Saison 2026',
  starts_on: '2026-01-01',
  ends_on: '2026-12-31',
  current: true,
};
const byMark = { present: 10, late: 5, excused: 0, absent: 0 };
const rules: PointRules = {
  attendance: { training: byMark, scrim: byMark, match: byMark, meeting: byMark, other: byMark },
  membership: { seniority: 20, adhesion: 30 },
  league: { division: 10, tier: 25 },
  managers: { season_limit: 0 },
};

function openPointsTab(routes: Routes = {}) {
  return renderApp({
    at: '/settings/organization?tab=points',
    language: 'fr',
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/seasons': json({ seasons: [season] }),
      'GET /api/points/rules': json(rules),
      'GET /api/milestones': json({ milestones: [] }),
      'GET /api/points/ledger': json({ items: [], next_cursor: null }),
      ...routes,
    },
  });
}

describe('points tab tools', { timeout: 20_000 }, () => {
  it('saves the membership, League and managers rules with the attendance table', async () => {
    const { user, fetchMock } = openPointsTab({
      'PUT /api/points/rules': async (request) => Response.json(await request.json()),
    });
    const limit = await screen.findByRole('spinbutton', { name: 'Limite des managers par saison' });
    expect(screen.getByRole('spinbutton', { name: 'Ancienneté (par année)' })).toHaveValue(20);
    await user.clear(limit);
    await user.type(limit, '150');
    const tier = screen.getByRole('spinbutton', { name: 'League : nouveau palier' });
    await user.clear(tier);
    await user.type(tier, '40');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les règles' }));

    expect(await sentBody(fetchMock, 'PUT', '/api/points/rules')).toEqual({
      ...rules,
      league: { division: 10, tier: 40 },
      managers: { season_limit: 150 },
    });
  });

  it('refuses a negative managers limit and sends nothing', async () => {
    const { user, fetchMock } = openPointsTab();
    const limit = await screen.findByRole('spinbutton', { name: 'Limite des managers par saison' });
    await user.clear(limit);
    await user.type(limit, '-5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les règles' }));
    expect(limit).toHaveAccessibleDescription(/pas négatif pour la limite/);
    expect(requestsTo(fetchMock, 'PUT', '/api/points/rules')).toEqual([]);
  });

  it('says by the table that a cell takes a whole number, keeps what was typed, sends nothing', async () => {
    const { user, fetchMock } = openPointsTab();
    const cell = await screen.findByRole('spinbutton', { name: 'Match : Présent' });
    const seniority = screen.getByRole('spinbutton', { name: 'Ancienneté (par année)' });
    await user.clear(seniority);
    await user.type(seniority, '25');
    await user.clear(cell);
    await user.click(screen.getByRole('button', { name: 'Enregistrer les règles' }));

    expect(cell).toHaveFocus();
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(cell).toHaveAccessibleDescription(
      'Chaque case attend un nombre entier entre -10000 et 10000.',
    );
    expect(seniority).not.toHaveAttribute('aria-invalid');
    expect(seniority).toHaveValue(25);
    expect(requestsTo(fetchMock, 'PUT', '/api/points/rules')).toEqual([]);

    await user.type(cell, '12');
    expect(cell).not.toHaveAttribute('aria-invalid');
  });

  it("says the managers limit's own bound on its field", async () => {
    const { user, fetchMock } = openPointsTab();
    const limit = await screen.findByRole('spinbutton', { name: 'Limite des managers par saison' });
    await user.clear(limit);
    await user.type(limit, '100001');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les règles' }));
    expect(limit).toHaveAccessibleDescription(/au plus 100000 /);
    expect(requestsTo(fetchMock, 'PUT', '/api/points/rules')).toEqual([]);
  });

  it('recomputes after a confirmation and says how many lines it wrote', async () => {
    const { user, fetchMock } = openPointsTab({
      'POST /api/points/recompute': json({ written: 12 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Recalculer depuis les sources' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Recalculer tous les points ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Recalculer' }));

    expect(await screen.findByText('12 lignes écrites.')).toBeVisible();
    expect(await sentBody(fetchMock, 'POST', '/api/points/recompute')).toEqual({});
  });

  it('links the CSV export to the filters chosen', async () => {
    const { user } = openPointsTab();
    const link = await screen.findByRole('link', { name: 'Exporter en CSV' });
    expect(link).toHaveAttribute('href', '/api/points/ledger.csv');
    await user.selectOptions(screen.getByLabelText('Saison'), 'Saison 2026');
    await user.selectOptions(screen.getByLabelText('Origine'), 'À la main');
    expect(link).toHaveAttribute(
      'href',
      `/api/points/ledger.csv?season=${season._id}&source=manual`,
    );
  });
});
