import type { EventOccurrenceDetail } from '@guildhall/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOccurrence, buildOccurrenceDetail } from '@/test/event-fixtures';
import { buildSessionUser } from '@/test/fixtures';
import {
  apiError,
  json,
  noContent,
  requestsTo,
  type Routes,
  sentBody,
  signedIn,
} from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const NBSP = '\u00a0';
const member = buildSessionUser();

const detail = buildOccurrenceDetail();
const managed = buildOccurrenceDetail({
  can_manage: true,
  answers: [
    {
      member: { _id: '65f1c0ffee00000000000002', pseudo: 'mango' },
      answer: 'going',
      comment: '',
      waitlisted: false,
      answered_at: '2026-11-20T10:00:00.000Z',
    },
    {
      member: { _id: '65f1c0ffee00000000000003', pseudo: 'papaye' },
      answer: 'going',
      comment: 'Je peux remplacer',
      waitlisted: true,
      answered_at: '2026-11-21T10:00:00.000Z',
    },
    {
      member: { _id: '65f1c0ffee00000000000004', pseudo: 'litchi' },
      answer: 'not_going',
      comment: 'En vacances',
      waitlisted: false,
      answered_at: '2026-11-19T10:00:00.000Z',
    },
  ],
  unanswered: { count: 3, members: [{ _id: '65f1c0ffee00000000000005', pseudo: 'kaki' }] },
});

function openEvent(
  occurrence: EventOccurrenceDetail = detail,
  routes: Routes = {},
  language: 'fr' | 'en' = 'fr',
) {
  return renderApp({
    at: `/events/${occurrence._id}`,
    language,
    routes: {
      'GET /api/session': signedIn(member),
      [`GET /api/event-occurrences/${occurrence._id}`]: json(occurrence),
      'GET /api/events': json({ items: [], next_cursor: null }),
      ...routes,
    },
  });
}

describe('event page', () => {
  it('shows a member the details, who is coming, and the answer with a comment', async () => {
    const answered = buildOccurrence({
      my_rsvp: { answer: 'maybe', comment: 'En retard de 10 min', waitlisted: false },
    });
    let saved = detail;
    const { user, fetchMock } = openEvent(detail, {
      [`GET /api/event-occurrences/${detail._id}`]: () => Response.json(saved),
      [`PUT /api/event-occurrences/${detail._id}/rsvp`]: () => {
        saved = { ...detail, my_rsvp: answered.my_rsvp };
        return Response.json(answered);
      },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Entraînement LoL' }),
    ).toBeVisible();
    const details = screen.getByRole('region', { name: "Détails de l'événement" });
    expect(details).toHaveTextContent('Les Hiboux LoL');
    expect(details).toHaveTextContent('Discord');
    expect(details).toHaveTextContent('5 présents · 2 peut-être');
    // The description's markup, sanitized.
    expect(within(details).getByText('à l’heure').tagName).toBe('STRONG');
    const going = screen.getByRole('region', { name: 'Présent (1)' });
    expect(within(going).getByText('mango')).toBeVisible();
    // A member sees neither every answer nor the managers' buttons.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Modifier' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Commentaire' }), 'En retard de 10 min');
    await user.click(screen.getByRole('button', { name: 'Peut-être' }));

    expect(await sentBody(fetchMock, 'PUT', `/api/event-occurrences/${detail._id}/rsvp`)).toEqual({
      answer: 'maybe',
      comment: 'En retard de 10 min',
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Peut-être' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
  });

  it('shows its managers every answer, the waiting list and who has not answered', async () => {
    openEvent(managed);

    const table = await screen.findByRole('table', { name: 'Les réponses des membres invités' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'mangoPrésent',
      `papayePrésentListe d'attenteJe peux remplacer`,
      'litchiAbsentEn vacances',
    ]);
    const unanswered = screen.getByRole('region', { name: 'Sans réponse (3)' });
    expect(unanswered).toHaveTextContent('kaki');
    expect(unanswered).toHaveTextContent('et 2 autres membres');
    expect(screen.getByRole('link', { name: 'Modifier' })).toHaveAttribute(
      'href',
      `/events/${managed.event_id}/edit`,
    );
  });

  it('offers no answer to a manager the event is not for', async () => {
    openEvent({ ...managed, invited: false });
    expect(
      await screen.findByRole('table', { name: 'Les réponses des membres invités' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Présent$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Commentaire/ })).not.toBeInTheDocument();
  });

  it('deletes the event only once confirmed, then goes back to the list', async () => {
    const { user, fetchMock, currentLocation } = openEvent(managed, {
      [`DELETE /api/events/${managed.event_id}`]: noContent,
    });

    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('alertdialog', {
      name: `Supprimer «${NBSP}Entraînement LoL${NBSP}»${NBSP}?`,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(requestsTo(fetchMock, 'DELETE', `/api/events/${managed.event_id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }),
    );

    await waitFor(() => expect(currentLocation().pathname).toBe('/events'));
    expect(requestsTo(fetchMock, 'DELETE', `/api/events/${managed.event_id}`)).toHaveLength(1);
    expect(
      // Testing Library reads a no-break space as a space.
      await screen.findByText('« Entraînement LoL » a été supprimé.'),
    ).toBeInTheDocument();
  });

  it('says so when the event does not exist or is not for the member', async () => {
    openEvent(detail, {
      [`GET /api/event-occurrences/${detail._id}`]: apiError(
        404,
        'event_not_found',
        'No event you may see has this id',
      ),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Événement introuvable' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Événement introuvable : il a peut-être été supprimé, ou il ne vous est pas destiné.',
    );
    expect(screen.getByRole('link', { name: 'Tous les événements' })).toHaveAttribute(
      'href',
      '/events',
    );
  });

  it('reads in English', async () => {
    openEvent(managed, {}, 'en');

    expect(
      await screen.findByRole('table', { name: "The invited members' answers" }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Not answered (3)' })).toHaveTextContent(
      'and 2 other members',
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toBeVisible();
  });
});
