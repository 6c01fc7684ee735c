import type { EventOccurrence } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { weekStart } from '@/lib/events/event-time';
import { setMobileViewport } from '@/test/viewport';
import { buildOccurrence, daysFromNow } from '@/test/event-fixtures';
import { buildSessionUser } from '@/test/fixtures';
import {
  apiError,
  json,
  neverAnswers,
  requestsTo,
  type Routes,
  sentBody,
  signedIn,
} from '@/test/mock-api';
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
  at = '/events',
) {
  return renderApp({
    at,
    language,
    routes: {
      'GET /api/session': signedIn(user),
      'GET /api/events': json({ items: occurrences, next_cursor: null }),
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

  it('shows a month as a table on a desktop, one month after another, and back to today', async () => {
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
    ).toEqual(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']);
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
    await user.click(screen.getByRole('button', { name: 'Mois suivant' }));

    await user.click(screen.getByRole('button', { name: "Aujourd'hui" }));
    const back = await screen.findByRole('table', { name: `Les événements de ${monthName}` });
    expect(within(back).getByRole('link', { name: /Réunion du jour/ })).toBeVisible();
  });

  it('reads the month in English, with its weekdays and a way back to today', async () => {
    const { user } = openEvents([training], {}, 'en');
    await rowOf('Entraînement LoL');
    await user.click(screen.getByRole('button', { name: 'Month' }));
    const now = new Date();
    const monthOf = (offset: number) =>
      new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(
        new Date(now.getFullYear(), now.getMonth() + offset, 1),
      );
    const table = await screen.findByRole('table', { name: `The events of ${monthOf(0)}` });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(
      await screen.findByRole('table', { name: `The events of ${monthOf(-1)}` }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('table', { name: `The events of ${monthOf(0)}` })).toBeVisible();
  });

  it('shows a week in seven columns, Monday first, and goes from week to week in the address', async () => {
    const monday = weekStart(new Date(2026, 10, 25));
    const at = (day: number, hour: number) => new Date(2026, 10, 23 + day, hour).toISOString();
    const wednesday = buildOccurrence({
      _id: '0cc000000000000000000006',
      title: 'Scrim du mercredi',
      type: 'scrim',
      starts_at: at(2, 19),
      ends_at: at(2, 21),
    });
    const cancelled = buildOccurrence({
      _id: '0cc000000000000000000007',
      title: 'Match du dimanche',
      type: 'match',
      starts_at: at(6, 15),
      ends_at: at(6, 17),
      cancelled: true,
    });
    // Began on the Sunday before and still running on Monday: the previous week's.
    const overnight = buildOccurrence({
      _id: '0cc000000000000000000008',
      title: 'LAN de la nuit',
      starts_at: at(-1, 22),
      ends_at: at(0, 2),
    });
    const { user, fetchMock, currentLocation } = openEvents(
      [overnight, wednesday, cancelled],
      {},
      'fr',
      member,
      '/events?view=week&week=2026-11-23',
    );

    const weekName = (start: Date) =>
      new Intl.DateTimeFormat('fr', { day: 'numeric', month: 'long', year: 'numeric' }).formatRange(
        start,
        new Date(start.getFullYear(), start.getMonth(), start.getDate() + 6),
      );
    expect(weekName(monday)).toBe('23–29 novembre 2026');
    expect(await screen.findByRole('heading', { level: 1, name: 'Événements' })).toBeVisible();
    const week = await screen.findByRole('list', { name: weekName(monday) });
    expect(screen.getByRole('button', { name: 'Semaine' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(week)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Lundi 23 nov.',
      'Mardi 24 nov.',
      'Mercredi 25 nov.',
      'Jeudi 26 nov.',
      'Vendredi 27 nov.',
      'Samedi 28 nov.',
      'Dimanche 29 nov.',
    ]);
    const link = within(week).getByRole('link', { name: /Scrim du mercredi/ });
    expect(link).toHaveAttribute('href', `/events/${wednesday._id}`);
    // The reader's times: the occurrence was made at 19:00 and 21:00 local.
    expect(link).toHaveTextContent(/19:00\s*–\s*21:00/);
    expect(link).toHaveTextContent('Scrim');
    // In Wednesday's column.
    expect(link.closest('li[class]')).toHaveTextContent('Mercredi 25 nov.');
    expect(within(week).getByRole('link', { name: /Match du dimanche/ })).toHaveTextContent(
      'Annulé',
    );
    expect(within(week).queryByRole('link', { name: /LAN de la nuit/ })).not.toBeInTheDocument();
    const weekRequest = requestsTo(fetchMock, 'GET', '/api/events')
      .map((request) => new URL(request.url).searchParams)
      .find((params) => params.has('to'));
    expect(weekRequest?.get('from')).toBe(monday.toISOString());
    expect(weekRequest?.get('to')).toBe(weekStart(monday, 1).toISOString());

    await user.click(screen.getByRole('button', { name: 'Semaine suivante' }));
    expect(await screen.findByRole('list', { name: weekName(weekStart(monday, 1)) })).toBeVisible();
    expect(currentLocation().search).toBe('?view=week&week=2026-11-30');

    await user.click(screen.getByRole('button', { name: 'Semaine précédente' }));
    await user.click(screen.getByRole('button', { name: 'Semaine précédente' }));
    expect(
      await screen.findByRole('list', { name: weekName(weekStart(monday, -1)) }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Cette semaine' }));
    await waitFor(() => expect(currentLocation().search).toBe('?view=week'));
    const thisWeek = await screen.findByRole('list', { name: weekName(weekStart(new Date())) });
    const today = within(thisWeek)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'date');
    const todayName = new Intl.DateTimeFormat('fr', { weekday: 'long' }).format(new Date());
    expect(today).toHaveTextContent(todayName.charAt(0).toUpperCase() + todayName.slice(1));

    await user.click(screen.getByRole('button', { name: 'Liste' }));
    expect(currentLocation().search).toBe('');
  });

  it('shows the week as a list by day on a phone, answers included', async () => {
    setMobileViewport(true);
    const { user } = openEvents([training, scrim]);
    await rowOf('Entraînement LoL');
    expect(screen.queryByRole('button', { name: 'Mois' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Semaine' }));
    // The training is two days from now: from Saturday on, in the next week (weeks start on
    // Monday in French), which the week view opens on once asked.
    const mondayOf = (date: Date) => {
      const day = new Date(date);
      day.setHours(0, 0, 0, 0);
      day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
      return day.getTime();
    };
    if (mondayOf(new Date(training.starts_at)) !== mondayOf(new Date())) {
      await user.click(screen.getByRole('button', { name: 'Semaine suivante' }));
    }
    const row = await rowOf('Entraînement LoL');
    expect(within(row).getByRole('button', { name: 'Présent' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
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
