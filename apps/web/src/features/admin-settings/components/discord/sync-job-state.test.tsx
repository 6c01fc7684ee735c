import { NO_DISCORD_WEBHOOK, type JobStatus } from '@guildhall/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, healthyDiscordSync } from '@/test/fixtures';
import { apiError, json, requestsTo, type Routes, signedIn } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const admin = buildSessionUser({ _id: '65f1c0ffee0000000000aaaa', role: 'admin', pseudo: 'boss' });

const syncJob: JobStatus = {
  name: 'discord-sync',
  enabled: true,
  last_started_at: '2026-03-02T09:59:00.000Z',
  last_finished_at: '2026-03-02T10:00:00.000Z',
  last_failure: { code: 'bot_token_refused', at: '2026-03-01T10:00:00.000Z' },
  next_run_at: '2026-03-02T11:00:00.000Z',
  running: false,
};
const outboxJob: JobStatus = {
  name: 'discord-outbox',
  enabled: true,
  last_started_at: null,
  last_finished_at: '2026-03-02T10:30:00.000Z',
  last_failure: null,
  next_run_at: '2026-03-02T10:30:05.000Z',
  running: false,
};

function openDiscordTab(routes: Routes) {
  return renderApp({
    at: '/settings/organization?tab=discord',
    language: 'en',
    routes: {
      'GET /api/session': signedIn(admin),
      'GET /api/teams': json([]),
      'GET /api/discord/roles': json({ bot: true, roles: [] }),
      'GET /api/discord/mappings': json([]),
      'GET /api/discord/history': json([]),
      'GET /api/discord/sync': json(healthyDiscordSync),
      'GET /api/discord/webhook': json(NO_DISCORD_WEBHOOK),
      ...routes,
    },
  });
}

const jobState = () =>
  screen.findByRole('region', { name: 'The sync as a background job' }, { timeout: 15_000 });

describe('the Discord sync job on the Discord tab', { timeout: 30_000 }, () => {
  it('shows whether this server runs it and its last failure, not the runs the sync tells', async () => {
    openDiscordTab({ 'GET /api/jobs': json({ jobs: [outboxJob, syncJob] }) });

    const state = await jobState();
    const lines = within(state)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('This server runs the sync on its schedule.');
    expect(lines[1]).toMatch(/^Last failure of the job: .*2026.* \(bot_token_refused\)\.$/);
    // When the guild was last read and will be next is said once, by the sync's own lines.
    expect(screen.getAllByText(/^Last (sync|run)/)).toHaveLength(1);
    // Only the sync's job: the outbox's is not this section's.
    expect(within(state).queryByText(/10:30/)).not.toBeInTheDocument();
  });

  it('says when the job runs now', async () => {
    openDiscordTab({
      'GET /api/jobs': json({ jobs: [{ ...syncJob, running: true, last_failure: null }] }),
    });

    const state = await jobState();
    expect(
      within(state)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['This server runs the sync on its schedule.', 'The job is running.']);
  });

  it('says when this server does not run it', async () => {
    openDiscordTab({
      'GET /api/jobs': json({
        jobs: [{ ...syncJob, enabled: false, last_finished_at: null, last_failure: null }],
      }),
    });

    const state = await jobState();
    expect(
      within(state)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['This server does not run the sync on its schedule (JOB_DISCORD_SYNC, or no bot).']);
  });

  it('says so when the jobs cannot be read', async () => {
    openDiscordTab({
      'GET /api/jobs': apiError(503, 'database_unavailable', 'The database is unavailable'),
    });

    expect(
      await screen.findByText(/The state of the background jobs could not be read\./, undefined, {
        timeout: 15_000,
      }),
    ).toBeInTheDocument();
  });

  it('asks nothing for a member who may not read the jobs', async () => {
    const discordOnly = buildSessionUser({
      ...admin,
      abilities: admin.abilities.filter((ability) => ability !== 'read:jobs'),
    });
    const { fetchMock } = openDiscordTab({ 'GET /api/session': signedIn(discordOnly) });

    expect(
      await screen.findByRole('heading', { name: 'Discord' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'The sync as a background job' })).toBeNull();
    expect(requestsTo(fetchMock, 'GET', '/api/jobs')).toEqual([]);
  });
});
