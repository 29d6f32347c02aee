import type { MessageStatus, SkipReason } from '@b2b/domain/campaigns';
import { istDate } from '@b2b/domain/campaigns';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';

const DAY_MS = 86_400_000;

/**
 * The fate of the demo's past messages, in order of the recipients: most were delivered and many
 * read, a few bounced or were skipped for want of consent — what a real Diwali mailing looks like.
 */
const PAST_FATES: readonly (MessageStatus | SkipReason)[] = [
  'read',
  'read',
  'delivered',
  'read',
  'delivered',
  'sent',
  'read',
  'failed',
  'delivered',
  'no_consent',
  'read',
  'opted_out',
];

const SKIP_REASONS: readonly string[] = ['opted_out', 'no_consent', 'no_address', 'invalid', 'bounced'];

interface PastCampaign {
  title: string;
  campaignType: 'festival_offers' | 'payment_reminder';
  templateId: number;
  listIds: number[];
  sentAt: Date;
  recurringCampaignId?: number;
}

/**
 * Campaigns' demo (issue 23). Their past is history, not something to send again: a Diwali e-mail
 * campaign processed three weeks ago, a weekly payment reminder with its last two runs, and a
 * WhatsApp draft waiting for its template's approval. The rows are written as they were left after
 * sending (the demo's e-mail runs through the app's mail server, which a fresh machine lacks).
 */
export async function seedDemoCampaigns(ctx: AppContext, actor: Principal): Promise<void> {
  const { db } = ctx;
  const companyId = actor.companyId;
  const templates = await db
    .selectFrom('templates')
    .select(['id', 'name', 'medium'])
    .where('company_id', '=', companyId)
    .execute();
  const template = (name: string) => {
    const found = templates.find((t) => t.name === name);
    if (!found) throw new Error(`The demo template ${name} is missing`);
    return found.id;
  };
  const lists = await db
    .selectFrom('contact_lists')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .execute();
  const allListIds = lists.map((l) => l.id);
  const now = Date.now();

  await seedPastCampaign(db, actor, {
    title: 'Diwali offers 2026',
    campaignType: 'festival_offers',
    templateId: template('Diwali offer'),
    listIds: allListIds,
    sentAt: new Date(now - 21 * DAY_MS),
  });

  const startDate = istDate(new Date(now - 15 * DAY_MS));
  const reminder = await db
    .insertInto('recurring_campaigns')
    .values({
      company_id: companyId,
      title: 'Weekly payment reminder',
      purpose: 'payment_reminder',
      medium: 'email',
      template_id: template('Payment reminder'),
      frequency: 'weekly',
      start_date: startDate,
      send_time: '10:00',
      settings: JSON.stringify({ days_before_due: 3, overdue_every_days: 7 }),
      variables: JSON.stringify({}),
      last_run_at: new Date(now - DAY_MS),
      next_run_at: new Date(now + 6 * DAY_MS),
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const daysAgo of [8, 1])
    await seedPastCampaign(db, actor, {
      title: 'Weekly payment reminder',
      campaignType: 'payment_reminder',
      templateId: template('Payment reminder'),
      listIds: [],
      sentAt: new Date(now - daysAgo * DAY_MS),
      recurringCampaignId: reminder.id,
    });

  await db
    .insertInto('campaigns')
    .values({
      company_id: companyId,
      title: 'New year stock clearance',
      medium: 'whatsapp',
      campaign_type: 'promotional',
      template_id: template('Diwali festival offer'),
      list_ids: allListIds.slice(0, 1),
      variables: JSON.stringify({ coupon_code: 'NEWYEAR15' }),
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .execute();
}

async function seedPastCampaign(db: AppContext['db'], actor: Principal, past: PastCampaign): Promise<void> {
  const contacts = await db
    .selectFrom('contacts')
    .select(['id', 'email', 'buyer_id'])
    .where('company_id', '=', actor.companyId)
    .where('deleted_at', 'is', null)
    .where('email', 'is not', null)
    .orderBy('id')
    .limit(past.campaignType === 'payment_reminder' ? 6 : 24)
    .execute();
  const sentAt = past.sentAt;
  const finishedAt = new Date(sentAt.getTime() + 4 * 60_000);
  const campaign = await db
    .insertInto('campaigns')
    .values({
      company_id: actor.companyId,
      title: past.title,
      medium: 'email',
      campaign_type: past.campaignType,
      template_id: past.templateId,
      list_ids: past.listIds,
      variables: JSON.stringify(past.campaignType === 'festival_offers' ? { coupon_code: 'DIWALI10' } : {}),
      status: 'completed',
      scheduled_at: sentAt,
      recurring_campaign_id: past.recurringCampaignId ?? null,
      audience_size: contacts.length,
      started_at: sentAt,
      completed_at: finishedAt,
      created_by: actor.userId,
      updated_by: actor.userId,
      created_at: new Date(sentAt.getTime() - 2 * 60 * 60_000),
      updated_at: finishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (contacts.length === 0) return;
  const at = (minutes: number) => new Date(sentAt.getTime() + minutes * 60_000);
  await db
    .insertInto('campaign_messages')
    .values(
      contacts.map((contact, index) => {
        const fate = PAST_FATES[index % PAST_FATES.length] as string;
        const skipped = SKIP_REASONS.includes(fate);
        const status = (skipped ? 'skipped' : fate) as MessageStatus;
        const went = !skipped;
        return {
          company_id: actor.companyId,
          campaign_id: campaign.id,
          contact_id: contact.id,
          medium: 'email' as const,
          recipient: contact.email,
          status,
          skip_reason: skipped ? (fate as SkipReason) : null,
          provider_status: went ? (status === 'failed' ? 'FAILED' : 'Submitted') : null,
          attempts: went ? 1 : 0,
          last_error:
            status === 'failed' ? '550 5.1.1 The email account that you tried to reach does not exist' : null,
          claimed_at: went ? at(1) : null,
          sent_at: went && status !== 'failed' ? at(1) : null,
          delivered_at: status === 'delivered' || status === 'read' ? at(2) : null,
          read_at: status === 'read' ? at(90 + index * 7) : null,
          failed_at: status === 'failed' ? at(1) : null,
          first_clicked_at: status === 'read' && index % 2 === 0 ? at(95 + index * 7) : null,
          click_count: status === 'read' && index % 2 === 0 ? 1 + (index % 3) : 0,
          created_at: sentAt,
          updated_at: finishedAt,
        };
      }),
    )
    .execute();
}
