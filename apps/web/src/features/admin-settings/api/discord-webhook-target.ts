/**
 * Where a webhook posts: the organisation's announcements (`/api/discord/webhook`), or a team's
 * channel, where its events' reminders go (`/api/teams/{id}/discord-webhook`). Both answer the
 * same state and take the same body.
 */
export type WebhookTarget = { kind: 'organization' } | { kind: 'team'; teamId: string };

export const ORGANIZATION_WEBHOOK: WebhookTarget = { kind: 'organization' };

/** The target's endpoint, the same for reading and saving. */
export const webhookPath = (target: WebhookTarget) =>
  target.kind === 'organization'
    ? '/api/discord/webhook'
    : `/api/teams/${encodeURIComponent(target.teamId)}/discord-webhook`;
