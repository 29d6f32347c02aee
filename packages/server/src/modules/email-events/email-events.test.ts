import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SignedUpCompany } from '../../../test/factories.ts';
import { inTransaction } from '../../db/transaction.ts';
import { applyEarlyReceipts } from '../campaign-webhooks/receipts.ts';
import {
  emailTemplate,
  insertContacts,
  marketingCompany,
  staticList,
} from '../campaigns/campaign-fixtures.ts';
import { isSnsAddress, messageIdKey, parseEmailEvents } from './email-events.service.ts';

const TOKEN = 'bounce-token-0123456789';

async function sentCampaign(count: number) {
  const company = await marketingCompany();
  const medium = await company.api.put(`v1/admin/companies/${company.companyId}/marketing_mediums`, {
    medium: 'email',
    mode: 'platform',
    from_name: 'Acme Offers',
    from_email: 'offers@acme.example.in',
    webhook_token: TOKEN,
  });
  expect(medium.status, JSON.stringify(medium.body)).toBe(200);
  expect(JSON.stringify(medium.body)).not.toContain(TOKEN);
  await company.api.put(`admin/companies/${company.companyId}/marketing_settings`, {
    email_per_minute: 100_000,
  });
  const contacts = await insertContacts(company, count);
  const list = await staticList(company, contacts.ids);
  const template = await emailTemplate(company);
  const body = {
    title: 'Monsoon offers',
    campaign_medium: 'email',
    template_id: template.id,
    list_ids: [list.id],
  };
  const created = await company.api.post(`admin/companies/${company.companyId}/campaigns`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const run = await company.api.post(`admin/campaigns/${created.body.id}/run`);
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  const deadline = Date.now() + 60_000;
  while ((await company.api.get(`admin/campaigns/${created.body.id}`)).body.status !== 'completed') {
    if (Date.now() > deadline) throw new Error('the campaign did not complete');
    await new Promise((r) => setTimeout(r, 200));
  }
  return { company, contacts, campaignId: created.body.id as number, body };
}

/** Each contact's message (in contact order): its Message-ID and state. */
async function messagesOf(company: SignedUpCompany, campaignId: number) {
  const { rows } = await sql<{
    contact_id: number;
    provider_message_id: string;
    status: string;
    provider_status: string | null;
  }>`SELECT contact_id, provider_message_id, status, provider_status FROM campaign_messages
     WHERE company_id = ${company.companyId} AND campaign_id = ${campaignId} ORDER BY contact_id`.execute(
    company.t.server.ctx.db,
  );
  return rows;
}

const post = (company: SignedUpCompany, body: unknown, token = TOKEN, type = 'application/json') =>
  company.api
    .as(undefined)
    .request(
      'POST',
      `webhooks/email/${company.companyId}/${token}`,
      typeof body === 'string' ? body : JSON.stringify(body),
      {
        'content-type': type,
      },
    );

const sesNotification = (messageId: string, message: Record<string, unknown>) => ({
  Type: 'Notification',
  MessageId: 'sns-1',
  TopicArn: 'arn:aws:sns:ap-south-1:123456789012:ses-bounces',
  Message: JSON.stringify({ ...message, mail: { messageId: 'ses-id', commonHeaders: { messageId } } }),
});

// A campaign is sent first (signed-up company, medium, contacts, the send job): allow for a busy machine.
describe('e-mail delivery reports', { timeout: 120_000 }, () => {
  it('reads SendGrid and Amazon SES reports back: delivered and opened, hard bounces failed and skipped by the next campaign, a complaint opts the contact out', async () => {
    const { company, contacts, campaignId, body } = await sentCampaign(5);
    const [m1, m2, m3, m4, m5] = await messagesOf(company, campaignId);
    expect(m1.provider_message_id).toMatch(/^<.+@.+>$/);
    const now = Math.floor(Date.now() / 1000);
    const sendgrid = [
      { event: 'delivered', 'smtp-id': m1.provider_message_id, timestamp: now, email: 'x@example.in' },
      { event: 'open', 'smtp-id': m1.provider_message_id, timestamp: now + 5 },
      {
        event: 'bounce',
        type: 'bounce',
        'smtp-id': m2.provider_message_id,
        reason: '550 5.1.1 No such user',
      },
      { event: 'spamreport', 'smtp-id': m3.provider_message_id.replace(/^<|>$/g, '') },
      { event: 'bounce', type: 'blocked', 'smtp-id': m5.provider_message_id, reason: '421 try later' },
      { event: 'processed', 'smtp-id': m1.provider_message_id },
    ];
    const first = await post(company, sendgrid);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ received: 5, changed: 6 });
    const repeat = await post(company, sendgrid);
    expect(repeat.body).toEqual({ received: 5, changed: 1 }); // the complaint's opt-out is answered again (found opted out)

    // Amazon SES through SNS: text/plain bodies.
    const ses = sesNotification(m4.provider_message_id, {
      notificationType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bouncedRecipients: [{ diagnosticCode: 'smtp; 550 mailbox unavailable' }],
      },
    });
    const sesRes = await post(company, ses, TOKEN, 'text/plain; charset=UTF-8');
    expect(sesRes.status, JSON.stringify(sesRes.body)).toBe(200);
    expect(sesRes.body).toEqual({ received: 1, changed: 1 });
    const transient = sesNotification(m1.provider_message_id, {
      notificationType: 'Bounce',
      bounce: { bounceType: 'Transient' },
    });
    expect((await post(company, transient, TOKEN, 'text/plain')).body).toEqual({ received: 0, changed: 0 });

    const after = await messagesOf(company, campaignId);
    expect(after.map((m) => [m.status, m.provider_status])).toEqual([
      ['read', 'Read'],
      ['failed', 'bounced'],
      ['delivered', 'complaint'],
      ['failed', 'bounced'],
      ['failed', 'blocked'],
    ]);
    const consent = await sql<{ opt_out_way: string | null }>`SELECT opt_out_way FROM contact_consents
      WHERE company_id = ${company.companyId} AND contact_id = ${contacts.ids[2]} AND medium = 'email'`.execute(
      company.t.server.ctx.db,
    );
    expect(consent.rows[0]?.opt_out_way).toBe('complaint');

    // The next campaign to the same list skips the two bounced addresses and the complainer.
    const preview = await company.api.post(`admin/companies/${company.companyId}/campaigns/audience`, body);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.skipped_by_reason).toEqual({ bounced: 2, opted_out: 1 });
    expect(preview.body.sendable).toBe(2);
  });

  it("refuses a wrong token (401), another company's token, a body of no known shape (400), and touches only the company's messages", async () => {
    const { company, campaignId } = await sentCampaign(1);
    const other = await marketingCompany();
    const [message] = await messagesOf(company, campaignId);
    const events = [{ event: 'delivered', 'smtp-id': message.provider_message_id }];
    const wrong = await post(company, events, 'wrong-token-0123456789');
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail ?? wrong.body.message).toContain('webhook token');
    // The other company has no e-mail medium at all: any token is refused.
    expect((await post(other, events)).status).toBe(401);
    expect((await post(company, { hello: 'world' })).status).toBe(400);
    expect((await post(company, 'not json', TOKEN, 'text/plain')).status).toBe(400);
    const subscribe = { Type: 'SubscriptionConfirmation', SubscribeURL: 'http://127.0.0.1:9/confirm' };
    const refused = await post(company, subscribe, TOKEN, 'text/plain');
    expect(refused.status).toBe(400);
    expect(refused.body.detail ?? refused.body.message).toContain('amazonaws.com');
    expect((await messagesOf(company, campaignId))[0].status).toBe('sent');
  });
});

describe('a report that comes before the sender records the message id', { timeout: 120_000 }, () => {
  it('is kept and applied when the id is recorded, a complaint opting the contact out then', async () => {
    const { company, contacts, campaignId } = await sentCampaign(2);
    const { db } = company.t.server.ctx;
    const [m1, m2] = await messagesOf(company, campaignId);
    // As if the sends had not been recorded yet: no provider id on the rows.
    await sql`UPDATE campaign_messages SET provider_message_id = NULL, status = 'sending'
      WHERE company_id = ${company.companyId} AND campaign_id = ${campaignId}`.execute(db);
    const early = await post(company, [
      { event: 'delivered', 'smtp-id': m1.provider_message_id },
      { event: 'spamreport', 'smtp-id': m2.provider_message_id },
    ]);
    expect(early.body).toEqual({ received: 2, changed: 0 });
    // The sender records its outcomes, then applies what came early, in one transaction.
    await sql`UPDATE campaign_messages SET status = 'sent', provider_message_id = CASE contact_id
        WHEN ${m1.contact_id} THEN ${m1.provider_message_id} ELSE ${m2.provider_message_id} END
      WHERE company_id = ${company.companyId} AND campaign_id = ${campaignId}`.execute(db);
    const complaints = await inTransaction(db, (tx) =>
      applyEarlyReceipts(tx, company.companyId, [m1.provider_message_id, m2.provider_message_id]),
    );
    expect(complaints).toEqual([contacts.ids[1]]);
    expect((await messagesOf(company, campaignId)).map((m) => [m.status, m.provider_status])).toEqual([
      ['delivered', 'Delivered'],
      ['delivered', 'complaint'],
    ]);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM campaign_early_receipts
      WHERE company_id = ${company.companyId}`.execute(db);
    expect(left.rows[0].n).toBe(0);
  });
});

describe('the report formats', () => {
  it('keys a Message-ID with its angle brackets whatever the provider wrote, and refuses junk', () => {
    expect(messageIdKey('abc@mail.example.in')).toBe('<abc@mail.example.in>');
    expect(messageIdKey(' <abc@mail.example.in> ')).toBe('<abc@mail.example.in>');
    expect(messageIdKey('a b')).toBeNull();
    expect(messageIdKey(12)).toBeNull();
  });

  it("confirms SNS subscriptions only at Amazon's SNS hosts", () => {
    expect(isSnsAddress('https://sns.ap-south-1.amazonaws.com/?Action=ConfirmSubscription')).toBe(true);
    expect(isSnsAddress('https://sns.ap-south-1.amazonaws.com.evil.in/')).toBe(false);
    expect(isSnsAddress('http://sns.ap-south-1.amazonaws.com/')).toBe(false);
    expect(parseEmailEvents([]).kind).toBe('events');
  });

  it('reads SES event publishing without the SNS envelope', () => {
    const parsed = parseEmailEvents({
      eventType: 'Delivery',
      mail: { commonHeaders: { messageId: '<m1@x.in>' } },
      delivery: { timestamp: '2026-11-30T06:00:00.000Z' },
    });
    expect(parsed).toMatchObject({
      kind: 'events',
      events: [{ receipt: { to: 'delivered', providerMessageId: '<m1@x.in>' } }],
    });
  });
});
