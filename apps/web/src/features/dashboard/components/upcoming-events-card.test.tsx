import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOccurrence, daysFromNow } from '@/test/event-fixtures';
import { buildSessionUser } from '@/test/fixtures';
import { json, requestsTo, type Routes, sentBody, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const member = buildSessionUser();
const training = buildOccurrence();
const match = buildOccurrence({
  _id: '0cc000000000000000000002',
  title: 'Match de ligue',
  type: 'match',
  opponent: 'Les Chouettes',
  starts_at: daysFromNow(4, 19),
  ends_at: daysFromNow(4, 21),
  rsvp_deadline: daysFromNow(4, 19),
});

function openDashboard(routes: Routes = {}, language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/dashboard',
    language,
    routes: { 'GET /api/session': signedIn(member), ...routes },
  });
}

const card = async (name: string) => screen.findByRole('region', { name });

describe('upcoming events card', () => {
  it('shows the next three occurrences, each answered in one click', async () => {
    const answered = {
      ...match,
      my_rsvp: { answer: 'going' as const, comment: '', waitlisted: false },
    };
    const { user, fetchMock } = openDashboard({
      'GET /api/events': json({ items: [training, match], next_cursor: null }),
      [`PUT /api/event-occurrences/${match._id}/rsvp`]: json(answered),
    });

    const events = await card('Prochains événements');
    expect(await within(events).findByRole('link', { name: 'Entraînement LoL' })).toHaveAttribute(
      'href',
      `/events/${training._id}`,
    );
    const [request] = requestsTo(fetchMock, 'GET', '/api/events');
    expect(new URL(request!.url).searchParams.get('limit')).toBe('3');
    expect(within(events).getByRole('link', { name: 'Voir tous les événements' })).toHaveAttribute(
      'href',
      '/events',
    );

    const matchAnswer = within(events).getByRole('group', {
      name: 'Votre réponse\u00a0: Match de ligue',
    });
    await user.click(within(matchAnswer).getByRole('button', { name: 'Présent' }));

    expect(await sentBody(fetchMock, 'PUT', `/api/event-occurrences/${match._id}/rsvp`)).toEqual({
      answer: 'going',
      comment: '',
    });
    expect(within(matchAnswer).getByRole('button', { name: 'Présent' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says when nothing is coming', async () => {
    openDashboard();

    const events = await card('Prochains événements');
    expect(await within(events).findByText('Aucun événement à venir.')).toBeVisible();
  });

  it('reads in English', async () => {
    openDashboard({ 'GET /api/events': json({ items: [training], next_cursor: null }) }, 'en');

    const events = await card('Upcoming events');
    expect(await within(events).findByRole('button', { name: 'Not going' })).toBeVisible();
    expect(within(events).getByRole('link', { name: 'See all events' })).toBeVisible();
  });
});
