/*
 * zod (in the contract's schemas) tries `new Function('')` once to learn whether it may compile
 * its parsers. Our Content-Security-Policy forbids it (no 'unsafe-eval'): zod falls back, but the
 * refused attempt is reported as a CSP issue on every page. Saying "jitless" up front skips the
 * attempt. This is the object z.config() writes to, shared by every copy of zod on the page; it
 * is set before the first parse whichever module runs first.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
