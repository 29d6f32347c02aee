import { CREDIT_NOTE_MESSAGES } from '@b2b/domain/credit-notes';
import { financialYearOf } from '@b2b/domain/invoices';
import { todayInIndia } from '@b2b/domain/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { createCreditNote, createSalesReturn, outstandingOf } from '../../../test/returns-fixtures.ts';
import {
  type Buyer,
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  setRoundOff,
  type TaxedProductOptions,
} from '../../../test/sales-fixtures.ts';

const FY = financialYearOf(todayInIndia()).code;

// The shared server (migrations on a fresh database) starts once; on a busy machine that takes a while.
beforeAll(() => testServer(), 180_000);

interface Invoice {
  id: number;
  invoice_total: number;
  items: {
    id: number;
    quantity: number;
    amount: number;
    taxable_value: number;
    cgst: number;
    sgst: number;
    igst: number;
    cess: number;
  }[];
}

/** An invoice of `quantity` of a new product for the buyer (a new one in Maharashtra unless given). */
async function invoiced(
  company: SignedUpCompany,
  options: { quantity?: number; buyer?: Buyer; product?: TaxedProductOptions } = {},
) {
  const product = await createTaxedProduct(company, { openingStock: 50, ...options.product });
  const { invoice, order, buyer } = await createInvoicedOrder(company, {
    buyer: options.buyer,
    lines: [{ product: product.id, quantity: options.quantity ?? 3 }],
  });
  return { invoice: invoice as Invoice, order, buyer, product };
}

async function company() {
  const c = await signUpCompany();
  await setRoundOff(c, false);
  return c;
}

const getInvoice = async (c: SignedUpCompany, id: number) => (await c.api.get(`admin/invoices/${id}`)).body;
const getOrder = async (c: SignedUpCompany, id: number) => (await c.api.get(`admin/orders/${id}`)).body;
const sumOf = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

describe('POST admin/invoices/{id}/credit_notes', () => {
  it('reverses CGST + SGST of an intra-state invoice at its rates, and credits the buyer', async () => {
    const c = await company();
    const { invoice, buyer } = await invoiced(c, { quantity: 2 });
    expect(await outstandingOf(c, buyer.id)).toBe(236);
    const note = await createCreditNote(c, invoice, undefined, { reference: 'Goods back' });
    expect(note).toMatchObject({
      credit_note_number: `CN/${FY}/00001`,
      status: 'open',
      is_intra_state: true,
      total: 236,
      balance: 236,
      reference: 'Goods back',
      allowed_actions: ['apply', 'refund', 'cancel'],
    });
    const line = invoice.items[0];
    expect(note.items[0]).toMatchObject({
      quantity: 2,
      additional_discount: 100,
      rate: 118,
      gst_rate: 18,
      amount: line.amount,
      taxable_value: line.taxable_value,
      cgst: line.cgst,
      sgst: line.sgst,
      igst: 0,
    });
    expect(note.totals).toMatchObject({
      taxable_value: 200,
      cgst: 18,
      sgst: 18,
      igst: 0,
      total_tax: 36,
      total: 236,
    });
    expect(note.totals.hsn_summary).toEqual([
      expect.objectContaining({ hsn: '8471', taxable_value: 200, total_tax: 36 }),
    ]);
    expect(await outstandingOf(c, buyer.id)).toBe(0);
    const initiate = await c.api.get(`admin/invoices/${invoice.id}/initiate_credit_note`);
    expect(initiate.body.items[0].creditable_quantity).toBe(0);
    const again = await c.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
      items: [{ invoice_item: line.id, quantity: 1 }],
    });
    expect(again.status).toBe(400);
    expect(again.body.errors['items.0.quantity']).toEqual(['This item has already been credited in full.']);
  });

  it('reverses IGST and cess of an inter-state invoice exactly as charged, whatever the split into notes', async () => {
    const c = await company();
    const buyer = await createBuyerWithAddress(c, { stateId: 29 });
    const { invoice } = await invoiced(c, {
      quantity: 3,
      buyer,
      product: { gstRate: 28, cessRate: 12, sellingPrice: 99.99 },
    });
    const line = invoice.items[0];
    expect(line.igst).toBeGreaterThan(0);
    expect(line.cgst).toBe(0);
    const first = await createCreditNote(c, invoice, [[1, 10]]);
    const second = await createCreditNote(c, invoice, [[2, 100]]);
    const initiate = await c.api.get(`admin/invoices/${invoice.id}/initiate_credit_note`);
    expect(initiate.body.is_intra_state).toBe(false);
    expect(initiate.body.items[0].creditable_quantity).toBe(0.9);
    const third = await createCreditNote(c, invoice, [[0.9, 100]]);
    const notes = [first, second, third];
    for (const figure of ['amount', 'taxable_value', 'igst', 'cess', 'cgst', 'sgst'] as const) {
      expect(sumOf(notes.map((n) => n.items[0][figure])), figure).toBe(line[figure]);
    }
    expect(first.items[0].amount).toBeCloseTo(line.amount / 30, 1);
    expect(notes.every((n) => n.is_intra_state === false && n.totals.cgst === 0)).toBe(true);
  });

  it('credits a price reduction (10%) and refuses more than is left, with a sentence at the line', async () => {
    const c = await company();
    const { invoice, buyer } = await invoiced(c, { quantity: 3 });
    const reduction = await createCreditNote(c, invoice, [[3, 10]]);
    expect(reduction.total).toBe(35.4);
    expect(reduction.totals).toMatchObject({ taxable_value: 30, cgst: 2.7, sgst: 2.7 });
    expect(await outstandingOf(c, buyer.id)).toBe(354 - 35.4);
    const tooMuch = await c.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
      items: [{ invoice_item: invoice.items[0].id, quantity: 3, additional_discount: 100 }],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors['items.0.quantity']).toEqual([
      'Only 2.7 of this item can still be credited at 100%.',
    ]);
  });

  it('takes the adjustment (negative reduces the credit), never to zero or below', async () => {
    const c = await company();
    const { invoice } = await invoiced(c, { quantity: 1 });
    const note = await createCreditNote(c, invoice, undefined, { adjustments: -18 });
    expect(note.total).toBe(100);
    expect(note.totals).toMatchObject({ lines_total: 118, adjustments: -18 });
    await c.api.post(`admin/credit_notes/${note.id}/cancel`, {});
    const zero = await c.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
      adjustments: -118,
      items: [{ invoice_item: invoice.items[0].id, quantity: 1 }],
    });
    expect(zero.status).toBe(400);
    expect(zero.body.errors.adjustments).toEqual([CREDIT_NOTE_MESSAGES.total_not_positive]);
  });

  it('answers bad input per field and refuses a cancelled invoice', async () => {
    const c = await company();
    const { invoice } = await invoiced(c, { quantity: 1 });
    const item = invoice.items[0].id;
    for (const body of [
      {},
      { items: [] },
      { items: [{ invoice_item: item, quantity: -1 }] },
      { items: [{ invoice_item: item, quantity: 1, additional_discount: 0 }] },
      { items: [{ invoice_item: item, quantity: 1, additional_discount: 101 }] },
      { items: [{ invoice_item: item, quantity: 1, additional_discount: 10.555 }] },
      { items: [{ invoice_item: 999_999_999, quantity: 1 }] },
      { items: [{ invoice_item: item, quantity: 1 }], adjustments: 'x' },
      { items: [{ invoice_item: item, quantity: 1 }], sales_return: 999_999_999 },
      { items: [{ invoice_item: item, quantity: 1 }], credit_note_date: 'yesterday' },
    ]) {
      const res = await c.api.post(`admin/invoices/${invoice.id}/credit_notes`, body);
      expect([400, 404], JSON.stringify({ body, answer: res.body })).toContain(res.status);
    }
    const cancelled = await c.api.post(`admin/invoices/${invoice.id}/cancel/`, {});
    expect(cancelled.status).toBe(200);
    const refused = await c.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
      items: [{ invoice_item: item, quantity: 1 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(CREDIT_NOTE_MESSAGES.invoice_cancelled);
  });
});

describe('credit note dates (issue 16)', () => {
  const yearEnd = financialYearOf(todayInIndia()).end;
  it.skipIf(yearEnd === todayInIndia())(
    'refuses a credit note dated before the last one of the series, unless the company allows back-dating',
    async () => {
      const c = await company();
      const { invoice } = await invoiced(c, { quantity: 3 });
      const first = await createCreditNote(c, invoice, [[1, 100]], { credit_note_date: yearEnd });
      expect(first.credit_note_number).toBe(`CN/${FY}/00001`);
      const [year, month, day] = yearEnd.split('-');
      const refused = await c.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
        items: [{ invoice_item: invoice.items[0].id, quantity: 1 }],
        credit_note_date: todayInIndia(),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        credit_note_date: [
          `The credit note date cannot be before ${day}/${month}/${year}, the date of the last credit note CN/${FY}/00001.`,
        ],
      });
      const allowed = await c.api.post('company_configurations', {
        configuration_type: 'back_dated_invoices',
        configurations: {},
        is_enabled: true,
      });
      expect(allowed.status).toBe(201);
      const backDated = await createCreditNote(c, invoice, [[1, 100]], { credit_note_date: todayInIndia() });
      expect(backDated).toMatchObject({
        credit_note_number: `CN/${FY}/00002`,
        credit_note_date: todayInIndia(),
      });
    },
  );
});

describe('POST admin/sales_returns/{id}/credit_note', () => {
  it('credits a return’s lines at 100% with its adjustments, once; cancelling the note frees the return', async () => {
    const c = await company();
    const { invoice, buyer } = await invoiced(c, { quantity: 3 });
    const salesReturn = await createSalesReturn(c, invoice, [2], { adjustments: -6 });
    const res = await c.api.post(`admin/sales_returns/${salesReturn.id}/credit_note`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ total: 230, sales_return: { id: salesReturn.id } });
    expect(res.body.items[0]).toMatchObject({ quantity: 2, additional_discount: 100 });
    expect((await c.api.get(`admin/sales_returns/${salesReturn.id}`)).body).toMatchObject({
      status: 'credited',
      credit_note: { id: res.body.id },
    });
    const twice = await c.api.post(`admin/sales_returns/${salesReturn.id}/credit_note`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(CREDIT_NOTE_MESSAGES.return_credited);
    const more = await c.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
      sales_return: salesReturn.id,
      items: [{ invoice_item: invoice.items[0].id, quantity: 3 }],
    });
    expect(more.status).toBe(409);
    expect(await outstandingOf(c, buyer.id)).toBe(354 - 230);
    const cancelled = await c.api.post(`admin/credit_notes/${res.body.id}/cancel`, { reason: 'Wrong' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      is_cancelled: true,
      balance: 0,
      allowed_actions: [],
    });
    expect(await outstandingOf(c, buyer.id)).toBe(354);
    expect((await c.api.get(`admin/sales_returns/${salesReturn.id}`)).body.status).toBe('received');
    // A note from the return may credit less than was returned, not more.
    const over = await c.api.post(`admin/sales_returns/${salesReturn.id}/credit_note`, {
      items: [{ invoice_item: invoice.items[0].id, quantity: 2.5 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.errors['items.0.quantity']).toEqual(['Cannot credit more than the 2 returned.']);
  });
});

describe('POST admin/credit_notes/{id}/apply', () => {
  it('settles the same and another invoice of the buyer; payment status and the outstanding follow', async () => {
    const c = await company();
    const first = await invoiced(c, { quantity: 2 });
    const second = await invoiced(c, { quantity: 1, buyer: first.buyer });
    expect(await outstandingOf(c, first.buyer.id)).toBe(354);
    const note = await createCreditNote(c, first.invoice, [[1, 100]]);
    expect(await outstandingOf(c, first.buyer.id)).toBe(236);

    const open = await c.api.get(`admin/credit_notes/${note.id}/open_invoices`);
    expect(open.status).toBe(200);
    expect(open.body.balance).toBe(118);
    expect(open.body.results.map((i: { id: number }) => i.id)).toEqual([first.invoice.id, second.invoice.id]);

    const applied = await c.api.post(`admin/credit_notes/${note.id}/apply`, {
      applications: [
        { invoice: first.invoice.id, amount: 100 },
        { invoice: second.invoice.id, amount: 18 },
      ],
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({
      status: 'applied',
      amount_applied: 118,
      balance: 0,
      allowed_actions: [],
    });
    expect(applied.body.applications).toHaveLength(2);
    expect(await getInvoice(c, first.invoice.id)).toMatchObject({
      amount_credited: 100,
      amount_due: 136,
      payment_status: 'partially_paid',
    });
    expect(await getInvoice(c, second.invoice.id)).toMatchObject({ amount_credited: 18, amount_due: 100 });
    expect((await getOrder(c, first.order.id)).payment_status).toBe('partially_paid');
    // Applying moves no money: the credit was counted when the note was issued.
    expect(await outstandingOf(c, first.buyer.id)).toBe(236);

    // The whole of an invoice credited: paid, and its order too.
    const rest = await createCreditNote(c, second.invoice, [[1, 100]]);
    const settle = await c.api.post(`admin/credit_notes/${rest.id}/apply`, {
      applications: [{ invoice: second.invoice.id, amount: 100 }],
    });
    expect(settle.status).toBe(200);
    expect(settle.body.status).toBe('partially_applied');
    expect((await getInvoice(c, second.invoice.id)).payment_status).toBe('paid');
    expect((await getOrder(c, second.order.id)).payment_status).toBe('paid');
    const beyondDue = await c.api.post(`admin/credit_notes/${rest.id}/apply`, {
      applications: [{ invoice: second.invoice.id, amount: 10 }],
    });
    expect(beyondDue.status).toBe(409);
    expect(beyondDue.body.detail).toMatch(/is due on this invoice/);
    expect(await outstandingOf(c, first.buyer.id)).toBe(118);
  });

  it('refuses another buyer’s invoice, more than the balance, and a cancelled note', async () => {
    const c = await company();
    const mine = await invoiced(c, { quantity: 2 });
    const theirs = await invoiced(c, { quantity: 2 });
    const note = await createCreditNote(c, mine.invoice, [[1, 100]]);
    const otherBuyer = await c.api.post(`admin/credit_notes/${note.id}/apply`, {
      applications: [{ invoice: theirs.invoice.id, amount: 10 }],
    });
    expect(otherBuyer.status).toBe(400);
    expect(otherBuyer.body.errors['applications.0.invoice']).toEqual([CREDIT_NOTE_MESSAGES.other_buyer]);
    const tooMuch = await c.api.post(`admin/credit_notes/${note.id}/apply`, {
      applications: [{ invoice: mine.invoice.id, amount: 118.01 }],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.detail).toBe('Only ₹118.00 is left of this credit note to apply.');
    for (const body of [
      {},
      { applications: [] },
      { applications: [{ invoice: mine.invoice.id, amount: 0 }] },
    ]) {
      expect((await c.api.post(`admin/credit_notes/${note.id}/apply`, body)).status).toBe(400);
    }
    await c.api.post(`admin/credit_notes/${note.id}/cancel`, {});
    const cancelled = await c.api.post(`admin/credit_notes/${note.id}/apply`, {
      applications: [{ invoice: mine.invoice.id, amount: 1 }],
    });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.detail).toBe(CREDIT_NOTE_MESSAGES.cancelled_cannot_change);
  });
});

describe('POST admin/credit_notes/{id}/cancel', () => {
  it('is refused while applied; removing the application allows it and the buyer owes it again', async () => {
    const c = await company();
    const { invoice, buyer, order } = await invoiced(c, { quantity: 1 });
    const note = await createCreditNote(c, invoice);
    const applied = await c.api.post(`admin/credit_notes/${note.id}/apply`, {
      applications: [{ invoice: invoice.id, amount: 118 }],
    });
    expect(applied.status).toBe(200);
    expect((await getOrder(c, order.id)).payment_status).toBe('paid');
    const refused = await c.api.post(`admin/credit_notes/${note.id}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(CREDIT_NOTE_MESSAGES.cancel_settled);
    // An invoice with credit applied cannot be cancelled either.
    expect((await c.api.post(`admin/invoices/${invoice.id}/cancel/`, {})).status).toBe(409);

    const application = applied.body.applications[0].id;
    const removed = await c.api.post(`admin/credit_notes/${note.id}/applications/${application}/cancel`, {});
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ status: 'open', amount_applied: 0, balance: 118 });
    expect(await getInvoice(c, invoice.id)).toMatchObject({ amount_credited: 0, payment_status: 'unpaid' });
    expect((await getOrder(c, order.id)).payment_status).toBe('unpaid');
    expect(
      (await c.api.post(`admin/credit_notes/${note.id}/applications/${application}/cancel`, {})).status,
    ).toBe(404);
    expect(await outstandingOf(c, buyer.id)).toBe(0);
    const cancelled = await c.api.post(`admin/credit_notes/${note.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(await outstandingOf(c, buyer.id)).toBe(118);
    const history = await c.api.get(`admin/credit_notes/${note.id}/history`);
    expect(history.body.results.map((h: { actions: { action: string } }) => h.actions.action)).toEqual(
      expect.arrayContaining(['created', 'applied', 'application_cancelled', 'cancelled']),
    );
  });
});

describe('POST admin/credit_notes/{id}/refund', () => {
  it('pays the balance back through a refund record; never more; a refunded note cannot be cancelled', async () => {
    const c = await company();
    const { invoice, buyer } = await invoiced(c, { quantity: 1 });
    const note = await createCreditNote(c, invoice);
    expect(await outstandingOf(c, buyer.id)).toBe(0);
    const part = await c.api.post(`admin/credit_notes/${note.id}/refund`, {
      amount: 18,
      reference_number: 'UTR1',
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ status: 'partially_applied', amount_refunded: 18, balance: 100 });
    expect(await outstandingOf(c, buyer.id)).toBe(18);
    const over = await c.api.post(`admin/credit_notes/${note.id}/refund`, { amount: 100.01 });
    expect(over.status).toBe(409);
    expect(over.body.detail).toBe('Only ₹100.00 is left of this credit note to apply.');
    expect((await c.api.post(`admin/credit_notes/${note.id}/refund`, { amount: -1 })).status).toBe(400);
    const rest = await c.api.post(`admin/credit_notes/${note.id}/refund`, { amount: 100 });
    expect(rest.body).toMatchObject({ status: 'refunded', balance: 0, allowed_actions: [] });
    expect(await outstandingOf(c, buyer.id)).toBe(118);
    expect((await c.api.post(`admin/credit_notes/${note.id}/cancel`, {})).status).toBe(409);
    const refunds = await c.api.get(`admin/companies/${c.companyId}/refunds`);
    expect(refunds.status).toBe(200);
    expect(refunds.body.count).toBe(2);
  });
});

describe('GET admin/companies/{companyId}/credit_notes', () => {
  it('filters by invoice and is_cancelled=false (the spec’s call), status, buyer, search; an order lists its own', async () => {
    const c = await company();
    const a = await invoiced(c, { quantity: 3 });
    const b = await invoiced(c, { quantity: 3 });
    const n1 = await createCreditNote(c, a.invoice, [[1, 100]]);
    const n2 = await createCreditNote(c, a.invoice, [[1, 100]]);
    const n3 = await createCreditNote(c, b.invoice, [[1, 50]]);
    await c.api.post(`admin/credit_notes/${n2.id}/cancel`, {});
    const list = (query: string) => c.api.get(`admin/companies/${c.companyId}/credit_notes?${query}`);
    const ids = (res: { body: { results: { id: number }[] } }) => res.body.results.map((r) => r.id);
    expect((await list('')).body.count).toBe(3);
    expect(ids(await list(`invoice=${a.invoice.id}&is_cancelled=false`))).toEqual([n1.id]);
    expect(ids(await list('status__in=cancelled'))).toEqual([n2.id]);
    expect(ids(await list(`buyer=${b.buyer.id}`))).toEqual([n3.id]);
    expect(ids(await list(`search=${encodeURIComponent(n3.credit_note_number)}`))).toEqual([n3.id]);
    expect(ids(await list('ordering=credit_note_number&limit=1'))).toEqual([n1.id]);
    expect((await list('status__in=nope')).status).toBe(400);
    const ofOrder = await c.api.get(`admin/orders/${a.order.id}/credit_notes?limit=1000`);
    expect(ofOrder.status).toBe(200);
    expect(ofOrder.body.results.map((r: { id: number }) => r.id).sort()).toEqual([n1.id, n2.id].sort());
    expect(ofOrder.body.results[0]).toMatchObject({
      invoice: { id: a.invoice.id },
      buyer: { id: a.buyer.id },
    });

    // Keyset paging, the way the invoice and shipment lists page: forwards, then back.
    const first = await list('ordering=credit_note_number&limit=2&cursor=');
    expect(ids(first)).toEqual([n1.id, n2.id]);
    expect(first.body.previous).toBeNull();
    const second = await c.api.get(first.body.next.replace(/^\/api\//, ''));
    expect(ids(second)).toEqual([n3.id]);
    expect(second.body.next).toBeNull();
    expect(ids(await c.api.get(second.body.previous.replace(/^\/api\//, '')))).toEqual([n1.id, n2.id]);
    const orderPage = await c.api.get(`admin/orders/${a.order.id}/credit_notes?limit=1&cursor=`);
    expect(orderPage.body.count).toBe(2);
    expect(ids(orderPage)).toEqual([n2.id]); // newest created first
    expect(ids(await c.api.get(orderPage.body.next.replace(/^\/api\//, '')))).toEqual([n1.id]);
    expect((await c.api.get(`admin/orders/999999999/credit_notes`)).status).toBe(404);
    expect((await list('cursor=bogus')).status).toBe(400);
  });
});

describe('GET admin/credit_notes/{id}/pdf', () => {
  it('downloads the GST credit note with its number, invoice, figures and reason', async () => {
    const c = await company();
    const { invoice } = await invoiced(c, { quantity: 2 });
    const note = await createCreditNote(c, invoice, [[1, 100]], { reason: 'One unit came back damaged.' });
    const download = (id: number, as = c) =>
      fetch(`${as.t.baseUrl}/admin/credit_notes/${id}/pdf`, {
        headers: { authorization: `Bearer ${as.api.token}` },
      });
    const res = await download(note.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`CN-${FY}-00001.pdf`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfPages(pdf)
      .map((page) => page.text)
      .join('\n')
      .replace(/\s+/g, ' ');
    const { invoice_number: invoiceNumber } = await getInvoice(c, invoice.id);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Credit Note No. CN/${FY}/00001`);
    expect(text).toContain(`Original Invoice No. ${invoiceNumber}`);
    expect(text).toContain('Place of Supply');
    expect(text).toContain('8471'); // the line's HSN
    // 1 of 2 units credited at 100% of 100.00 + 18%: rate 100.00, 100.00 taxable, 9.00 + 9.00, 118.00
    expect(text).toContain('1 100.00 100.00 9% 9.00 9% 9.00 118.00');
    expect(text).toContain('Taxable Value 100.00');
    expect(text).toContain('CGST 9.00');
    expect(text).toContain('Total ₹ 118.00');
    expect(text).toContain('Rupees One Hundred Eighteen Only');
    expect(text).toContain('One unit came back damaged.');
    expect(text).toContain('Authorised Signatory');
    expect(text).not.toContain('CANCELLED');

    await c.api.post(`admin/credit_notes/${note.id}/cancel`, {});
    const cancelled = pdfPages(Buffer.from(await (await download(note.id)).arrayBuffer()));
    expect(cancelled[0].text).toContain('CANCELLED');
    expect((await download(999_999_999)).status).toBe(404);
    expect((await download(note.id, await company())).status).toBe(404);
  });
});

describe('permissions and tenants', () => {
  it('answers 403 without the permission and 404 for another company’s notes and invoices', async () => {
    const c = await company();
    const { invoice } = await invoiced(c, { quantity: 2 });
    const note = await createCreditNote(c, invoice, [[1, 100]]);
    const viewer = await createUserWithPermissions(c, ['view_credit_note']);
    expect((await viewer.api.get(`admin/credit_notes/${note.id}`)).status).toBe(200);
    const create = await viewer.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
      items: [{ invoice_item: invoice.items[0].id, quantity: 1 }],
    });
    expect(create.status).toBe(403);
    expect(create.body.detail).toBe(CREDIT_NOTE_MESSAGES.forbidden_create);
    expect(
      (
        await viewer.api.post(`admin/credit_notes/${note.id}/apply`, {
          applications: [{ invoice: invoice.id, amount: 1 }],
        })
      ).status,
    ).toBe(403);
    expect((await viewer.api.post(`admin/credit_notes/${note.id}/cancel`, {})).status).toBe(403);
    const nobody = await createUserWithPermissions(c, ['view_invoice']);
    expect((await nobody.api.get(`admin/companies/${c.companyId}/credit_notes`)).status).toBe(403);

    const other = await company();
    expect((await other.api.get(`admin/credit_notes/${note.id}`)).status).toBe(404);
    expect((await other.api.post(`admin/credit_notes/${note.id}/cancel`, {})).status).toBe(404);
    expect(
      (
        await other.api.post(`admin/invoices/${invoice.id}/credit_notes`, {
          items: [{ invoice_item: invoice.items[0].id, quantity: 1 }],
        })
      ).status,
    ).toBe(404);
    // Their own note cannot be applied to our invoice.
    const theirs = await invoiced(other, { quantity: 1 });
    const theirNote = await createCreditNote(other, theirs.invoice);
    const cross = await other.api.post(`admin/credit_notes/${theirNote.id}/apply`, {
      applications: [{ invoice: invoice.id, amount: 1 }],
    });
    expect(cross.status).toBe(400);
    expect(cross.body.errors['applications.0.invoice']).toEqual(['Invoice Not Found']);
  });
});
