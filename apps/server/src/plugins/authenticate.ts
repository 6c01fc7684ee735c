import type { Ability } from '@guildhall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { sessionTokenFrom } from '../auth/session-cookie.js';
import { findSessionMember } from '../auth/sessions.js';
import { can } from '../policies/abilities.js';
import { sendError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member; set by `requireMember`, null before or without it. */
    member: UserRow | null;
  }
}

export type RequireMember = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
/** The member whose session the request carries, or null: for the routes anyone may call. */
export type FindMember = (request: FastifyRequest) => Promise<UserRow | null>;

const memberGuards = new WeakSet<object>();

/** Whether a route hook is the one that refuses anonymous callers (its routes answer 401). */
export const isMemberGuard = (hook: unknown): boolean =>
  typeof hook === 'function' && memberGuards.has(hook);

/** A route's guard for an ability: refuses anonymous callers (401), then members without it (403). */
export type RequireAbility = (ability: Ability) => RequireMember[];

const abilityGuards = new WeakMap<object, Ability>();

/** The ability a route hook requires, if it is an ability guard (its routes answer 403). */
export const guardedAbility = (hook: unknown): Ability | undefined =>
  typeof hook === 'function' ? abilityGuards.get(hook) : undefined;

/**
 * Adds `request.member`, and returns the guards routes use: `requireMember` refuses anonymous
 * callers with 401; `requireAbility(ability)` also refuses members without the ability with 403.
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: { db: Db; config: Config },
): { requireMember: RequireMember; requireAbility: RequireAbility; findMember: FindMember } {
  app.decorateRequest('member', null);
  const findMember: FindMember = async (request) => {
    const token = sessionTokenFrom(request);
    return token ? findSessionMember(deps.db, token, deps.config.session) : null;
  };
  const requireMember: RequireMember = async (request, reply) => {
    const member = await findMember(request);
    if (!member) {
      await sendError(reply, 401, 'unauthenticated', 'You are not signed in');
      return;
    }
    request.member = member;
  };
  memberGuards.add(requireMember);

  const checks = new Map<Ability, RequireMember>();
  const requireAbility: RequireAbility = (ability) => {
    let check = checks.get(ability);
    if (!check) {
      check = async (request, reply) => {
        if (!can(signedInMember(request), ability)) {
          await sendError(reply, 403, 'forbidden', 'You are not allowed to do this');
        }
      };
      abilityGuards.set(check, ability);
      checks.set(ability, check);
    }
    return [requireMember, check];
  };
  return { requireMember, requireAbility, findMember };
}

/** The member of a request that went through `requireMember`. */
export function signedInMember(request: FastifyRequest): UserRow {
  if (!request.member) throw new Error('Route is missing the requireMember preHandler');
  return request.member;
}
