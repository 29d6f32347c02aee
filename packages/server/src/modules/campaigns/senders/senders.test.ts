import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { renderTemplate, type TemplateContent } from '@b2b/domain/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../test/api-client.ts';
import { dbOf, marketingCompany, readBody, saveMedium } from '../../../../test/campaign-message-fixtures.ts';
import { testServer } from '../../../../test/harness.ts';
import { createBuyerWithAddress } from '../../../../test/sales-fixtures.ts';
import { newVapidKeys } from '../../marketing-mediums/medium-tests.ts';
import { pushRecipients } from '../../push-subscriptions/push-subscriptions.queries.ts';
import { SENDERS } from './index.ts';
import { pushSender } from './push.sender.ts';
import type { OutgoingMessage } from './sender.ts';
import { smsSender } from './sms.sender.ts';
import { whatsappSender } from './whatsapp.sender.ts';

// The SMS, WhatsApp and push senders against local stand-ins that answer as the providers do.

/** http_ece decrypts what web-push encrypted (the browser's side of RFC 8291); a web-push dependency. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer;
};

interface Call {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
const calls: Call[] = [];
/** What the next provider call answers, by path. */
const answers = new Map<string, { status: number; body: string; headers?: Record<string, string> }>();
let stand: Server;
let base = '';

beforeAll(async () => {
  await testServer();
  stand = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await readBody(request);
    calls.push({ path: url.pathname, headers: request.headers, body });
    const answer = answers.get(url.pathname) ?? { status: 404, body: '' };
    response.writeHead(answer.status, answer.headers ?? {});
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;
}, 180_000);
afterAll(() => new Promise<void>((resolve) => stand.close(() => resolve())));

const lastCall = (path: string) => [...calls].reverse().find((c) => c.path === path) as Call;

function outgoing(
  template: TemplateContent & Record<string, unknown>,
  recipient: string,
  values: Record<string, string>,
  companyId = 1,
): OutgoingMessage {
  return {
    idempotencyKey: `cm-${randomBytes(6).toString('hex')}`,
    companyId,
    campaignId: 1,
    messageId: 1,
    recipient,
    rendered: renderTemplate(template, values),
    template,
    values,
    unsubscribeUrl: 'https://shop.example.in/u/x',
    promotional: true,
  };
}

describe('senders registry', () => {
  it('has the SMS, WhatsApp and push senders', () => {
    expect(SENDERS.sms).toBe(smsSender);
    expect(SENDERS.whatsapp).toBe(whatsappSender);
    expect(SENDERS.push_notification).toBe(pushSender);
  });
});

describe('SMS sender (Gupshup Enterprise)', () => {
  const settings = () => ({
    api_url: `${base}/GatewayAPI/rest`,
    user_id: '2000123456',
    password: 'sms-secret',
    sender_id: 'PUNETR',
    dlt_entity_id: '1101234567890',
  });
  const template = {
    medium: 'sms' as const,
    body: 'Dear {contact_name}, pay {outstanding_amount}. -ACME',
    sender_header: 'ACMEDS',
    dlt_template_id: '1107161234567890123',
    dlt_entity_id: '1101999999999',
  };
  const values = { contact_name: 'Rahul', outstanding_amount: '₹1,200.00' };

  it('posts the DLT form and records the id of a success answer', async () => {
    answers.set('/GatewayAPI/rest', {
      status: 200,
      body: 'success | 919820012345 | 3562707498794989059-328736121207676738\n',
    });
    const channel = await smsSender.open(settings());
    const outcome = await channel.send(outgoing(template, '9820012345', values));
    await channel.close();
    expect(outcome).toEqual({
      kind: 'sent',
      providerMessageId: '3562707498794989059-328736121207676738',
      providerStatus: 'Submitted',
    });
    const form = new URLSearchParams(lastCall('/GatewayAPI/rest').body.toString('utf8'));
    expect(Object.fromEntries(form)).toMatchObject({
      method: 'SendMessage',
      send_to: '919820012345',
      msg: 'Dear Rahul, pay ₹1,200.00. -ACME',
      msg_type: 'UNICODE_TEXT',
      userid: '2000123456',
      password: 'sms-secret',
      mask: 'ACMEDS',
      principalEntityId: '1101999999999',
      dltTemplateId: '1107161234567890123',
    });
  });

  it('error answers are permanent (an invalid number skips as invalid); 5xx, 429 and no answer are temporary', async () => {
    const channel = await smsSender.open(settings());
    const send = () => channel.send(outgoing(template, '9820012345', values));
    answers.set('/GatewayAPI/rest', { status: 200, body: 'error | 175 | Invalid phone number' });
    expect(await send()).toMatchObject({ kind: 'permanent', skipReason: 'invalid' });
    answers.set('/GatewayAPI/rest', { status: 200, body: 'error | 105 | Authentication failed' });
    const refused = await send();
    expect(refused).toMatchObject({ kind: 'permanent' });
    expect(refused).not.toHaveProperty('skipReason');
    answers.set('/GatewayAPI/rest', { status: 503, body: 'busy' });
    expect((await send()).kind).toBe('temporary');
    answers.set('/GatewayAPI/rest', { status: 429, body: '' });
    expect((await send()).kind).toBe('temporary');
    const unreachable = await smsSender.open({
      ...settings(),
      api_url: 'http://127.0.0.1:1/GatewayAPI/rest',
    });
    expect((await unreachable.send(outgoing(template, '9820012345', values))).kind).toBe('temporary');
    // Not a mobile number: never sent.
    const before = calls.length;
    expect(await channel.send(outgoing(template, '1234567890', values))).toMatchObject({
      kind: 'permanent',
      skipReason: 'invalid',
    });
    expect(calls.length).toBe(before);
  });
});

describe('WhatsApp sender (Cloud API)', () => {
  const settings = () => ({
    api_url: `${base}/v21.0/`,
    phone_number_id: '1098765432',
    access_token: 'wa-token',
  });
  const template = {
    medium: 'whatsapp' as const,
    body: 'Hello {contactName}, {outstandingAmount} is due on {dueDate}. Thanks {contactName}.',
    header_text: 'Offer for {buyerName}',
    meta_template_name: 'payment_reminder_v2',
    language: 'en',
  };
  const values = {
    contact_name: 'Rahul',
    outstanding_amount: '₹1,200.00',
    due_date: '15/12/2026',
    buyer_name: 'Sharma Traders',
  };
  const path = '/v21.0/1098765432/messages';

  it('sends the template with its parameters in Meta order and records the wamid', async () => {
    answers.set(path, {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: '919820012345', wa_id: '919820012345' }],
        messages: [{ id: 'wamid.HBgMOTE5ODIwMDEyMzQ1FQIAERgSQUJD' }],
      }),
    });
    const channel = await whatsappSender.open(settings());
    const message = outgoing(template, '9820012345', values);
    const outcome = await channel.send(message);
    expect(outcome).toEqual({
      kind: 'sent',
      providerMessageId: 'wamid.HBgMOTE5ODIwMDEyMzQ1FQIAERgSQUJD',
      providerStatus: 'Submitted',
    });
    const call = lastCall(path);
    expect(call.headers.authorization).toBe('Bearer wa-token');
    expect(JSON.parse(call.body.toString('utf8'))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919820012345',
      type: 'template',
      biz_opaque_callback_data: message.idempotencyKey,
      template: {
        name: 'payment_reminder_v2',
        language: { code: 'en' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'Sharma Traders' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Rahul' },
              { type: 'text', text: '₹1,200.00' },
              { type: 'text', text: '15/12/2026' },
            ],
          },
        ],
      },
    });
  });

  it("reads Meta's error codes: undeliverable is invalid, throttling and 5xx retry, the rest is permanent", async () => {
    const channel = await whatsappSender.open(settings());
    const send = () => channel.send(outgoing(template, '9820012345', values));
    const metaError = (status: number, code: number) =>
      answers.set(path, {
        status,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          error: { message: `(#${code}) error`, code, error_data: { details: `details ${code}` } },
        }),
      });
    metaError(400, 131026);
    expect(await send()).toMatchObject({ kind: 'permanent', skipReason: 'invalid' });
    metaError(400, 131047);
    expect(await send()).toMatchObject({ kind: 'permanent', error: expect.stringContaining('131047') });
    metaError(400, 132001);
    expect((await send()).kind).toBe('permanent');
    metaError(400, 130429);
    expect((await send()).kind).toBe('temporary');
    metaError(400, 131056);
    expect((await send()).kind).toBe('temporary');
    metaError(429, 4);
    expect((await send()).kind).toBe('temporary');
    metaError(500, 131000);
    expect((await send()).kind).toBe('temporary');
    answers.set(path, { status: 502, body: '<html>bad gateway</html>' });
    expect((await send()).kind).toBe('temporary');
    // A variable without a value: nothing is sent.
    const before = calls.length;
    const missing = await channel.send(outgoing(template, '9820012345', { ...values, due_date: '' }));
    expect(missing).toMatchObject({ kind: 'permanent', error: expect.stringContaining('due_date') });
    expect(calls.length).toBe(before);
  });
});

describe('push sender (Web Push)', () => {
  /** A browser: its P-256 key pair and auth secret, as PushManager.subscribe() makes them. */
  const browser = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    return {
      ecdh,
      auth,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  };

  /** The company's web store channel with credentials, as storefront.test.ts makes it. */
  async function webStoreClient(company: Awaited<ReturnType<typeof marketingCompany>>, buyerId: number) {
    const channels = (await company.api.get('admin/all_sales_channel/')).body.results as { id: number }[];
    const channel = channels[channels.length - 1] as { id: number };
    const res = await company.api.post(`sales_channels/${channel.id}/credentials`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new ApiClient(company.t.baseUrl, undefined, {
      'x-client-id': res.body.client_id,
      'x-client-secret': res.body.client_secret,
      'x-buyer-id': String(buyerId),
    });
  }

  it('registers a subscription from the web store, sends a VAPID-signed aes128gcm message, and expires it on 410', async () => {
    const company = await marketingCompany();
    const vapid = newVapidKeys();
    const buyer = await createBuyerWithAddress(company);
    const store = await webStoreClient(company, buyer.id);
    const b = browser();
    const endpoint = `${base}/push/${randomBytes(8).toString('hex')}`;
    const subscription = { endpoint, expirationTime: null, keys: b.keys };

    // Push not set up: the store is told so.
    const early = await store.post('storefront/push-subscriptions', subscription);
    expect(early.status, JSON.stringify(early.body)).toBe(409);

    await saveMedium(company, {
      medium: 'push_notification',
      vapid_subject: 'mailto:admin@pune-traders.in',
      vapid_public_key: vapid.publicKey,
      vapid_private_key: vapid.privateKey,
    });
    const key = await store.get('storefront/push-subscriptions/vapid-key');
    expect(key.body).toEqual({ vapid_public_key: vapid.publicKey });
    const saved = await store.post('storefront/push-subscriptions', subscription);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const contact = await dbOf(company)
      .selectFrom('contacts')
      .select('id')
      .where('company_id', '=', company.companyId)
      .where('buyer_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(saved.body).toMatchObject({ endpoint, contact_id: contact.id, expired_at: null });
    // The send loop's recipient for the buyer's contact: this subscription.
    expect(await pushRecipients(dbOf(company), company.companyId, [contact.id])).toEqual(
      new Map([[contact.id, String(saved.body.id)]]),
    );
    // The same browser again renews the same row.
    const again = await store.post('storefront/push-subscriptions', subscription);
    expect(again.body.id).toBe(saved.body.id);
    const bad = await store.post('storefront/push-subscriptions', {
      ...subscription,
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(bad.status).toBe(400);

    const pushPath = new URL(endpoint).pathname;
    answers.set(pushPath, { status: 201, body: '', headers: { location: `${base}/m/123` } });
    const settings = {
      vapid_subject: 'mailto:admin@pune-traders.in',
      vapid_public_key: vapid.publicKey,
      vapid_private_key: vapid.privateKey,
    };
    const template = {
      medium: 'push_notification' as const,
      title: 'Hi {contact_name}',
      body: 'Up to 20% off',
      link_url: 'https://shop.example.in/sale',
    };
    const channel = await pushSender.open(settings, { db: dbOf(company) });
    const outcome = await channel.send(
      outgoing(template, String(saved.body.id), { contact_name: 'Rahul' }, company.companyId),
    );
    expect(outcome).toEqual({
      kind: 'sent',
      providerMessageId: `${base}/m/123`,
      providerStatus: 'Submitted',
    });

    const call = lastCall(pushPath);
    expect(call.headers['content-encoding']).toBe('aes128gcm');
    expect(call.headers.ttl).toBe('86400');
    const auth = String(call.headers.authorization);
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(auth);
    expect(match?.[2]).toBe(vapid.publicKey);
    // The JWT is signed with the VAPID private key (ES256) for the push service's origin.
    const [head, claims, signature] = String(match?.[1]).split('.') as [string, string, string];
    const point = Buffer.from(vapid.publicKey, 'base64url');
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    expect(
      verify(
        'sha256',
        Buffer.from(`${head}.${claims}`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(true);
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'))).toMatchObject({
      aud: base,
      sub: 'mailto:admin@pune-traders.in',
    });
    // The browser can read it: {title, body, url}.
    const clear = ece.decrypt(call.body, {
      version: 'aes128gcm',
      privateKey: b.ecdh,
      authSecret: b.keys.auth,
    });
    expect(JSON.parse(clear.toString('utf8'))).toEqual({
      title: 'Hi Rahul',
      body: 'Up to 20% off',
      url: 'https://shop.example.in/sale',
    });
    const afterSend = await dbOf(company)
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('id', '=', saved.body.id)
      .executeTakeFirstOrThrow();
    expect(afterSend.last_success_at).not.toBeNull();

    // 429 and 5xx retry later; 410 Gone expires the subscription and never calls it again.
    answers.set(pushPath, { status: 429, body: '' });
    expect((await channel.send(outgoing(template, String(saved.body.id), {}, company.companyId))).kind).toBe(
      'temporary',
    );
    answers.set(pushPath, { status: 410, body: '' });
    expect(
      await channel.send(outgoing(template, String(saved.body.id), {}, company.companyId)),
    ).toMatchObject({
      kind: 'permanent',
      skipReason: 'invalid',
    });
    const expired = await dbOf(company)
      .selectFrom('push_subscriptions')
      .select('expired_at')
      .where('id', '=', saved.body.id)
      .executeTakeFirstOrThrow();
    expect(expired.expired_at).not.toBeNull();
    expect((await pushRecipients(dbOf(company), company.companyId, [contact.id])).size).toBe(0);
    const before = calls.length;
    expect((await channel.send(outgoing(template, String(saved.body.id), {}, company.companyId))).kind).toBe(
      'permanent',
    );
    expect(calls.length).toBe(before);
    // Another company cannot send to this subscription by its id.
    const other = await marketingCompany();
    const theirs = await pushSender.open(settings, { db: dbOf(other) });
    expect((await theirs.send(outgoing(template, String(saved.body.id), {}, other.companyId))).kind).toBe(
      'permanent',
    );
    expect(calls.length).toBe(before);

    // Registering again makes it live; the browser unsubscribing expires it.
    expect((await store.post('storefront/push-subscriptions', subscription)).body.expired_at).toBeNull();
    const gone = await store.request('DELETE', 'storefront/push-subscriptions', { endpoint });
    expect(gone.status).toBe(204);
    const history = await dbOf(company)
      .selectFrom('history')
      .select('action')
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'push_subscription')
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.action)).toEqual(['created', 'renewed', 'expired', 'renewed', 'expired']);
    // Without the channel's credentials: 401.
    const anonymous = await new ApiClient(company.t.baseUrl).post(
      'storefront/push-subscriptions',
      subscription,
    );
    expect(anonymous.status).toBe(401);
  });
});
