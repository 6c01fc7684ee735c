import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildOrganization } from '@/test/fixtures';
import { apiError, json, mockApi, noContent, requestsTo } from '@/test/mock-api';
import { ApiError, apiRequest } from './api-client';

describe('apiRequest', () => {
  // A case that stands in for a production build gives the tests' mode back even when it fails.
  afterEach(() => vi.unstubAllEnvs());

  it('returns the answer once the contract accepts it', async () => {
    mockApi({ 'GET /api/organization': json(buildOrganization({ name: 'Hiboux' })) });

    const organization = await apiRequest('/api/organization', { schema: 'organizationSchema' });

    expect(organization.name).toBe('Hiboux');
  });

  it('in a production build, gives the answer as the server sent it, unchecked', async () => {
    // The server checked it against the same contract before sending it (decision 045).
    vi.stubEnv('DEV', false);
    mockApi({ 'GET /api/organization': json({ name: 'Hiboux' }) });

    const organization = await apiRequest('/api/organization', { schema: 'organizationSchema' });

    expect(organization).toEqual({ name: 'Hiboux' });
  });

  it('in a production build, tells the API’s errors from a proxy’s page by their shape', async () => {
    vi.stubEnv('DEV', false);
    mockApi({
      'GET /api/organization': apiError(403, 'forbidden', 'Admins only'),
      'GET /api/teams': () => new Response('Bad gateway', { status: 502 }),
      'GET /api/alerts': json({ error: { code: 'no_such_code', message: 'Hmm' } }, 500),
    });

    await expect(
      apiRequest('/api/organization', { schema: 'organizationSchema' }),
    ).rejects.toMatchObject({ status: 403, code: 'forbidden', message: 'Admins only' });
    await expect(apiRequest('/api/teams', { schema: 'teamsSchema' })).rejects.toMatchObject({
      status: 502,
      code: 'unexpected_response',
    });
    await expect(apiRequest('/api/alerts', { schema: 'alertsSchema' })).rejects.toMatchObject({
      status: 500,
      code: 'unexpected_response',
    });
  });

  it('sends writes as JSON, with a body even when there is nothing to say', async () => {
    const fetchMock = mockApi({ 'POST /auth/logout': noContent });

    await apiRequest('/auth/logout', { method: 'POST' });

    const [request] = requestsTo(fetchMock, 'POST', '/auth/logout');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(await request?.text()).toBe('{}');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('sends a FormData as it is, leaving its multipart Content-Type to the browser', async () => {
    const fetchMock = mockApi({
      'POST /api/organization/upload-logo': json(buildOrganization({ logo: '/logo?v=1' })),
    });
    const form = new FormData();
    form.append('logo', new File(['png'], 'logo.png', { type: 'image/png' }));

    const organization = await apiRequest('/api/organization/upload-logo', {
      method: 'POST',
      body: form,
      schema: 'organizationSchema',
    });

    expect(organization.logo).toBe('/logo?v=1');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('turns an error body into an ApiError with its status, code and message', async () => {
    mockApi({ 'GET /api/organization': apiError(403, 'forbidden', 'Admins only') });

    const failure = apiRequest('/api/organization', { schema: 'organizationSchema' });

    await expect(failure).rejects.toEqual(new ApiError(403, 'forbidden', 'Admins only'));
    await expect(failure).rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('sends a Blob as its bytes with its own type, and keeps a refusal that says more', async () => {
    const report = { refused: [] };
    const fetchMock = mockApi({
      'POST /api/users/import': json(
        { error: { code: 'import_refused', message: 'No' }, report },
        400,
      ),
    });

    const failure = apiRequest('/api/users/import', {
      method: 'POST',
      body: new Blob(['pseudo\r\n'], { type: 'text/csv' }),
    });

    await expect(failure).rejects.toMatchObject({ code: 'import_refused', answer: { report } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init!.headers).get('content-type')).toBe('text/csv');
    expect(init!.body).toBeInstanceOf(Blob);
  });

  it('still fails clearly when an error has no body it understands', async () => {
    mockApi({ 'GET /api/organization': () => new Response('Bad gateway', { status: 502 }) });

    await expect(
      apiRequest('/api/organization', { schema: 'organizationSchema' }),
    ).rejects.toMatchObject({
      status: 502,
      code: 'unexpected_response',
    });
  });

  it('refuses an answer that breaks the contract', async () => {
    mockApi({ 'GET /api/organization': json({ name: 'Hiboux' }) });

    await expect(
      apiRequest('/api/organization', { schema: 'organizationSchema' }),
    ).rejects.toMatchObject({
      status: 200,
      code: 'unexpected_response',
    });
  });

  it('reports a server that cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(apiRequest('/api/organization', { schema: 'organizationSchema' })).rejects.toEqual(
      new ApiError(0, 'network_unreachable', 'Failed to fetch'),
    );
  });
});

describe('apiRequest validation failures', () => {
  it('keeps the issues the server listed, field by field, with their codes', async () => {
    const issue = {
      path: 'body.email',
      message: 'must be an email address',
      code: 'invalid_format',
      params: { format: 'email' },
    } as const;
    mockApi({
      'PUT /api/user': apiError(400, 'validation_failed', 'Invalid request: body.email', [issue]),
    });

    await expect(apiRequest('/api/user', { method: 'PUT', body: {} })).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      issues: [issue],
    });
  });

  it('keeps the values an error refers to', async () => {
    mockApi({
      'POST /api/organization/upload-logo': apiError(
        413,
        'payload_too_large',
        'Too large',
        undefined,
        {
          max_bytes: 2_097_152,
        },
      ),
    });

    await expect(
      apiRequest('/api/organization/upload-logo', { method: 'POST', body: {} }),
    ).rejects.toMatchObject({ status: 413, params: { max_bytes: 2_097_152 } });
  });
});
