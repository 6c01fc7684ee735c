import type { PointsSummary } from '@guildhall/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { json, neverAnswers, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const member = buildSessionUser();

const season = {
  _id: '65f1c0ffee00000000000a01',
  name: 'Saison 2026-2027',
  starts_on: '2026-09-01',
  ends_on: '2027-06-30',
  current: true,
};
const bronze = {
  _id: '65f1c0ffee00000000000b01',
  name: 'Bronze',
  threshold: 100,
  icon: 'medal' as const,
  colour: '#cd7f32',
};
const silver = {
  _id: '65f1c0ffee00000000000b02',
  name: 'Argent',
  threshold: 250,
  icon: 'trophy' as const,
  colour: '#c0c0c0',
};

const summary = (overrides: Partial<PointsSummary> = {}): PointsSummary => ({
  season,
  points: 130,
  place: 4,
  ranked: 57,
  reached: bronze,
  next: silver,
  teams: [],
  ...overrides,
});

function openDashboard(routes: Routes = {}, language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/dashboard',
    language,
    routes: { 'GET /api/session': signedIn(member), ...routes },
  });
}

const rankingCard = (name: string) => screen.findByRole('region', { name });

describe('ranking card', () => {
  it('says what it is waiting for while the points load', async () => {
    openDashboard({ 'GET /api/points/me': neverAnswers });
    const card = await rankingCard('Classement');
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Chargement de vos points et de votre place…',
    );
    expect(within(card).getByText('Chargement de vos points et de votre place…')).toBeVisible();
    expect(within(card).queryByText(/^Place/)).toBeNull();
  });

  it('says what it is waiting for in English too', async () => {
    openDashboard({ 'GET /api/points/me': neverAnswers }, 'en');
    const card = await rankingCard('Ranking');
    expect(await within(card).findByText('Loading your points and rank…')).toBeVisible();
  });

  it('shows the share toward the next milestone while the chart loads', async () => {
    openDashboard({ 'GET /api/points/me': json(summary()) });
    const card = await rankingCard('Classement');
    // 130 points, from Bronze (100) toward Argent (250): a fifth of the way.
    const ring = await within(card).findByRole('img', {
      name: 'Progression vers le palier Argent : 20 %',
    });
    const placeholder = within(ring).getByTestId('ranking-ring-placeholder');
    expect(placeholder).toBeVisible();
    expect(placeholder.style.getPropertyValue('--share')).toBe('0.2');
  });

  it('names the ring when every milestone is reached', async () => {
    openDashboard({ 'GET /api/points/me': json(summary({ points: 300, next: null })) }, 'en');
    expect(
      await within(await rankingCard('Ranking')).findByRole('img', {
        name: 'Every milestone reached',
      }),
    ).toBeVisible();
  });

  it('names the ring when no milestone is set', async () => {
    openDashboard({ 'GET /api/points/me': json(summary({ reached: null, next: null })) });
    expect(
      await within(await rankingCard('Classement')).findByRole('img', {
        name: 'Aucun palier à atteindre pour le moment',
      }),
    ).toBeVisible();
  });

  it('gives no place to a member without a line this season', async () => {
    openDashboard({
      'GET /api/points/me': json(summary({ points: 0, place: null, ranked: 21, reached: null })),
    });
    const card = await rankingCard('Classement');
    expect(await within(card).findByText('Pas encore classé·e')).toBeVisible();
    expect(
      within(card).getByText('Vos premiers points de la saison vous placeront au classement.'),
    ).toBeVisible();
    expect(within(card).getByText('0 point')).toBeVisible();
    expect(within(card).queryByText(/^Place/)).toBeNull();
  });

  it('says "Not ranked yet" in English', async () => {
    openDashboard(
      {
        'GET /api/points/me': json(summary({ points: 0, place: null, ranked: 29, reached: null })),
      },
      'en',
    );
    const card = await rankingCard('Ranking');
    expect(await within(card).findByText('Not ranked yet')).toBeVisible();
    expect(within(card).queryByText(/^Rank \d/)).toBeNull();
  });

  it.each([
    ['fr', 4, 57, 'Classement', 'Place 4 sur 57 membres classés'],
    ['fr', 1, 1, 'Classement', 'Place 1 sur 1 membre classé'],
    ['en', 4, 57, 'Ranking', 'Rank 4 of 57 ranked members'],
    ['en', 1, 1, 'Ranking', 'Rank 1 of 1 ranked member'],
  ] as const)('writes the place in %s: %i of %i', async (language, place, ranked, title, text) => {
    openDashboard({ 'GET /api/points/me': json(summary({ place, ranked })) }, language);
    const card = await rankingCard(title);
    expect(await within(card).findByText(text)).toBeVisible();
  });

  it('leaves the version to the menu', async () => {
    openDashboard({ 'GET /api/points/me': json(summary()) });
    const card = await rankingCard('Classement');
    await within(card).findByText('130 points');
    expect(card).not.toHaveTextContent('Version');
    const navigation = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(navigation.parentElement).toHaveTextContent('Version 0.15');
  });
});
