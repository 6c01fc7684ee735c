import { describe, expect, it, vi } from 'vitest';
import { buildSessionUser } from '@/test/fixtures';
import { apiError, json, mockApi, signedIn } from '@/test/mock-api';
import { getSession } from './get-session';

describe('getSession', () => {
  it('returns the signed-in member', async () => {
    mockApi({ 'GET /api/session': signedIn(buildSessionUser({ pseudo: 'kiwi' })) });

    expect(await getSession()).toMatchObject({ pseudo: 'kiwi' });
  });

  it('treats no one signed in as an anonymous visitor, which is no error', async () => {
    mockApi({ 'GET /api/session': json({ user: null }) });

    expect(await getSession()).toBeNull();
    expect(console.info).toHaveBeenCalledWith("Vous n'êtes pas connecté");
    expect(console.error).not.toHaveBeenCalled();
  });

  it('treats a broken server as anonymous too, but logs it', async () => {
    mockApi({ 'GET /api/session': apiError(500, 'internal_error', 'Internal error') });

    expect(await getSession()).toBeNull();
    expect(console.error).toHaveBeenCalledWith(
      'Impossible de récupérer la session',
      expect.objectContaining({ status: 500 }),
    );
    vi.mocked(console.error).mockClear();
  });
});
