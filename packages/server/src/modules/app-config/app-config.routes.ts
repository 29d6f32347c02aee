import { appConfigOutput } from '@b2b/domain/api/app-config';
import type { Api } from '../../http/api-types.ts';

/**
 * The server configuration the web app reads at start, before sign-in (the login and sign-up
 * pages of the marketing-only app need it too): public, the same for every caller, nothing secret.
 */
export async function appConfigRoutes(app: Api) {
  const { config } = app.ctx;
  app.get(
    '/app_config',
    {
      config: { public: true },
      schema: {
        tags: ['app'],
        description:
          'What the web app reads at start: marketing_admin_host (MARKETING_ADMIN_HOST), the address whose pages run the marketing-only app.',
        response: { 200: appConfigOutput },
      },
    },
    async () => ({ marketing_admin_host: config.marketingAdminHost ?? null }),
  );
}
