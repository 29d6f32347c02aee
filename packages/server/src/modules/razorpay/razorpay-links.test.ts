import { describe, expect, it, vi } from 'vitest';
import type { SignedUpCompany } from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { invoicedOrder, invoiceOf, payInvoices, paymentWorld } from '../../../test/payments-fixtures.ts';
import { useRazorpayStandIn } from '../../../test/razorpay-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import { createRazorpayClient } from './razorpay-client.ts';

// Razorpay payment links that are no longer wanted (issue 26): replaced by a link for another
// amount, on an invoice cancelled, or paid by other means, they are cancelled at Razorpay too
// (POST /v1/payment_links/{id}/cancel) by a job once the change commits, best effort and logged. Against
// test/razorpay-stand-in.ts; faked: Razorpay only.

const razorpay = useRazorpayStandIn();
const { apiOf, connect } = razorpay;

async function makeLink(company: SignedUpCompany, invoiceId: number) {
  const res = await apiOf(company).post(`admin/invoices/${invoiceId}/payment_link`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; razorpay_link_id: string; status: string; amount: number };
}

const cancelCalls = (company: SignedUpCompany) =>
  dbOf(company)
    .selectFrom('integration_calls')
    .select(['integration', 'target', 'ok'])
    .where('company_id', '=', company.companyId)
    .where('operation', '=', 'cancel_payment_link')
    .orderBy('id')
    .execute();

const linkRows = (company: SignedUpCompany, invoiceId: number) =>
  dbOf(company)
    .selectFrom('razorpay_payment_links')
    .select(['razorpay_link_id', 'status'])
    .where('company_id', '=', company.companyId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();

/** Links withdrawn here are cancelled at Razorpay by a job, just after the answer: wait for its logged call. */
const razorpayTold = (company: SignedUpCompany) =>
  vi.waitFor(async () => expect((await cancelCalls(company)).length).toBeGreaterThan(0), { timeout: 10_000 });

const cancelRequests = (keyId: string) =>
  razorpay.standIn.requests
    .filter((r) => r.keyId === keyId && r.method === 'POST' && r.path.endsWith('/cancel'))
    .map((r) => r.path);

describe('admin/invoices/{id}/payment_link replacing a live link', { timeout: 120_000 }, () => {
  it('cancels the replaced link at Razorpay after making the new one, and logs the call', async () => {
    const world = await paymentWorld();
    const { keyId } = await connect(world.company);
    const { invoice } = await invoicedOrder(world, 1); // ₹118
    const first = await makeLink(world.company, invoice.id);
    await payInvoices(world, { amount: 18, allocations: [{ invoice: invoice.id, amount: 18 }] });
    // Still something due: the first link is not withdrawn by the payment, only by its replacement.
    expect(razorpay.standIn.links.get(first.razorpay_link_id)?.status).toBe('created');
    const second = await makeLink(world.company, invoice.id);
    expect(second.amount).toBe(100);
    expect(second.razorpay_link_id).not.toBe(first.razorpay_link_id);

    expect(razorpay.standIn.links.get(first.razorpay_link_id)?.status).toBe('cancelled');
    expect(razorpay.standIn.links.get(second.razorpay_link_id)?.status).toBe('created');
    expect(cancelRequests(keyId)).toEqual([`/v1/payment_links/${first.razorpay_link_id}/cancel`]);
    expect(await cancelCalls(world.company)).toEqual([
      { integration: 'razorpay', target: `/v1/payment_links/${first.razorpay_link_id}/cancel`, ok: true },
    ]);
    expect(await linkRows(world.company, invoice.id)).toEqual([
      { razorpay_link_id: first.razorpay_link_id, status: 'cancelled' },
      { razorpay_link_id: second.razorpay_link_id, status: 'created' },
    ]);
    const history = await historyRows(world.company, 'invoice', invoice.id, ['action', 'changes']);
    expect(history.filter((h) => h.action === 'payment_link_created').at(-1)?.changes).toMatchObject({
      razorpay_link_id: second.razorpay_link_id,
      replaced_link: first.razorpay_link_id,
    });
    // The hosted page of the replaced link takes no money.
    await expect(razorpay.standIn.pay(first.razorpay_link_id)).rejects.toThrow(/cancelled/);
  });

  it('keeps the new link when Razorpay refuses to cancel the old one, with the refusal logged', async () => {
    const world = await paymentWorld();
    await connect(world.company);
    const { invoice } = await invoicedOrder(world, 1);
    const first = await makeLink(world.company, invoice.id);
    await payInvoices(world, { amount: 18, allocations: [{ invoice: invoice.id, amount: 18 }] });
    const held = razorpay.standIn.links.get(first.razorpay_link_id);
    if (!held) throw new Error('the stand-in has no such link');
    held.status = 'paid'; // paid at Razorpay; its webhook has not arrived yet
    const second = await makeLink(world.company, invoice.id);
    expect(second.status).toBe('created');
    const calls = await cancelCalls(world.company);
    expect(calls).toEqual([
      { integration: 'razorpay', target: `/v1/payment_links/${first.razorpay_link_id}/cancel`, ok: false },
    ]);
  });
});

describe('POST admin/invoices/{id}/cancel with a live payment link', { timeout: 120_000 }, () => {
  it('withdraws the link at Razorpay; a payment Razorpay still reports becomes buyer credit', async () => {
    const world = await paymentWorld();
    const { keyId, webhookSecret } = await connect(world.company);
    const { invoice } = await invoicedOrder(world, 1);
    const link = await makeLink(world.company, invoice.id);
    const cancelled = await world.company.api.post(`admin/invoices/${invoice.id}/cancel/`, {
      reason: 'Wrong buyer',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');

    await razorpayTold(world.company);
    expect(razorpay.standIn.links.get(link.razorpay_link_id)?.status).toBe('cancelled');
    expect(cancelRequests(keyId)).toEqual([`/v1/payment_links/${link.razorpay_link_id}/cancel`]);
    expect(await cancelCalls(world.company)).toEqual([
      { integration: 'razorpay', target: `/v1/payment_links/${link.razorpay_link_id}/cancel`, ok: true },
    ]);
    expect(await linkRows(world.company, invoice.id)).toEqual([
      { razorpay_link_id: link.razorpay_link_id, status: 'cancelled' },
    ]);
    const history = await historyRows(world.company, 'invoice', invoice.id, ['action', 'user_id', 'changes']);
    expect(history.filter((h) => h.action === 'payment_link_cancelled')).toEqual([
      {
        action: 'payment_link_cancelled',
        user_id: world.company.userId,
        changes: { razorpay_link_id: link.razorpay_link_id, reason: 'invoice_cancelled' },
      },
    ]);
    const read = await apiOf(world.company).get(`admin/invoices/${invoice.id}/payment_link`);
    expect(read.body.link.status).toBe('cancelled');

    // The buyer had the page open and paid just before the cancel reached Razorpay.
    razorpay.standIn.webhook = {
      url: `${razorpay.app.baseUrl}/webhooks/razorpay/${world.company.companyId}`,
      secret: webhookSecret,
    };
    try {
      const late = await razorpay.standIn.pay(link.razorpay_link_id, { late: true });
      expect(late.status, late.body).toBe(200);
      expect(JSON.parse(late.body)).toMatchObject({ recorded: true });
      const payments = await dbOf(world.company)
        .selectFrom('payments')
        .select(['amount_paise', 'unallocated_paise', 'status'])
        .where('company_id', '=', world.company.companyId)
        .where('reference_number', '=', late.payment.id)
        .execute();
      // Nothing of it goes to the cancelled invoice: all of it is the buyer's credit.
      expect(payments).toEqual([{ amount_paise: 11800, unallocated_paise: 11800, status: 'completed' }]);
      const after = await invoiceOf(world.company, invoice.id);
      expect(after).toMatchObject({ status: 'cancelled', amount_paid: 0 });
    } finally {
      razorpay.standIn.webhook = null;
    }
  });

  it('cancels the invoice even when Razorpay cannot be reached, with the failure logged', async () => {
    const world = await paymentWorld();
    await connect(world.company);
    const { invoice } = await invoicedOrder(world, 1);
    const link = await makeLink(world.company, invoice.id);
    const working = razorpay.ctx.razorpay;
    razorpay.ctx.razorpay = createRazorpayClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    try {
      const cancelled = await world.company.api.post(`admin/invoices/${invoice.id}/cancel/`, {});
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      await razorpayTold(world.company);
    } finally {
      razorpay.ctx.razorpay = working;
    }
    expect(await linkRows(world.company, invoice.id)).toEqual([
      { razorpay_link_id: link.razorpay_link_id, status: 'cancelled' },
    ]);
    expect(await cancelCalls(world.company)).toEqual([
      { integration: 'razorpay', target: `/v1/payment_links/${link.razorpay_link_id}/cancel`, ok: false },
    ]);
  });
});

describe('a payment that settles an invoice with a live payment link', { timeout: 120_000 }, () => {
  it('withdraws the link of the invoice paid in full by other means', async () => {
    const world = await paymentWorld();
    const { keyId } = await connect(world.company);
    const { invoice } = await invoicedOrder(world, 1);
    const link = await makeLink(world.company, invoice.id);
    await payInvoices(world, { amount: 118, allocations: [{ invoice: invoice.id, amount: 118 }] });
    // The payment's answer is sent first; the link is withdrawn right after.
    await vi.waitFor(
      () => expect(razorpay.standIn.links.get(link.razorpay_link_id)?.status).toBe('cancelled'),
      {
        timeout: 10_000,
      },
    );
    expect(cancelRequests(keyId)).toEqual([`/v1/payment_links/${link.razorpay_link_id}/cancel`]);
    const history = await historyRows(world.company, 'invoice', invoice.id, ['action', 'changes']);
    expect(history.find((h) => h.action === 'payment_link_cancelled')?.changes).toEqual({
      razorpay_link_id: link.razorpay_link_id,
      reason: 'nothing_due',
    });
    // Nothing is mailed or reused: a new link is refused, nothing being due.
    const again = await apiOf(world.company).post(`admin/invoices/${invoice.id}/payment_link`);
    expect(again.status).toBe(409);
  });
});

/** The link's live status at the stand-in, its row, and its invoice's payment_link_cancelled history. */
async function expectWithdrawn(company: SignedUpCompany, keyId: string, invoiceId: number, linkId: string) {
  await razorpayTold(company);
  expect(razorpay.standIn.links.get(linkId)?.status).toBe('cancelled');
  expect(cancelRequests(keyId)).toEqual([`/v1/payment_links/${linkId}/cancel`]);
  expect(await linkRows(company, invoiceId)).toEqual([{ razorpay_link_id: linkId, status: 'cancelled' }]);
  const history = await historyRows(company, 'invoice', invoiceId, ['action', 'user_id', 'changes']);
  expect(history.filter((h) => h.action === 'payment_link_cancelled')).toEqual([
    {
      action: 'payment_link_cancelled',
      user_id: company.userId,
      changes: { razorpay_link_id: linkId, reason: 'nothing_due' },
    },
  ]);
}

describe('POST admin/credit_notes/{id}/apply settling an invoice with a live payment link', {
  timeout: 120_000,
}, () => {
  it('withdraws the link once the note leaves nothing due, not before', async () => {
    const world = await paymentWorld();
    const { keyId } = await connect(world.company);
    const { invoice } = await invoicedOrder(world, 1); // ₹118
    const link = await makeLink(world.company, invoice.id);
    const read = await apiOf(world.company).get(`admin/invoices/${invoice.id}`);
    const note = await createCreditNote(world.company, read.body);
    expect(note.total).toBe(118);
    // Issued only: the invoice still owes all of it, so the link stays live.
    expect(razorpay.standIn.links.get(link.razorpay_link_id)?.status).toBe('created');

    const part = await world.company.api.post(`admin/credit_notes/${note.id}/apply`, {
      applications: [{ invoice: invoice.id, amount: 18 }],
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(razorpay.standIn.links.get(link.razorpay_link_id)?.status).toBe('created');
    expect(cancelRequests(keyId)).toEqual([]);

    const rest = await world.company.api.post(`admin/credit_notes/${note.id}/apply`, {
      applications: [{ invoice: invoice.id, amount: 100 }],
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await invoiceOf(world.company, invoice.id)).toMatchObject({
      amount_due: 0,
      payment_status: 'paid',
    });
    await expectWithdrawn(world.company, keyId, invoice.id, link.razorpay_link_id);
    await expect(razorpay.standIn.pay(link.razorpay_link_id)).rejects.toThrow(/cancelled/);
  });
});

describe('POST admin/invoices/{id}/write_off_balance with a live payment link', { timeout: 120_000 }, () => {
  it('withdraws the link of the invoice whose whole balance is written off', async () => {
    const world = await paymentWorld();
    const { keyId } = await connect(world.company);
    const { invoice } = await invoicedOrder(world, 1); // ₹118
    await payInvoices(world, { amount: 18, allocations: [{ invoice: invoice.id, amount: 18 }] });
    const link = await makeLink(world.company, invoice.id);
    expect(link.amount).toBe(100);

    const written = await world.company.api.post(`admin/invoices/${invoice.id}/write_off_balance`, {
      write_off_amount: 100,
      expense_ledger_name: 'Bad debts',
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toMatchObject({ amount_due: 0, write_off_amount: 100 });
    await expectWithdrawn(world.company, keyId, invoice.id, link.razorpay_link_id);
    expect(await cancelCalls(world.company)).toEqual([
      { integration: 'razorpay', target: `/v1/payment_links/${link.razorpay_link_id}/cancel`, ok: true },
    ]);
  });
});
