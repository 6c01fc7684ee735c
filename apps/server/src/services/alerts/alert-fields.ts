import type { alertBodySchema } from '@guildhall/contract';
import type { z } from 'zod';
import { HttpError } from '../../lib/http-error.js';
import { ConditionError, parseCondition } from './condition-language.js';
import { renderMessage } from './sanitize-message.js';

type AlertBodyFields = z.output<typeof alertBodySchema>;
/**
 * The body's fields; the window and the post to Discord are optional for the server's own
 * alerts (seed, benchmarks).
 */
export type AlertFields = Omit<AlertBodyFields, 'starts_at' | 'ends_at' | 'post_to_discord'> &
  Partial<Pick<AlertBodyFields, 'starts_at' | 'ends_at' | 'post_to_discord'>>;

/**
 * The body, checked: the condition parses and the message, its Markdown rendered, keeps some
 * content once sanitized.
 */
export function checkedAlertFields(fields: AlertFields) {
  try {
    parseCondition(fields.condition);
  } catch (error) {
    if (!(error instanceof ConditionError)) throw error;
    const params = { condition: error.problem };
    throw new HttpError(
      400,
      'invalid_condition',
      `Invalid condition: ${error.message}`,
      [{ path: 'body.condition', message: error.message, code: 'invalid_condition', params }],
      params,
    );
  }
  const message = renderMessage(fields.message);
  if (!hasVisibleText(message)) {
    throw new HttpError(400, 'validation_failed', 'Invalid request: body.message', [
      {
        path: 'body.message',
        message: 'is empty once unsupported markup is removed',
        code: 'empty_markup',
      },
    ]);
  }
  return {
    type: fields.type,
    statut: fields.statut,
    condition: fields.condition,
    messageMarkdown: fields.message,
    message,
    startsAt: fields.starts_at ? new Date(fields.starts_at) : null,
    endsAt: fields.ends_at ? new Date(fields.ends_at) : null,
    postToDiscord: fields.post_to_discord ?? false,
  };
}

/** Markup with something to read once the tags are gone. */
const hasVisibleText = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, '')
    .trim() !== '';
