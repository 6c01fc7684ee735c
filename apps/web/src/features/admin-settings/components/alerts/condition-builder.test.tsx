import { type Alert, type AlertBody, type Language, type Team } from '@guildhall/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { type Handler, json, requestsTo, sentBody, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });

const team = (id: string, name: string, roles: string[]): Team => ({
  _id: `65f1c0ffee00000000000${id}`,
  name,
  icon: 'swords',
  type: 'esport',
  game: null,
  roles: roles.map((role, index) => ({
    _id: `65f1c0ffee0000000000${id}${index}`,
    role,
    members: [],
    manages: false,
  })),
});
const teams = [
  team('b01', 'Guildhall LoL', ['Coachs', 'Joueurs']),
  team('b02', 'Guildhall Valorant', ['Joueurs']),
];

const stored = (condition: string): Alert => ({
  _id: '65f1c0ffee0000000000a001',
  type: 'infos',
  statut: 'active',
  condition,
  message: '<p>Bienvenue</p>',
  message_markdown: 'Bienvenue',
  starts_at: null,
  ends_at: null,
  post_to_discord: false,
});

const saved: Handler = async (request) => {
  const body = (await request.json()) as AlertBody;
  return Response.json({
    _id: '65f1c0ffee0000000000a009',
    ...body,
    message_markdown: body.message,
  });
};

function openEditor({ alert, language = 'fr' }: { alert?: Alert; language?: Language } = {}) {
  const rendered = renderApp({
    at: '/settings/organization?tab=alerts',
    language,
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/alerts': (request) =>
        Response.json(new URL(request.url).searchParams.get('all') === '1' && alert ? [alert] : []),
      'POST /api/alerts/preview': json({ valid: true, matches: 4, total: 30 }),
      'GET /api/discord/webhook': json({ configured: false }),
      'GET /api/teams': json(teams),
      'POST /api/alerts': saved,
      'PUT /api/alerts/65f1c0ffee0000000000a001': saved,
    },
  });
  return rendered;
}

const dialog = () => screen.getByRole('dialog');
const builder = () => within(dialog()).getByRole('group', { name: 'Qui voit cette alerte' });
const criterion = (name: string) => within(builder()).getByRole('group', { name });
/** The condition the builder wrote, shown under it. */
const written = () =>
  within(dialog()).getByRole('figure', { name: 'Condition écrite' }).querySelector('code');
const labels = (group: HTMLElement) =>
  [...group.querySelectorAll('input[type="checkbox"] + label')].map((label) => label.textContent);

async function addAlert(rendered: ReturnType<typeof openEditor>) {
  await rendered.user.click(await screen.findByRole('button', { name: 'Ajouter une alerte' }));
}

describe('the alert condition builder', { timeout: 20_000 }, () => {
  it('opens a new alert for everyone, and writes the roles ticked, with their French names', async () => {
    const rendered = openEditor();
    const { user } = rendered;
    await addAlert(rendered);

    expect(within(builder()).getByText(/^Tout le monde/)).toBeVisible();
    expect(written()).toHaveTextContent(/^true$/);
    expect(within(dialog()).getByRole('button', { name: 'Avec le constructeur' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(builder()).getByRole('button', { name: 'Rôle' }));
    const roles = criterion('Rôle');
    expect(labels(roles)).toEqual([
      'Administrateur (admin)',
      'Membre (user)',
      'Invité (guest)',
      'Nouvel inscrit (invited)',
    ]);
    // The focus goes to the new criterion.
    expect(within(roles).getByRole('checkbox', { name: 'Administrateur (admin)' })).toHaveFocus();
    await user.click(within(roles).getByRole('checkbox', { name: 'Invité (guest)' }));
    expect(written()).toHaveTextContent('role == "guest"');
    await user.click(within(roles).getByRole('checkbox', { name: 'Nouvel inscrit (invited)' }));
    expect(written()).toHaveTextContent('role in ("guest", "invited")');
    // The preview counts the members of the condition written.
    expect(await within(dialog()).findByText(/4 membres sur 30/)).toBeVisible();
    const asked = requestsTo(rendered.fetchMock, 'POST', '/api/alerts/preview').at(-1)!;
    expect(await asked.json()).toEqual({ condition: 'role in ("guest", "invited")' });
  });

  it('picks teams and team roles from the real teams, joined by all or any', async () => {
    const rendered = openEditor();
    const { user } = rendered;
    await addAlert(rendered);

    await user.click(within(builder()).getByRole('button', { name: 'Équipe' }));
    await user.click(within(criterion('Équipe')).getByRole('checkbox', { name: 'Guildhall LoL' }));
    await user.click(
      within(criterion('Équipe')).getByRole('checkbox', { name: 'Guildhall Valorant' }),
    );
    expect(written()).toHaveTextContent(
      '"Guildhall LoL" in teams or "Guildhall Valorant" in teams',
    );

    await user.click(within(builder()).getByRole('button', { name: 'Rôle dans une équipe' }));
    const teamRoles = criterion('Rôle dans une équipe');
    // One role name per line, with the teams that have it: the language names roles in any team.
    expect(labels(teamRoles)).toEqual([
      'Coachs (Guildhall LoL)',
      'Joueurs (Guildhall LoL, Guildhall Valorant)',
    ]);
    expect(teamRoles).toHaveAccessibleDescription(/Cochez au moins un rôle/);
    await user.click(within(teamRoles).getByRole('checkbox', { name: 'Coachs (Guildhall LoL)' }));
    expect(written()).toHaveTextContent(
      '("Guildhall LoL" in teams or "Guildhall Valorant" in teams) and "Coachs" in team_roles',
    );

    const combinator = criterion('Les membres qui remplissent');
    expect(
      within(combinator).getByRole('radio', { name: 'tous les critères (and)' }),
    ).toBeChecked();
    await user.click(within(combinator).getByRole('radio', { name: 'au moins un critère (or)' }));
    expect(written()).toHaveTextContent(
      '"Guildhall LoL" in teams or "Guildhall Valorant" in teams or "Coachs" in team_roles',
    );
  });

  it('writes adhesion and a complete profile, yes or no, saves it, and removes criteria', async () => {
    const rendered = openEditor();
    const { user } = rendered;
    await addAlert(rendered);

    await user.click(within(builder()).getByRole('button', { name: 'Adhésion' }));
    expect(written()).toHaveTextContent(/^adhesion$/);
    await user.click(within(criterion('Adhésion')).getByRole('radio', { name: "N'a pas adhéré" }));
    await user.click(within(builder()).getByRole('button', { name: 'Profil complet' }));
    expect(written()).toHaveTextContent('not adhesion and profile_complete');
    await user.click(
      within(criterion('Profil complet')).getByRole('radio', { name: /^Profil incomplet/ }),
    );
    expect(written()).toHaveTextContent('not adhesion and not profile_complete');

    await user.type(
      within(dialog()).getByRole('textbox', { name: /^Message/ }),
      'Complétez votre profil',
    );
    await user.click(within(dialog()).getByRole('button', { name: "Ajouter l'alerte" }));
    expect(await sentBody(rendered.fetchMock, 'POST', '/api/alerts')).toMatchObject({
      condition: 'not adhesion and not profile_complete',
    });
  });

  it('removes a criterion, the focus going back to the add buttons', async () => {
    const rendered = openEditor();
    const { user } = rendered;
    await addAlert(rendered);
    await user.click(within(builder()).getByRole('button', { name: 'Adhésion' }));

    await user.click(
      within(criterion('Adhésion')).getByRole('button', {
        name: 'Retirer le critère « Adhésion »',
      }),
    );

    expect(written()).toHaveTextContent(/^true$/);
    expect(within(builder()).getByRole('button', { name: 'Rôle' })).toHaveFocus();
  });

  it('reads back a condition of its own shape', async () => {
    const rendered = openEditor({
      alert: stored('"Coachs" in team_roles or role == "guest" or role == "invited"'),
    });
    await rendered.user.click(await screen.findByRole('button', { name: /^Modifier l'alerte/ }));

    expect(
      within(criterion('Rôle dans une équipe')).getByRole('checkbox', {
        name: 'Coachs (Guildhall LoL)',
      }),
    ).toBeChecked();
    const roles = criterion('Rôle');
    expect(within(roles).getByRole('checkbox', { name: 'Invité (guest)' })).toBeChecked();
    expect(within(roles).getByRole('checkbox', { name: 'Nouvel inscrit (invited)' })).toBeChecked();
    expect(within(roles).getByRole('checkbox', { name: 'Membre (user)' })).not.toBeChecked();
    expect(
      within(criterion('Les membres qui remplissent')).getByRole('radio', {
        name: 'au moins un critère (or)',
      }),
    ).toBeChecked();
    // Untouched, the condition stays as it was written.
    expect(written()).toHaveTextContent(
      '"Coachs" in team_roles or role == "guest" or role == "invited"',
    );
  });

  it('turns text of its shape into criteria', async () => {
    const rendered = openEditor();
    const { user } = rendered;
    await addAlert(rendered);
    await user.click(within(dialog()).getByRole('button', { name: 'En texte' }));
    const text = within(dialog()).getByRole('textbox', { name: /^Condition/ });
    await user.clear(text);
    await user.type(text, 'role == "invited" and "Guildhall Valorant" in teams');

    await user.click(within(dialog()).getByRole('button', { name: 'Avec le constructeur' }));

    expect(
      within(criterion('Rôle')).getByRole('checkbox', { name: 'Nouvel inscrit (invited)' }),
    ).toBeChecked();
    expect(
      within(criterion('Équipe')).getByRole('checkbox', { name: 'Guildhall Valorant' }),
    ).toBeChecked();
    expect(written()).toHaveTextContent('role == "invited" and "Guildhall Valorant" in teams');
  });

  it('says it cannot show other conditions, which stay as text', async () => {
    const rendered = openEditor({ alert: stored('member_days < 30 and adhesion') });
    const { user } = rendered;
    await user.click(await screen.findByRole('button', { name: /^Modifier l'alerte/ }));

    const text = within(dialog()).getByRole('textbox', { name: /^Condition/ });
    expect(text).toHaveValue('member_days < 30 and adhesion');
    await user.click(within(dialog()).getByRole('button', { name: 'Avec le constructeur' }));

    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      /Le constructeur ne peut pas afficher cette condition/,
    );
    expect(within(dialog()).getByRole('textbox', { name: /^Condition/ })).toHaveValue(
      'member_days < 30 and adhesion',
    );
    expect(within(dialog()).getByRole('button', { name: 'En texte' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog()).queryByRole('group', { name: 'Qui voit cette alerte' })).toBeNull();
  });

  it.each([
    { language: 'fr' as const, guest: 'guest = Invité', invited: 'invited = Nouvel inscrit' },
    { language: 'en' as const, guest: 'guest = Guest', invited: 'invited = Invited' },
  ])('names the role values beside the text form ($language)', async (expected) => {
    const rendered = openEditor({
      alert: stored('member_days < 30'),
      language: expected.language,
    });
    await rendered.user.click(
      await screen.findByRole('button', { name: /^(Modifier l'alerte|Edit the alert)/ }),
    );

    const text = within(dialog()).getByRole('textbox', { name: /^Condition/ });
    expect(text).toHaveAccessibleDescription(expect.stringContaining(expected.guest));
    expect(text).toHaveAccessibleDescription(expect.stringContaining(expected.invited));
  });
});
