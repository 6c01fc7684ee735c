import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { LEGACY_SESSION_COOKIE, SESSION_COOKIE, createSession } from './sessions.js';

const cookieBase = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

/**
 * The session token a request carries: under the `__Host-` name, else under the name sessions had
 * before it, which keeps them working until they end. The one place that reads the cookie.
 */
export function sessionTokenFrom(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || request.cookies[LEGACY_SESSION_COOKIE] || undefined;
}

/** Starts a new session (a new token at every sign-in) and sets its cookie, under the new name only. */
export async function signIn(
  reply: FastifyReply,
  deps: { db: Db; config: Config },
  userId: string,
): Promise<void> {
  setSessionCookie(reply, await createSession(deps.db, userId, deps.config.session));
}

/** Sets the cookie of a session just made, under the new name only. */
export function setSessionCookie(
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
): void {
  reply.setCookie(SESSION_COOKIE, session.token, { ...cookieBase, expires: session.expiresAt });
  reply.clearCookie(LEGACY_SESSION_COOKIE, cookieBase);
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieBase);
  reply.clearCookie(LEGACY_SESSION_COOKIE, cookieBase);
}
