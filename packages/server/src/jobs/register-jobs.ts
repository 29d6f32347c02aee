import type { AppContext } from '../app-context.ts';
import type { Mailer } from '../core/ports/mailer.ts';
import { registerEmbeddedDatabaseJobs } from '../db/planner-statistics.ts';
import { registerMailWorker } from '../mail/mail-jobs.ts';
import { registerAmazonJobs } from '../modules/amazon/amazon.jobs.ts';
import { registerAuthJobs } from '../modules/auth/auth.jobs.ts';
import { registerBatchAlertJobs } from '../modules/batch-alerts/batch-alerts.jobs.ts';
import { registerBuyerGroupJobs } from '../modules/buyer-groups/buyer-groups.jobs.ts';
import { registerCampaignJobs } from '../modules/campaigns/campaign-send.jobs.ts';
import { registerCashpointJobs } from '../modules/cashpoints/cashpoints.jobs.ts';
import { registerContactImportJobs } from '../modules/contacts/contact-import.jobs.ts';
import { registerImportJobs } from '../modules/imports/imports.jobs.ts';
import { registerLeadJobs } from '../modules/leads/lead-follow-ups.ts';
import { registerPaymentJobs } from '../modules/payments/payments.jobs.ts';
import { registerProductsAdsJobs } from '../modules/products-ads/products-ads.jobs.ts';
import { registerRazorpayJobs } from '../modules/razorpay/razorpay.jobs.ts';
import { registerRecurringCampaignJobs } from '../modules/recurring-campaigns/recurring-campaigns.jobs.ts';
import { registerReferralJobs } from '../modules/referrals/referrals.jobs.ts';
import { registerSalesOrderJobs } from '../modules/sales-orders/sales-orders.jobs.ts';
import { registerCartJobs } from '../modules/storefront/carts.jobs.ts';
import { registerTemplateJobs } from '../modules/templates/templates.jobs.ts';
import { registerZohoJobs } from '../modules/zoho/zoho.jobs.ts';
import type { JobRunner } from './job-runner.ts';

/** Every worker, schedule and start-up job of the server, in one list: adding one means adding it here. */
export async function registerJobs(
  ctx: Pick<AppContext, 'db' | 'jobs' | 'config' | 'secrets' | 'mailer' | 'razorpay' | 'paymentGateway'>,
  mailer: Mailer,
): Promise<void> {
  await registerMailWorker(ctx.jobs, mailer);
  await registerAuthJobs(ctx);
  await registerCashpointJobs(ctx);
  await registerReferralJobs(ctx);
  await registerPaymentJobs(ctx);
  await registerBatchAlertJobs(ctx);
  await registerBuyerGroupJobs(ctx);
  await registerCartJobs(ctx);
  await registerContactImportJobs(ctx);
  await registerImportJobs(ctx);
  await registerLeadJobs(ctx);
  await registerCampaignJobs(ctx);
  await registerRecurringCampaignJobs(ctx);
  await registerTemplateJobs(ctx);
  await registerProductsAdsJobs(ctx);
  await registerSalesOrderJobs(ctx);
  await registerZohoJobs(ctx);
  await registerAmazonJobs(ctx);
  await registerRazorpayJobs(ctx);
  await registerEmbeddedDatabaseJobs(ctx);
}

/** The queues registerJobs uses, read by registering against a runner that only writes their names down. */
export async function jobQueueNames(): Promise<string[]> {
  const names = new Set<string>();
  const note = async (name: string) => {
    names.add(name);
  };
  const recorder: JobRunner = {
    send: note,
    work: note,
    schedule: note,
    schedules: async () => [],
    stop: async () => {},
  };
  // The handlers are not run, so they need no database or mailer.
  const unused = undefined as never;
  await registerJobs({ db: unused, jobs: recorder, config: unused, secrets: unused, mailer: unused }, unused);
  return [...names].sort();
}
