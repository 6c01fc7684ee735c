import { z } from 'zod';

/*
 * zod (in the contract's schemas) once tries to build a function from a string, to learn
 * whether it may compile its parsers. Our Content-Security-Policy forbids it (no
 * 'unsafe-eval'): zod falls back, but the refused attempt is reported as a CSP issue on every
 * page. Saying "jitless" before the first parse skips the attempt (the setting is global to
 * every copy of zod on the page).
 */
z.config({ jitless: true });
