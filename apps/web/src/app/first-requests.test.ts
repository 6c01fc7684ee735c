import type { Alert } from '@guildhall/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { myAlertsQuery } from '@/features/alerts/api/get-alerts';
import { authMethodsQuery } from '@/lib/auth/get-auth-methods';
import { sessionQuery } from '@/lib/session/get-session';
import { bothAuthMethods, buildSessionUser } from '@/test/fixtures';
import { json, mockApi, requestsTo, signedIn } from '@/test/mock-api';
import { createQueryClient } from './query-client';
import { askFirstScreenAnswers } from './first-requests';

const member = buildSessionUser({ _id: '65f1c0ffee00000000000b0b', pseudo: 'kiwi' });
const season: Alert = {
  _id: '65f1c0ffee000000000000a1',
  type: 'infos',
  statut: 'active',
  condition: 'true',
  message: '<p>La nouvelle saison est lancée</p>',
  message_markdown: 'La nouvelle saison est lancée',
  starts_at: null,
  ends_at: null,
  post_to_discord: false,
};

describe('the answers asked for as the app starts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for a signed-in member's alerts once the session answers, before any screen renders", async () => {
    const fetchMock = mockApi({
      'GET /api/session': signedIn(member),
      'GET /api/alerts': json([season]),
    });
    const queryClient = createQueryClient();

    askFirstScreenAnswers(queryClient, '/passwords');

    await waitFor(() =>
      expect(queryClient.getQueryData(myAlertsQuery(member).queryKey)).toEqual([season]),
    );
    expect(requestsTo(fetchMock, 'GET', '/api/alerts')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'GET', '/auth/methods')).toHaveLength(0);
  });

  it('asks for nothing more for an anonymous visitor', async () => {
    const fetchMock = mockApi({ 'GET /api/session': json({ user: null }) });
    const queryClient = createQueryClient();

    askFirstScreenAnswers(queryClient, '/dashboard');

    await waitFor(() => expect(queryClient.getQueryData(sessionQuery.queryKey)).toBeNull());
    expect(requestsTo(fetchMock, 'GET', '/api/alerts')).toHaveLength(0);
  });

  it('asks the landing page for the ways of signing in, and no alerts', async () => {
    const fetchMock = mockApi({ 'GET /api/session': signedIn(member) });
    const queryClient = createQueryClient();

    askFirstScreenAnswers(queryClient, '/');

    await waitFor(() =>
      expect(queryClient.getQueryData(authMethodsQuery.queryKey)).toEqual(bothAuthMethods),
    );
    expect(requestsTo(fetchMock, 'GET', '/api/alerts')).toHaveLength(0);
    expect(requestsTo(fetchMock, 'GET', '/api/session')).toHaveLength(0);
  });
});
