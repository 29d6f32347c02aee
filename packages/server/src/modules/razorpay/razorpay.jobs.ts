import type { AppContext } from '../../app-context.ts';
import { CANCEL_LINKS_JOB, type CancelLinksJob, cancelLinksAtRazorpay } from './razorpay.service.ts';

/** Payment links withdrawn here (an invoice paid or cancelled by other means) are cancelled at Razorpay. */
export async function registerRazorpayJobs(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'secrets' | 'razorpay' | 'paymentGateway'>,
): Promise<void> {
  await ctx.jobs.work<CancelLinksJob>(CANCEL_LINKS_JOB, (job) => cancelLinksAtRazorpay(ctx, job));
}
