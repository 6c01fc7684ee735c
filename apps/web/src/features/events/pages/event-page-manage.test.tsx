import type { Attendance, EventOccurrenceDetail } from '@guildhall/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOccurrence, buildOccurrenceDetail } from '@/test/event-fixtures';
import { buildSessionUser } from '@/test/fixtures';
import { apiError, json, requestsTo, type Routes, sentBody, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

// The event page's manager tools: this date moved, cancelled or restored, a reminder now, and
// the attendance once it has started.

const NBSP = '\u00a0';
const coach = buildSessionUser();
const HOUR = 3_600_000;

const upcoming = buildOccurrenceDetail({ can_manage: true, answers: [], reminder_channels: 2 });
// No Discord channel for its teams: the server says a reminder would go nowhere.
const unheard = { ...upcoming, reminder_channels: 0 };
const admin = buildSessionUser({ role: 'admin' });
const startedAt = new Date(Date.now() - HOUR).toISOString();
const started = buildOccurrenceDetail({
  can_manage: true,
  answers: [],
  starts_at: startedAt,
  ends_at: new Date(Date.now() + HOUR).toISOString(),
  rsvp_deadline: startedAt,
});

const member = (id: number, pseudo: string) => ({
  _id: `65f1c0ffee0000000000000${id}`,
  pseudo,
});
const attendance: Attendance = {
  entries: [
    { member: member(2, 'mango'), status: null, suggested: 'present' },
    { member: member(3, 'papaye'), status: 'late', suggested: 'present' },
    { member: member(4, 'litchi'), status: null, suggested: 'excused' },
    { member: member(5, 'kaki'), status: null, suggested: null },
  ],
};

function openEvent(
  occurrence: EventOccurrenceDetail,
  routes: Routes = {},
  language: 'fr' | 'en' = 'fr',
  manager = coach,
) {
  return renderApp({
    at: `/events/${occurrence._id}`,
    language,
    routes: {
      'GET /api/session': signedIn(manager),
      [`GET /api/event-occurrences/${occurrence._id}`]: json(occurrence),
      ...routes,
    },
  });
}

const checkedIn = (pseudo: string) =>
  within(screen.getByRole('radiogroup', { name: pseudo }))
    .getAllByRole('radio')
    .filter((radio) => (radio as HTMLInputElement).checked)
    .map((radio) => radio.closest('label')?.textContent);

describe('event page, for its managers', () => {
  it('fills the attendance in from the answers, and saves the marks not saved yet', async () => {
    const path = `/api/event-occurrences/${started._id}/attendance`;
    const { user, fetchMock } = openEvent(started, {
      [`GET ${path}`]: json(attendance),
      [`PUT ${path}`]: json({
        entries: [
          { member: member(2, 'mango'), status: 'present', suggested: 'present' },
          { member: member(3, 'papaye'), status: 'late', suggested: 'present' },
          { member: member(4, 'litchi'), status: 'excused', suggested: 'excused' },
          { member: member(5, 'kaki'), status: 'absent', suggested: null },
        ],
      }),
    });

    const section = await screen.findByRole('region', { name: 'Présence' });
    await within(section).findByRole('radiogroup', { name: 'mango' });
    expect(checkedIn('mango')).toEqual(['Présent']);
    expect(checkedIn('papaye')).toEqual(['En retard']);
    expect(checkedIn('litchi')).toEqual(['Excusé']);
    expect(checkedIn('kaki')).toEqual([]);
    const summary = within(section).getByRole('list', { name: 'Bilan' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 présent', '0 absent', '1 en retard', '1 excusé', '1 non noté']);

    await user.click(
      within(screen.getByRole('radiogroup', { name: 'kaki' })).getByRole('radio', {
        name: 'Absent',
      }),
    );
    expect(summary).toHaveTextContent('1 absent');
    expect(summary).not.toHaveTextContent('non noté');
    expect(within(section).getByRole('status')).toHaveTextContent('3 marques non enregistrées.');
    await user.click(within(section).getByRole('button', { name: 'Enregistrer la présence' }));

    // The suggestions shown are sent with the manager's choice; a saved mark is not sent again.
    expect(await sentBody(fetchMock, 'PUT', path)).toEqual({
      entries: [
        { user_id: member(2, 'mango')._id, status: 'present' },
        { user_id: member(4, 'litchi')._id, status: 'excused' },
        { user_id: member(5, 'kaki')._id, status: 'absent' },
      ],
    });
    expect(await screen.findByText('Présence enregistrée.')).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent('Tout est enregistré.');
    expect(checkedIn('kaki')).toEqual(['Absent']);
  });

  it('says attendance opens at the start, without asking for it before', async () => {
    const { fetchMock } = openEvent(upcoming);

    const section = await screen.findByRole('region', { name: 'Présence' });
    expect(section).toHaveTextContent('La présence se note à partir du début, le');
    expect(within(section).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(
      requestsTo(fetchMock, 'GET', `/api/event-occurrences/${upcoming._id}/attendance`),
    ).toHaveLength(0);
  });

  it('cancels this date only once confirmed, then asks again for the events', async () => {
    const path = `/api/event-occurrences/${upcoming._id}`;
    const { user, fetchMock } = openEvent(upcoming, {
      [`PATCH ${path}`]: json(buildOccurrence({ ...upcoming, cancelled: true })),
    });

    await user.click(await screen.findByRole('button', { name: 'Annuler cette date' }));
    const dialog = screen.getByRole('alertdialog', {
      name: new RegExp(`^Annuler «${NBSP}Entraînement LoL${NBSP}» du .+${NBSP}\\?$`),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Garder cette date' }));
    expect(requestsTo(fetchMock, 'PATCH', path)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Annuler cette date' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Annuler cette date' }),
    );

    expect(await sentBody(fetchMock, 'PATCH', path)).toEqual({ cancelled: true });
    expect(await screen.findByText(/^« Entraînement LoL » du .+ est annulé\.$/)).toBeVisible();
    // The page (and every list) asks again once the date is cancelled.
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', path)).toHaveLength(2));
  });

  it('moves this date to the times typed in the event’s time zone', async () => {
    const inNewYork = buildOccurrenceDetail({
      can_manage: true,
      answers: [],
      time_zone: 'America/New_York',
      // 19:00 to 21:00 in New York (summer time, UTC−4).
      starts_at: '2030-07-01T23:00:00.000Z',
      ends_at: '2030-07-02T01:00:00.000Z',
      rsvp_deadline: '2030-07-01T23:00:00.000Z',
    });
    const path = `/api/event-occurrences/${inNewYork._id}`;
    const { user, fetchMock } = openEvent(inNewYork, {
      [`PATCH ${path}`]: json(
        buildOccurrence({
          ...inNewYork,
          starts_at: '2030-07-02T22:30:00.000Z',
          ends_at: '2030-07-03T00:30:00.000Z',
        }),
      ),
    });

    await user.click(await screen.findByRole('button', { name: 'Déplacer cette date' }));
    const dialog = screen.getByRole('dialog', { name: /^Déplacer «/ });
    expect(dialog).toHaveTextContent('America/New_York');
    const start = within(dialog).getByLabelText(/^Début/);
    const end = within(dialog).getByLabelText(/^Fin/);
    expect(start).toHaveValue('2030-07-01T19:00');
    expect(end).toHaveValue('2030-07-01T21:00');

    fireEvent.change(end, { target: { value: '2030-07-02T18:00' } });
    fireEvent.change(start, { target: { value: '2030-07-02T18:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(within(dialog).getByText('La fin doit venir après le début.')).toBeVisible();
    expect(requestsTo(fetchMock, 'PATCH', path)).toHaveLength(0);

    fireEvent.change(end, { target: { value: '2030-07-02T20:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));

    expect(await sentBody(fetchMock, 'PATCH', path)).toEqual({
      starts_at: '2030-07-02T22:30:00.000Z',
      ends_at: '2030-07-03T00:30:00.000Z',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/^« Entraînement LoL » est déplacé au .+\.$/)).toBeVisible();
  });

  it('says on the start that a blank one needs a date, and moves nothing', async () => {
    const path = `/api/event-occurrences/${upcoming._id}`;
    const { user, fetchMock } = openEvent(upcoming);

    await user.click(await screen.findByRole('button', { name: 'Déplacer cette date' }));
    const dialog = screen.getByRole('dialog', { name: /^Déplacer «/ });
    const start = within(dialog).getByLabelText(/^Début/);
    fireEvent.change(start, { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));

    expect(start).toHaveAccessibleDescription(/Saisissez une date et une heure\./);
    expect(start).toHaveFocus();
    expect(within(dialog).getByLabelText(/^Fin/)).not.toHaveAttribute('aria-invalid');
    expect(requestsTo(fetchMock, 'PATCH', path)).toHaveLength(0);
  });

  it('reminds now, and says so when no team channel is set', async () => {
    const path = `/api/event-occurrences/${upcoming._id}/remind`;
    let answer = json({ channels: 2 }, 202);
    const { user } = openEvent(upcoming, { [`POST ${path}`]: (request) => answer(request) });

    const remind = await screen.findByRole('button', { name: 'Envoyer un rappel maintenant' });
    await user.click(remind);
    expect(await screen.findByText('Rappel publié dans 2 salons Discord.')).toHaveAttribute(
      'role',
      'status',
    );

    answer = apiError(409, 'discord_webhook_not_configured', 'No Discord webhook is set');
    await user.click(remind);
    expect(
      await screen.findByText(
        // Testing Library reads a no-break space as a space.
        "Aucun salon Discord n'est configuré pour cet événement : un administrateur l'ajoute dans Paramètres de l'organisation › Discord.",
      ),
    ).toBeVisible();
  });

  it('offers no reminder without a channel, and says who sets it where', async () => {
    openEvent(unheard);

    expect(
      await screen.findByText(
        "Aucun salon Discord n'est configuré pour les équipes de cet événement : aucun rappel ne peut y être publié. Un administrateur le configure dans Paramètres de l'organisation › Discord.",
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Envoyer un rappel maintenant' })).toBeNull();
  });

  it("takes an admin to the Discord tab where the teams' and the announcements' channels are set", async () => {
    openEvent(unheard, {}, 'fr', admin);
    const link = await screen.findByRole('link', {
      name: "Configurer le salon d'une équipe dans Paramètres de l'organisation › Discord › Salons des équipes",
    });
    expect(link).toHaveAttribute('href', '/settings/organization?tab=discord');
    expect(screen.queryByRole('button', { name: 'Envoyer un rappel maintenant' })).toBeNull();
    cleanup();

    const meeting = {
      ...unheard,
      audience: { kind: 'organization' as const, teams: [], roles: [] },
    };
    openEvent(meeting, {}, 'fr', admin);
    expect(
      await screen.findByText(/^Aucun salon des annonces Discord n'est configuré/),
    ).toBeVisible();
    expect(
      screen.getByRole('link', {
        name: "Configurer le salon des annonces dans Paramètres de l'organisation › Discord › Annonces sur Discord",
      }),
    ).toHaveAttribute('href', '/settings/organization?tab=discord');
  });

  it('says in English that no channel is set, and where', async () => {
    openEvent(unheard, {}, 'en');
    expect(
      await screen.findByText(
        "No Discord channel is set for this event's teams: no reminder can be posted. An admin sets it in Organisation settings › Discord.",
      ),
    ).toBeVisible();
    cleanup();

    openEvent(unheard, {}, 'en', admin);
    expect(
      await screen.findByRole('link', {
        name: "Set a team's channel in Organisation settings › Discord › Team channels",
      }),
    ).toHaveAttribute('href', '/settings/organization?tab=discord');
  });

  it('reads in English', async () => {
    const path = `/api/event-occurrences/${upcoming._id}/remind`;
    const { user } = openEvent(
      upcoming,
      { [`POST ${path}`]: apiError(409, 'discord_webhook_not_configured', 'No webhook') },
      'en',
    );

    await user.click(await screen.findByRole('button', { name: 'Send a reminder now' }));
    expect(
      await screen.findByText(
        'No Discord channel is set for this event: an admin adds one in Organisation settings › Discord.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel this date' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Move this date' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Attendance' })).toHaveTextContent(
      'Attendance is taken from the start, on',
    );
  });
});
