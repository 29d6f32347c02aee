import type { IncomingMessage } from 'node:http';
import type { CampaignMedium } from '@b2b/domain/statuses';
import { expect } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique, uniquePhone } from './factories.ts';

// Campaign rows written straight into the database, for tests of the senders and the webhooks
// that do not go through the campaign routes.

export const dbOf = (company: SignedUpCompany) => company.t.server.ctx.db;

/** A company with the marketing switch on. */
export async function marketingCompany(): Promise<SignedUpCompany> {
  const company = await signUpCompany();
  const res = await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return company;
}

/** Saves a medium through the API (secrets sealed as in use). */
export async function saveMedium(company: SignedUpCompany, body: Record<string, unknown>) {
  const res = await company.api.put(`v1/admin/companies/${company.companyId}/marketing_mediums`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function insertContact(
  company: SignedUpCompany,
  values: { phone?: string; whatsapp_number?: string | null; buyer_id?: number } = {},
) {
  const row = await dbOf(company)
    .insertInto('contacts')
    .values({
      company_id: company.companyId,
      name: `Contact ${unique()}`,
      phone: values.phone ?? uniquePhone(),
      whatsapp_number: values.whatsapp_number ?? null,
      ...(values.buyer_id !== undefined && { buyer_id: values.buyer_id }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const TEMPLATES: Record<CampaignMedium, Record<string, unknown>> = {
  email: { subject: 'Hi', html_body: '<p>Hi</p>', text_body: 'Hi' },
  sms: {
    body: 'Dear {contact_name}, pay {outstanding_amount} by {due_date}. -ACME',
    sender_header: 'ACMEDS',
    dlt_template_id: '1107161234567890123',
    dlt_entity_id: '1101234567890',
  },
  whatsapp: {
    body: 'Hello {contactName}, your dues of {outstandingAmount} are due on {dueDate}. Thanks, {contactName}.',
    header_text: 'Offer for {buyerName}',
    meta_template_name: 'payment_reminder_v2',
    language: 'en',
    category: 'utility',
    whatsapp_status: 'approved',
  },
  push_notification: {
    title: 'Diwali sale',
    body: 'Up to 20% off',
    link_url: 'https://shop.example.in/sale',
  },
};

export async function insertTemplate(company: SignedUpCompany, medium: CampaignMedium) {
  const row = await dbOf(company)
    .insertInto('templates')
    .values({ company_id: company.companyId, medium, name: `T ${unique()}`, ...TEMPLATES[medium] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A processing campaign of the medium with one message per contact, each already sent with a provider id. */
export async function insertSentCampaign(
  company: SignedUpCompany,
  medium: CampaignMedium,
  messages: { contactId: number; providerMessageId: string; status?: 'sent' | 'delivered' | 'read' }[],
) {
  const db = dbOf(company);
  const templateId = await insertTemplate(company, medium);
  const campaign = await db
    .insertInto('campaigns')
    .values({
      company_id: company.companyId,
      title: `Campaign ${unique()}`,
      medium,
      template_id: templateId,
      status: 'processing',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('campaign_messages')
    .values(
      messages.map((m) => ({
        company_id: company.companyId,
        campaign_id: campaign.id,
        contact_id: m.contactId,
        medium,
        recipient: 'x',
        status: m.status ?? 'sent',
        provider_message_id: m.providerMessageId,
        provider_status: 'Submitted',
        sent_at: new Date(),
      })),
    )
    .returning(['id', 'contact_id'])
    .execute();
  return { campaignId: campaign.id, messageIds: rows.map((r) => r.id) };
}

export const messageRow = (company: SignedUpCompany, id: number) =>
  dbOf(company)
    .selectFrom('campaign_messages')
    .selectAll()
    .where('company_id', '=', company.companyId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

export const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
