import { z } from 'zod';
import { pseudoSchema } from './user.js';

/** POST /auth/local, offered only in local mode. */
export const localSignInBodySchema = z.object({ pseudo: pseudoSchema });
export type LocalSignInBody = z.infer<typeof localSignInBodySchema>;

/** GET /auth/methods: which ways of signing in this server offers. */
export const authMethodsSchema = z.object({
  discord: z.boolean(),
  local: z.boolean(),
  /** Social accounts a signed-in member can link. */
  twitch: z.boolean(),
  twitter: z.boolean(),
  /**
   * Whether League data can be asked of Riot (a RIOT_API_KEY is set): without it the League tab
   * asks nothing, rather than collect 503 riot_not_configured (a failed call the browser logs).
   */
  riot: z.boolean(),
});
export type AuthMethods = z.infer<typeof authMethodsSchema>;
