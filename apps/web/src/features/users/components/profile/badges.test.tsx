import type { MemberBadges } from '@guildhall/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allRoles, buildSessionUser, buildUser } from '@/test/fixtures';
import { apiError, json, type Handler, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const MEMBER_ID = '65f1c0ffee00000000000042';
const member = buildUser({ _id: MEMBER_ID, pseudo: 'owl', surname: null, name: null });

function openProfile(badges: Handler, language?: 'fr' | 'en') {
  renderApp({
    at: `/users/${MEMBER_ID}`,
    language,
    routes: {
      'GET /api/session': signedIn(
        buildSessionUser({ _id: '65f1c0ffee00000000000001', role: 'user' }),
      ),
      'GET /api/roles': json(allRoles),
      [`GET /api/users/${MEMBER_ID}`]: json(member),
      [`GET /api/teams/check-all-roles/${MEMBER_ID}`]: json({ roles: [] }),
      [`GET /api/users/${MEMBER_ID}/badges`]: badges,
    },
  });
}

const badgesCard = async (title = 'Badges') =>
  (await screen.findByRole('heading', { level: 2, name: title })).closest('section')!;

const earned: MemberBadges = {
  milestones: [
    {
      milestone: {
        _id: '65f1c0ffee0000000000c001',
        name: 'Bronze',
        icon: 'medal',
        colour: '#cd7f32',
        threshold: 100,
      },
      season: { _id: '65f1c0ffee0000000000b001', name: 'Saison 2026' },
      reached_at: '2026-03-02T18:00:00.000Z',
    },
  ],
  badges: [
    {
      _id: '65f1c0ffee0000000000e001',
      name: 'Shotcaller',
      icon: 'crown',
      colour: '#3366ff',
      reason: 'Appelé toutes les rotations de la LAN',
      created_at: '2026-04-01T10:00:00.000Z',
    },
    {
      _id: '65f1c0ffee0000000000e002',
      name: 'Fair-play',
      icon: 'shield',
      colour: '#00aa00',
      reason: '',
      created_at: '2026-02-01T10:00:00.000Z',
    },
  ],
};

describe('the badges on a profile', () => {
  it('lists the milestones reached and the badges, each with its season or reason in words', async () => {
    openProfile(json(earned));
    const card = await badgesCard();
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'BronzeSaison 2026',
      'ShotcallerAppelé toutes les rotations de la LAN',
      'Fair-play',
    ]);
    // The reason is text on the page, not a tooltip: no title to hover.
    expect(card.querySelector('[title]')).toBeNull();
  });

  it('says when the member has none', async () => {
    openProfile(json({ milestones: [], badges: [] }), 'en');
    expect(await within(await badgesCard()).findByText('No badges yet.')).toBeVisible();
  });

  it('says when the badges cannot be loaded', async () => {
    openProfile(apiError(503, 'database_unavailable', 'Down'));
    expect(
      await within(await badgesCard()).findByText(
        'Les badges ne peuvent pas être affichés pour le moment.',
      ),
    ).toBeVisible();
  });
});
