/*
 * The contract's schemas of the answers the first screen waits for (who is signed in, the
 * organisation, the ways of signing in, the member's alerts, an error). They come with zod and
 * the rest of the contract in the `schemas` chunk (vite.config.ts), asked for alongside the first
 * requests, so that the first paint's script neither downloads nor builds them (decision 012,
 * addenda of 2026-11-26). Import them with `loadStartupSchemas`, never statically from a module
 * of the first paint.
 */
export { alertsSchema } from '@guildhall/contract/alerts';
export { authMethodsSchema } from '@guildhall/contract/auth';
export { errorBodySchema } from '@guildhall/contract/errors';
export { organizationSchema } from '@guildhall/contract/organization';
export { sessionSchema } from '@guildhall/contract/user';
