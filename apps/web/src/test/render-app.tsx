import { DEFAULT_LANGUAGE, type Language } from '@guildhall/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/app-providers';
import { createQueryClient } from '@/app/query-client';
import { appRoutes } from '@/app/routes';
import { createI18n } from '@/i18n/i18n';
import { mockApi, type Routes } from './mock-api';

interface RenderAppOptions {
  /** Where the member starts, e.g. `/dashboard?tab=1`. */
  at?: string;
  /** Server answers, on top of an anonymous visitor's. */
  routes?: Routes;
  language?: Language;
}

/** The whole application, with its real routes, against a fake server. */
export function renderApp({
  at = '/',
  routes = {},
  language = DEFAULT_LANGUAGE,
}: RenderAppOptions = {}) {
  const fetchMock = mockApi(routes);
  const queryClient = createQueryClient();
  // Tests look at a failure as soon as it happens instead of waiting for retries.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: [at] });
  const user = userEvent.setup();

  render(
    <AppProviders queryClient={queryClient} i18n={createI18n(language)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, router, fetchMock, queryClient };
}
