import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { sessionTokenFrom } from '../auth/session-cookie.js';
import { findSessionMember } from '../auth/sessions.js';
import { sendError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member; set by `requireMember`, null before or without it. */
    member: UserRow | null;
  }
}

export type RequireMember = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const memberGuards = new WeakSet<object>();

/** Whether a route hook is the one that refuses anonymous callers (its routes answer 401). */
export const isMemberGuard = (hook: unknown): boolean =>
  typeof hook === 'function' && memberGuards.has(hook);

/** Adds `request.member` and returns the preHandler that refuses anonymous callers with 401. */
export function registerAuthentication(
  app: FastifyInstance,
  deps: { db: Db; config: Config },
): RequireMember {
  app.decorateRequest('member', null);
  const requireMember: RequireMember = async (request, reply) => {
    const token = sessionTokenFrom(request);
    const member = token ? await findSessionMember(deps.db, token, deps.config.session) : null;
    if (!member) {
      await sendError(reply, 401, 'unauthenticated', 'You are not signed in');
      return;
    }
    request.member = member;
  };
  memberGuards.add(requireMember);
  return requireMember;
}

/** The member of a request that went through `requireMember`. */
export function signedInMember(request: FastifyRequest): UserRow {
  if (!request.member) throw new Error('Route is missing the requireMember preHandler');
  return request.member;
}
