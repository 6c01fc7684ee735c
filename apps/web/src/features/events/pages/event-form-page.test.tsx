import type { Event } from '@guildhall/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOrganization, buildSessionUser, buildUser } from '@/test/fixtures';
import { apiError, json, type Routes, sentBody, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { buildTeamDetail, summaryOf } from '@/test/team-fixtures';

const admin = buildSessionUser({ role: 'admin' });
const coach = buildSessionUser({ abilities: ['manage:team-events'] });
const coachAsMember = buildUser({ _id: coach._id, pseudo: coach.pseudo });

const lol = summaryOf(
  buildTeamDetail({
    name: 'Les Hiboux LoL',
    roles: [
      { role: 'Coach', members: [coachAsMember], manages: true },
      { role: 'Joueur', members: [] },
    ],
  }),
);
const valorant = summaryOf(
  buildTeamDetail({ name: 'Les Hiboux Valorant', roles: [{ role: 'Joueur', members: [] }] }),
);

const created: Event = {
  _id: 'e0e000000000000000000001',
  title: 'Entraînement',
  type: 'training',
  description: '',
  description_markdown: '',
  time_zone: 'Europe/Paris',
  location: '',
  opponent: null,
  audience: { kind: 'teams', teams: [{ _id: lol._id, name: lol.name }], roles: [] },
  capacity: null,
  recurrence: null,
  starts_at: '2027-01-12T18:00:00.000Z',
  ends_at: '2027-01-12T20:00:00.000Z',
  rsvp_deadline: null,
  occurrences: [
    {
      _id: '0cc000000000000000000009',
      starts_at: '2099-01-12T18:00:00.000Z',
      ends_at: '2099-01-12T20:00:00.000Z',
      rsvp_deadline: null,
      cancelled: false,
      moved: false,
    },
  ],
  can_manage: true,
};

function openForm(user = admin, routes: Routes = {}, language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/events/new',
    language,
    routes: {
      'GET /api/session': signedIn(user),
      'GET /api/organization': json(buildOrganization({ time_zone: 'Europe/Paris' })),
      'GET /api/teams': json([lol, valorant]),
      'POST /api/events': json(created, 201),
      [`GET /api/event-occurrences/${created.occurrences[0]!._id}`]: apiError(
        404,
        'event_not_found',
        'Not found',
      ),
      ...routes,
    },
  });
}

const setValue = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('event form', () => {
  it('sends a weekly series in the organisation’s time zone, with its RFC 5545 rule', async () => {
    const { user, fetchMock, currentLocation } = openForm();
    await screen.findByRole('heading', { level: 1, name: 'Nouvel événement' });

    await user.type(await screen.findByRole('textbox', { name: /^Titre/ }), 'Entraînement');
    setValue(/^Début/, '2027-01-12T19:00');
    setValue(/^Fin\b/, '2027-01-12T21:00');
    await user.click(screen.getByRole('checkbox', { name: 'Les Hiboux LoL' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Se répète' }), 'weekly');
    await user.click(screen.getByRole('checkbox', { name: 'mardi' }));
    await user.click(screen.getByRole('checkbox', { name: 'jeudi' }));
    setValue('Dernier jour', '2027-06-30');
    await user.click(screen.getByRole('button', { name: "Créer l'événement" }));

    expect(await sentBody(fetchMock, 'POST', '/api/events')).toEqual({
      title: 'Entraînement',
      type: 'training',
      description: '',
      starts_at: '2027-01-12T18:00:00.000Z',
      ends_at: '2027-01-12T20:00:00.000Z',
      time_zone: 'Europe/Paris',
      location: '',
      opponent: null,
      audience: { kind: 'teams', team_ids: [lol._id] },
      capacity: null,
      rsvp_deadline: null,
      recurrence: {
        rule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH;UNTIL=20270630T215959Z',
        exceptions: [],
      },
    });
    await waitFor(() =>
      expect(currentLocation().pathname).toBe(`/events/${created.occurrences[0]!._id}`),
    );
  });

  it('builds a rule every N weeks that ends after N times, for everyone', async () => {
    const { user, fetchMock } = openForm();
    await user.type(await screen.findByRole('textbox', { name: /^Titre/ }), 'Scrim');
    setValue(/^Début/, '2027-07-12T19:00');
    setValue(/^Fin\b/, '2027-07-12T21:00');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pour' }), 'organization');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Se répète' }), 'weekly');
    await user.clear(screen.getByRole('spinbutton', { name: 'Toutes les combien de semaines' }));
    await user.type(
      screen.getByRole('spinbutton', { name: 'Toutes les combien de semaines' }),
      '2',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Fin de la répétition' }),
      'count',
    );
    await user.clear(screen.getByRole('spinbutton', { name: 'Nombre de fois' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Nombre de fois' }), '20');
    await user.click(screen.getByRole('button', { name: "Créer l'événement" }));

    const body = (await sentBody(fetchMock, 'POST', '/api/events')) as Record<string, unknown>;
    expect(body.recurrence).toEqual({ rule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=20', exceptions: [] });
    expect(body.audience).toEqual({ kind: 'organization' });
    expect(body.starts_at).toBe('2027-07-12T17:00:00.000Z');
  });

  it('offers a team manager only the teams it manages, never the whole organisation', async () => {
    const { user } = openForm(coach);

    const audience = await screen.findByRole('combobox', { name: 'Pour' });
    expect(
      within(audience)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Des équipes', 'Des rôles dans les équipes']);
    const teams = screen.getByRole('group', { name: 'Équipes invitées' });
    expect(
      within(teams)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['audience']);
    expect(within(teams).getByRole('checkbox', { name: 'Les Hiboux LoL' })).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: 'Les Hiboux Valorant' })).not.toBeInTheDocument();

    await user.selectOptions(audience, 'roles');
    expect(screen.getByRole('group', { name: 'Rôles invités de Les Hiboux LoL' })).toBeVisible();
    expect(screen.queryByRole('group', { name: /Les Hiboux Valorant/ })).not.toBeInTheDocument();
  });

  it('says what is missing before sending, on each field', async () => {
    const { user, fetchMock } = openForm();
    await screen.findByRole('textbox', { name: /^Titre/ });

    await user.click(screen.getByRole('button', { name: "Créer l'événement" }));

    expect(screen.getByRole('textbox', { name: /^Titre/ })).toHaveAccessibleDescription(
      'Ce champ est obligatoire.',
    );
    expect(screen.getByRole('textbox', { name: /^Titre/ })).toHaveFocus();
    expect(screen.getByText('Choisissez au moins une équipe ou un rôle.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusal of the recurrence on its field, translated', async () => {
    const { user } = openForm(admin, {
      'POST /api/events': apiError(400, 'validation_failed', 'Invalid body', [
        {
          path: 'body.recurrence.rule',
          message: 'makes more than 500 occurrences',
          code: 'invalid_recurrence',
          params: { recurrence: 'too_many' },
        },
      ]),
    });
    await user.type(await screen.findByRole('textbox', { name: /^Titre/ }), 'Tous les jours');
    setValue(/^Début/, '2027-01-12T19:00');
    setValue(/^Fin\b/, '2027-01-12T21:00');
    await user.click(screen.getByRole('checkbox', { name: 'Les Hiboux LoL' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Se répète' }), 'daily');
    setValue('Dernier jour', '2030-01-01');
    await user.click(screen.getByRole('button', { name: "Créer l'événement" }));

    const frequency = screen.getByRole('combobox', { name: 'Se répète' });
    await waitFor(() =>
      expect(frequency).toHaveAccessibleDescription(
        "Cette répétition donne trop d'occurrences (500 au plus) : choisissez une fin plus proche.",
      ),
    );
    expect(frequency).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent("L'événement n'a pas été enregistré.");
  });

  it('edits a series in its own time zone, keeping its rule and its skipped dates', async () => {
    const series: Event = {
      ...created,
      time_zone: 'America/New_York',
      recurrence: {
        rule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=8',
        exceptions: ['2027-01-19T23:00:00.000Z'],
      },
    };
    const { user, fetchMock } = renderApp({
      at: `/events/${series._id}/edit`,
      routes: {
        'GET /api/session': signedIn(admin),
        'GET /api/teams': json([lol, valorant]),
        [`GET /api/events/${series._id}`]: json(series),
        [`PUT /api/events/${series._id}`]: json(series),
        [`GET /api/event-occurrences/${series.occurrences[0]!._id}`]: apiError(
          404,
          'event_not_found',
          'Not found',
        ),
      },
    });

    expect(await screen.findByLabelText(/^Début/)).toHaveValue('2027-01-12T13:00');
    expect(screen.getByRole('checkbox', { name: 'mardi' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Nombre de fois' })).toHaveValue(8);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const body = (await sentBody(fetchMock, 'PUT', `/api/events/${series._id}`)) as Record<
      string,
      unknown
    >;
    expect(body.starts_at).toBe(series.starts_at);
    expect(body.time_zone).toBe('America/New_York');
    expect(body.recurrence).toEqual(series.recurrence);
  });

  it('edits the description in Markdown and previews it as members will read it', async () => {
    const described: Event = {
      ...created,
      description: '<p>Apportez <strong>vos casques</strong></p>',
      description_markdown: 'Apportez **vos casques**',
    };
    const { user, fetchMock } = renderApp({
      at: `/events/${described._id}/edit`,
      routes: {
        'GET /api/session': signedIn(admin),
        'GET /api/teams': json([lol, valorant]),
        [`GET /api/events/${described._id}`]: json(described),
        [`PUT /api/events/${described._id}`]: json(described),
        [`GET /api/event-occurrences/${described.occurrences[0]!._id}`]: apiError(
          404,
          'event_not_found',
          'Not found',
        ),
      },
    });

    const field = await screen.findByRole('textbox', { name: 'Description' });
    expect(field).toHaveValue('Apportez **vos casques**');
    await user.click(field);
    await user.paste('\n\n- [le plan](https://hiboux.example/plan)\n- <script>alert(1)</script>');
    await user.click(screen.getByRole('tab', { name: 'Aperçu' }));

    expect((await screen.findByText('vos casques')).tagName).toBe('STRONG');
    const plan = screen.getByRole('link', { name: 'le plan' });
    expect(plan).toHaveAttribute('href', 'https://hiboux.example/plan');
    expect(plan).toHaveAttribute('rel', 'noopener noreferrer');
    expect(document.querySelector('script')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const body = (await sentBody(fetchMock, 'PUT', `/api/events/${described._id}`)) as Record<
      string,
      unknown
    >;
    expect(body.description).toBe(
      'Apportez **vos casques**\n\n- [le plan](https://hiboux.example/plan)\n- <script>alert(1)</script>',
    );
  });

  it('reads in English', async () => {
    openForm(coach, {}, 'en');

    expect(await screen.findByRole('heading', { level: 1, name: 'New event' })).toBeVisible();
    expect(screen.getByText("Times are in the event's time zone: Europe/Paris.")).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Repeats' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Preview' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
      'Optional. Formatting: **bold**, *italic*, “- ” at the start of a line for a list, [text](https://…) for a link.',
    );
    expect(screen.getByRole('button', { name: 'Create the event' })).toBeVisible();
  });
});
