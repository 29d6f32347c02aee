import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { outstandingOf } from '../../../test/returns-fixtures.ts';
import {
  type Buyer,
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  setRoundOff,
} from '../../../test/sales-fixtures.ts';

/**
 * Credit notes by quantity and rate (issue 18): the user credits a quantity of an invoice line at
 * a rate per unit excluding GST (at most the invoiced one); GST is worked out per head on it.
 */

beforeAll(() => testServer(), 180_000);

/** A company without round-off and an invoice of 10 at ₹118 (₹100 + 18% GST) to `buyer`. */
async function invoiceOfTen(buyerState = 27) {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const buyer: Buyer = await createBuyerWithAddress(company, { stateId: buyerState });
  const product = await createTaxedProduct(company, { openingStock: 50, sellingPrice: 118 });
  const { invoice } = await createInvoicedOrder(company, {
    buyer,
    lines: [{ product: product.id, quantity: 10 }],
  });
  return { company, buyer, invoice, line: invoice.items[0] as { id: number; taxable_value: number } };
}

const credit = (company: SignedUpCompany, invoiceId: number, items: Record<string, unknown>[]) =>
  company.api.post(`admin/invoices/${invoiceId}/credit_notes`, { items });

const initiate = async (company: SignedUpCompany, invoiceId: number) =>
  (await company.api.get(`admin/invoices/${invoiceId}/initiate_credit_note`)).body;

describe('POST admin/invoices/{id}/credit_notes with a rate', () => {
  it('offers the invoiced rate before tax, and credits quantity x a lower rate with CGST and SGST worked out on it', async () => {
    const { company, buyer, invoice, line } = await invoiceOfTen();
    const offered = await initiate(company, invoice.id);
    expect(offered.items[0]).toMatchObject({
      quantity: 10,
      taxable_rate: 100,
      creditable_quantity: 10,
      credited: { taxable_value: 0, cgst: 0, sgst: 0, igst: 0, cess: 0 },
    });
    const res = await credit(company, invoice.id, [{ invoice_item: line.id, quantity: 2, rate: 60 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.items[0]).toMatchObject({
      quantity: 2,
      credit_rate: 60,
      additional_discount: 60,
      taxable_value: 120,
      cgst: 10.8,
      sgst: 10.8,
      igst: 0,
      amount: 141.6,
    });
    expect(res.body.totals).toMatchObject({ taxable_value: 120, cgst: 10.8, sgst: 10.8, total: 141.6 });
    expect(await outstandingOf(company, buyer.id)).toBe(1180 - 141.6);
    // Two units at 60% of the rate used 1.2 units' worth of the line: 8.8 are left at the invoiced rate.
    const after = await initiate(company, invoice.id);
    expect(after.items[0]).toMatchObject({
      creditable_quantity: 8.8,
      credited: { taxable_value: 120, cgst: 10.8, sgst: 10.8 },
    });
  });

  it('credits IGST across states, and the note that takes the rest of the line leaves nothing over or under', async () => {
    const { company, invoice, line } = await invoiceOfTen(29);
    const reduced = await credit(company, invoice.id, [{ invoice_item: line.id, quantity: 3, rate: 33.33 }]);
    expect(reduced.status, JSON.stringify(reduced.body)).toBe(201);
    // 3 x ₹33.33 = ₹99.99; IGST 18% of it is ₹17.9982: ₹18.00.
    expect(reduced.body.items[0]).toMatchObject({ taxable_value: 99.99, igst: 18, cgst: 0, sgst: 0 });
    const left = (await initiate(company, invoice.id)).items[0].creditable_quantity;
    expect(left).toBe(9);
    const rest = await credit(company, invoice.id, [{ invoice_item: line.id, quantity: left, rate: 100 }]);
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const sum = (a: number, b: number) => Math.round((a + b) * 100) / 100;
    const invoiceLine = invoice.items[0] as { taxable_value: number; igst: number; amount: number };
    expect(sum(reduced.body.items[0].taxable_value, rest.body.items[0].taxable_value)).toBe(
      invoiceLine.taxable_value,
    );
    expect(sum(reduced.body.items[0].igst, rest.body.items[0].igst)).toBe(invoiceLine.igst);
    expect(sum(reduced.body.total, rest.body.total)).toBe(invoiceLine.amount);
    expect((await initiate(company, invoice.id)).items[0].creditable_quantity).toBe(0);
  });

  it('refuses a rate above the invoiced one, more than can be credited, and a rate with a discount, with sentences (400) and keeps nothing', async () => {
    const { company, invoice, line } = await invoiceOfTen();
    const refusals: [Record<string, number>, string, string][] = [
      [
        { quantity: 1, rate: 100.01 },
        'rate',
        'The rate cannot be more than the invoiced rate of ₹100.00 (excl. GST).',
      ],
      [{ quantity: 11, rate: 50 }, 'quantity', 'Only 10 of this item can still be credited at this rate.'],
      [
        { quantity: 1, rate: 50, additional_discount: 50 },
        'rate',
        'Give either a rate or an additional discount, not both.',
      ],
      [{ quantity: 1, rate: 0 }, 'rate', 'Please enter a rate greater than zero (two decimals).'],
    ];
    for (const [item, field, message] of refusals) {
      const res = await credit(company, invoice.id, [{ invoice_item: line.id, ...item }]);
      expect(res.status, JSON.stringify(item)).toBe(400);
      expect(res.body.errors[`items.0.${field}`]).toEqual([message]);
    }
    const notes = await company.api.get(`admin/companies/${company.companyId}/credit_notes`);
    expect(notes.body.count).toBe(0);

    // Eight credited in full: two are left, whatever the rate.
    expect((await credit(company, invoice.id, [{ invoice_item: line.id, quantity: 8 }])).status).toBe(201);
    const over = await credit(company, invoice.id, [{ invoice_item: line.id, quantity: 3, rate: 100 }]);
    expect(over.status).toBe(400);
    expect(over.body.errors['items.0.quantity']).toEqual([
      'Only 2 of this item can still be credited at this rate.',
    ]);
  });

  it('takes turns on the invoice: two notes for the last units at once, one is refused', async () => {
    const { company, invoice, line } = await invoiceOfTen();
    const both = await Promise.all([
      credit(company, invoice.id, [{ invoice_item: line.id, quantity: 6, rate: 100 }]),
      credit(company, invoice.id, [{ invoice_item: line.id, quantity: 6, rate: 90 }]),
    ]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 400]);
    const refused = both.find((res) => res.status === 400);
    expect(refused?.body.errors['items.0.quantity'][0]).toMatch(
      /^Only \d+(\.\d+)? of this item can still be credited/,
    );
  });
});

describe('GET admin/credit_notes/{id}/pdf of notes by rate and by percent', () => {
  const pdfText = async (company: SignedUpCompany, id: number) => {
    const res = await fetch(`${company.t.baseUrl}/admin/credit_notes/${id}/pdf`, {
      headers: { authorization: `Bearer ${company.api.token}` },
    });
    expect(res.status).toBe(200);
    return pdfPages(Buffer.from(await res.arrayBuffer()))
      .map((page) => page.text)
      .join('\n')
      .replace(/\s+/g, ' ');
  };

  it('prints the credited quantity, rate excl. GST, taxable value, taxes and amount of each line', async () => {
    const { company, invoice, line } = await invoiceOfTen();
    // By rate: 3 x ₹33.33 = ₹99.99; CGST 9% ₹8.9991 -> ₹9.00, SGST ₹9.00; ₹117.99.
    const byRate = await credit(company, invoice.id, [{ invoice_item: line.id, quantity: 3, rate: 33.33 }]);
    expect(byRate.status, JSON.stringify(byRate.body)).toBe(201);
    const rateText = await pdfText(company, byRate.body.id);
    expect(rateText).toContain('Rate excl. GST');
    expect(rateText).not.toContain('Credit %');
    expect(rateText).toContain('3 33.33 99.99 9% 9.00 9% 9.00 117.99');
    expect(rateText).toContain('Total 99.99 9.00 9.00 117.99');
    expect(rateText).toContain('Taxable Value 99.99 CGST 9.00 SGST 9.00');
    expect(rateText).toContain('Total ₹ 117.99');

    // A note made the old way, by percent (no rate kept): 2 at 50% of ₹100.00 prints rate ₹50.00,
    // ₹100.00 taxable, ₹9.00 + ₹9.00, ₹118.00.
    const byPercent = await credit(company, invoice.id, [
      { invoice_item: line.id, quantity: 2, additional_discount: 50 },
    ]);
    expect(byPercent.status, JSON.stringify(byPercent.body)).toBe(201);
    const percentText = await pdfText(company, byPercent.body.id);
    expect(percentText).toContain('2 50.00 100.00 9% 9.00 9% 9.00 118.00');
    expect(percentText).toContain('Total 100.00 9.00 9.00 118.00');
    expect(percentText).toContain('Total ₹ 118.00');
  });
});
