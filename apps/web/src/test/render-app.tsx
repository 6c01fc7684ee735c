import { DEFAULT_LANGUAGE, type Language } from '@guildhall/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  useLocation,
  useNavigate,
} from 'react-router';
import { AppProviders } from '@/app/app-providers';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/routes';
import { createI18n } from '@/i18n/i18n';
import { mockApi, type Routes } from './mock-api';

interface RenderAppOptions {
  /** Where the member starts, e.g. `/dashboard?tab=1`. */
  at?: string;
  /** Server answers, on top of an anonymous visitor's. */
  routes?: Routes;
  language?: Language;
}

/** Where the app is, and how to move it, as the address bar would see and do. */
interface AddressBar {
  location: Location;
  navigate: NavigateFunction;
}

function AddressBarSpy({ onChange }: { onChange: (bar: AddressBar) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onChange({ location, navigate }), [onChange, location, navigate]);
  return null;
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
  let bar: AddressBar | undefined;
  const onAddressChange = (now: AddressBar) => {
    bar = now;
  };
  const user = userEvent.setup();

  render(
    <AppProviders queryClient={queryClient} i18n={createI18n(language)}>
      <MemoryRouter initialEntries={[at]}>
        <AppRoutes />
        <AddressBarSpy onChange={onAddressChange} />
      </MemoryRouter>
    </AppProviders>,
  );
  /** The address the app shows now. */
  const currentLocation = (): Location => {
    if (!bar) throw new Error('The app has not rendered');
    return bar.location;
  };
  /** Goes to an address, or back and forth in the history (`-1`), as the browser would. */
  const navigate = async (to: string | number) => {
    if (!bar) throw new Error('The app has not rendered');
    // Two overloads of one function: an address, or a step in the history.
    await (typeof to === 'number' ? bar.navigate(to) : bar.navigate(to));
  };
  return { user, currentLocation, navigate, fetchMock, queryClient };
}
