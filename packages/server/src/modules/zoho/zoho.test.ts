import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { testAppWith } from '../../../test/harness.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { invoicedOrder, payInvoices, paymentWorld } from '../../../test/payments-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import { startZohoStandIn, type ZohoStandIn } from '../../../test/zoho-books-stand-in.ts';
import { readZohoConfig } from './zoho-books-client.ts';

const zohoPath = (company: SignedUpCompany, rest = '') => `companies/${company.companyId}/zoho${rest}`;

describe('Zoho Books on a server without a Zoho client', { timeout: 600_000 }, () => {
  it('says plainly that it is not configured, and refuses to start connecting', async () => {
    const company = await signUpCompany();
    const res = await company.api.get(zohoPath(company));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      configured: false,
      message: expect.stringMatching(/^Zoho Books is not configured on this server: set ZOHO_CLIENT_ID/),
      connection: null,
      settings: { organization_id: '', push_invoices: true },
    });
    const start = await company.api.post(zohoPath(company, '/authorize'), {});
    expect(start.status).toBe(409);
    expect(start.body.detail).toBe(res.body.message);
    const sync = await company.api.post(zohoPath(company, '/sync'), {});
    expect(sync.status).toBe(409);
  });

  it('answers 403 without view_configuration, and reads with it but does not change', async () => {
    const company = await signUpCompany();
    const clerk = await createUserWithPermissions(company, ['view_buyer']);
    expect((await clerk.api.get(zohoPath(company))).status).toBe(403);
    const reader = await createUserWithPermissions(company, ['view_configuration']);
    expect((await reader.api.get(zohoPath(company))).status).toBe(200);
    expect((await reader.api.get(zohoPath(company, '/sync_log'))).status).toBe(200);
    expect((await reader.api.post(zohoPath(company, '/authorize'), {})).status).toBe(403);
  });
});

describe('Zoho Books against the stand-in of accounts.zoho.in and Books API v3', { timeout: 600_000 }, () => {
  let standIn: ZohoStandIn;
  let zohoApp: Awaited<ReturnType<typeof testAppWith>>;
  beforeAll(async () => {
    standIn = await startZohoStandIn();
    const shared = (await signUpCompany()).t.server.ctx;
    zohoApp = await testAppWith({ config: { ...shared.config, zoho: readZohoConfig(standIn.env) } });
  }, 600_000);
  afterAll(async () => {
    await zohoApp?.close();
    await standIn?.close();
  });

  const apiOf = (company: SignedUpCompany) => new ApiClient(zohoApp.baseUrl).as(company.session.access_token);

  /** Authorize, let the stand-in's consent page send the browser back, and complete the connection. */
  async function connect(company: SignedUpCompany) {
    const api = apiOf(company);
    const start = await api.post(zohoPath(company, '/authorize'), {});
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const consent = await fetch(start.body.authorization_url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location') as string);
    const connected = await api.post(zohoPath(company, '/connect'), {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    return { api, status: connected.body, back };
  }

  const invoicesNumbered = (number: string) =>
    [...standIn.records.invoices.values()].filter((r) => r.invoice_number === number);

  it('connects by the authorization-code flow, keeps the tokens sealed and never answers them', async () => {
    const company = await signUpCompany();
    const api = apiOf(company);
    const listed = await api.get(zohoPath(company));
    expect(listed.body).toMatchObject({ configured: true, message: null, connection: null });

    const start = await api.post(zohoPath(company, '/authorize'), {});
    const consent = new URL(start.body.authorization_url);
    expect(consent.origin + consent.pathname).toBe(`${standIn.base}/oauth/v2/auth`);
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({
      scope: 'ZohoBooks.fullaccess.all',
      client_id: 'zoho-client',
      response_type: 'code',
      access_type: 'offline',
    });
    expect(consent.searchParams.get('redirect_uri')).toMatch(/\/connect-zoho$/);
    const state = consent.searchParams.get('state') as string;
    const refused = await api.post(zohoPath(company, '/connect'), { state, code: 'not-a-code' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.code[0]).toBe('Zoho refused the authorization. Start connecting again.');
    // That attempt used the state up.
    const again = await api.post(zohoPath(company, '/connect'), { state, code: 'not-a-code' });
    expect(again.status).toBe(400);
    expect(again.body.errors.state[0]).toMatch(/unknown or has expired/);
    const blank = await api.post(zohoPath(company, '/connect'), { state: '', code: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.code[0]).toBe('The authorization code from Zoho is required.');

    const { status, back } = await connect(company);
    expect(back.searchParams.get('location')).toBe('in');
    expect(status.connection).toMatchObject({
      status: 'connected',
      organizations: [{ organization_id: '60012345678', name: 'Zoho Books India Org' }],
      connected_by_name: expect.any(String),
    });
    // The account's only organisation is chosen.
    expect(status.settings.organization_id).toBe('60012345678');

    const row = await dbOf(company)
      .selectFrom('zoho_connections')
      .selectAll()
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(row.sealed_access_token).toMatch(/^v1\./);
    expect(row.sealed_refresh_token).toMatch(/^v1\./);
    const read = await api.get(zohoPath(company));
    expect(JSON.stringify(read.body)).not.toMatch(/1000\.|v1\./);
    const configurations = await api.get('company_configurations?configuration_type=zoho');
    expect(configurations.body[0].configurations).toMatchObject({ organization_id: '60012345678' });
    expect(JSON.stringify(configurations.body)).not.toMatch(/1000\.|v1\./);

    const calls = await dbOf(company)
      .selectFrom('integration_calls')
      .select(['integration', 'operation', 'ok'])
      .where('company_id', '=', company.companyId)
      .orderBy('id')
      .execute();
    expect(calls).toEqual([
      { integration: 'zoho_books', operation: 'exchange_code', ok: false },
      { integration: 'zoho_books', operation: 'exchange_code', ok: true },
      { integration: 'zoho_books', operation: 'list_organizations', ok: true },
    ]);
    const history = await historyRows(company, 'zoho_connection', company.companyId, ['action']);
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['authorization_requested', 'connected']),
    );

    const wrongOrg = await api.put(zohoPath(company, '/settings'), { organization_id: '999' });
    expect(wrongOrg.status).toBe(400);
    expect(wrongOrg.body.errors.organization_id[0]).toBe(
      'This organisation is not one of the connected Zoho account’s.',
    );
    const noOrg = await api.put(zohoPath(company, '/settings'), { organization_id: '' });
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.errors.organization_id[0]).toBe('Choose the Zoho Books organisation to push to.');
  });

  it('pushes buyers, invoices, credit notes and payments once; a retry updates, never duplicates', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const { api } = await connect(company);
    const { invoice } = await invoicedOrder(world, 2);
    const full = (await company.api.get(`admin/invoices/${invoice.id}`)).body;
    await payInvoices(world, { amount: 100, allocations: [{ invoice: invoice.id, amount: 100 }] });
    const note = await createCreditNote(company, full, [[1, 100]]);

    const first = await api.post(zohoPath(company, '/sync'), {});
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ pushed: 4, failed: 0, detail: '4 records pushed to Zoho Books.' });
    expect(first.body.status.connection).toMatchObject({
      last_sync_ok: true,
      last_sync_message: first.body.detail,
    });

    const contact = [...standIn.records.contacts.values()].find((r) => r.contact_name === world.buyer.name);
    expect(contact).toMatchObject({ contact_type: 'customer', gst_treatment: 'business_gst' });
    const [zohoInvoice] = invoicesNumbered(invoice.invoice_number);
    expect(zohoInvoice).toMatchObject({ customer_id: contact?.contact_id, is_inclusive_tax: false });
    // Lines at their taxable value with the organisation's GST18 group (CGST + SGST): Zoho's total
    // is ours (2 × ₹118), the GST in its tax, not in the adjustment.
    const items = zohoInvoice?.line_items as { rate: number; quantity: number; tax_id?: string }[];
    const gst18 = standIn.taxes.find((tax) => tax.tax_name === 'GST18')?.tax_id;
    expect(items.map((line) => line.tax_id)).toEqual([gst18]);
    expect(Math.round((zohoInvoice?.total as number) * 100)).toBe(23600);
    expect(zohoInvoice).toMatchObject({ tax_total: 36, adjustment: 0, place_of_supply: 'MH' });
    const payment = [...standIn.records.customerpayments.values()][0];
    expect(payment).toMatchObject({
      customer_id: contact?.contact_id,
      amount: 100,
      invoices: [{ invoice_id: zohoInvoice?.invoice_id, amount_applied: 100 }],
    });
    const credit = [...standIn.records.creditnotes.values()][0];
    expect(credit).toMatchObject({
      creditnote_number: note.credit_note_number,
      invoice_id: zohoInvoice?.invoice_id,
      reference_number: invoice.invoice_number,
    });

    // Nothing changed: nothing is sent.
    const posts = () =>
      standIn.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/books/')).length;
    const postsBefore = posts();
    const idle = await api.post(zohoPath(company, '/sync'), {});
    expect(idle.body).toMatchObject({ pushed: 0, failed: 0, detail: 'Nothing changed since the last sync.' });
    expect(posts()).toBe(postsBefore);

    // A changed buyer is updated in place.
    const renamed = await company.api.patch(`buyers/${world.buyer.id}`, { contact_person_name: 'Asha Rao' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const update = await api.post(zohoPath(company, '/sync'), {});
    expect(update.body).toMatchObject({ pushed: 1, failed: 0 });
    expect(standIn.records.contacts.size).toBeGreaterThan(0);
    expect(
      [...standIn.records.contacts.values()].filter((r) => r.contact_name === world.buyer.name),
    ).toHaveLength(1);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: expect.stringMatching(/^\/books\/v3\/contacts\/\d+/),
    });

    // Zoho created the next invoice but its answer was lost: the retry finds it by number.
    const second = await invoicedOrder(world, 1);
    standIn.loseNextAnswer = 'invoices';
    const lost = await api.post(zohoPath(company, '/sync'), {});
    expect(lost.body).toMatchObject({ pushed: 0, failed: 1 });
    expect(lost.body.detail).toBe('0 records pushed to Zoho Books, 1 failed (see the sync log).');
    expect(lost.body.status.connection.last_sync_ok).toBe(false);
    expect(invoicesNumbered(second.invoice.invoice_number)).toHaveLength(1);
    const retried = await api.post(zohoPath(company, '/sync'), {});
    expect(retried.body).toMatchObject({ pushed: 1, failed: 0 });
    expect(invoicesNumbered(second.invoice.invoice_number)).toHaveLength(1);

    const log = await api.get(zohoPath(company, '/sync_log?limit=50'));
    expect(log.status).toBe(200);
    expect(log.body.results[0]).toMatchObject({
      entity_type: 'invoice',
      label: second.invoice.invoice_number,
      action: 'updated',
      ok: true,
    });
    expect(log.body.results[1]).toMatchObject({
      entity_type: 'invoice',
      label: second.invoice.invoice_number,
      action: null,
      ok: false,
      error: 'Zoho Books: Internal error',
    });
    const failedOnly = await api.get(zohoPath(company, '/sync_log?ok=false'));
    expect(failedOnly.body.count).toBe(1);
    const records = await dbOf(company)
      .selectFrom('zoho_records')
      .select(['entity_type'])
      .where('company_id', '=', company.companyId)
      .execute();
    expect(records.map((r) => r.entity_type).sort()).toEqual([
      'contact',
      'credit_note',
      'invoice',
      'invoice',
      'payment',
    ]);
    const pushCalls = await dbOf(company)
      .selectFrom('integration_calls')
      .select('operation')
      .where('company_id', '=', company.companyId)
      .where('operation', '=', 'push_invoice')
      .execute();
    expect(pushCalls.length).toBe(3);
  });

  it('refreshes an expired access token on a 401, and asks to reconnect when Zoho refuses the refresh', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const { api } = await connect(company);
    await invoicedOrder(world, 1);
    standIn.expireAccessTokens();
    const refreshed = await api.post(zohoPath(company, '/sync'), {});
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body).toMatchObject({ pushed: 2, failed: 0 });
    const refreshes = await dbOf(company)
      .selectFrom('integration_calls')
      .select(['operation', 'ok'])
      .where('company_id', '=', company.companyId)
      .where('operation', '=', 'refresh_token')
      .execute();
    expect(refreshes).toEqual([{ operation: 'refresh_token', ok: true }]);

    await invoicedOrder(world, 1);
    standIn.expireAccessTokens();
    standIn.revokeRefreshTokens();
    const refused = await api.post(zohoPath(company, '/sync'), {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Zoho no longer accepts this connection. Connect Zoho Books again.');
    const status = await api.get(zohoPath(company));
    expect(status.body.connection.status).toBe('reconnect_needed');
    // Connecting again picks up where it stopped.
    await connect(company);
    const resumed = await api.post(zohoPath(company, '/sync'), {});
    expect(resumed.body).toMatchObject({ pushed: 1, failed: 0 });
  });

  it('pushes only what the settings say, and disconnects (revoking the token)', async () => {
    const world = await paymentWorld();
    const { company } = world;
    const { api } = await connect(company);
    const saved = await api.put(zohoPath(company, '/settings'), {
      organization_id: '60012345678',
      push_contacts: false,
      push_payments: false,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings).toEqual({
      organization_id: '60012345678',
      push_contacts: false,
      push_invoices: true,
      push_credit_notes: true,
      push_payments: false,
    });
    const { invoice } = await invoicedOrder(world, 1);
    await payInvoices(world, { amount: 118, allocations: [{ invoice: invoice.id, amount: 118 }] });
    const other = await paymentWorld(company);
    expect(other.buyer.id).not.toBe(world.buyer.id);
    const sync = await api.post(zohoPath(company, '/sync'), {});
    // The invoice and, because it needs it, its buyer's contact; not the payment, not the other buyer.
    expect(sync.body).toMatchObject({ pushed: 2, failed: 0 });
    const log = await api.get(zohoPath(company, '/sync_log'));
    expect(log.body.results.map((r: { entity_type: string }) => r.entity_type).sort()).toEqual([
      'contact',
      'invoice',
    ]);

    const revokesBefore = standIn.requests.filter((r) => r.path.startsWith('/oauth/v2/token/revoke')).length;
    const off = await api.post(zohoPath(company, '/disconnect'), {});
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.connection.status).toBe('disconnected');
    expect(standIn.requests.filter((r) => r.path.startsWith('/oauth/v2/token/revoke')).length).toBe(
      revokesBefore + 1,
    );
    const row = await dbOf(company)
      .selectFrom('zoho_connections')
      .select(['sealed_access_token', 'sealed_refresh_token'])
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sealed_access_token: null, sealed_refresh_token: null });
    expect((await api.post(zohoPath(company, '/sync'), {})).status).toBe(409);
    expect((await api.post(zohoPath(company, '/disconnect'), {})).status).toBe(409);
    const history = await historyRows(company, 'zoho_connection', company.companyId, ['action']);
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['synced', 'disconnected']));
  });
});
