import { z } from 'zod';

/**
 * GET app_config (public): what the web app needs from the server's configuration before anyone
 * signs in. `marketing_admin_host` is MARKETING_ADMIN_HOST: on a page whose host matches it the
 * app runs in marketing mode (app-mode.ts); null when the server has none.
 */
export const appConfigOutput = z.object({ marketing_admin_host: z.string().nullable() });
export type AppConfig = z.infer<typeof appConfigOutput>;
