import {
  CAMPAIGN_DUE_JOB,
  CAMPAIGN_SEND_JOB,
  enqueueDueCampaigns,
  runCampaignSend,
  type SendContext,
} from './campaign-send.service.ts';

/**
 * The campaign workers: 'campaign-send' sends one campaign (a job per due campaign, queued when it
 * is run or its time is set, kept by pg-boss across restarts); 'campaign-due' runs every minute and
 * queues any campaign that should be sending but has no job (a scheduled one come due, or one
 * whose job died with its server).
 */
export async function registerCampaignJobs(ctx: SendContext) {
  await ctx.jobs.work<{ companyId: number; campaignId: number }>(CAMPAIGN_SEND_JOB, async (data) => {
    await runCampaignSend(ctx, data);
  });
  await ctx.jobs.work(CAMPAIGN_DUE_JOB, async () => {
    await enqueueDueCampaigns(ctx);
  });
  await ctx.jobs.schedule(CAMPAIGN_DUE_JOB, '* * * * *');
}
