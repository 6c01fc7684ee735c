/*
 * The schema of the API's error body, which `apiRequest` loads (with zod) when an answer fails,
 * to tell the API's own errors from a proxy's page. Never imported statically: the screens come
 * without zod (decision 045).
 */
export { errorBodySchema } from '@guildhall/contract/errors';
