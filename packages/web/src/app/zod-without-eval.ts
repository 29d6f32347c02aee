import { z } from 'zod';

/**
 * The app's Content-Security-Policy has no 'unsafe-eval'. Zod 4 compiles fast object parsers with
 * `new Function` and probes for it when the first object schema is built, which the browser
 * reports as a CSP violation on every load. Parsing without it is as correct, and fast enough for
 * forms. Schemas are built when their modules load, so main.tsx imports this module first.
 */
z.config({ jitless: true });
