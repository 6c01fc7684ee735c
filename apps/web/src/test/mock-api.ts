import type { ErrorBody, SessionUser } from '@guildhall/contract';
import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { bothAuthMethods, buildOrganization } from './fixtures';

/** Answers one request; it receives the request as the application sent it. */
export type Handler = (request: Request) => Response | Promise<Response>;

/** Handlers keyed by method and path, such as `'POST /auth/local'`. */
export type Routes = Record<string, Handler>;

export const json =
  (body: unknown, status = 200): Handler =>
  () =>
    Response.json(body, { status });

export const apiError =
  (
    status: number,
    code: ErrorBody['error']['code'],
    message: string,
    issues?: ErrorBody['error']['issues'],
    params?: ErrorBody['error']['params'],
  ): Handler =>
  () =>
    Response.json(
      {
        error: { code, message, ...(params && { params }), ...(issues && { issues }) },
      } satisfies ErrorBody,
      { status },
    );

export const noContent: Handler = () => new Response(null, { status: 204 });

/** GET /api/session of a signed-in member. */
export const signedIn = (user: SessionUser): Handler => json({ user });

/** A request that never answers, to look at loading states. */
export const neverAnswers: Handler = () => new Promise<Response>(() => {});

/** What the server answers to an anonymous visitor unless a test says otherwise. */
export const anonymousVisitor: Routes = {
  'GET /api/session': json({ user: null }),
  'GET /api/organization': json(buildOrganization()),
  'GET /auth/methods': json(bothAuthMethods),
};

/** What the dashboard finds, unless a test says otherwise: no team, no member, no event yet. */
export const emptyOrganization: Routes = {
  'GET /api/teams': json([]),
  'GET /api/users/latest': json([]),
  // The dashboard's upcoming events: none.
  'GET /api/events': json({ items: [], next_cursor: null }),
  // The ranking card: no season under way.
  'GET /api/points/me': json({
    season: null,
    points: 0,
    place: null,
    ranked: 0,
    reached: null,
    next: null,
    teams: [],
  }),
  // The alerts banner of every signed-in screen: no alert for the member.
  'GET /api/alerts': json([]),
};

/**
 * Replaces fetch with a small fake of the server. An unexpected request fails the test loudly
 * rather than hang. Returns the mock, whose calls hold every Request sent.
 */
export function mockApi(routes: Routes = {}) {
  const table: Routes = { ...anonymousVisitor, ...emptyOrganization, ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = toRequest(input, init);
    const { pathname } = new URL(request.url);
    const handler = table[`${request.method} ${pathname}`];
    if (!handler) throw new Error(`Unexpected request in test: ${request.method} ${pathname}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests sent so far to `method path`. */
export function requestsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => toRequest(input, init))
    .filter((request) => request.method === method && new URL(request.url).pathname === path);
}

/** Waits for the one request sent to `method path` and returns its JSON body. */
export async function sentBody(
  fetchMock: ReturnType<typeof mockApi>,
  method: string,
  path: string,
): Promise<unknown> {
  await waitFor(() => expect(requestsTo(fetchMock, method, path)).toHaveLength(1));
  return (await requestsTo(fetchMock, method, path)[0]!.json()) as unknown;
}

function toRequest(input: RequestInfo | URL, init: RequestInit = {}): Request {
  // jsdom's AbortSignal is not the one Node's Request expects; the fake server never aborts.
  return new Request(new URL(String(input), window.location.origin), { ...init, signal: null });
}
