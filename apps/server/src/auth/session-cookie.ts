import type { FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { SESSION_COOKIE, createSession } from './sessions.js';

const cookieBase = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

/** Starts a new session (a new token at every sign-in) and sets its cookie. */
export async function signIn(
  reply: FastifyReply,
  deps: { db: Db; config: Config },
  userId: string,
): Promise<void> {
  const { token, expiresAt } = await createSession(deps.db, userId, deps.config.session);
  reply.setCookie(SESSION_COOKIE, token, { ...cookieBase, expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieBase);
}
