import type { EventOccurrence } from '@guildhall/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setMobileViewport } from '@/test/viewport';
import { buildOccurrence, daysFromNow } from '@/test/event-fixtures';
import { buildSessionUser } from '@/test/fixtures';
import { apiError, json, neverAnswers, requestsTo, type Routes, sentBody } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const member = buildSessionUser();

const training = buildOccurrence();
const scrim = buildOccurrence({
  _id: '0cc000000000000000000002',
  title: 'Scrim contre les Chouettes',
  type: 'scrim',
  opponent: 'Les Chouettes',
  location: '',
  starts_at: daysFromNow(5, 18),
  ends_at: daysFromNow(5, 20),
  rsvp_deadline: daysFromNow(5, 18),
  my_rsvp: { answer: 'going', comment: 'Un peu en retard', waitlisted: true },
  capacity: 5,
  counts: { going: 5, maybe: 0, not_going: 0, waitlisted: 1 },
});

function openEvents(
  occurrences: EventOccurrence[] = [training, scrim],
  routes: Routes = {},
  language: 'fr' | 'en' = 'fr',
  user = member,
) {
  return renderApp({
    at: '/events',
    language,
    routes: {
      'GET /api/user': json(user),
      'GET /api/events': json({ occurrences }),
      ...routes,
    },
  });
}

const rowOf = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('li')!;

describe('events page', () => {
  it('lists the upcoming occurrences by day, with their counts and the member’s answer', async () => {
    openEvents();

    expect(await screen.findByRole('heading', { level: 1, name: 'Événements' })).toBeVisible();
    await rowOf('Entraînement LoL');
    const days = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(days).toHaveLength(2);
    const expectedDay = new Intl.DateTimeFormat('fr', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      ...(new Date(training.starts_at).getFullYear() !== new Date().getFullYear() && {
        year: 'numeric',
      }),
    }).format(new Date(training.starts_at));
    expect(days[0]).toHaveTextContent(expectedDay);

    const row = await rowOf('Entraînement LoL');
    expect(row).toHaveTextContent('Entraînement');
    expect(row).toHaveTextContent('5 présents · 2 peut-être');
    expect(row).toHaveTextContent('Discord');
    const buttons = within(
      within(row).getByRole('group', { name: 'Votre réponse : Entraînement LoL' }),
    ).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Présent', 'Peut-être', 'Absent']);
    for (const button of buttons) expect(button).toHaveAttribute('aria-pressed', 'false');

    const scrimRow = await rowOf('Scrim contre les Chouettes');
    expect(scrimRow).toHaveTextContent('Contre Les Chouettes');
    expect(scrimRow).toHaveTextContent(
      "5 présents sur 5 places · 0 peut-être · 1 en liste d'attente",
    );
    expect(within(scrimRow).getByRole('button', { name: 'Présent' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(scrimRow).getByText("Sur liste d'attente")).toBeVisible();
    expect(within(row).queryByText("Sur liste d'attente")).not.toBeInTheDocument();
    // A member who manages nothing creates nothing.
    expect(screen.queryByRole('link', { name: 'Nouvel événement' })).not.toBeInTheDocument();
  });

  it('sends the answer in one click, keeping the comment, and shows it pressed', async () => {
    const answered = {
      ...scrim,
      my_rsvp: { answer: 'maybe' as const, comment: 'Un peu en retard', waitlisted: false },
    };
    const { user, fetchMock } = openEvents([training, scrim], {
      [`PUT /api/event-occurrences/${scrim._id}/rsvp`]: json(answered),
    });
    const row = await rowOf('Scrim contre les Chouettes');

    await user.click(within(row).getByRole('button', { name: 'Peut-être' }));

    expect(await sentBody(fetchMock, 'PUT', `/api/event-occurrences/${scrim._id}/rsvp`)).toEqual({
      answer: 'maybe',
      comment: 'Un peu en retard',
    });
    expect(within(row).getByRole('button', { name: 'Peut-être' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(row).getByRole('button', { name: 'Présent' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(row).queryByText("Sur liste d'attente")).not.toBeInTheDocument();
  });

  it('closes the answers after the deadline and on a cancelled occurrence', async () => {
    const closed = buildOccurrence({
      _id: '0cc000000000000000000003',
      title: 'Réunion du bureau',
      type: 'meeting',
      rsvp_deadline: new Date(Date.now() - 60_000).toISOString(),
    });
    const cancelled = buildOccurrence({
      _id: '0cc000000000000000000004',
      title: 'Match annulé',
      type: 'match',
      cancelled: true,
    });
    openEvents([closed, cancelled, training]);

    const closedRow = await rowOf('Réunion du bureau');
    for (const button of within(closedRow).getAllByRole('button')) expect(button).toBeDisabled();
    expect(closedRow).toHaveTextContent('Réponses closes');
    const cancelledRow = await rowOf('Match annulé');
    expect(cancelledRow).toHaveTextContent('Annulé');
    for (const button of within(cancelledRow).getAllByRole('button')) {
      expect(button).toBeDisabled();
    }
    for (const button of within(await rowOf('Entraînement LoL')).getAllByRole('button')) {
      expect(button).toBeEnabled();
    }
  });

  it('says why an answer was refused', async () => {
    const { user } = openEvents([training], {
      [`PUT /api/event-occurrences/${training._id}/rsvp`]: apiError(
        409,
        'rsvp_closed',
        'Answers are closed',
      ),
    });
    const row = await rowOf('Entraînement LoL');

    await user.click(within(row).getByRole('button', { name: 'Absent' }));

    expect(
      await screen.findByText('Les réponses à cet événement sont closes.'),
    ).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Absent' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('offers a new event to an events manager', async () => {
    openEvents([], {}, 'fr', buildSessionUser({ abilities: ['manage:team-events'] }));

    expect(await screen.findByRole('link', { name: 'Nouvel événement' })).toHaveAttribute(
      'href',
      '/events/new',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Aucun événement à venir.');
  });

  it('shows skeletons while loading', async () => {
    openEvents([], { 'GET /api/events': neverAnswers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Événements' })).toBeVisible();
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    openEvents([], { 'GET /api/events': apiError(503, 'database_unavailable', 'Unavailable') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors de la récupération des événements.',
    );
  });

  it('shows a month as a table on a desktop, one month after another', async () => {
    const today = buildOccurrence({
      _id: '0cc000000000000000000005',
      title: 'Réunion du jour',
      type: 'meeting',
      starts_at: daysFromNow(0, 12),
      ends_at: daysFromNow(0, 13),
    });
    const { user, fetchMock } = openEvents([today]);
    await rowOf('Réunion du jour');

    await user.click(screen.getByRole('button', { name: 'Mois' }));

    expect(screen.getByRole('button', { name: 'Mois' })).toHaveAttribute('aria-pressed', 'true');
    const now = new Date();
    const monthName = new Intl.DateTimeFormat('fr', { month: 'long', year: 'numeric' }).format(
      new Date(now.getFullYear(), now.getMonth(), 1),
    );
    const table = await screen.findByRole('table', { name: `Les événements de ${monthName}` });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']);
    const [monthRequest] = requestsTo(fetchMock, 'GET', '/api/events').filter((request) =>
      new URL(request.url).searchParams.has('to'),
    );
    const from = new URL(monthRequest!.url).searchParams.get('from')!;
    expect(new Date(from).getDate()).toBe(1);
    expect(within(table).getByRole('link', { name: /Réunion du jour/ })).toHaveAttribute(
      'href',
      `/events/${today._id}`,
    );

    await user.click(screen.getByRole('button', { name: 'Mois suivant' }));
    const next = new Intl.DateTimeFormat('fr', { month: 'long', year: 'numeric' }).format(
      new Date(now.getFullYear(), now.getMonth() + 1, 1),
    );
    expect(await screen.findByRole('table', { name: `Les événements de ${next}` })).toBeVisible();
  });

  it('keeps to the list by day on a phone', async () => {
    setMobileViewport(true);
    openEvents();
    await rowOf('Entraînement LoL');
    expect(screen.queryByRole('button', { name: 'Mois' })).not.toBeInTheDocument();
  });

  it('reads in English', async () => {
    openEvents([training, scrim], {}, 'en');

    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    const row = await rowOf('Scrim contre les Chouettes');
    expect(row).toHaveTextContent('5 going of 5 seats · 0 maybe · 1 on the waiting list');
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Going', 'Maybe', 'Not going']);
    expect(within(row).getByText('On the waiting list')).toBeVisible();
  });
});
