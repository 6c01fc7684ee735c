import type { Alert, AlertPreview } from '@guildhall/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { alertBodySchema } from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { alerts, type AlertRow, type UserRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { theRow } from '../../lib/rows.js';
import {
  ConditionError,
  evaluateCondition,
  parseCondition,
  type Condition,
} from './condition-language.js';
import { everyMemberFacts, memberFacts } from './member-facts.js';
import { sanitizeMessage } from './sanitize-message.js';

type AlertFields = z.output<typeof alertBodySchema>;

export function presentAlert(row: AlertRow): Alert {
  return {
    _id: row.id,
    type: row.type,
    statut: row.statut,
    condition: row.condition,
    message: row.message,
  };
}

/** Parsed conditions by source: the same few conditions are evaluated at every page load. */
const parsed = new Map<string, Condition>();
function compiled(source: string): Condition {
  let condition = parsed.get(source);
  if (!condition) {
    condition = parseCondition(source);
    if (parsed.size >= 1000) parsed.clear();
    parsed.set(source, condition);
  }
  return condition;
}

/** Read at every page load (the alerts banner): built once per database. */
const everyAlert = preparedPerDatabase((db) =>
  db.select().from(alerts).orderBy(asc(alerts.createdAt), asc(alerts.id)).prepare('every_alert'),
);

export async function listAlerts(db: Db): Promise<AlertRow[]> {
  return everyAlert(db).execute();
}

/** The active alerts whose condition holds for the member, decided here and nowhere else. */
export async function alertsFor(db: Db, member: UserRow): Promise<AlertRow[]> {
  const active = (await listAlerts(db)).filter((alert) => alert.statut === 'active');
  if (active.length === 0) return [];
  const facts = await memberFacts(db, member);
  return active.filter((alert) => {
    try {
      return evaluateCondition(compiled(alert.condition), facts);
    } catch {
      // Saved conditions were valid when saved; one that no longer parses shows to nobody.
      return false;
    }
  });
}

/** The body, checked: the condition parses and the message keeps some content once sanitized. */
function checkedFields(fields: AlertFields) {
  try {
    parseCondition(fields.condition);
  } catch (error) {
    if (!(error instanceof ConditionError)) throw error;
    throw new HttpError(400, 'invalid_condition', `Invalid condition: ${error.message}`, [
      { path: 'body.condition', message: error.message },
    ]);
  }
  const message = sanitizeMessage(fields.message);
  if (!hasVisibleText(message)) {
    throw new HttpError(400, 'validation_failed', 'Invalid request: body.message', [
      { path: 'body.message', message: 'is empty once unsupported markup is removed' },
    ]);
  }
  return { type: fields.type, statut: fields.statut, condition: fields.condition, message };
}

/** Markup with something to read once the tags are gone. */
const hasVisibleText = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, '')
    .trim() !== '';

export async function createAlert(db: Db, fields: AlertFields): Promise<AlertRow> {
  return theRow(
    await db
      .insert(alerts)
      .values({ id: newId(), ...checkedFields(fields) })
      .returning(),
  );
}

export async function updateAlert(db: Db, id: string, fields: AlertFields): Promise<AlertRow> {
  const values = checkedFields(fields);
  const [row] = await db
    .update(alerts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(alerts.id, id))
    .returning();
  if (!row) throw notFound('alert_not_found', 'No alert has this id');
  return row;
}

export async function deleteAlert(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(alerts).where(eq(alerts.id, id)).returning({ id: alerts.id });
  if (deleted.length === 0) throw notFound('alert_not_found', 'No alert has this id');
}

/** Whether a condition is valid and, if so, how many members it matches right now. */
export async function previewCondition(db: Db, source: string): Promise<AlertPreview> {
  let condition: Condition;
  try {
    condition = parseCondition(source);
  } catch (error) {
    if (!(error instanceof ConditionError)) throw error;
    return { valid: false, position: error.position, reason: error.reason };
  }
  const everyone = await everyMemberFacts(db);
  const matches = everyone.filter((facts) => evaluateCondition(condition, facts)).length;
  return { valid: true, matches, total: everyone.length };
}
