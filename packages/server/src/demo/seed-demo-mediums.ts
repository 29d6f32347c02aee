import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { generateVapidKeys, saveMedium } from '../modules/marketing-mediums/marketing-mediums.service.ts';

/**
 * The demo's campaign mediums (issue 23): e-mail through the app's own mail server (ready when the
 * server has SMTP_URL) and Web Push with a real VAPID pair. SMS and WhatsApp need the company's own
 * provider accounts, so the demo leaves them 'Not configured', as a new seller finds them.
 */
export async function seedDemoMediums(ctx: AppContext, actor: Principal): Promise<void> {
  await saveMedium({
    ctx,
    actor,
    input: {
      medium: 'email',
      mode: 'platform',
      from_name: 'Demo Traders',
      from_email: 'offers@demo.in',
      reply_to: 'accounts@demo.in',
      is_enabled: true,
    },
  });
  await generateVapidKeys({ ctx, actor, subject: 'mailto:admin@demo.in' });
}
