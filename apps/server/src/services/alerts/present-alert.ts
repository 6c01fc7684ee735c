import type { Alert } from '@guildhall/contract';
import type { AlertRow } from '../../db/schema.js';

export function presentAlert(row: AlertRow): Alert {
  return {
    _id: row.id,
    type: row.type,
    statut: row.statut,
    condition: row.condition,
    message: row.message,
    message_markdown: row.messageMarkdown,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    post_to_discord: row.postToDiscord,
  };
}
