import { z } from 'zod/v4';

/**
 * The app's Content-Security-Policy has no 'unsafe-eval'. Zod 4 compiles fast object parsers with
 * `new Function` and probes for it when the first object schema is built, which the browser
 * reports as a CSP violation on every load. Parsing without it is as correct, and fast enough for
 * forms.
 *
 * vite.config.ts resolves `zod` to this module, so the setting comes with zod wherever zod is
 * loaded, before any schema module runs; screens that need no zod (the sign-in screen) load none.
 */
z.config({ jitless: true });

export * from 'zod/v4';
