import { RAZORPAY_MESSAGES as M } from '@b2b/domain/razorpay';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { createUserWithPermissions, type SignedUpCompany, unique } from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { invoicedOrder, invoiceOf, payInvoices, paymentWorld } from '../../../test/payments-fixtures.ts';
import { accountPath, useRazorpayStandIn } from '../../../test/razorpay-fixtures.ts';
import { paymentLinkPaidEvent, signRazorpayBody } from '../../../test/razorpay-stand-in.ts';

// Razorpay (issue 26) against test/razorpay-stand-in.ts: the shared test server's Razorpay client
// points at the stand-in while this file runs (no other area uses it). Faked: Razorpay only.

const razorpay = useRazorpayStandIn();
const { apiOf, connect } = razorpay;

const webhookPath = (company: SignedUpCompany) => `webhooks/razorpay/${company.companyId}`;

/** Posts the raw body as Razorpay does, signed with `secret`. */
async function deliver(company: SignedUpCompany, body: string, secret: string) {
  const response = await fetch(`${razorpay.app.baseUrl}/${webhookPath(company)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signRazorpayBody(body, secret) },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const paymentsOfInvoice = (company: SignedUpCompany, referenceNumber: string) =>
  dbOf(company)
    .selectFrom('payments')
    .select(['id', 'amount_paise', 'unallocated_paise', 'status', 'created_by'])
    .where('company_id', '=', company.companyId)
    .where('reference_number', '=', referenceNumber)
    .execute();

describe('companies/{companyId}/razorpay_account', { timeout: 120_000 }, () => {
  it('connects with the secrets stored sealed, shows them as configured, checks and disconnects', async () => {
    const { company } = await paymentWorld();
    const api = apiOf(company);
    const before = await api.get(accountPath(company));
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ connected: false, key_id: null, key_secret: null });
    expect(before.body.webhook_url).toMatch(new RegExp(`/api/webhooks/razorpay/${company.companyId}$`));

    const { keyId, keySecret, webhookSecret, account } = await connect(company);
    expect(account).toMatchObject({
      connected: true,
      key_id: keyId,
      key_secret: 'configured',
      webhook_secret: 'configured',
    });
    const read = await api.get(accountPath(company));
    expect(JSON.stringify(read.body)).not.toContain(keySecret);
    expect(JSON.stringify(read.body)).not.toContain(webhookSecret);
    const row = await dbOf(company)
      .selectFrom('razorpay_accounts')
      .selectAll()
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(row.sealed_key_secret.startsWith('v1.')).toBe(true);
    expect(row.sealed_key_secret).not.toContain(keySecret);

    const checked = await api.post(`${accountPath(company)}/check`);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body).toMatchObject({ ok: true, detail: M.check_ok, account: { last_check_ok: true } });
    razorpay.standIn.keys.set(keyId, 'rotated-on-razorpay');
    const refused = await api.post(`${accountPath(company)}/check`);
    expect(refused.body).toMatchObject({ ok: false, account: { last_check_ok: false } });
    expect(refused.body.detail).toBe('Razorpay did not accept the key id and key secret.');
    const calls = await dbOf(company)
      .selectFrom('integration_calls')
      .select(['integration', 'operation', 'ok', 'status_code'])
      .where('company_id', '=', company.companyId)
      .orderBy('id')
      .execute();
    expect(calls).toEqual([
      { integration: 'razorpay', operation: 'check_connection', ok: true, status_code: null },
      { integration: 'razorpay', operation: 'check_connection', ok: false, status_code: 401 },
    ]);

    const gone = await api.delete(accountPath(company));
    expect(gone.body).toMatchObject({ connected: false, key_secret: null });
    expect((await api.delete(accountPath(company))).status).toBe(409);
    const history = await historyRows(company, 'razorpay_account', company.companyId, ['action']);
    expect(history.map((h) => h.action)).toEqual(['connected', 'checked', 'checked', 'disconnected']);
  });

  it('refuses a malformed key id with a sentence, and a user without the configuration permission', async () => {
    const { company } = await paymentWorld();
    const bad = await apiOf(company).put(accountPath(company), {
      key_id: 'abc',
      key_secret: 's',
      webhook_secret: 'w',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.key_id).toEqual([M.key_id_invalid]);
    const clerk = await createUserWithPermissions(company, ['view_invoice']);
    const denied = await new ApiClient(razorpay.app.baseUrl, clerk.api.token).put(accountPath(company), {
      key_id: 'rzp_test_abcdefgh',
      key_secret: 's',
      webhook_secret: 'w',
    });
    expect(denied.status).toBe(403);
  });
});

describe('admin/invoices/{id}/payment_link', { timeout: 120_000 }, () => {
  it('says Razorpay is not connected, then makes one link for the balance due and reuses it', async () => {
    const world = await paymentWorld();
    const api = apiOf(world.company);
    const { invoice } = await invoicedOrder(world, 2); // ₹236
    const none = await api.get(`admin/invoices/${invoice.id}/payment_link`);
    expect(none.body).toEqual({ razorpay_connected: false, link: null });
    const refused = await api.post(`admin/invoices/${invoice.id}/payment_link`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(M.not_configured);

    const { keyId } = await connect(world.company);
    const made = await api.post(`admin/invoices/${invoice.id}/payment_link`);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ invoice: invoice.id, amount: 236, status: 'created' });
    const sent = razorpay.standIn.requests.filter((r) => r.keyId === keyId && r.path === '/v1/payment_links');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      amount: 23600,
      currency: 'INR',
      reference_id: invoice.invoice_number,
      notes: { invoice_id: String(invoice.id), company_id: String(world.company.companyId) },
    });
    expect(made.body.short_url).toBe(razorpay.standIn.links.get(made.body.razorpay_link_id)?.short_url);

    const again = await api.post(`admin/invoices/${invoice.id}/payment_link`);
    expect(again.body.id).toBe(made.body.id);
    expect(
      razorpay.standIn.requests.filter((r) => r.keyId === keyId && r.path === '/v1/payment_links'),
    ).toHaveLength(1);

    // ₹36 paid by hand: the link for ₹236 is set aside and one for ₹200 made.
    await payInvoices(world, { amount: 36, allocations: [{ invoice: invoice.id, amount: 36 }] });
    const smaller = await api.post(`admin/invoices/${invoice.id}/payment_link`);
    expect(smaller.body).toMatchObject({ amount: 200, status: 'created' });
    expect(smaller.body.id).not.toBe(made.body.id);
    const read = await api.get(`admin/invoices/${invoice.id}/payment_link`);
    expect(read.body).toMatchObject({ razorpay_connected: true, link: { id: smaller.body.id } });
    const history = await historyRows(world.company, 'invoice', invoice.id, ['action']);
    expect(history.filter((h) => h.action === 'payment_link_created')).toHaveLength(2);
    const logged = await dbOf(world.company)
      .selectFrom('integration_calls')
      .select(['operation', 'ok'])
      .where('company_id', '=', world.company.companyId)
      .where('operation', '=', 'create_payment_link')
      .execute();
    expect(logged).toEqual([
      { operation: 'create_payment_link', ok: true },
      { operation: 'create_payment_link', ok: true },
    ]);
  });

  it('puts the live link in the invoice mail', async () => {
    const world = await paymentWorld();
    const email = `buyer.${unique()}@example.in`;
    await dbOf(world.company)
      .updateTable('buyers')
      .set({ email })
      .where('company_id', '=', world.company.companyId)
      .where('id', '=', world.buyer.id)
      .execute();
    const { invoice } = await invoicedOrder(world, 1);
    await connect(world.company);
    const link = await apiOf(world.company).post(`admin/invoices/${invoice.id}/payment_link`);
    expect(link.status).toBe(200);
    const sent = await world.company.api.patch(`admin/invoices/${invoice.id}/resend_notifications/`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = world.company.t.mail.messages.filter((m) => m.to === email).at(-1);
    expect(mail?.raw.replace(/=\r?\n/g, '')).toContain(link.body.razorpay_link_id);
  });

  it('refuses a cancelled or paid invoice', async () => {
    const world = await paymentWorld();
    await connect(world.company);
    const { invoice } = await invoicedOrder(world, 1);
    await payInvoices(world, { amount: 118, allocations: [{ invoice: invoice.id, amount: 118 }] });
    const paid = await apiOf(world.company).post(`admin/invoices/${invoice.id}/payment_link`);
    expect(paid.status).toBe(409);
    expect(paid.body.detail).toBe(M.nothing_due);
    const missing = await apiOf(world.company).post('admin/invoices/999999999/payment_link');
    expect(missing.status).toBe(404);
  });
});

describe('POST webhooks/razorpay/{companyId}', { timeout: 120_000 }, () => {
  it('records a captured payment once against the invoice; a wrong signature writes nothing', async () => {
    const world = await paymentWorld();
    const { webhookSecret } = await connect(world.company);
    const { invoice } = await invoicedOrder(world, 1);
    const made = await apiOf(world.company).post(`admin/invoices/${invoice.id}/payment_link`);
    const link = razorpay.standIn.links.get(made.body.razorpay_link_id);
    if (!link) throw new Error('the stand-in has no such link');
    const payment = {
      id: `pay_${unique().replace(/[^A-Za-z0-9]/g, '')}`,
      amount: 11800,
      status: 'captured',
      currency: 'INR' as const,
    };
    const body = JSON.stringify(paymentLinkPaidEvent(link, payment));

    const forged = await deliver(world.company, body, 'not-the-secret');
    expect(forged.status).toBe(401);
    expect(forged.body.detail).toBe(M.signature_invalid);
    const unsigned = await fetch(`${razorpay.app.baseUrl}/${webhookPath(world.company)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(401);
    expect(await paymentsOfInvoice(world.company, payment.id)).toEqual([]);
    expect((await invoiceOf(world.company, invoice.id)).payment_status).not.toBe('paid');

    const first = await deliver(world.company, body, webhookSecret);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ event: 'payment_link.paid', recorded: true });
    // Razorpay delivers again, and sends payment.captured for the same payment too.
    const again = await deliver(world.company, body, webhookSecret);
    expect(again.body).toEqual(first.body);
    const captured = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { ...payment, notes: link.notes } } },
    });
    const third = await deliver(world.company, captured, webhookSecret);
    expect(third.status, JSON.stringify(third.body)).toBe(200);

    const rows = await paymentsOfInvoice(world.company, payment.id);
    expect(rows).toEqual([
      {
        id: first.body.payment,
        amount_paise: 11800,
        unallocated_paise: 0,
        status: 'completed',
        created_by: null,
      },
    ]);
    const after = await invoiceOf(world.company, invoice.id);
    expect(after).toMatchObject({ payment_status: 'paid', amount_due: 0, amount_paid: 118 });
    const read = await apiOf(world.company).get(`admin/invoices/${invoice.id}/payment_link`);
    expect(read.body.link).toMatchObject({
      status: 'paid',
      razorpay_payment_id: payment.id,
      payment: first.body.payment,
    });
    const history = await historyRows(world.company, 'invoice', invoice.id, ['action']);
    expect(history.filter((h) => h.action === 'razorpay_payment_captured')).toHaveLength(1);
  });

  it('keeps what is more than the balance as buyer credit, and acknowledges other events', async () => {
    const world = await paymentWorld();
    const { webhookSecret } = await connect(world.company);
    const { invoice } = await invoicedOrder(world, 1);
    const paymentId = `pay_${unique().replace(/[^A-Za-z0-9]/g, '')}`;
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: paymentId,
            amount: 20000,
            currency: 'INR',
            status: 'captured',
            notes: { invoice_id: String(invoice.id) },
          },
        },
      },
    });
    const res = await deliver(world.company, body, webhookSecret);
    expect(res.body).toMatchObject({ recorded: true });
    expect(await paymentsOfInvoice(world.company, paymentId)).toMatchObject([
      { amount_paise: 20000, unallocated_paise: 8200 },
    ]);
    const other = await deliver(
      world.company,
      JSON.stringify({ event: 'payment.failed', payload: {} }),
      webhookSecret,
    );
    expect(other.body).toEqual({ event: 'payment.failed', recorded: false, payment: null });
    const notJson = await fetch(`${razorpay.app.baseUrl}/${webhookPath(world.company)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'x' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
  });

  it('answers 401 for a company without a Razorpay account', async () => {
    const { company } = await paymentWorld();
    const res = await deliver(company, JSON.stringify({ event: 'payment.captured' }), 'anything');
    expect(res.status).toBe(401);
  });
});

describe('recheck_payment_status with a connected Razorpay account', { timeout: 120_000 }, () => {
  it("asks the company's own account, and logs the call", async () => {
    const world = await paymentWorld();
    const { keyId } = await connect(world.company);
    const { order } = await invoicedOrder(world, 1);
    const paymentId = `pay_${unique().replace(/[^A-Za-z0-9]/g, '')}`;
    razorpay.standIn.payments.set(paymentId, {
      id: paymentId,
      amount: 11800,
      status: 'captured',
      currency: 'INR',
    });
    const api = apiOf(world.company);
    const started = await api.post(`admin/orders/${order.id}/update_payment_status`, {
      status: 'initiated',
      amount: 118,
      gateway_payment_id: paymentId,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const checked = await api.post(`admin/order_payments/${started.body.id}/recheck_payment_status`);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.status).toBe('completed');
    expect(
      razorpay.standIn.requests.some((r) => r.keyId === keyId && r.path === `/v1/payments/${paymentId}`),
    ).toBe(true);
    const logged = await dbOf(world.company)
      .selectFrom('integration_calls')
      .select(['integration', 'operation', 'target', 'ok'])
      .where('company_id', '=', world.company.companyId)
      .where('operation', '=', 'fetch_payment')
      .execute();
    // Once, as Razorpay's: not a second time as the payment gateway's.
    expect(logged).toEqual([
      { integration: 'razorpay', operation: 'fetch_payment', target: `/v1/payments/${paymentId}`, ok: true },
    ]);
  });
});
