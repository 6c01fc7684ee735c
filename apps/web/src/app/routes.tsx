import { ErrorBoundary } from 'react-error-boundary';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { loadTextsPart, type TextsPart } from '@/i18n/i18n';
import { startLanguage } from '@/i18n/language';
import { lazyPage } from './lazy-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { canCreateEvents } from '@/lib/events/event-managers';
import { can, canOpenAdminSettings } from '@/lib/session/abilities';
import { AnonymousOnly, RequireAbility, RequireSignIn } from './route-guards';

/** A screen's code, once what it also needs to render is here too. */
const alongside = <Page,>(page: Promise<Page>, needed: Promise<unknown>): Promise<Page> =>
  Promise.all([page, needed]).then(([loaded]) => loaded);

/**
 * A screen whose texts part (i18n/i18n.ts) is fetched alongside its code, rather than once it
 * renders and asks for it: one round trip less before it shows.
 */
const withTexts =
  (part: TextsPart) =>
  <Page,>(page: Promise<Page>): Promise<Page> =>
    alongside(page, loadTextsPart(part, [startLanguage()]));
const withEventTexts = withTexts('events');

/**
 * A screen that writes dates as it first renders: the date formatters are made while its code
 * comes down (`prepareDateFormats`), not in its first render. Only such screens make them: the
 * first one made in a language costs a phone about 150 ms, which the others need not spend
 * before they show. Making them ahead is a head start only: its failure does not stop the screen.
 */
const withDateFormats = <Page,>(page: Promise<Page>): Promise<Page> =>
  alongside(
    page,
    import('@/lib/format-date')
      .then(({ prepareDateFormats }) => prepareDateFormats(startLanguage()))
      .catch(() => undefined),
  );

const LandingPage = lazyPage(() => import('@/features/landing/pages/landing-page'), 'LandingPage');
// Visitors never need the signed-in frame, so it stays out of their download too.
const AppLayout = lazyPage(() => import('./layout/app-layout'), 'AppLayout');
const DashboardPage = lazyPage(
  () => withDateFormats(import('@/features/dashboard/pages/dashboard-page')),
  'DashboardPage',
);
const UsersListPage = lazyPage(
  // Its CSV import and export's texts.
  () => withTexts('members')(withDateFormats(import('@/features/users/pages/users-list-page'))),
  'UsersListPage',
);
const UserProfilePage = lazyPage(
  () => withTexts('profile')(withDateFormats(import('@/features/users/pages/user-profile-page'))),
  'UserProfilePage',
);
const ModifyUserPage = lazyPage(
  () => import('@/features/users/pages/modify-user-page'),
  'ModifyUserPage',
);
const PasswordsPage = lazyPage(
  () => import('@/features/passwords/pages/passwords-page'),
  'PasswordsPage',
);
const ProfileSettingsPage = lazyPage(
  () => import('@/features/settings/pages/profile-settings-page'),
  'ProfileSettingsPage',
);
const EventsPage = lazyPage(
  () => withEventTexts(withDateFormats(import('@/features/events/pages/events-page'))),
  'EventsPage',
);
const EventPage = lazyPage(
  () => withEventTexts(withDateFormats(import('@/features/events/pages/event-page'))),
  'EventPage',
);
const NewEventPage = lazyPage(
  () => withEventTexts(import('@/features/events/pages/event-form-page')),
  'NewEventPage',
);
const LeaderboardPage = lazyPage(
  () => withTexts('points')(import('@/features/points/pages/leaderboard-page')),
  'LeaderboardPage',
);
const EditEventPage = lazyPage(
  () => withEventTexts(import('@/features/events/pages/event-form-page')),
  'EditEventPage',
);
const AdminSettingsPage = lazyPage(
  () => withTexts('admin')(import('@/features/admin-settings/pages/admin-settings-page')),
  'AdminSettingsPage',
);

/** The route table of the specification (section 2). */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <AnonymousOnly />,
        children: [{ index: true, element: <LandingPage /> }],
      },
      {
        element: <RequireSignIn />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'users/:id', element: <UserProfilePage /> },
              { path: 'passwords', element: <PasswordsPage /> },
              { path: 'settings/profile', element: <ProfileSettingsPage /> },
              { path: 'events', element: <EventsPage /> },
              { path: 'events/:occurrenceId', element: <EventPage /> },
              { path: 'leaderboard', element: <LeaderboardPage /> },
              {
                element: <RequireAbility allows={(user) => can(user, 'edit:member:any')} />,
                children: [
                  { path: 'users/list', element: <UsersListPage /> },
                  { path: 'users/modify/:id', element: <ModifyUserPage /> },
                ],
              },
              {
                element: <RequireAbility allows={canCreateEvents} />,
                children: [
                  { path: 'events/new', element: <NewEventPage /> },
                  { path: 'events/:eventId/edit', element: <EditEventPage /> },
                ],
              },
              {
                element: <RequireAbility allows={canOpenAdminSettings} />,
                children: [{ path: 'settings/organization', element: <AdminSettingsPage /> }],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

/**
 * The screen the address names. A screen that fails to render, or whose code cannot be fetched,
 * is replaced by the error screen until the member goes elsewhere; React logs the error.
 *
 * The routes are matched by `useRoutes` under a `BrowserRouter`, not by a data router
 * (`createBrowserRouter`): the app loads no data through the router, and the data router is
 * 16 KB of gzip more in the first paint's script (decision 043).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const screen = useRoutes(appRoutes);
  return (
    <ErrorBoundary fallback={<RouteError />} resetKeys={[pathname]}>
      {screen}
    </ErrorBoundary>
  );
}
