import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { preparedPerDatabase } from '../db/prepared.js';
import { sessions, users, type UserRow } from '../db/schema.js';
import { randomToken, sha256Hex } from '../lib/tokens.js';

/**
 * `__Host-`: the browser keeps it only if it is Secure, on Path=/ and without Domain, so neither a
 * sibling subdomain nor a plain-HTTP page can plant or overwrite it (docs/decisions/018).
 */
export const SESSION_COOKIE = '__Host-guildhall_session';
/** The name before the prefix: still read until the last such session ends, then removable. */
export const LEGACY_SESSION_COOKIE = 'guildhall_session';

export interface SessionLifetimes {
  idleMinutes: number;
  maxAgeMinutes: number;
}

/** Refreshing last_seen_at on every request would turn each read into a write. */
const TOUCH_INTERVAL_MS = 60_000;
/**
 * When the sessions this process refreshed last: the requests that find a session due at the same
 * moment (a page's parallel calls, a busy client) write it once, instead of queueing on its row.
 */
const touchedByThisProcess = new Map<string, number>();
const minutes = (count: number) => count * 60_000;

/** Starts a session for the member; the returned token goes in the cookie and nowhere else. */
export async function createSession(
  db: Db,
  userId: string,
  lifetimes: SessionLifetimes,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const now = new Date();
  // Sessions of this member that have ended are of no use to anyone.
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(
          lt(sessions.expiresAt, now),
          lt(sessions.lastSeenAt, new Date(now.getTime() - minutes(lifetimes.idleMinutes))),
        ),
      ),
    );
  const expiresAt = new Date(now.getTime() + minutes(lifetimes.maxAgeMinutes));
  await db.insert(sessions).values({
    id: newId(),
    userId,
    tokenHash: sha256Hex(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** Runs at every signed-in request: built once per database. */
const sessionLookup = preparedPerDatabase((db) =>
  db
    .select({ user: users, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('find_session_member'),
);

/** The member behind a session token, or null when the session is unknown, idle too long or expired. */
export async function findSessionMember(
  db: Db,
  token: string,
  lifetimes: SessionLifetimes,
): Promise<UserRow | null> {
  const now = Date.now();
  const [row] = await sessionLookup(db).execute({
    tokenHash: sha256Hex(token),
    now: new Date(now),
    idleSince: new Date(now - minutes(lifetimes.idleMinutes)),
  });
  if (!row) return null;
  const touchedAt = touchedByThisProcess.get(row.sessionId) ?? 0;
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS && now - touchedAt > TOUCH_INTERVAL_MS) {
    if (touchedByThisProcess.size >= 10_000) touchedByThisProcess.clear();
    touchedByThisProcess.set(row.sessionId, now);
    try {
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, row.sessionId));
    } catch (error) {
      touchedByThisProcess.delete(row.sessionId);
      throw error;
    }
  }
  return row.user;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256Hex(token)));
}
