import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, buildUser } from '@/test/fixtures';
import { json, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { buildTeamDetail, summaryOf } from '@/test/team-fixtures';

/*
 * The server answers null for the real name of a member who keeps it hidden (decision 049): the
 * dashboard's cards name that member by its pseudo, never by "null" or blank space.
 */

const hidden = buildUser({
  _id: '65f1c0ffee00000000000042',
  pseudo: 'owl',
  name: null,
  surname: null,
});
const shown = buildUser({
  _id: '65f1c0ffee00000000000043',
  pseudo: 'lark',
  name: 'Hopper',
  surname: 'Grace',
});
const team = buildTeamDetail({
  name: 'Hiboux LoL',
  roles: [{ role: 'Joueurs', members: [hidden, shown] }],
});
const reader = buildSessionUser({
  pseudo: 'kiwi',
  teams: [team._id],
  rolesByTeam: { [team._id]: ['Joueurs'] },
});

function openDashboard(language: 'fr' | 'en' = 'fr') {
  return renderApp({
    at: '/dashboard',
    language,
    routes: {
      'GET /api/session': signedIn(reader),
      'GET /api/teams': json([summaryOf(team)]),
      [`GET /api/teams/${team._id}`]: json(team),
      'GET /api/users/latest': json([hidden, shown]),
    },
  });
}

const expectNamedByPseudo = (region: HTMLElement) => {
  expect(within(region).getByRole('link', { name: 'owl' })).toHaveAttribute(
    'href',
    `/users/${hidden._id}`,
  );
  expect(within(region).getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
  // The initials stand for the pseudo when there is no name.
  expect(within(region).getByText('OW')).toBeInTheDocument();
  expect(region).not.toHaveTextContent(/null|undefined/);
};

describe('members whose real name is hidden', () => {
  it.each(['fr', 'en'] as const)(
    'are named by their pseudo on the newest members card and the team roster (%s)',
    async (language) => {
      openDashboard(language);

      const latestName = language === 'fr' ? 'Derniers inscrits' : 'Latest members';
      const latest = await screen.findByRole('region', { name: latestName });
      await within(latest).findByRole('link', { name: 'owl' });
      expectNamedByPseudo(latest);

      const teamsName = language === 'fr' ? 'Mes équipes' : 'My teams';
      const roster = await screen.findByRole('region', { name: teamsName });
      await within(roster).findByRole('link', { name: 'owl' });
      expectNamedByPseudo(roster);
    },
  );
});
