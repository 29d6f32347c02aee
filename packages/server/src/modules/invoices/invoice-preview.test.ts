import { INVOICE_LINE_QUANTITY_MESSAGE } from '@b2b/domain/api/invoices';
import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import {
  createBuyerWithAddress,
  createOrder,
  createTaxedProduct,
  invoiceOrder,
  setRoundOff,
} from '../../../test/sales-fixtures.ts';

/** Generate Invoice's totals before the invoice is committed (issue 18). */

type Order = Awaited<ReturnType<typeof createOrder>>['order'];

const itemsOf = (order: Order, quantities: readonly number[]) =>
  order.order_items.map((item: { id: number }, index: number) => ({
    order_item: item.id,
    quantity: quantities[index],
  }));

const preview = (company: SignedUpCompany, order: Order, quantities: readonly number[]) =>
  company.api.post(`admin/orders/${order.id}/preview_invoice/`, { items: itemsOf(order, quantities) });

/** A confirmed order of 3 at ₹99.99 (18%) with ₹10 off, ₹50 shipping and ₹7.50 other charges. */
async function orderWithCharges(company: SignedUpCompany, buyerState: number) {
  const buyer = await createBuyerWithAddress(company, { stateId: buyerState });
  const product = await createTaxedProduct(company, { openingStock: 10, sellingPrice: 99.99 });
  const { order } = await createOrder(company, {
    buyer,
    lines: [{ product: product.id, quantity: 3 }],
    fields: { additional_discount: 10, shipping_handling_charges: 50, other_charges: 7.5 },
    confirm: true,
  });
  return order;
}

/** Previews the quantities, generates them, and expects the same totals to the paisa. */
async function previewThenGenerate(company: SignedUpCompany, order: Order, quantities: readonly number[]) {
  const seen = await preview(company, order, quantities);
  expect(seen.status, JSON.stringify(seen.body)).toBe(200);
  const invoice = await invoiceOrder(company, order, quantities);
  expect(seen.body.totals).toEqual(invoice.totals);
  return invoice;
}

describe('POST admin/orders/{id}/preview_invoice/', () => {
  it('gives an intra-state invoice its totals before it is generated: CGST + SGST, the charges taxed, round-off', async () => {
    const company = await signUpCompany();
    await setRoundOff(company, true);
    const order = await orderWithCharges(company, 27);

    const first = await previewThenGenerate(company, order, [1]);
    expect(first.totals).toMatchObject({ is_intra_state: true, igst: 0, shipping_handling_charges: 50 });
    expect(first.totals.cgst).toBeGreaterThan(0);
    expect(first.totals.cgst).toBe(first.totals.sgst);
    expect(first.totals.charges.map((charge: { label: string }) => charge.label)).toHaveLength(2);
    expect(Number.isInteger(first.totals.total)).toBe(true);

    // The rest: the charges went with the first invoice, the line takes exactly what is left.
    const rest = await previewThenGenerate(company, order, [2]);
    expect(rest.totals).toMatchObject({ shipping_handling_charges: 0, other_charges: 0, charges: [] });
  });

  it('gives an inter-state invoice IGST on the goods and on the shipping charge, equal to the generated one', async () => {
    const company = await signUpCompany();
    await setRoundOff(company, false);
    const order = await orderWithCharges(company, 29);
    const invoice = await previewThenGenerate(company, order, [3]);
    expect(invoice.totals).toMatchObject({ is_intra_state: false, cgst: 0, sgst: 0, round_off: 0 });
    const shipping = invoice.totals.charges.find(
      (charge: { label: string }) => charge.label === 'Shipping and handling charges',
    );
    expect(shipping).toMatchObject({ amount: 50, gst_rate: 18, cgst: 0, sgst: 0 });
    expect(shipping.igst).toBeGreaterThan(0);
    expect(Math.round((shipping.taxable_value + shipping.igst) * 100) / 100).toBe(50);
  });

  it('writes nothing, and refuses what generate_invoice refuses', async () => {
    const company = await signUpCompany();
    const order = await orderWithCharges(company, 27);
    const tooMany = await preview(company, order, [4]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors['items.0.quantity']).toEqual([INVOICE_LINE_QUANTITY_MESSAGE]);
    expect((await preview(company, order, [2])).status).toBe(200);
    const invoices = await dbOf(company)
      .selectFrom('invoices')
      .select('id')
      .where('company_id', '=', company.companyId)
      .execute();
    expect(invoices).toEqual([]);
    const history = await company.api.get(`admin/orders/${order.id}/history/`);
    expect(JSON.stringify(history.body)).not.toContain('invoiced');

    const { order: fresh } = await createOrder(company, { buyer: await createBuyerWithAddress(company) });
    const refused = await preview(company, fresh, [1]);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('A new order cannot be invoiced; confirm it first.');
  });
});
