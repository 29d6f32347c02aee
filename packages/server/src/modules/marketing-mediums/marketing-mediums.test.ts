import { createECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MEDIUM_MESSAGES } from '@b2b/domain/api/marketing-mediums';
import { MARKETING_DISABLED_MESSAGE } from '@b2b/domain/marketing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { startMailCapture } from '../../../test/mail-capture.ts';

async function marketingCompany() {
  const company = await signUpCompany();
  const res = await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return company;
}

const configPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/configurations/`;
const mediumsPath = (company: SignedUpCompany) => `v1/admin/companies/${company.companyId}/marketing_mediums`;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => resolve(body));
  });

/** Stand-ins for the WhatsApp Cloud API (one phone number, one token) and Gupshup's GatewayAPI. */
const calls: { path: string; auth?: string; form?: URLSearchParams }[] = [];
let providers: Server;
let providerUrl = '';
beforeAll(async () => {
  providers = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname === '/v21.0/1098765432') {
      calls.push({ path: url.pathname, auth: request.headers.authorization });
      const ok = request.headers.authorization === 'Bearer good-token';
      response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          ok
            ? { display_phone_number: '+91 98200 12345', verified_name: 'Pune Traders', id: '1098765432' }
            : { error: { message: 'Invalid OAuth access token.', code: 190 } },
        ),
      );
      return;
    }
    if (url.pathname === '/GatewayAPI/rest') {
      const form = new URLSearchParams(await readBody(request));
      calls.push({ path: url.pathname, form });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(
        form.get('password') === 'sms-secret'
          ? `success | ${form.get('send_to')} | 4242424242`
          : 'error | 105 | Authentication failed',
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => providers.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(providers.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => providers.close(() => resolve())));

/** The private key of a pair nobody saved. */
const strangerKey = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPrivateKey().toString('base64url');
};

const whatsapp = (body: Record<string, unknown> = {}) => ({
  medium: 'whatsapp',
  api_url: `${providerUrl}/v21.0`,
  phone_number_id: '1098765432',
  business_account_id: '2098765432',
  access_token: 'good-token',
  app_secret: 'meta-app-secret',
  ...body,
});

describe('marketing mediums', () => {
  it('saves a medium with its secrets sealed, never returns them, keeps them when left out and clears them with null', async () => {
    const company = await marketingCompany();
    const empty = await company.api.get(configPath(company));
    expect(empty.status).toBe(200);
    expect(empty.body.is_marketing_enabled).toBe(true);
    expect(empty.body.mediums.map((m: { medium: string }) => m.medium)).toEqual([
      'email',
      'sms',
      'whatsapp',
      'push_notification',
    ]);
    expect(empty.body.mediums.every((m: { configured: boolean }) => !m.configured)).toBe(true);

    const saved = await company.api.put(mediumsPath(company), whatsapp());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.configured).toBe(true);
    expect(saved.body.secrets_set).toEqual(['access_token', 'app_secret']);
    expect(JSON.stringify(saved.body)).not.toContain('good-token');
    expect(JSON.stringify(saved.body)).not.toContain('meta-app-secret');
    const stored = await company.t.server.ctx.db
      .selectFrom('marketing_mediums')
      .select(['sealed_secrets', 'settings'])
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('good-token');

    // Left out: kept. null: cleared (an optional one) or refused (a required one).
    const renamed = await company.api.put(
      mediumsPath(company),
      whatsapp({ access_token: undefined, business_account_id: '3098765432' }),
    );
    expect(renamed.body.secrets_set).toEqual(['access_token', 'app_secret']);
    expect(renamed.body.settings.business_account_id).toBe('3098765432');
    const cleared = await company.api.put(
      mediumsPath(company),
      whatsapp({ access_token: undefined, app_secret: null }),
    );
    expect(cleared.body.secrets_set).toEqual(['access_token']);
    const noToken = await company.api.put(mediumsPath(company), whatsapp({ access_token: null }));
    expect(noToken.status).toBe(400);
    expect(noToken.body.errors).toEqual({ access_token: [MEDIUM_MESSAGES.secret_missing('access_token')] });

    const config = await company.api.get(configPath(company));
    const read = config.body.mediums.find((m: { medium: string }) => m.medium === 'whatsapp');
    expect(read.configured).toBe(true);
    expect(read.updated_by_name).toBeTruthy();
    expect(JSON.stringify(config.body)).not.toContain('good-token');

    const history = await company.t.server.ctx.db
      .selectFrom('history')
      .select(['action', 'changes'])
      .where('company_id', '=', company.companyId)
      .where('entity_type', '=', 'marketing_medium')
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.action)).toEqual(['created', 'updated', 'updated']);
    expect(JSON.stringify(history)).not.toContain('good-token');
  });

  it('tests WhatsApp against the Cloud API and keeps the answer as the last test', async () => {
    const company = await marketingCompany();
    await company.api.put(mediumsPath(company), whatsapp());
    const good = await company.api.post(`${mediumsPath(company)}/whatsapp/test`, {});
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body).toEqual({ ok: true, message: 'Connected: Pune Traders (+91 98200 12345).' });
    expect(calls.at(-1)?.auth).toBe('Bearer good-token');

    await company.api.put(mediumsPath(company), whatsapp({ access_token: 'expired-token' }));
    const bad = await company.api.post(`${mediumsPath(company)}/whatsapp/test`, {});
    expect(bad.body).toEqual({ ok: false, message: 'WhatsApp answered 401: Invalid OAuth access token.' });
    const config = await company.api.get(configPath(company));
    const read = config.body.mediums.find((m: { medium: string }) => m.medium === 'whatsapp');
    expect(read.last_test).toMatchObject({ ok: false, message: bad.body.message });
  });

  it('sends a DLT test SMS through Gupshup and refuses a test without a number or template', async () => {
    const company = await marketingCompany();
    const sms = {
      medium: 'sms',
      provider: 'gupshup',
      api_url: `${providerUrl}/GatewayAPI/rest`,
      user_id: '2000123456',
      password: 'sms-secret',
      sender_id: 'PUNETR',
      dlt_entity_id: '1201159126753456789',
    };
    const badSender = await company.api.put(mediumsPath(company), { ...sms, sender_id: 'pune' });
    expect(badSender.body.errors).toEqual({ sender_id: [MEDIUM_MESSAGES.sender_id] });
    expect((await company.api.put(mediumsPath(company), sms)).status).toBe(200);

    const noNumber = await company.api.post(`${mediumsPath(company)}/sms/test`, {});
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.errors).toEqual({ to: [MEDIUM_MESSAGES.phone] });
    const sent = await company.api.post(`${mediumsPath(company)}/sms/test`, {
      to: '9820012345',
      text: 'Dear customer, your order 123 is confirmed. -PUNETR',
      dlt_template_id: '1207161234567890123',
    });
    expect(sent.body).toEqual({ ok: true, message: 'Sent to 9820012345 (id 4242424242).' });
    const form = calls.at(-1)?.form;
    expect(form?.get('send_to')).toBe('919820012345');
    expect(form?.get('mask')).toBe('PUNETR');
    expect(form?.get('principalEntityId')).toBe('1201159126753456789');
    expect(form?.get('dltTemplateId')).toBe('1207161234567890123');
  });

  it('tests e-mail against a real SMTP server, and says when it cannot connect', async () => {
    const company = await marketingCompany();
    const smtp = await startMailCapture();
    try {
      const port = Number(new URL(smtp.url).port);
      const email = {
        medium: 'email',
        mode: 'smtp',
        from_name: 'Pune Traders',
        from_email: 'offers@punetraders.in',
        smtp_host: '127.0.0.1',
        smtp_port: port,
        smtp_security: 'none',
      };
      const noHost = await company.api.put(mediumsPath(company), { ...email, smtp_host: null });
      expect(noHost.body.errors).toEqual({ smtp_host: [MEDIUM_MESSAGES.smtp_host] });
      expect((await company.api.put(mediumsPath(company), email)).body.configured).toBe(true);
      const ok = await company.api.post(`${mediumsPath(company)}/email/test`, {});
      expect(ok.body).toEqual({ ok: true, message: 'Connected to 127.0.0.1 and signed in.' });
      await company.api.put(mediumsPath(company), { ...email, smtp_port: 1 });
      const refused = await company.api.post(`${mediumsPath(company)}/email/test`, {});
      expect(refused.body.ok).toBe(false);
      expect(refused.body.message).toMatch(/^The SMTP server answered: /);
    } finally {
      await smtp.close();
    }
  });

  it('makes a VAPID pair whose private key is never shown, and refuses a private key of another pair', async () => {
    const company = await marketingCompany();
    const made = await company.api.post(`${mediumsPath(company)}/push_notification/vapid_keys`, {
      vapid_subject: 'mailto:admin@punetraders.in',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.settings.vapid_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(made.body.secrets_set).toEqual(['vapid_private_key']);
    const test = await company.api.post(`${mediumsPath(company)}/push_notification/test`, {});
    expect(test.body).toEqual({ ok: true, message: 'The VAPID keys are a valid pair.' });
    const other = await company.api.post(`${mediumsPath(company)}/push_notification/vapid_keys`, {
      vapid_subject: 'https://shop.punetraders.in',
    });
    const mismatched = await company.api.put(mediumsPath(company), {
      medium: 'push_notification',
      vapid_subject: 'https://shop.punetraders.in',
      vapid_public_key: made.body.settings.vapid_public_key,
      vapid_private_key: strangerKey(),
    });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.errors).toEqual({ vapid_private_key: [MEDIUM_MESSAGES.vapid_pair] });
    expect(other.body.settings.vapid_public_key).not.toBe(made.body.settings.vapid_public_key);
  });

  it('needs the permissions, the marketing switch, and never shows or changes another company', async () => {
    const company = await marketingCompany();
    await company.api.put(mediumsPath(company), whatsapp());
    const viewer = await createUserWithPermissions(company, ['view_marketing_configuration']);
    expect((await viewer.api.get(configPath(company))).status).toBe(200);
    expect((await viewer.api.put(mediumsPath(company), whatsapp())).status).toBe(403);
    expect((await viewer.api.post(`${mediumsPath(company)}/whatsapp/test`, {})).status).toBe(403);
    const nobody = await createUserWithPermissions(company, []);
    expect((await nobody.api.get(configPath(company))).status).toBe(403);

    const other = await signUpCompany();
    expect((await other.api.get(configPath(company))).status).toBe(404);
    expect((await other.api.delete(`${mediumsPath(company)}/whatsapp`)).status).toBe(404);

    // Switched off: the configuration still says so, the mediums' routes answer 403 with the sentence.
    await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: false });
    const off = await company.api.get(configPath(company));
    expect(off.body.is_marketing_enabled).toBe(false);
    const refused = await company.api.put(mediumsPath(company), whatsapp());
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(MARKETING_DISABLED_MESSAGE);
    await company.api.patch(`companies/${company.companyId}`, { is_marketing_enabled: true });
    expect((await company.api.delete(`${mediumsPath(company)}/whatsapp`)).status).toBe(204);
    expect((await company.api.delete(`${mediumsPath(company)}/whatsapp`)).status).toBe(409);
  });

  it('refuses a provider address on a private network in production', async () => {
    const { assertProviderUrl } = await import('./provider-url.ts');
    expect(() =>
      assertProviderUrl('api_url', 'http://127.0.0.1:9000/x', { production: false }),
    ).not.toThrow();
    expect(() => assertProviderUrl('api_url', 'http://127.0.0.1:9000/x', { production: true })).toThrow(
      MEDIUM_MESSAGES.url,
    );
    expect(() => assertProviderUrl('api_url', 'https://10.0.0.8/x', { production: true })).toThrow(
      MEDIUM_MESSAGES.url_private,
    );
    expect(() =>
      assertProviderUrl('api_url', 'https://graph.facebook.com/v21.0', { production: true }),
    ).not.toThrow();
  });
});
