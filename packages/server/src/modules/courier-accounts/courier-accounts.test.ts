import { COURIER_ACCOUNT_MESSAGES as M } from '@b2b/domain/courier-accounts';
import { SHIPMENT_MESSAGES } from '@b2b/domain/shipments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CourierStandIn, startCourierStandIn } from '../../../test/courier-stand-in.ts';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { createShippableInvoice, initiate } from '../../../test/shipments-fixtures.ts';

const accountsPath = (company: SignedUpCompany) => `companies/${company.companyId}/courier_accounts`;

let standIn: CourierStandIn;

beforeAll(async () => {
  await testServer();
  standIn = await startCourierStandIn();
}, 180_000);

afterAll(() => standIn.close());

async function addAccount(company: SignedUpCompany, body: Record<string, unknown> = {}) {
  const res = await company.api.post(accountsPath(company), {
    courier_name: `Stand-in Express ${unique()}`,
    api_base_url: `${standIn.url}/`,
    api_token: standIn.token,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const courierCalls = (company: SignedUpCompany) =>
  dbOf(company)
    .selectFrom('integration_calls')
    .select(['integration', 'operation', 'target', 'ok', 'status_code', 'error'])
    .where('company_id', '=', company.companyId)
    .orderBy('id')
    .execute();

describe('POST companies/{companyId}/courier_accounts', () => {
  it('stores the token sealed, never answers it, and leaves a history row without it', async () => {
    const company = await signUpCompany();
    const account = await addAccount(company);
    expect(account).toMatchObject({
      api_base_url: standIn.url,
      has_api_token: true,
      is_active: true,
      last_checked_at: null,
      last_check_ok: null,
    });
    expect(JSON.stringify(account)).not.toContain(standIn.token);
    const list = await company.api.get(accountsPath(company));
    expect(list.body.results.map((a: { id: number }) => a.id)).toEqual([account.id]);
    expect(JSON.stringify(list.body)).not.toContain(standIn.token);
    const row = await dbOf(company)
      .selectFrom('courier_accounts')
      .select('sealed_api_token')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.sealed_api_token).toMatch(/^v1\./);
    expect(row.sealed_api_token).not.toContain(standIn.token);
    const history = await historyRows(company, 'courier_account', account.id, [
      'action',
      'user_id',
      'changes',
    ]);
    expect(history.map((h) => [h.action, h.user_id])).toEqual([['created', company.userId]]);
    expect(JSON.stringify(history)).not.toContain(standIn.token);
  });

  it('refuses with a sentence: no name, a taken name, a URL that is not http(s), no token, a second active account', async () => {
    const company = await signUpCompany();
    const first = await addAccount(company);
    const cases: [Record<string, unknown>, string, string, number][] = [
      [{ courier_name: '' }, 'courier_name', M.name_required, 400],
      [
        { courier_name: first.courier_name.toUpperCase(), is_active: false },
        'courier_name',
        M.name_taken,
        400,
      ],
      [{ api_base_url: 'ftp://couriers.example' }, 'api_base_url', M.url_invalid, 400],
      [{ api_base_url: 'not a url' }, 'api_base_url', M.url_invalid, 400],
      [{ api_token: '' }, 'api_token', M.token_required, 400],
    ];
    for (const [body, field, message, status] of cases) {
      const res = await company.api.post(accountsPath(company), {
        courier_name: `Courier ${unique()}`,
        api_base_url: standIn.url,
        api_token: 'x',
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.errors?.[field]?.[0], JSON.stringify(res.body)).toBe(message);
    }
    const second = await company.api.post(accountsPath(company), {
      courier_name: `Courier ${unique()}`,
      api_base_url: standIn.url,
      api_token: 'x',
    });
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe(M.one_active);
    const inactive = await addAccount(company, { is_active: false });
    const activate = await company.api.patch(`courier_accounts/${inactive.id}`, { is_active: true });
    expect(activate.status).toBe(409);
  });

  it("needs the configuration permissions, and acts only on the caller's company", async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const account = await addAccount(company);
    const viewer = await createUserWithPermissions(company, ['view_configuration']);
    expect((await viewer.api.get(accountsPath(company))).status).toBe(200);
    const body = { courier_name: 'X', api_base_url: standIn.url, api_token: 'x' };
    expect((await viewer.api.post(accountsPath(company), body)).status).toBe(403);
    expect((await viewer.api.post(`courier_accounts/${account.id}/check_connection`)).status).toBe(403);
    expect((await other.api.get(accountsPath(company))).status).toBe(404);
    expect((await other.api.patch(`courier_accounts/${account.id}`, { is_active: false })).status).toBe(404);
    expect((await other.api.post(`courier_accounts/${account.id}/check_connection`)).status).toBe(404);
  });
});

describe('POST courier_accounts/{id}/check_connection', () => {
  it('answers ok for a token the courier accepts (200) and the refusal for one it does not (401), each call logged', async () => {
    const company = await signUpCompany();
    const account = await addAccount(company);
    const good = await company.api.post(`courier_accounts/${account.id}/check_connection`);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body).toMatchObject({
      ok: true,
      detail: `${M.check_ok}: Stand-in Express, Pune hub`,
      account: { id: account.id, last_check_ok: true },
    });
    const call = standIn.requests.at(-1);
    expect(call).toMatchObject({ method: 'GET', path: '/account', auth: `Bearer ${standIn.token}` });

    const changed = await company.api.patch(`courier_accounts/${account.id}`, {
      api_token: 'a-revoked-token',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ last_checked_at: null, last_check_ok: null });
    const bad = await company.api.post(`courier_accounts/${account.id}/check_connection`);
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({
      ok: false,
      detail: `${M.check_failed}: The carrier refused: Invalid API token`,
      account: { last_check_ok: false },
    });
    expect(standIn.requests.at(-1)?.auth).toBe('Bearer a-revoked-token');

    expect(await courierCalls(company)).toEqual([
      expect.objectContaining({
        integration: 'courier',
        operation: 'check_connection',
        ok: true,
        status_code: 200,
      }),
      expect.objectContaining({
        integration: 'courier',
        operation: 'check_connection',
        ok: false,
        status_code: 401,
      }),
    ]);
    const history = await historyRows(company, 'courier_account', account.id, ['action', 'changes']);
    expect(history.map((h) => h.action)).toEqual([
      'created',
      'connection_checked',
      'updated',
      'connection_checked',
    ]);
    expect(JSON.stringify(history)).not.toContain('a-revoked-token');
  });

  it('answers the failure when the courier cannot be reached', async () => {
    const company = await signUpCompany();
    const account = await addAccount(company, { api_base_url: 'http://127.0.0.1:9' });
    const res = await company.api.post(`courier_accounts/${account.id}/check_connection`);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.detail).toMatch(/^Connection failed: The carrier could not be reached/);
  });
});

describe("booking shipments through the company's courier account", () => {
  it('books and tracks with the active account; without one the integration is not configured', async () => {
    const company = await signUpCompany();
    const { invoice } = await createShippableInvoice(company);
    const [line] = (await initiate(company, invoice.id)).items;
    const none = await company.api.get(`admin/companies/${company.companyId}/shipment_integrations`);
    expect(none.body).toEqual({ configured: false, detail: SHIPMENT_MESSAGES.no_integration, results: [] });
    expect((await initiate(company, invoice.id)).integration_configured).toBe(false);

    const account = await addAccount(company);
    const integrations = await company.api.get(`admin/companies/${company.companyId}/shipment_integrations`);
    expect(integrations.body).toMatchObject({
      configured: true,
      results: [{ code: `account:${account.id}`, name: account.courier_name }],
    });
    expect((await initiate(company, invoice.id)).integration_configured).toBe(true);
    const res = await company.api.post(`admin/invoices/${invoice.id}/shipments`, {
      use_integration: true,
      items: [{ invoice_item: line.invoice_item, quantity: 1 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      carrier_name: account.courier_name,
      tracking_number: expect.stringMatching(/^SX-/),
      booked_with_integration: true,
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/shipments',
      body: expect.objectContaining({ reference: invoice.invoice_number }),
    });

    // Tracked by the account that booked it, even after it is switched off.
    await company.api.patch(`courier_accounts/${account.id}`, { is_active: false });
    standIn.status = 'picked_up';
    const tracked = await company.api.post(`admin/shipments/${res.body.id}/track`);
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    expect(tracked.body).toMatchObject({ carrier_status: 'picked_up', shipment: { status: 'picked_up' } });

    const operations = (await courierCalls(company)).map((c) => [c.operation, c.ok]);
    expect(operations).toEqual([
      ['create_shipment', true],
      ['track', true],
    ]);
    const off = await company.api.post(`admin/invoices/${invoice.id}/shipments`, {
      use_integration: true,
      items: [{ invoice_item: line.invoice_item, quantity: 1 }],
    });
    expect(off.status).toBe(409);
    expect(off.body.detail).toBe(SHIPMENT_MESSAGES.integration_not_configured);
  });
});
