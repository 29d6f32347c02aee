import type { AppContext } from '../../app-context.ts';
import { syncAllWhatsappStatuses } from './whatsapp-status-sync.ts';

export const WHATSAPP_STATUS_SYNC_JOB = 'templates.whatsapp-status-sync';

/**
 * Every 30 minutes: the WhatsApp templates' statuses are read back from Meta (a review usually
 * takes minutes to a day; Meta may pause or disable an approved template at any time), so a
 * campaign is never refused or sent on a stale status for long. The page's 'Sync status' does the
 * same at once.
 */
export async function registerTemplateJobs(ctx: Pick<AppContext, 'db' | 'jobs' | 'secrets' | 'mailer'>) {
  await ctx.jobs.work(WHATSAPP_STATUS_SYNC_JOB, async () => {
    await syncAllWhatsappStatuses(ctx);
  });
  await ctx.jobs.schedule(WHATSAPP_STATUS_SYNC_JOB, '*/30 * * * *');
}
