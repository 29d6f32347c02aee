import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SUPPORT_CENTER_MESSAGES } from '@b2b/domain/api/whatsapp-support';
import { SUPPORT_MESSAGES } from '@b2b/domain/whatsapp-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import {
  dbOf,
  insertContact,
  insertTemplate,
  marketingCompany,
  readBody,
  saveMedium,
} from '../../../test/campaign-message-fixtures.ts';
import {
  createUserWithPermissions,
  insertBuyer,
  type SignedUpCompany,
  unique,
  uniquePhone,
} from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';

// The WhatsApp support inbox over real HTTP: customers' messages posted to the webhook signed as
// Meta signs them, replies received by a local stand-in of the WhatsApp Cloud API.

const APP_SECRET = 'support-app-secret';
const PHONE_NUMBER_ID = '1234567890';

/** The stand-in Cloud API: records each POSTed message; `failNext` makes the next answer an error. */
interface CloudStandIn {
  url: string;
  sent: { path: string; auth: string | undefined; body: Record<string, any> }[];
  failNext: boolean;
}
let cloud: CloudStandIn;
let server: Server;

beforeAll(async () => {
  await testServer();
  const state: CloudStandIn = { url: '', sent: [], failNext: false };
  server = createServer(async (request, response) => {
    const raw = await readBody(request);
    state.sent.push({
      path: request.url ?? '',
      auth: request.headers.authorization,
      body: JSON.parse(raw.toString('utf8')),
    });
    response.setHeader('content-type', 'application/json');
    if (state.failNext) {
      state.failNext = false;
      response.statusCode = 400;
      response.end(
        JSON.stringify({
          error: {
            code: 131047,
            message: 'Re-engagement message',
            error_data: { details: 'More than 24 hours.' },
          },
        }),
      );
      return;
    }
    response.end(
      JSON.stringify({
        messaging_product: 'whatsapp',
        messages: [{ id: `wamid.out${unique()}` }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  cloud = state;
}, 180_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function supportCompany() {
  const company = await marketingCompany();
  await saveMedium(company, {
    medium: 'whatsapp',
    api_url: cloud.url,
    phone_number_id: PHONE_NUMBER_ID,
    business_account_id: '2098765432',
    access_token: 'cloud-token',
    app_secret: APP_SECRET,
    webhook_verify_token: 'verify',
  });
  return company;
}

/** Posts a Meta notification signed with the company's app secret. */
async function postMeta(company: SignedUpCompany, payload: unknown) {
  const raw = JSON.stringify(payload);
  const res = await fetch(`${company.t.baseUrl}/webhooks/whatsapp/${company.companyId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
    },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as { received: number; changed: number } };
}

const notification = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '2098765432',
      changes: [
        {
          field: 'messages',
          value: { messaging_product: 'whatsapp', metadata: { phone_number_id: PHONE_NUMBER_ID }, ...value },
        },
      ],
    },
  ],
});

const incoming = (from: string, text: string, options: { id?: string; name?: string; at?: Date } = {}) =>
  notification({
    contacts: [{ profile: { name: options.name ?? 'Customer' }, wa_id: from }],
    messages: [
      {
        from,
        id: options.id ?? `wamid.in${unique()}`,
        timestamp: String(Math.floor((options.at ?? new Date()).getTime() / 1000)),
        type: 'text',
        text: { body: text },
      },
    ],
  });

const receipt = (id: string, status: string) =>
  notification({
    statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: 'x' }],
  });

const conversations = (company: SignedUpCompany, query = '') =>
  company.api.get(`admin/companies/${company.companyId}/whatsapp_conversations?${query}`);

async function onlyConversation(company: SignedUpCompany) {
  const list = await conversations(company);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  expect(list.body.count).toBe(1);
  return list.body.results[0];
}

const historyActions = async (company: SignedUpCompany, id: number) =>
  (await company.api.get(`admin/whatsapp_conversations/${id}/history`)).body.results.map(
    (r: { actions: { action: string } }) => r.actions.action,
  );

describe('incoming WhatsApp messages (webhook)', () => {
  it('makes one conversation per number, linked to the buyer with that phone, and keeps a re-delivered message once', async () => {
    const company = await supportCompany();
    const phone = uniquePhone();
    const buyer = await insertBuyer(company.companyId, { name: `Sharma Traders ${unique()}`, phone });
    const wamid = `wamid.in${unique()}`;
    const payload = incoming(`91${phone}`, 'Namaste, is the 25 kg Basmati bag in stock? www.example.in', {
      id: wamid,
      name: 'Rahul',
    });

    const first = await postMeta(company, payload);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ received: 1, changed: 1 });
    // Meta re-delivers the same notification: nothing new.
    const again = await postMeta(company, payload);
    expect(again.body).toEqual({ received: 1, changed: 0 });

    const conversation = await onlyConversation(company);
    expect(conversation).toMatchObject({
      wa_number: `91${phone}`,
      name: buyer.name,
      profile_name: 'Rahul',
      buyer: { id: buyer.id, name: buyer.name },
      status: 'open',
      assigned_user: null,
      unread_count: 1,
      reply_window: { open: true },
    });
    expect(conversation.last_message_preview).toContain('Basmati');
    const messages = await company.api.get(`admin/whatsapp_conversations/${conversation.id}/messages`);
    expect(messages.body.count).toBe(1);
    expect(messages.body.results[0]).toMatchObject({
      direction: 'incoming',
      status: 'received',
      message_type: 'text',
      body: 'Namaste, is the 25 kg Basmati bag in stock? www.example.in',
    });

    // A second message of the same number joins the conversation; reading it clears the count.
    await postMeta(company, incoming(`91${phone}`, 'Also 10 bags of Sona Masoori please'));
    expect((await onlyConversation(company)).unread_count).toBe(2);
    const read = await company.api.post(`admin/whatsapp_conversations/${conversation.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.unread_count).toBe(0);
    expect(await historyActions(company, conversation.id)).toEqual(['created']);
  });

  it('links a contact by WhatsApp number, names media, and keeps another number apart', async () => {
    const company = await supportCompany();
    const number = uniquePhone();
    const contactId = await insertContact(company, { whatsapp_number: number });
    const photo = notification({
      contacts: [{ profile: { name: 'Priya' }, wa_id: `91${number}` }],
      messages: [
        {
          from: `91${number}`,
          id: `wamid.in${unique()}`,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'image',
          image: { caption: 'Damaged carton received', mime_type: 'image/jpeg', id: '1' },
        },
      ],
    });
    expect((await postMeta(company, photo)).body.changed).toBe(1);
    await postMeta(company, incoming('447911123456', 'Hello from London', { name: 'Amit' }));
    const list = await conversations(company, 'search=priya');
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({ contact: { id: contactId }, profile_name: 'Priya' });
    const byNumber = await conversations(company, 'search=%2B44%207911');
    expect(byNumber.body.results.map((c: { display_number: string }) => c.display_number)).toEqual([
      '+447911123456',
    ]);
    const messages = await company.api.get(
      `admin/whatsapp_conversations/${list.body.results[0].id}/messages`,
    );
    expect(messages.body.results[0]).toMatchObject({
      message_type: 'image',
      body: '[Photo] Damaged carton received',
    });
  });
});

describe('POST admin/whatsapp_conversations/{id}/messages', () => {
  it('answers with free text within 24 hours through the Cloud API, and Meta’s statuses move the message', async () => {
    const company = await supportCompany();
    const phone = uniquePhone();
    await postMeta(company, incoming(`91${phone}`, 'When will my order ship?'));
    const conversation = await onlyConversation(company);
    const before = cloud.sent.length;

    const reply = await company.api.post(`admin/whatsapp_conversations/${conversation.id}/messages`, {
      text: 'Your order ships today; track it at https://shop.example.in/t/42',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.detail).toBe(SUPPORT_MESSAGES.sent);
    expect(reply.body.message).toMatchObject({ direction: 'outgoing', status: 'sent', message_type: 'text' });
    const call = cloud.sent[before];
    expect(call?.path).toBe(`/v21.0/${PHONE_NUMBER_ID}/messages`);
    expect(call?.auth).toBe('Bearer cloud-token');
    expect(call?.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: `91${phone}`,
      type: 'text',
      text: { body: 'Your order ships today; track it at https://shop.example.in/t/42' },
    });

    const row = await dbOf(company)
      .selectFrom('whatsapp_messages')
      .select(['wa_message_id'])
      .where('company_id', '=', company.companyId)
      .where('id', '=', reply.body.message.id)
      .executeTakeFirstOrThrow();
    expect(row.wa_message_id).toMatch(/^wamid\.out/);
    const wamid = row.wa_message_id as string;
    expect((await postMeta(company, receipt(wamid, 'read'))).body.changed).toBe(1);
    expect((await postMeta(company, receipt(wamid, 'delivered'))).body.changed).toBe(0);
    const thread = await company.api.get(`admin/whatsapp_conversations/${conversation.id}/messages?limit=1`);
    expect(thread.body.count).toBe(2);
    expect(thread.body.results[0]).toMatchObject({ status: 'read', sent_by: { id: company.userId } });
    expect(thread.body.results[0].delivered_at).not.toBeNull();
    expect(await historyActions(company, conversation.id)).toContain('message_sent');
  });

  it('refuses free text after 24 hours with the rule, and sends an approved template instead', async () => {
    const company = await supportCompany();
    const phone = uniquePhone();
    await insertBuyer(company.companyId, { name: 'Gupta Kirana Stores', phone });
    await postMeta(company, incoming(`91${phone}`, 'Please send the price list', { name: 'Suresh' }));
    const conversation = await onlyConversation(company);
    await dbOf(company)
      .updateTable('whatsapp_conversations')
      .set({ last_incoming_at: new Date(Date.now() - 25 * 3600_000) })
      .where('company_id', '=', company.companyId)
      .where('id', '=', conversation.id)
      .execute();
    const before = cloud.sent.length;
    const path = `admin/whatsapp_conversations/${conversation.id}/messages`;

    const late = await company.api.post(path, { text: 'Here it is' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(SUPPORT_MESSAGES.window_closed);
    expect((await company.api.get(path)).body.count).toBe(1);

    const pending = await insertTemplate(company, 'whatsapp');
    await dbOf(company)
      .updateTable('templates')
      .set({ whatsapp_status: 'pending' })
      .where('company_id', '=', company.companyId)
      .where('id', '=', pending)
      .execute();
    const unapproved = await company.api.post(path, { template: pending });
    expect(unapproved.status).toBe(409);
    expect(unapproved.body.detail).toBe(SUPPORT_MESSAGES.template_not_approved);

    // The fixture's approved template needs contactName, buyerName, outstandingAmount and dueDate.
    const approved = await insertTemplate(company, 'whatsapp');
    const listed = await company.api.get(`admin/companies/${company.companyId}/whatsapp_support/templates`);
    expect(listed.body.results.map((t: { id: number }) => t.id)).toEqual([approved]);
    const missing = await company.api.post(path, { template: approved });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.variables[0]).toBe(
      SUPPORT_MESSAGES.template_missing_values(['outstanding_amount', 'due_date']),
    );
    const both = await company.api.post(path, { template: approved, text: 'hi' });
    expect(both.status).toBe(400);
    expect(cloud.sent.length).toBe(before);

    const sent = await company.api.post(path, {
      template: approved,
      variables: { outstanding_amount: '₹12,450.00', due_date: '15/12/2026' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.message).toMatchObject({
      message_type: 'template',
      status: 'sent',
      template: { id: approved },
      // The buyer's contact (made with the buyer) names the person; a number with no contact uses its WhatsApp name.
      body: 'Offer for Gupta Kirana Stores\n\nHello Gupta Kirana Stores, your dues of ₹12,450.00 are due on 15/12/2026. Thanks, Gupta Kirana Stores.',
    });
    expect(cloud.sent[before]?.body).toMatchObject({
      to: `91${phone}`,
      type: 'template',
      template: {
        name: 'payment_reminder_v2',
        language: { code: 'en' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Gupta Kirana Stores' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Gupta Kirana Stores' },
              { type: 'text', text: '₹12,450.00' },
              { type: 'text', text: '15/12/2026' },
            ],
          },
        ],
      },
    });
  });

  it('keeps a message WhatsApp refuses as failed with its reason', async () => {
    const company = await supportCompany();
    await postMeta(company, incoming(`91${uniquePhone()}`, 'Hello?'));
    const conversation = await onlyConversation(company);
    cloud.failNext = true;
    const reply = await company.api.post(`admin/whatsapp_conversations/${conversation.id}/messages`, {
      text: 'Hello, how can we help?',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.message.status).toBe('failed');
    expect(reply.body.message.error).toContain('131047');
    expect(reply.body.detail).toContain(SUPPORT_MESSAGES.send_failed);
  });

  it('says WhatsApp is not configured when the medium is not saved', async () => {
    const company = await marketingCompany();
    const summary = await company.api.get(`admin/companies/${company.companyId}/whatsapp_support`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ configured: false, webhook_ready: false });
    const conversation = await dbOf(company)
      .insertInto('whatsapp_conversations')
      .values({
        company_id: company.companyId,
        wa_number: `91${uniquePhone()}`,
        last_incoming_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reply = await company.api.post(`admin/whatsapp_conversations/${conversation.id}/messages`, {
      text: 'Hi',
    });
    expect(reply.status).toBe(409);
    expect(reply.body.detail).toBe(SUPPORT_MESSAGES.not_configured);
  });
});

describe('assign, close and reopen', () => {
  it('assigns only to users who may work the inbox, filters mine and unassigned, closes and reopens', async () => {
    const company = await supportCompany();
    await postMeta(company, incoming(`91${uniquePhone()}`, 'Need GST invoice copy'));
    const conversation = await onlyConversation(company);
    const path = `admin/whatsapp_conversations/${conversation.id}`;
    const agent = await createUserWithPermissions(company, [
      'view_whatsapp_support',
      'change_whatsapp_support',
    ]);
    const outsider = await createUserWithPermissions(company, ['view_lead']);

    const refused = await company.api.post(`${path}/assign`, { assigned_user: outsider.user.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.assigned_user[0]).toBe(SUPPORT_MESSAGES.assignee_forbidden);
    const self = await company.api.post(`${path}/assign`, { assigned_user: company.userId });
    expect(self.status, JSON.stringify(self.body)).toBe(200);
    expect(self.body.conversation.assigned_user.id).toBe(company.userId);
    expect((await conversations(company, 'assigned=mine')).body.count).toBe(1);
    expect((await conversations(company, 'assigned=unassigned')).body.count).toBe(0);
    expect(
      (await agent.api.get(`admin/companies/${company.companyId}/whatsapp_conversations?assigned=mine`)).body
        .count,
    ).toBe(0);

    const toAgent = await agent.api.post(`${path}/assign`, { assigned_user: agent.user.id });
    expect(toAgent.status).toBe(200);
    const agents = await company.api.get(`admin/companies/${company.companyId}/whatsapp_support/agents`);
    const agentIds = agents.body.results.map((a: { id: number }) => a.id);
    expect(agentIds).toContain(agent.user.id);
    expect(agentIds).toContain(company.userId);
    expect(agentIds).not.toContain(outsider.user.id);

    const closed = await agent.api.post(`${path}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      detail: SUPPORT_MESSAGES.closed,
      conversation: { status: 'closed' },
    });
    expect((await agent.api.post(`${path}/close`)).body.detail).toBe(SUPPORT_MESSAGES.already_closed);
    const onClosed = await agent.api.post(`${path}/messages`, { text: 'One more thing' });
    expect(onClosed.status).toBe(409);
    expect((await conversations(company, 'status=open')).body.count).toBe(0);
    const reopened = await agent.api.post(`${path}/reopen`);
    expect(reopened.body.conversation.status).toBe('open');
    await agent.api.post(`${path}/close`);
    // The customer writing again reopens it.
    await postMeta(company, incoming(conversation.wa_number, 'Still waiting for the invoice'));
    expect((await company.api.get(path)).body.status).toBe('open');
    // Newest first.
    expect(await historyActions(company, conversation.id)).toEqual([
      'reopened',
      'closed',
      'reopened',
      'closed',
      'assigned',
      'assigned',
      'created',
    ]);
    const summary = await company.api.get(`admin/companies/${company.companyId}/whatsapp_support`);
    expect(summary.body).toMatchObject({
      configured: true,
      webhook_ready: true,
      counts: { open: 1, mine: 0 },
    });
  });

  it('keeps companies apart and refuses users without the permission', async () => {
    const company = await supportCompany();
    const other = await supportCompany();
    await postMeta(company, incoming(`91${uniquePhone()}`, 'Hello'));
    const conversation = await onlyConversation(company);
    const path = `admin/whatsapp_conversations/${conversation.id}`;
    for (const res of [
      await other.api.get(path),
      await other.api.get(`${path}/messages`),
      await other.api.post(`${path}/messages`, { text: 'hi' }),
      await other.api.post(`${path}/assign`, { assigned_user: other.userId }),
      await other.api.post(`${path}/close`),
      await other.api.post(`${path}/read`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe(SUPPORT_MESSAGES.not_found);
    }
    expect((await conversations(other)).body.count).toBe(0);
    // A notification posted to the other company's webhook with this company's secret is refused.
    const raw = JSON.stringify(incoming(`91${uniquePhone()}`, 'x'));
    const forged = await fetch(`${company.t.baseUrl}/webhooks/whatsapp/${other.companyId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', 'wrong').update(raw).digest('hex')}`,
      },
      body: raw,
    });
    expect(forged.status).toBe(401);

    const viewer = await createUserWithPermissions(company, ['view_whatsapp_support']);
    expect((await viewer.api.get(path)).status).toBe(200);
    const write = await viewer.api.post(`${path}/close`);
    expect(write.status).toBe(403);
    const stranger = await createUserWithPermissions(company, ['view_lead']);
    const read = await stranger.api.get(`admin/companies/${company.companyId}/whatsapp_conversations`);
    expect(read.status).toBe(403);
    expect(read.body.detail).toMatch(/permission/);
  });
});

describe('support center', () => {
  const hours = (open: Record<string, [string, string]>) =>
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekday) => ({
      weekday,
      is_open: weekday in open,
      opens: open[weekday]?.[0] ?? null,
      closes: open[weekday]?.[1] ?? null,
    }));

  it('saves contacts, hours and an ordered FAQ, refuses bad hours, and serves buyers read-only', async () => {
    const company = await marketingCompany();
    const path = `v1/admin/companies/${company.companyId}/support_center`;
    const empty = await company.api.get(path);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ phone: null, faqs: [], updated_at: null });
    expect(empty.body.hours).toHaveLength(7);

    const input = {
      phone: '9820012345',
      email: 'support@sharmatraders.in',
      whatsapp_number: '9820012346',
      hours: hours({ monday: ['09:30', '18:30'], saturday: ['10:00', '14:00'] }),
      faqs: [
        { question: 'When will my order ship?', answer: 'Orders placed before 2 pm ship the same day.' },
        { question: 'Do you give GST invoices?', answer: 'Yes, every order comes with a GST invoice.' },
      ],
    };
    const saved = await company.api.put(path, input);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.detail).toBe(SUPPORT_CENTER_MESSAGES.saved);
    expect(saved.body.support_center).toMatchObject({ ...input, updated_by_name: expect.any(String) });

    const bad = await company.api.put(path, { ...input, hours: hours({ monday: ['18:00', '09:00'] }) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain(SUPPORT_CENTER_MESSAGES.hours_order);
    const shuffled = await company.api.put(path, { ...input, hours: [...input.hours].reverse() });
    expect(shuffled.status).toBe(400);
    expect((await company.api.get(path)).body.faqs).toEqual(input.faqs);

    // Buyers read it through the sales channel's credentials; staff without the permission cannot.
    const channels = (await company.api.get('admin/all_sales_channel/')).body.results as { id: number }[];
    const channel = channels[channels.length - 1] as { id: number };
    const credentials = await company.api.post(`sales_channels/${channel.id}/credentials`);
    const buyer = await insertBuyer(company.companyId);
    const store = new ApiClient(company.t.baseUrl, undefined, {
      'x-client-id': credentials.body.client_id,
      'x-client-secret': credentials.body.client_secret,
      'x-buyer-id': String(buyer.id),
    });
    const forBuyer = await store.get('storefront/support_center');
    expect(forBuyer.status, JSON.stringify(forBuyer.body)).toBe(200);
    expect(forBuyer.body).toEqual({
      phone: input.phone,
      email: input.email,
      whatsapp_number: input.whatsapp_number,
      hours: input.hours,
      faqs: input.faqs,
    });
    const other = await marketingCompany();
    expect((await other.api.get(`v1/admin/companies/${other.companyId}/support_center`)).body.faqs).toEqual(
      [],
    );
    expect((await other.api.get(path)).status).toBe(404);
    const staff = await createUserWithPermissions(company, ['view_marketing_configuration']);
    expect((await staff.api.get(path)).status).toBe(200);
    expect((await staff.api.put(path, input)).status).toBe(403);
  });
});
