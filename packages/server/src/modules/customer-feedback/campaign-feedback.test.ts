import { FEEDBACK_MESSAGES as M } from '@b2b/domain/customer-feedback';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { type SignedUpCompany, unique } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { historyRows } from '../../../test/history-rows.ts';
import {
  emailTemplate,
  insertCampaign,
  insertContacts,
  marketingCompany,
  platformEmail,
  staticList,
} from '../campaigns/campaign-fixtures.ts';
import { campaignFeedbackLinks } from './customer-feedback.service.ts';

/**
 * {feedback_link} in a campaign (issue 24): each message carries its own one-answer request of the
 * company's feedback form, made when the message is sent; a retried send keeps the same request.
 */

beforeAll(() => testServer(), 180_000);

const TOKEN = /\/api\/feedback\/([A-Za-z0-9_-]{43})/;

function stranger(company: SignedUpCompany) {
  const n = Math.floor(Math.random() * 60_000);
  return new ApiClient(company.t.baseUrl).as(undefined, {
    'x-forwarded-for': `10.77.${(n >> 8) & 255}.${n & 255}`,
    accept: 'application/json',
  });
}

async function createForm(company: SignedUpCompany) {
  const res = await company.api.post(`admin/companies/${company.companyId}/feedback_forms`, {
    title: `Campaign survey ${unique()}`,
    questions: [{ kind: 'yes_no', label: 'Would you order again?', required: true }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.form as { id: number; title: string };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('campaign variable {feedback_link}', () => {
  it('is refused without an active form, then gives each recipient (a buyer’s contact and a contact without a buyer) their own link that takes one answer', async () => {
    const company = await marketingCompany();
    const { db } = company.t.server.ctx;
    await platformEmail(company);
    const fast = await company.api.put(`admin/companies/${company.companyId}/marketing_settings`, {
      email_per_minute: 100_000,
    });
    expect(fast.status, JSON.stringify(fast.body)).toBe(200);
    // A buyer's contact (made with the buyer) and a contact of no buyer.
    const buyer = await db
      .insertInto('buyers')
      .values({ company_id: company.companyId, name: `Verma Stores ${unique()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const buyerEmail = `verma.${unique()}@example.in`;
    const buyerContact = await db
      .updateTable('contacts')
      .set({ email: buyerEmail })
      .where('company_id', '=', company.companyId)
      .where('buyer_id', '=', buyer.id)
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO contact_consents (company_id, contact_id, medium, consent_source, consented_at)
      VALUES (${company.companyId}, ${buyerContact.id}, 'email', 'import', now())`.execute(db);
    const loose = await insertContacts(company, 1);
    const contacts = {
      ids: [Number(buyerContact.id), loose.ids[0] as number],
      emails: [buyerEmail, loose.emails[0] as string],
    };
    const list = await staticList(company, contacts.ids);
    const template = await emailTemplate(company, {
      subject: 'How did we do, {contact_name}?',
      html_body: '<p>Dear {contact_name}, tell us in a minute: {feedback_link}</p>',
    });
    const created = await company.api.post(`admin/companies/${company.companyId}/campaigns`, {
      title: 'Feedback drive',
      campaign_medium: 'email',
      template_id: template.id,
      list_ids: [list.id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;

    const refused = await company.api.post(`admin/campaigns/${id}/run`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.template_id).toEqual([M.no_form_for_link]);

    const form = await createForm(company);
    const run = await company.api.post(`admin/campaigns/${id}/run`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const done = await waitFor(
      () => company.api.get(`admin/campaigns/${id}`),
      (r) => r.body.status === 'completed',
    );
    expect(done.body.counts).toMatchObject({ sent: 2, skipped: 0 });

    const requests = await db
      .selectFrom('feedback_requests')
      .select(['id', 'token', 'source', 'form_id', 'buyer_id', 'contact_id', 'campaign_id', 'email_queued'])
      .where('company_id', '=', company.companyId)
      .orderBy('contact_id')
      .execute();
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => [r.contact_id, r.buyer_id])).toEqual([
      [contacts.ids[0], buyer.id],
      [contacts.ids[1], null],
    ]);
    for (const r of requests)
      expect(r).toMatchObject({ source: 'campaign', form_id: form.id, campaign_id: id, email_queued: false });

    // Each contact's mail holds its own request's link.
    for (const [index, email] of contacts.emails.entries()) {
      const mail = company.t.mail.messages.find((m) => m.to === email.toLowerCase());
      const token = TOKEN.exec(mail?.raw.replace(/=\r?\n/g, '') ?? '')?.[1];
      expect(token, email).toBe(requests[index]?.token);
    }

    const token = requests[1]?.token ?? '';
    const answered = await stranger(company).post(`feedback/${token}`, { rating: 5, answers: { q1: true } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const again = await stranger(company).post(`feedback/${token}`, { rating: 1, answers: { q1: false } });
    expect(again.status).toBe(409);

    const listed = await company.api.get(
      `admin/companies/${company.companyId}/feedback_requests?status=answered`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.results).toHaveLength(1);
    expect(listed.body.results[0]).toMatchObject({
      source: 'campaign',
      campaign: { id, title: 'Feedback drive' },
      buyer: null,
      contact: { id: contacts.ids[1] },
      rating: 5,
    });
    const history = await historyRows(company, 'feedback_request', Number(requests[0]?.id), [
      'action',
      'changes',
    ]);
    expect(history[0]).toMatchObject({ action: 'requested', changes: { source: 'campaign', campaign: id } });
  }, 120_000);

  it('reuses the request of a message on a retried send: the same link, one row', async () => {
    const company = await marketingCompany();
    const { db } = company.t.server.ctx;
    await createForm(company);
    const contacts = await insertContacts(company, 3);
    const template = await emailTemplate(company, { html_body: '<p>{feedback_link}</p>' });
    const campaign = await insertCampaign(company, template.id, { status: 'processing' });
    const { rows } = await sql<{ id: number; contact_id: number }>`
      INSERT INTO campaign_messages (company_id, campaign_id, contact_id, medium, recipient, status)
      SELECT ${company.companyId}, ${campaign.id}, c, 'email', 'x' || c || '@example.in', 'sending'
      FROM unnest(${sql`ARRAY[${sql.join(contacts.ids)}]::bigint[]`}) c
      RETURNING id, contact_id`.execute(db);
    const messages = rows.map((r) => ({ id: Number(r.id), contactId: Number(r.contact_id) }));
    const options = {
      companyId: company.companyId,
      campaignId: campaign.id,
      baseUrl: 'https://shop.example.in',
    };

    const first = await campaignFeedbackLinks(db, { ...options, messages: messages.slice(0, 2) });
    const retried = await campaignFeedbackLinks(db, { ...options, messages });
    expect(first.size).toBe(2);
    expect(retried.size).toBe(3);
    for (const [messageId, url] of first) expect(retried.get(messageId)).toBe(url);
    expect(new Set(retried.values()).size).toBe(3);
    const count = await db
      .selectFrom('feedback_requests')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(3);

    // Without an active form nothing is made: the message is skipped for its missing input.
    await db
      .updateTable('feedback_forms')
      .set({ is_active: false })
      .where('company_id', '=', company.companyId)
      .execute();
    const other = await insertContacts(company, 1);
    const late = await sql<{ id: number }>`
      INSERT INTO campaign_messages (company_id, campaign_id, contact_id, medium, recipient, status)
      VALUES (${company.companyId}, ${campaign.id}, ${other.ids[0]}, 'email', 'late@example.in', 'sending')
      RETURNING id`.execute(db);
    const none = await campaignFeedbackLinks(db, {
      ...options,
      messages: [{ id: Number(late.rows[0]?.id), contactId: other.ids[0] as number }],
    });
    expect(none.size).toBe(0);
  }, 60_000);
});
