import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEDIUM_MESSAGES } from '@b2b/domain/api/marketing-mediums';
import { MARKETING_DISABLED_MESSAGE } from '@b2b/domain/marketing';
import { renderTemplate, type TemplateContent } from '@b2b/domain/templates';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dbOf,
  insertContact,
  insertSentCampaign,
  insertTemplate,
  marketingCompany,
  messageRow,
  readBody,
  saveMedium,
} from '../../../test/campaign-message-fixtures.ts';
import { type SignedUpCompany, unique, uniquePhone } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { smsSender } from '../campaigns/senders/sms.sender.ts';
import { whatsappSender } from '../campaigns/senders/whatsapp.sender.ts';
import { WEBHOOK_MESSAGES } from './campaign-webhooks.service.ts';

// The providers' webhooks over real HTTP on the app: Meta's signed notifications and Gupshup's
// token-addressed callbacks move campaign messages forward only, and STOP opts contacts out.

beforeAll(async () => {
  await testServer();
}, 180_000);

const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-me-please';
const PHONE_NUMBER_ID = '1098765432';

async function whatsappCompany() {
  const company = await marketingCompany();
  await saveMedium(company, {
    medium: 'whatsapp',
    api_url: 'http://127.0.0.1:9/v21.0',
    phone_number_id: PHONE_NUMBER_ID,
    business_account_id: '2098765432',
    access_token: 'token',
    app_secret: APP_SECRET,
    webhook_verify_token: VERIFY_TOKEN,
  });
  return company;
}

async function smsCompany(token = `tok_${unique()}_abcdefghij`) {
  const company = await marketingCompany();
  await saveMedium(company, {
    medium: 'sms',
    provider: 'gupshup',
    api_url: 'http://127.0.0.1:9/GatewayAPI/rest',
    user_id: '2000123456',
    password: 'sms-secret',
    sender_id: 'PUNETR',
    dlt_entity_id: '1101234567890',
    webhook_token: token,
  });
  return { company, token };
}

const webhookUrl = (company: SignedUpCompany, path: string) => `${company.t.baseUrl}/webhooks/${path}`;

/** Posts a Meta notification, signed with `secret` (or not at all). */
async function postMeta(company: SignedUpCompany, payload: unknown, secret: string | null = APP_SECRET) {
  const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret)
    headers['x-hub-signature-256'] = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  const res = await fetch(webhookUrl(company, `whatsapp/${company.companyId}`), {
    method: 'POST',
    headers,
    body: raw,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const statuses = (...items: { id: string; status: string; timestamp?: string; errors?: unknown[] }[]) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '2098765432',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '919820000000', phone_number_id: PHONE_NUMBER_ID },
            statuses: items.map((s) => ({ recipient_id: '919820012345', timestamp: '1764460800', ...s })),
          },
        },
      ],
    },
  ],
});

const incoming = (from: string, text: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '2098765432',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { phone_number_id: PHONE_NUMBER_ID },
            contacts: [{ profile: { name: 'Rahul' }, wa_id: from }],
            messages: [
              {
                from,
                id: `wamid.in${unique()}`,
                timestamp: '1764460800',
                type: 'text',
                text: { body: text },
              },
            ],
          },
        },
      ],
    },
  ],
});

const consent = (company: SignedUpCompany, contactId: number, medium: string) =>
  dbOf(company)
    .selectFrom('contact_consents')
    .selectAll()
    .where('company_id', '=', company.companyId)
    .where('contact_id', '=', contactId)
    .where('medium', '=', medium as 'sms')
    .executeTakeFirst();

describe('WhatsApp webhook', () => {
  it("answers Meta's subscription check only with the company's verify token", async () => {
    const company = await whatsappCompany();
    const url = (token: string, mode = 'subscribe') =>
      `${webhookUrl(company, `whatsapp/${company.companyId}`)}?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=1158201444`;
    const ok = await fetch(url(VERIFY_TOKEN));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await fetch(url('wrong-token'))).status).toBe(403);
    expect((await fetch(url(VERIFY_TOKEN, 'unsubscribe'))).status).toBe(400);
    // Another company's token does not open this one.
    const other = await marketingCompany();
    expect(
      (
        await fetch(
          `${webhookUrl(other, `whatsapp/${other.companyId}`)}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
        )
      ).status,
    ).toBe(403);
  });

  it('moves messages forward only, refuses bad signatures, ignores repeats and other companies', async () => {
    const company = await whatsappCompany();
    const other = await whatsappCompany();
    const contactA = await insertContact(company);
    const contactB = await insertContact(company);
    const wamidA = `wamid.A${unique()}`;
    const wamidB = `wamid.B${unique()}`;
    const sent = await insertSentCampaign(company, 'whatsapp', [
      { contactId: contactA, providerMessageId: wamidA },
      { contactId: contactB, providerMessageId: wamidB },
    ]);
    const [idA, idB] = sent.messageIds as [number, number];
    // The other company's message carries the same wamid: a receipt to this company never touches it.
    const theirContact = await insertContact(other);
    const theirs = await insertSentCampaign(other, 'whatsapp', [
      { contactId: theirContact, providerMessageId: wamidA },
    ]);

    // Unsigned, wrongly signed, or signed with another secret: 401 and nothing written.
    const readA = statuses({ id: wamidA, status: 'read' });
    for (const secret of [null, 'another-secret']) {
      const refused = await postMeta(company, readA, secret);
      expect(refused.status).toBe(401);
      expect(refused.body.detail).toBe(WEBHOOK_MESSAGES.signature);
    }
    const tampered = await fetch(webhookUrl(company, `whatsapp/${company.companyId}`), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(JSON.stringify(readA)).digest('hex')}`,
      },
      body: JSON.stringify(statuses({ id: wamidB, status: 'read' })),
    });
    expect(tampered.status).toBe(401);
    expect((await messageRow(company, idA)).status).toBe('sent');
    expect((await messageRow(company, idB)).status).toBe('sent');

    // Read arrives before delivered: read, with the delivered date filled; the late delivered changes nothing back.
    const first = await postMeta(company, readA);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ received: 1, changed: 1 });
    const afterRead = await messageRow(company, idA);
    expect(afterRead).toMatchObject({ status: 'read', provider_status: 'Read' });
    expect(afterRead.read_at?.toISOString()).toBe('2025-11-30T00:00:00.000Z');
    expect(afterRead.delivered_at).not.toBeNull();
    const late = await postMeta(company, statuses({ id: wamidA, status: 'delivered' }));
    expect(late.body).toEqual({ received: 1, changed: 0 });
    const failedLate = await postMeta(company, statuses({ id: wamidA, status: 'failed' }));
    expect(failedLate.body.changed).toBe(0);
    expect(await messageRow(company, idA)).toEqual(afterRead);

    // Delivered, then the same receipt again: the second changes nothing.
    const deliveredB = statuses({ id: wamidB, status: 'delivered' });
    expect((await postMeta(company, deliveredB)).body).toEqual({ received: 1, changed: 1 });
    const onceB = await messageRow(company, idB);
    expect(onceB).toMatchObject({ status: 'delivered', provider_status: 'Delivered' });
    expect((await postMeta(company, deliveredB)).body).toEqual({ received: 1, changed: 0 });
    expect(await messageRow(company, idB)).toEqual(onceB);

    // The other company's message with the same wamid is untouched.
    expect((await messageRow(other, theirs.messageIds[0] as number)).status).toBe('sent');
    // Statuses of another phone number of the app are not this company's.
    const foreign = statuses({ id: wamidB, status: 'read' });
    (foreign.entry[0]?.changes[0]?.value.metadata as { phone_number_id: string }).phone_number_id = '555';
    expect((await postMeta(company, foreign)).body).toEqual({ received: 0, changed: 0 });
  });

  it('records a failure with its reason, and a malformed body is a 400', async () => {
    const company = await whatsappCompany();
    const contact = await insertContact(company);
    const wamid = `wamid.F${unique()}`;
    const { messageIds } = await insertSentCampaign(company, 'whatsapp', [
      { contactId: contact, providerMessageId: wamid },
    ]);
    const failed = await postMeta(
      company,
      statuses({
        id: wamid,
        status: 'failed',
        errors: [
          { code: 131026, title: 'Message undeliverable', error_data: { details: 'Not on WhatsApp' } },
        ],
      }),
    );
    expect(failed.body).toEqual({ received: 1, changed: 1 });
    const row = await messageRow(company, messageIds[0] as number);
    expect(row).toMatchObject({ status: 'failed', provider_status: 'FAILED' });
    expect(row.last_error).toContain('131026');
    expect(row.failed_at).not.toBeNull();

    for (const body of ['{"broken', '[]', '"text"', JSON.stringify({ entry: 'x' })]) {
      const res = await postMeta(company, body);
      expect(res.status, body).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('opts a contact out of WhatsApp on STOP or UNSUBSCRIBE, once, with a history row', async () => {
    const company = await whatsappCompany();
    const number = uniquePhone();
    const byWhatsapp = await insertContact(company, { whatsapp_number: number });
    const byPhone = await insertContact(company, { phone: uniquePhone() });
    const phoneOf = await dbOf(company)
      .selectFrom('contacts')
      .select('phone')
      .where('id', '=', byPhone)
      .executeTakeFirstOrThrow();
    const other = await whatsappCompany();
    const theirs = await insertContact(other, { whatsapp_number: number });

    // Each message is new to the support inbox (1); a STOP also opts the contact out (2).
    expect((await postMeta(company, incoming(`91${number}`, 'Hello'))).body.changed).toBe(1);
    expect((await postMeta(company, incoming(`91${number}`, ' stop '))).body.changed).toBe(2);
    expect((await postMeta(company, incoming(`91${phoneOf.phone}`, 'Unsubscribe'))).body.changed).toBe(2);
    const optedOut = await consent(company, byWhatsapp, 'whatsapp');
    expect(optedOut).toMatchObject({ opt_out_way: 'reply_stop' });
    expect(await consent(company, byPhone, 'whatsapp')).toMatchObject({ opt_out_way: 'reply_stop' });
    // Only WhatsApp, only this company; a second STOP keeps the first time.
    expect(await consent(company, byWhatsapp, 'sms')).toBeUndefined();
    expect(await consent(other, theirs, 'whatsapp')).toBeUndefined();
    await postMeta(company, incoming(`91${number}`, 'STOP'));
    expect((await consent(company, byWhatsapp, 'whatsapp'))?.opted_out_at).toEqual(optedOut?.opted_out_at);
    const history = await dbOf(company)
      .selectFrom('history')
      .select(['action', 'changes'])
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'contact')
      .where('entity_id', '=', byWhatsapp)
      .execute();
    expect(history).toEqual([{ action: 'opted_out', changes: { medium: 'whatsapp', way: 'reply_stop' } }]);
  });

  it('refuses a company without marketing, and one without an app secret', async () => {
    const company = await whatsappCompany();
    await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: false });
    const off = await postMeta(company, statuses({ id: 'wamid.x', status: 'read' }));
    expect(off.status).toBe(403);
    expect(off.body.detail).toBe(MARKETING_DISABLED_MESSAGE);
    const bare = await marketingCompany();
    expect((await postMeta(bare, statuses({ id: 'wamid.x', status: 'read' }))).status).toBe(401);
  });
});

describe('SMS webhooks (Gupshup)', () => {
  it('takes delivery reports only with the company token: DELIVRD/SUCCESS delivered, failures failed, repeats nothing', async () => {
    const { company, token } = await smsCompany();
    const { company: other, token: otherToken } = await smsCompany();
    const contacts = [
      await insertContact(company),
      await insertContact(company),
      await insertContact(company),
    ];
    const ids = contacts.map((_, i) => `356270749879498905${i}-${unique()}`);
    const { messageIds } = await insertSentCampaign(
      company,
      'sms',
      contacts.map((contactId, i) => ({ contactId, providerMessageId: ids[i] as string })),
    );
    const report = (path: string, query: Record<string, string>) =>
      fetch(`${webhookUrl(company, path)}?${new URLSearchParams(query)}`);

    const dlr = {
      externalId: ids[0] as string,
      deliveredTS: '1764460800000',
      status: 'SUCCESS',
      cause: 'SUCCESS',
      phoneNo: '919820012345',
      errCode: '000',
    };
    // A wrong token, another company's token, or the company id alone: 401, nothing written.
    for (const path of [
      `sms/${company.companyId}/wrong-token-xxxxxxxx`,
      `sms/${company.companyId}/${otherToken}`,
      `sms/${company.companyId}`,
    ]) {
      expect([401, 404]).toContain((await report(path, dlr)).status);
    }
    expect((await messageRow(company, messageIds[0] as number)).status).toBe('sent');

    const ok = await report(`sms/${company.companyId}/${token}`, dlr);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: 1, changed: 1 });
    const delivered = await messageRow(company, messageIds[0] as number);
    expect(delivered).toMatchObject({ status: 'delivered', provider_status: 'Delivered' });
    expect(delivered.delivered_at?.toISOString()).toBe('2025-11-30T00:00:00.000Z');
    expect(await (await report(`sms/${company.companyId}/${token}`, dlr)).json()).toEqual({
      received: 1,
      changed: 0,
    });
    // A failure after delivery is ignored.
    await report(`sms/${company.companyId}/${token}`, {
      ...dlr,
      status: 'FAILURE',
      cause: 'UNKNOWN_SUBSCRIBER',
    });
    expect(await messageRow(company, messageIds[0] as number)).toEqual(delivered);

    // The POST form: a JSON array of events.
    const posted = await fetch(webhookUrl(company, `sms/${company.companyId}/${token}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        {
          externalId: ids[1],
          eventType: 'DELIVERED',
          eventTs: 1764460800000,
          destAddr: 919820012345,
          cause: 'DELIVRD',
          errCode: '000',
        },
        {
          externalId: ids[2],
          eventType: 'FAILED',
          eventTs: 1764460800000,
          destAddr: 919820012346,
          cause: 'UNKNOWN_SUBSCRIBER',
          errCode: '003',
        },
        { externalId: 'not-ours', eventType: 'DELIVERED' },
      ]),
    });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toEqual({ received: 3, changed: 2 });
    expect((await messageRow(company, messageIds[1] as number)).status).toBe('delivered');
    const failed = await messageRow(company, messageIds[2] as number);
    expect(failed).toMatchObject({ status: 'failed', provider_status: 'FAILED' });
    expect(failed.last_error).toContain('UNKNOWN_SUBSCRIBER');

    // The other company's callback with this company's ids changes nothing here.
    const cross = await fetch(
      `${webhookUrl(other, `sms/${other.companyId}/${otherToken}`)}?${new URLSearchParams({ ...dlr, externalId: ids[1] as string, status: 'FAILURE' })}`,
    );
    expect(await cross.json()).toEqual({ received: 1, changed: 0 });
    expect((await messageRow(company, messageIds[1] as number)).status).toBe('delivered');

    // A form whose response field holds the events (Gupshup's POST as a form).
    const extra = await insertContact(company);
    const formId = `form-${unique()}`;
    const formCampaign = await insertSentCampaign(company, 'sms', [
      { contactId: extra, providerMessageId: formId },
    ]);
    const form = await fetch(webhookUrl(company, `sms/${company.companyId}/${token}`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        response: JSON.stringify([{ externalId: formId, eventType: 'DELIVERED' }]),
      }),
    });
    expect(await form.json()).toEqual({ received: 1, changed: 1 });
    expect((await messageRow(company, formCampaign.messageIds[0] as number)).status).toBe('delivered');

    // Malformed: 400, never 500.
    expect((await report(`sms/${company.companyId}/${token}`, { status: 'SUCCESS' })).status).toBe(400);
    for (const body of ['{"broken', '[]', '"x"', '[1,2]']) {
      const res = await fetch(webhookUrl(company, `sms/${company.companyId}/${token}`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, body).toBe(400);
    }
  });

  it('opts the sender of an SMS STOP out of SMS', async () => {
    const { company, token } = await smsCompany();
    const phone = uniquePhone();
    const contact = await insertContact(company, { phone });
    const inbound = (query: Record<string, string>) =>
      fetch(
        `${webhookUrl(company, `sms/${company.companyId}/${token}/inbound`)}?${new URLSearchParams(query)}`,
      );
    expect(
      (
        (await (
          await inbound({ msisdn: `91${phone}`, keyword: 'HELLO', content: 'HELLO there' })
        ).json()) as {
          changed: number;
        }
      ).changed,
    ).toBe(0);
    expect(await consent(company, contact, 'sms')).toBeUndefined();
    const stop = await inbound({
      phonecode: '9220092200',
      keyword: 'STOP',
      content: 'STOP',
      msisdn: `91${phone}`,
      timestamp: '13082098000',
    });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ received: 1, changed: 1 });
    expect(await consent(company, contact, 'sms')).toMatchObject({ opt_out_way: 'reply_stop' });
    expect(await consent(company, contact, 'whatsapp')).toBeUndefined();
    // A form POST works too; a wrong token does nothing.
    const wrong = await fetch(webhookUrl(company, `sms/${company.companyId}/nottherighttoken123/inbound`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ msisdn: `91${phone}`, content: 'STOP' }),
    });
    expect(wrong.status).toBe(401);
    expect((await inbound({ content: 'STOP' })).status).toBe(400);
  });

  it('the webhook token is write-only, at least 16 characters, and required for the callbacks', async () => {
    const { company, token } = await smsCompany();
    const config = await company.api.get(`admin/companies/${company.companyId}/configurations/`);
    expect(JSON.stringify(config.body)).not.toContain(token);
    const sms = config.body.mediums.find((m: { medium: string }) => m.medium === 'sms');
    expect(sms.secrets_set).toEqual(['password', 'webhook_token']);
    const short = await company.api.put(`v1/admin/companies/${company.companyId}/marketing_mediums`, {
      medium: 'sms',
      provider: 'gupshup',
      api_url: 'http://127.0.0.1:9/GatewayAPI/rest',
      user_id: '2000123456',
      sender_id: 'PUNETR',
      dlt_entity_id: '1101234567890',
      webhook_token: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.errors.webhook_token).toEqual([MEDIUM_MESSAGES.webhook_token]);
    // Without a token saved, no callback is taken.
    const bare = await marketingCompany();
    await saveMedium(bare, {
      medium: 'sms',
      provider: 'gupshup',
      api_url: 'http://127.0.0.1:9/GatewayAPI/rest',
      user_id: '2000123456',
      password: 'x',
      sender_id: 'PUNETR',
      dlt_entity_id: '1101234567890',
    });
    expect(
      (
        await fetch(
          `${webhookUrl(bare, `sms/${bare.companyId}/anything-at-all-123`)}?externalId=1&status=SUCCESS`,
        )
      ).status,
    ).toBe(401);
  });
});

describe('rate limit of the SMS and WhatsApp webhooks', () => {
  it('lets an address make 1,200 requests a minute to them, counted together, then answers 429', async () => {
    const { company } = await smsCompany();
    // Addresses of their own: the other tests post from 127.0.0.1 and must not be limited.
    const octet = () => Math.floor(Math.random() * 250);
    const from = `10.${octet()}.${octet()}.23`;
    const other = `10.${octet()}.${octet()}.24`;
    // Guessed tokens (401 each): a guesser is who the limit stops, so they count like the rest.
    const report = (address: string) =>
      fetch(
        webhookUrl(company, `sms/${company.companyId}/guessed-token-${unique()}?externalId=1&status=SUCCESS`),
        {
          headers: { 'x-forwarded-for': address },
        },
      );
    const seen: number[] = [];
    for (let sent = 0; sent < 1_199; sent += 100) {
      const batch = Array.from({ length: Math.min(100, 1_199 - sent) }, () => report(from));
      for (const res of await Promise.all(batch)) {
        seen.push(res.status);
        await res.arrayBuffer();
      }
    }
    expect(seen.length).toBe(1_199);
    expect(new Set(seen)).toEqual(new Set([401]));
    // The 1,200th, an unsigned post to the WhatsApp webhook, counts with them and still gets an answer.
    const meta = { method: 'POST', headers: { 'x-forwarded-for': from, 'content-type': 'application/json' } };
    const whatsappUrl = webhookUrl(company, `whatsapp/${company.companyId}`);
    expect((await fetch(whatsappUrl, { ...meta, body: '{}' })).status).toBe(401);
    // The 1,201st: refused with a sentence and when to retry, whichever webhook it is for.
    const limited = await report(from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { detail: string }).detail).toBe(WEBHOOK_MESSAGES.too_many);
    expect((await fetch(whatsappUrl, { ...meta, body: '{}' })).status).toBe(429);
    // Another address is not limited.
    expect((await report(other)).status).toBe(401);
  }, 120_000);
});

describe('round trip through provider stand-ins', () => {
  it('a WhatsApp and an SMS sent by the senders come back as delivered through the webhooks', async () => {
    const company = await whatsappCompany();
    await saveMedium(company, {
      medium: 'sms',
      provider: 'gupshup',
      api_url: 'http://127.0.0.1:9/GatewayAPI/rest',
      user_id: '2000123456',
      password: 'sms-secret',
      sender_id: 'PUNETR',
      dlt_entity_id: '1101234567890',
      webhook_token: 'round-trip-token-0123456789',
    });
    const webhookBase = company.t.baseUrl;
    const companyId = company.companyId;
    // The stand-in answers like the provider, then calls the company's webhook back as it would.
    // (Called once the send loop has recorded the provider's id, as a real receipt comes later.)
    const callbacks: (() => Promise<Response>)[] = [];
    const stand = createServer(async (request, response) => {
      const body = await readBody(request);
      if (request.url?.endsWith('/messages')) {
        const wamid = `wamid.RT${unique()}`;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: wamid }] }));
        const raw = JSON.stringify(statuses({ id: wamid, status: 'delivered' }));
        callbacks.push(() =>
          fetch(`${webhookBase}/webhooks/whatsapp/${companyId}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
            },
            body: raw,
          }),
        );
        return;
      }
      const form = new URLSearchParams(body.toString('utf8'));
      const externalId = `${Date.now()}-${unique()}`;
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`success | ${form.get('send_to')} | ${externalId}`);
      callbacks.push(() =>
        fetch(
          `${webhookBase}/webhooks/sms/${companyId}/round-trip-token-0123456789?${new URLSearchParams({
            externalId,
            deliveredTS: String(Date.now()),
            status: 'SUCCESS',
            cause: 'SUCCESS',
            phoneNo: String(form.get('send_to')),
          })}`,
        ),
      );
    });
    await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;
    try {
      for (const medium of ['whatsapp', 'sms'] as const) {
        const phone = uniquePhone();
        const contact = await insertContact(company, { phone });
        const templateId = await insertTemplate(company, medium);
        const template = await dbOf(company)
          .selectFrom('templates')
          .selectAll()
          .where('id', '=', templateId)
          .executeTakeFirstOrThrow();
        const campaign = await insertSentCampaign(company, medium, [
          { contactId: contact, providerMessageId: `pending-${unique()}` },
        ]);
        const messageId = campaign.messageIds[0] as number;
        await dbOf(company)
          .updateTable('campaign_messages')
          .set({ status: 'sending', provider_message_id: null, provider_status: null, sent_at: null })
          .where('id', '=', messageId)
          .execute();
        const values = {
          contact_name: 'Rahul',
          buyer_name: 'Sharma Traders',
          outstanding_amount: '1,200.00',
          due_date: '15/12/2026',
        };
        const sender = medium === 'sms' ? smsSender : whatsappSender;
        const channel = await sender.open(
          medium === 'sms'
            ? { api_url: `${base}/GatewayAPI/rest`, user_id: 'u', password: 'p' }
            : { api_url: `${base}/v21.0`, phone_number_id: PHONE_NUMBER_ID, access_token: 't' },
        );
        const outcome = await channel.send({
          idempotencyKey: `cm-${messageId}`,
          companyId,
          campaignId: campaign.campaignId,
          messageId,
          recipient: phone,
          rendered: renderTemplate(template as unknown as TemplateContent, values),
          template: template as unknown as Record<string, unknown>,
          values,
          unsubscribeUrl: 'https://shop.example.in/u/x',
          promotional: false,
        });
        expect(outcome.kind, JSON.stringify(outcome)).toBe('sent');
        // What the send loop records with the outcome.
        if (outcome.kind === 'sent')
          await dbOf(company)
            .updateTable('campaign_messages')
            .set({ status: 'sent', provider_message_id: outcome.providerMessageId, sent_at: new Date() })
            .where('id', '=', messageId)
            .execute();
        const answers = await Promise.all(callbacks.splice(0).map((call) => call()));
        expect(answers.map((a) => a.status)).toEqual([200]);
        expect(await messageRow(company, messageId)).toMatchObject({
          status: 'delivered',
          provider_status: 'Delivered',
        });
      }
    } finally {
      await new Promise<void>((resolve) => stand.close(() => resolve()));
    }
  });
});
