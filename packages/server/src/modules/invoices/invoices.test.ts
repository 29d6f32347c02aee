import { INVOICE_FORM_MESSAGES, INVOICE_LINE_QUANTITY_MESSAGE } from '@b2b/domain/api/invoices';
import { financialYearOf, INVOICE_MESSAGES, INVOICE_REFUSALS } from '@b2b/domain/invoices';
import { todayInIndia } from '@b2b/domain/validation';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { testAppWith } from '../../../test/harness.ts';
import { dbOf, firstWarehouse, stockLevelOf } from '../../../test/inventory-fixtures.ts';
import { startIrpStandIn } from '../../../test/irp-stand-in.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import {
  type Buyer,
  createBuyerWithAddress,
  createOrder,
  createQuotation,
  createTaxedProduct,
  generateOrder,
  invoiceOrder,
  setRoundOff,
  type TaxedProductOptions,
} from '../../../test/sales-fixtures.ts';
import { createHttpIrpClient } from '../e-invoice/irp-client.ts';
import { INVOICE_REFUSALS_HERE } from './invoice-context.ts';

/** The financial year code of today's invoices ('2627'). */
const FY = financialYearOf(todayInIndia()).code;

interface World {
  company: SignedUpCompany;
  buyer: Buyer;
  product: { id: number; name: string };
  warehouseId: number;
}

/** A company without round-off, a buyer in Maharashtra and a product with stock. */
async function setUp(
  options: {
    stock?: number;
    roundOff?: boolean;
    product?: TaxedProductOptions;
    buyer?: Parameters<typeof createBuyerWithAddress>[1];
  } = {},
): Promise<World> {
  const company = await signUpCompany();
  await setRoundOff(company, options.roundOff ?? false);
  const buyer = await createBuyerWithAddress(company, options.buyer);
  const product = await createTaxedProduct(company, {
    openingStock: options.stock ?? 10,
    ...options.product,
  });
  return { company, buyer, product, warehouseId: (await firstWarehouse(company)).id };
}

/** A confirmed order of `quantity` of the world's product (and any other lines). */
async function confirmedOrder(
  world: World,
  quantity = 3,
  fields: Record<string, unknown> = {},
  lines?: { product: number; quantity: number }[],
) {
  const { order } = await createOrder(world.company, {
    buyer: world.buyer,
    lines: lines ?? [{ product: world.product.id, quantity }],
    fields,
    confirm: true,
  });
  expect(order.status).toBe('confirmed');
  return order;
}

const generate = (company: SignedUpCompany, orderId: number, body: Record<string, unknown>) =>
  company.api.post(`admin/orders/${orderId}/generate_invoice/`, body);

const invoice = invoiceOrder;

const orderOf = async (company: SignedUpCompany, orderId: number) =>
  (await company.api.get(`admin/orders/${orderId}`)).body;

async function stock(world: World, productId = world.product.id) {
  const level = await stockLevelOf(world.company, productId, world.warehouseId);
  return { available: Number(level?.available_stock ?? 0), reserved: Number(level?.df_quantity ?? 0) };
}

const outstanding = async (world: World) =>
  Number(
    (
      await dbOf(world.company)
        .selectFrom('buyers')
        .select('outstanding_paise')
        .where('company_id', '=', world.company.companyId)
        .where('id', '=', world.buyer.id)
        .executeTakeFirstOrThrow()
    ).outstanding_paise,
  ) / 100;

const ledgerOf = (world: World, invoiceId: number) =>
  dbOf(world.company)
    .selectFrom('buyer_ledger_entries')
    .select(['entry_type', 'debit_paise', 'credit_paise', 'reference_number'])
    .where('company_id', '=', world.company.companyId)
    .where('document_type', '=', 'invoice')
    .where('document_id', '=', invoiceId)
    .orderBy('id')
    .execute();

/** Saves the company's back-dating switch (issue 16: off unless saved enabled). */
async function setBackDating(company: SignedUpCompany, enabled: boolean) {
  const res = await company.api.post('company_configurations', {
    configuration_type: 'back_dated_invoices',
    configurations: {},
    is_enabled: enabled,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

describe('POST admin/orders/{id}/generate_invoice/', () => {
  it('invoices part of an order, then the rest: amounts add up to the order exactly and stock leaves', async () => {
    const world = await setUp({ stock: 10, product: { sellingPrice: 99.99 } });
    const order = await confirmedOrder(world, 3, {
      additional_discount: 10,
      shipping_handling_charges: 50,
      other_charges: 7.5,
    });
    expect(await stock(world)).toEqual({ available: 10, reserved: 3 });

    const first = await invoice(world.company, order, [1]);
    expect(first).toMatchObject({
      invoice_number: `PUN/${FY}/00001`,
      status: 'generated',
      payment_status: 'unpaid',
      order: { id: order.id, order_number: order.order_number },
      buyer: { id: world.buyer.id, name: world.buyer.name },
      seller_branch: { id: world.company.branchId, name: 'Pune' },
      invoice_date: todayInIndia(),
      allowed_actions: ['cancel', 'ready_to_ship', 'edit', 'write_off', 'e_invoice', 'resend'],
    });
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ quantity: 1, product: { id: world.product.id } });
    // The order's charges ride on its first invoice.
    expect(first.totals).toMatchObject({ shipping_handling_charges: 50, other_charges: 7.5 });
    expect(await stock(world)).toEqual({ available: 9, reserved: 2 });
    const partly = await orderOf(world.company, order.id);
    expect(partly).toMatchObject({
      status: 'processing',
      total_quantity_invoiced: 1,
      partially_invoiced: true,
    });
    expect(partly.order_items[0]).toMatchObject({ quantity_invoiced: 1, invoiceable_quantity: 2 });

    const second = await invoice(world.company, partly);
    expect(second.invoice_number).toBe(`PUN/${FY}/00002`);
    expect(second.items[0].quantity).toBe(2);
    expect(second.totals).toMatchObject({ shipping_handling_charges: 0, other_charges: 0 });
    expect(await stock(world)).toEqual({ available: 7, reserved: 0 });
    const done = await orderOf(world.company, order.id);
    // All invoiced, none delivered yet: complete comes with the deliveries (modules/shipments).
    expect(done).toMatchObject({ status: 'processing', total_quantity_invoiced: 3 });

    // The amounts of the two invoices add up to the order's, to the paisa.
    for (const key of ['subtotal', 'line_discount', 'total']) {
      expect(sum([first.totals[key], second.totals[key]]), key).toBe(order.totals[key]);
    }
    // Each invoice is taxed on its own (each head rounded on its own, issue 16), so its taxable
    // value and heads may differ from its share of the order's by a paisa or two; they still add
    // up to the same amounts.
    for (const key of ['taxable_value', 'cgst', 'sgst', 'igst', 'cess']) {
      expect(Math.abs(sum([first.totals[key], second.totals[key]]) - order.totals[key]), key).toBeLessThan(
        0.05,
      );
    }
    for (const inv of [first, second]) expect(inv.totals.cgst).toBe(inv.totals.sgst);
    expect(
      sum([
        first.totals.coupon_discount + first.totals.additional_discount,
        second.totals.coupon_discount + second.totals.additional_discount,
      ]),
    ).toBe(10);
    expect(sum([first.items[0].amount, second.items[0].amount])).toBe(order.order_items[0].amount);
    expect(sum([first.invoice_total, second.invoice_total])).toBe(order.order_total);
    for (const inv of [first, second]) {
      const lines = inv.items[0];
      expect(sum([lines.taxable_value, lines.cgst, lines.sgst, lines.igst, lines.cess])).toBe(lines.amount);
      expect(sum([lines.gross, -lines.line_discount, -lines.order_discount])).toBe(lines.amount);
    }
  });

  it("refuses more than the invoiceable quantity, or no number, with the spec's sentence, and changes nothing", async () => {
    const world = await setUp();
    const order = await confirmedOrder(world, 2);
    const item = order.order_items[0].id;
    const proposal = await world.company.api.get(`admin/orders/${order.id}/initiate_invoice/`);
    expect(proposal.status).toBe(200);
    expect(proposal.body).toMatchObject({
      order: { id: order.id, status: 'confirmed' },
      invoice_date: todayInIndia(),
      items: [{ order_item: item, quantity: 2, quantity_invoiced: 0, invoiceable_quantity: 2, rate: 118 }],
    });
    for (const quantity of [3, 'abc', 2.0001, -1, 0]) {
      const res = await generate(world.company, order.id, { items: [{ order_item: item, quantity }] });
      expect(res.status, String(quantity)).toBe(400);
      expect(res.body.errors['items.0.quantity']).toEqual([INVOICE_LINE_QUANTITY_MESSAGE]);
    }
    const other = await generate(world.company, order.id, {
      items: [{ order_item: 999_999_999, quantity: 1 }],
    });
    expect(other.status).toBe(400);
    expect(other.body.errors['items.0.order_item']).toEqual([INVOICE_FORM_MESSAGES.item_not_in_order]);
    expect(await stock(world)).toEqual({ available: 10, reserved: 2 });
    expect((await orderOf(world.company, order.id)).total_quantity_invoiced).toBe(0);
    await invoice(world.company, order, [1.5]);
    const rest = await generate(world.company, order.id, { items: [{ order_item: item, quantity: 0.6 }] });
    expect(rest.status).toBe(400);
    expect(rest.body.errors['items.0.quantity']).toEqual([INVOICE_LINE_QUANTITY_MESSAGE]);
  });

  it('refuses to invoice a new or a cancelled order (409)', async () => {
    const world = await setUp();
    const { order } = await createOrder(world.company, {
      buyer: world.buyer,
      lines: [{ product: world.product.id, quantity: 1 }],
    });
    expect(order.status).toBe('new');
    const items = [{ order_item: order.order_items[0].id, quantity: 1 }];
    const refusedNew = await generate(world.company, order.id, { items });
    expect(refusedNew.status).toBe(409);
    expect(refusedNew.body.detail).toBe('A new order cannot be invoiced; confirm it first.');
    expect((await world.company.api.get(`admin/orders/${order.id}/initiate_invoice/`)).status).toBe(409);
    expect((await world.company.api.post(`admin/orders/${order.id}/cancel/`)).status).toBe(200);
    const refusedCancelled = await generate(world.company, order.id, { items });
    expect(refusedCancelled.status).toBe(409);
    expect(refusedCancelled.body.detail).toBe('A cancelled order cannot be invoiced.');
    expect(
      await dbOf(world.company)
        .selectFrom('invoices')
        .select('id')
        .where('company_id', '=', world.company.companyId)
        .execute(),
    ).toEqual([]);
  });

  it('charges CGST and SGST within the state and IGST across states', async () => {
    const world = await setUp({ product: { sellingPrice: 118 } });
    const intra = await invoice(world.company, await confirmedOrder(world, 1));
    expect(intra.totals).toMatchObject({
      is_intra_state: true,
      taxable_value: 100,
      cgst: 9,
      sgst: 9,
      igst: 0,
      total: 118,
    });
    expect(intra.items[0]).toMatchObject({ taxable_value: 100, cgst: 9, sgst: 9, igst: 0, gst_rate: 18 });
    expect(intra.place_of_supply).toMatchObject({ id: 27, gst_code: '27' });

    const karnataka = await createBuyerWithAddress(world.company, { stateId: 29 });
    const inter = await invoice(world.company, await confirmedOrder({ ...world, buyer: karnataka }, 1));
    expect(inter.totals).toMatchObject({
      is_intra_state: false,
      taxable_value: 100,
      cgst: 0,
      sgst: 0,
      igst: 18,
      total: 118,
    });
    expect(inter.place_of_supply).toMatchObject({ id: 29, gst_code: '29' });
    expect(inter.totals.hsn_summary).toEqual([
      {
        hsn: '8471',
        gst_rate: 18,
        cess_rate: 0,
        taxable_value: 100,
        cgst: 0,
        sgst: 0,
        igst: 18,
        cess: 0,
        total_tax: 18,
      },
    ]);
  });

  it('adds cess beside GST', async () => {
    const world = await setUp({ product: { gstRate: 28, cessRate: 12, sellingPrice: 140, hsn: '2202' } });
    const inv = await invoice(world.company, await confirmedOrder(world, 2));
    expect(inv.totals).toMatchObject({ taxable_value: 200, cgst: 28, sgst: 28, cess: 24, total: 280 });
    expect(inv.items[0]).toMatchObject({ gst_rate: 28, cess_rate: 12, cess: 24 });
  });

  it('rounds the total to the rupee with a round-off line when the branch rounds off', async () => {
    const world = await setUp({ roundOff: true, product: { sellingPrice: 99.6 } });
    const inv = await invoice(world.company, await confirmedOrder(world, 1));
    expect(inv.totals).toMatchObject({ round_off: 0.4, total: 100 });
    expect(inv.invoice_total).toBe(100);
    expect(sum([inv.totals.taxable_value, inv.totals.total_tax, inv.totals.round_off])).toBe(100);
  });
});

describe('invoice numbering', () => {
  it('numbers per branch series and financial year: SERIES/FY/00001, from 00001 again in April', async () => {
    const world = await setUp({ stock: 20 });
    // Orders dated before the invoices (an invoice is never dated before its order).
    const ordered = () => confirmedOrder(world, 1, { date: '2026-03-01' });
    const numberOf = async (date: string) =>
      (await invoice(world.company, await ordered(), undefined, { invoice_date: date })).invoice_number;
    expect(await numberOf('2026-03-31')).toBe('PUN/2526/00001');
    expect(await numberOf('2026-11-20')).toBe('PUN/2627/00001');
    expect(await numberOf('2027-03-31')).toBe('PUN/2627/00002');
    const april = await invoice(world.company, await ordered(), undefined, { invoice_date: '2027-04-01' });
    expect(april).toMatchObject({
      invoice_number: 'PUN/2728/00001',
      financial_year: '2027-28',
      invoice_date: '2027-04-01',
    });
    expect(await numberOf('2027-04-02')).toBe('PUN/2728/00002');
    // The branch was given its series at its first invoice.
    const branch = (await world.company.api.get(`branches/${world.company.branchId}`)).body;
    expect(branch.invoice_series).toBe('PUN');
    const early = await ordered();
    const refused = await generate(world.company, early.id, {
      invoice_date: '2026-02-28',
      items: [{ order_item: early.order_items[0].id, quantity: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.invoice_date).toEqual([INVOICE_REFUSALS_HERE.before_order]);
  });

  it('hands out gap-free, unique numbers to 20 invoices generated at once', async () => {
    const world = await setUp({ stock: 40 });
    await world.company.api.patch(`companies/${world.company.companyId}`, { is_order_auto_confirm: true });
    const orders = [];
    for (let i = 0; i < 20; i += 1) {
      const quotation = await createQuotation(world.company, world.buyer, [
        { product: world.product.id, quantity: 1 },
      ]);
      const order = await generateOrder(world.company, quotation.id);
      expect(order.status).toBe('confirmed');
      orders.push(order);
    }
    const answers = await Promise.all(
      orders.map((order) =>
        generate(world.company, order.id, { items: [{ order_item: order.order_items[0].id, quantity: 1 }] }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const numbers = answers.map((a) => a.body.invoice_number).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `PUN/${FY}/${String(i + 1).padStart(5, '0')}`),
    );
    expect(await stock(world)).toEqual({ available: 20, reserved: 0 });
    expect(await outstanding(world)).toBe(20 * 118);
  });
});

describe('POST admin/invoices/{id}/cancel/', () => {
  it('returns the goods and reserves them again for the open order; keeps the number; credits the buyer', async () => {
    const world = await setUp();
    const order = await confirmedOrder(world, 3);
    const inv = await invoice(world.company, order, [2]);
    expect(await stock(world)).toEqual({ available: 8, reserved: 1 });
    expect(await outstanding(world)).toBe(236);

    const res = await world.company.api.post(`admin/invoices/${inv.id}/cancel/`, {
      reason: 'Wrong quantity',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      invoice_number: inv.invoice_number,
      status: 'cancelled',
      payment_status: 'cancelled',
      amount_due: 0,
      allowed_actions: [],
    });
    expect(res.body.cancelled_at).not.toBeNull();
    expect(await stock(world)).toEqual({ available: 10, reserved: 3 });
    expect(await outstanding(world)).toBe(0);
    expect(await ledgerOf(world, inv.id)).toEqual([
      { entry_type: 'invoice', debit_paise: 23600, credit_paise: 0, reference_number: inv.invoice_number },
      {
        entry_type: 'credit_adjustment',
        debit_paise: 0,
        credit_paise: 23600,
        reference_number: inv.invoice_number,
      },
    ]);
    const back = await orderOf(world.company, order.id);
    expect(back).toMatchObject({ status: 'confirmed', total_quantity_invoiced: 0 });
    expect(back.order_items[0]).toMatchObject({ quantity_invoiced: 0, invoiceable_quantity: 3 });

    const again = await world.company.api.post(`admin/invoices/${inv.id}/cancel/`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(INVOICE_REFUSALS.already_cancelled);
    // The next invoice takes the next number; the charges go with it.
    const next = await invoice(world.company, back);
    expect(next.invoice_number).toBe(`PUN/${FY}/00002`);
  });

  it('refuses an invoice with payments applied, or a processed one', async () => {
    const world = await setUp();
    const inv = await invoice(world.company, await confirmedOrder(world, 2), [1]);
    const db = dbOf(world.company);
    const set = (values: Record<string, unknown>) =>
      db
        .updateTable('invoices')
        .set(values)
        .where('company_id', '=', world.company.companyId)
        .where('id', '=', inv.id)
        .execute();
    await set({ amount_paid_paise: 1000 });
    const paid = await world.company.api.post(`admin/invoices/${inv.id}/cancel/`);
    expect(paid.status).toBe(409);
    expect(paid.body.detail).toBe(INVOICE_REFUSALS_HERE.paid);
    await set({ amount_paid_paise: 0, status: 'processed' });
    const processed = await world.company.api.post(`admin/invoices/${inv.id}/cancel/`);
    expect(processed.status).toBe(409);
    expect(processed.body.detail).toBe(INVOICE_REFUSALS.cancel_processed);
    expect(await stock(world)).toEqual({ available: 9, reserved: 1 });
  });
});

describe('POST admin/invoices/{id}/ready_to_ship/ and PATCH admin/invoices/{id}/', () => {
  it('moves a generated invoice to ready to ship once, and updates its details', async () => {
    const world = await setUp();
    const inv = await invoice(world.company, await confirmedOrder(world, 1));
    const ready = await world.company.api.post(`admin/invoices/${inv.id}/ready_to_ship/`);
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready_to_ship');
    expect(ready.body.allowed_actions).not.toContain('edit');
    const twice = await world.company.api.post(`admin/invoices/${inv.id}/ready_to_ship/`);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(INVOICE_REFUSALS.already_ready_to_ship);

    const patched = await world.company.api.patch(`admin/invoices/${inv.id}/`, {
      due_date: '2099-01-31',
      notes: 'Deliver before noon',
      reference: 'PO-77',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      due_date: '2099-01-31',
      notes: 'Deliver before noon',
      reference_number: 'PO-77',
    });
    const early = await world.company.api.patch(`admin/invoices/${inv.id}/`, { due_date: '2000-01-01' });
    expect(early.status).toBe(400);
    expect(early.body.errors.due_date).toEqual([INVOICE_FORM_MESSAGES.due_date_before_invoice]);
  });
});

describe('POST admin/invoices/{id}/edit_invoice', () => {
  it('changes the quantities of the same items, keeping the number; stock, order and ledger follow', async () => {
    const world = await setUp();
    const order = await confirmedOrder(world, 3, { shipping_handling_charges: 20 });
    const inv = await invoice(world.company, order, [1]);
    const start = await world.company.api.get(`admin/invoices/${inv.id}/initiate_edit_invoice/`);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.items).toEqual([
      expect.objectContaining({
        order_item: order.order_items[0].id,
        invoice_quantity: 1,
        invoiceable_quantity: 3,
      }),
    ]);

    const more = await world.company.api.post(`admin/invoices/${inv.id}/edit_invoice`, {
      items: [{ order_item: order.order_items[0].id, quantity: 3 }],
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body).toMatchObject({
      id: inv.id,
      invoice_number: inv.invoice_number,
      invoice_total: order.order_total,
    });
    expect(more.body.items[0].quantity).toBe(3);
    expect(await stock(world)).toEqual({ available: 7, reserved: 0 });
    expect(await orderOf(world.company, order.id)).toMatchObject({
      status: 'processing',
      total_quantity_invoiced: 3,
    });
    expect(await outstanding(world)).toBe(order.order_total);

    const fewer = await world.company.api.post(`admin/invoices/${inv.id}/edit_invoice`, {
      items: [{ order_item: order.order_items[0].id, quantity: 2 }],
    });
    expect(fewer.status).toBe(200);
    expect(fewer.body.invoice_total).toBe(2 * 118 + 20);
    expect(await stock(world)).toEqual({ available: 8, reserved: 1 });
    expect(await orderOf(world.company, order.id)).toMatchObject({
      status: 'processing',
      total_quantity_invoiced: 2,
    });
    expect(await outstanding(world)).toBe(2 * 118 + 20);

    const tooMuch = await world.company.api.post(`admin/invoices/${inv.id}/edit_invoice`, {
      items: [{ order_item: order.order_items[0].id, quantity: 4 }],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors['items.0.quantity']).toEqual([INVOICE_LINE_QUANTITY_MESSAGE]);

    await world.company.api.post(`admin/invoices/${inv.id}/ready_to_ship/`);
    const late = await world.company.api.post(`admin/invoices/${inv.id}/edit_invoice`, {
      items: [{ order_item: order.order_items[0].id, quantity: 1 }],
    });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(INVOICE_REFUSALS.edit_ready_to_ship);
  });

  it('refuses with a sentence, not a 500, when a cancelled credit note still names its lines', async () => {
    const world = await setUp();
    const order = await confirmedOrder(world, 3);
    const inv = await invoice(world.company, order, [2]);
    const note = await createCreditNote(world.company, inv, [[1, 10]]);
    const cancelled = await world.company.api.post(`admin/credit_notes/${note.id}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const res = await world.company.api.post(`admin/invoices/${inv.id}/edit_invoice`, {
      items: [{ order_item: order.order_items[0].id, quantity: 3 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.detail).toBe(INVOICE_REFUSALS.lines_referenced);
    expect((await world.company.api.get(`admin/invoices/${inv.id}`)).body.items[0].quantity).toBe(2);
  });
});

describe('write-offs: POST write_off_balance, POST cancel_write_off_balance, GET write_off_record', () => {
  it('writes off at most what is due, once, credits the buyer, and takes it back', async () => {
    const world = await setUp();
    const inv = await invoice(world.company, await confirmedOrder(world, 1));
    const url = (path: string) => `admin/invoices/${inv.id}/${path}`;
    expect((await world.company.api.get(url('write_off_record'))).status).toBe(404);

    const tooMuch = await world.company.api.post(url('write_off_balance'), {
      write_off_amount: 118.01,
      expense_ledger_name: 'Bad debts',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.write_off_amount).toEqual([INVOICE_FORM_MESSAGES.write_off_too_large]);
    const noLedger = await world.company.api.post(url('write_off_balance'), { write_off_amount: 10 });
    expect(noLedger.status).toBe(400);

    const written = await world.company.api.post(url('write_off_balance'), {
      write_off_amount: 18,
      expense_ledger_name: 'Bad debts',
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toMatchObject({
      write_off_amount: 18,
      expense_ledger_name: 'Bad debts',
      amount_due: 100,
      payment_status: 'partially_paid',
    });
    expect(written.body.allowed_actions).toContain('cancel_write_off');
    expect(written.body.allowed_actions).not.toContain('write_off');
    expect(await outstanding(world)).toBe(100);
    const again = await world.company.api.post(url('write_off_balance'), {
      write_off_amount: 1,
      expense_ledger_name: 'Bad debts',
    });
    expect(again.status).toBe(409);
    const record = await world.company.api.get(url('write_off_record'));
    expect(record.body).toMatchObject({
      write_off_amount: 18,
      expense_ledger_name: 'Bad debts',
      cancelled_at: null,
    });
    expect(record.body.created_by).toMatchObject({ id: world.company.userId });

    const undone = await world.company.api.post(url('cancel_write_off_balance'));
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ write_off_amount: 0, amount_due: 118, payment_status: 'unpaid' });
    expect(await outstanding(world)).toBe(118);
    const cancelledRecord = (await world.company.api.get(url('write_off_record'))).body;
    expect(cancelledRecord.cancelled_at).not.toBeNull();
    expect(cancelledRecord.cancelled_by).toMatchObject({ id: world.company.userId });
    const none = await world.company.api.post(url('cancel_write_off_balance'));
    expect(none.status).toBe(409);
    expect(none.body.detail).toBe(INVOICE_FORM_MESSAGES.no_write_off);

    const whole = await world.company.api.post(url('write_off_balance'), {
      write_off_amount: 118,
      expense_ledger_name: 'Discount allowed',
    });
    expect(whole.body).toMatchObject({ amount_due: 0, payment_status: 'paid' });
    expect((await ledgerOf(world, inv.id)).map((e) => e.entry_type)).toEqual([
      'invoice',
      'credit_adjustment',
      'debit_adjustment',
      'credit_adjustment',
    ]);
  });
});

describe('PATCH bank_charges and shipping_charges_paid_by_company', () => {
  it('records bank charges up to the total, and who pays the shipping', async () => {
    const world = await setUp();
    const inv = await invoice(world.company, await confirmedOrder(world, 1));
    const charges = await world.company.api.patch(`admin/invoices/${inv.id}/bank_charges`, {
      bank_charges: 2.5,
      is_payment_mode_emi: true,
    });
    expect(charges.status, JSON.stringify(charges.body)).toBe(200);
    expect(charges.body).toMatchObject({ bank_charges: 2.5, is_payment_mode_emi: true });
    const tooMuch = await world.company.api.patch(`admin/invoices/${inv.id}/bank_charges`, {
      bank_charges: 118.01,
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.bank_charges).toEqual([INVOICE_FORM_MESSAGES.bank_charges_too_large]);

    const shipping = await world.company.api.patch(
      `admin/invoices/${inv.id}/shipping_charges_paid_by_company`,
      {
        shipping_charges_paid_by_company: true,
      },
    );
    expect(shipping.status).toBe(200);
    expect(shipping.body.shipping_charges_paid_by_company).toBe(true);
    const bad = await world.company.api.patch(`admin/invoices/${inv.id}/shipping_charges_paid_by_company`, {
      shipping_charges_paid_by_company: 'yes',
    });
    expect(bad.status).toBe(400);
  });
});

describe('history and comments', () => {
  it('keeps who did what, and comments newest first', async () => {
    const world = await setUp();
    const inv = await invoice(world.company, await confirmedOrder(world, 1));
    const comment = await world.company.api.post(`admin/invoices/${inv.id}/comments`, {
      comment: 'Called the buyer',
    });
    expect(comment.status).toBe(201);
    expect(comment.body).toMatchObject({ comment: 'Called the buyer', user: { id: world.company.userId } });
    expect(
      (await world.company.api.post(`admin/invoices/${inv.id}/comments`, { comment: '  ' })).status,
    ).toBe(400);
    await world.company.api.post(`admin/invoices/${inv.id}/ready_to_ship/`);
    const detail = (await world.company.api.get(`admin/invoices/${inv.id}`)).body;
    expect(detail.comments.map((c: { comment: string }) => c.comment)).toEqual(['Called the buyer']);
    const history = (await world.company.api.get(`admin/invoices/${inv.id}/history/`)).body;
    expect(history.results.map((h: { actions: { action: string } }) => h.actions.action)).toEqual([
      'ready_to_ship',
      'comment_added',
      'generated',
    ]);
    expect(history.results[2].user).toMatchObject({ id: world.company.userId, first_name: 'Priya' });
  });
});

describe('GET admin/invoices/{id}/pdf and PATCH resend_notifications/', () => {
  it('downloads the tax invoice and mails it to the buyer', async () => {
    const email = `buyer.${unique()}@example.in`;
    const world = await setUp({ buyer: { fields: { email } } });
    const inv = await invoice(world.company, await confirmedOrder(world, 1));
    const pdf = await fetch(`${world.company.t.baseUrl}/admin/invoices/${inv.id}/pdf`, {
      headers: { authorization: `Bearer ${world.company.api.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`PUN-${FY}-00001.pdf`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const before = world.company.t.mail.countFor(email);
    const sent = await world.company.api.patch(`admin/invoices/${inv.id}/resend_notifications/`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.detail).toBe(INVOICE_FORM_MESSAGES.notifications_sent);
    const mail = world.company.t.mail.messages.filter((m) => m.to === email);
    expect(mail.length).toBe(before + 1);
    const raw = mail[mail.length - 1].raw;
    expect(mail[mail.length - 1].subject).toContain(inv.invoice_number);
    expect(raw).toContain('application/pdf');
    expect(raw).toContain(`PUN-${FY}-00001.pdf`);
    // The attachment is the PDF: base64 of '%PDF-' is 'JVBERi0'.
    expect(raw).toContain('JVBERi0');
  });

  it('says so when the buyer has no e-mail address', async () => {
    const world = await setUp();
    const inv = await invoice(world.company, await confirmedOrder(world, 1));
    const res = await world.company.api.patch(`admin/invoices/${inv.id}/resend_notifications/`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(INVOICE_FORM_MESSAGES.no_buyer_email);
  });
});

describe('POST admin/invoices/{id}/e_invoice/', () => {
  it('answers 409 when no IRP is configured', async () => {
    const world = await setUp();
    const inv = await invoice(world.company, await confirmedOrder(world, 1));
    expect(inv.e_invoicing_configured).toBe(false);
    const res = await world.company.api.post(`admin/invoices/${inv.id}/e_invoice/`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(INVOICE_FORM_MESSAGES.e_invoice_not_configured);
  });

  it('registers the invoice with the IRP and keeps IRN, acknowledgement and signed QR', async () => {
    const stand = await startIrpStandIn();
    const irp = createHttpIrpClient({
      baseUrl: stand.url,
      clientId: stand.clientId,
      clientSecret: stand.clientSecret,
      username: stand.username,
      password: stand.password,
      publicKey: stand.publicKey,
    });
    const configured = await testAppWith({ irp });
    try {
      const world = await setUp({ product: { hsn: '84713010' } });
      const api = new ApiClient(configured.baseUrl, world.company.api.token);
      const order = await confirmedOrder(world, 2, { shipping_handling_charges: 50 });
      const inv = await invoice(world.company, order);
      const res = await api.post(`admin/invoices/${inv.id}/e_invoice/`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const issued = stand.invoices.get(res.body.e_invoice.irn);
      expect(issued).toBeDefined();
      expect(res.body).toMatchObject({
        e_invoicing_configured: true,
        e_invoice: { irn: issued?.irn, ack_number: String(issued?.ackNumber) },
      });
      expect(res.body.e_invoice.signed_qr_code.split('.')).toHaveLength(3);
      expect(res.body.allowed_actions).not.toContain('e_invoice');
      expect(res.body.allowed_actions).not.toContain('edit');
      const payload = issued?.payload as any;
      expect(payload.DocDtls.No).toBe(inv.invoice_number);
      expect(payload.ValDtls.TotInvVal).toBe(inv.invoice_total);
      const again = await api.post(`admin/invoices/${inv.id}/e_invoice/`);
      expect(again.status).toBe(409);
      expect(again.body.detail).toBe(INVOICE_FORM_MESSAGES.e_invoice_exists);
      // The PDF shows the e-invoice (it still renders).
      const pdf = await fetch(`${configured.baseUrl}/admin/invoices/${inv.id}/pdf`, {
        headers: { authorization: `Bearer ${world.company.api.token}` },
      });
      expect(pdf.status).toBe(200);

      // An invoice the IRP would refuse is refused here first, with the reason.
      const unregistered = await setUp({
        buyer: { fields: { gst_number: null, buyer_type: 'unregistered' } },
      });
      const plain = await invoice(unregistered.company, await confirmedOrder(unregistered, 1));
      const refused = await new ApiClient(configured.baseUrl, unregistered.company.api.token).post(
        `admin/invoices/${plain.id}/e_invoice/`,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.errors['buyer.gstin'][0]).toContain('registered buyer');
    } finally {
      await configured.close();
      await stand.close();
    }
  });
});

describe('cancelling an e-invoiced invoice', () => {
  it('cancels the IRN at the IRP with the invoice, and refuses when the IRP does', async () => {
    const stand = await startIrpStandIn();
    const irp = createHttpIrpClient({
      baseUrl: stand.url,
      clientId: stand.clientId,
      clientSecret: stand.clientSecret,
      username: stand.username,
      password: stand.password,
    });
    const configured = await testAppWith({ irp });
    try {
      const world = await setUp({ product: { hsn: '84713010' } });
      const api = new ApiClient(configured.baseUrl, world.company.api.token);
      const registered = async () => {
        const inv = await invoice(world.company, await confirmedOrder(world, 1));
        const res = await api.post(`admin/invoices/${inv.id}/e_invoice/`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body;
      };

      // Without an IRP here, an e-invoiced invoice cannot be cancelled (its IRN would stay live).
      const first = await registered();
      const unconfigured = await world.company.api.post(`admin/invoices/${first.id}/cancel/`);
      expect(unconfigured.status).toBe(409);
      expect(unconfigured.body.detail).toContain('its IRN cannot be cancelled');

      const cancelled = await api.post(`admin/invoices/${first.id}/cancel/`, { reason: 'Wrong buyer' });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
      expect(cancelled.body.e_invoice.irn_cancelled_at).not.toBeNull();
      expect(stand.invoices.get(first.e_invoice.irn)?.cancelled).toMatchObject({
        reason: '4',
        remark: 'Wrong buyer',
      });

      // Past the IRP's 24 hours the IRP refuses, and the invoice stays as it was.
      const late = await registered();
      stand.cancelWindowMs = 0;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const refused = await api.post(`admin/invoices/${late.id}/cancel/`);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe(
        'The e-invoice portal did not cancel the IRN: The allowed cancellation time limit is crossed, you cannot cancel the IRN. Issue a credit note instead.',
      );
      const after = await api.get(`admin/invoices/${late.id}`);
      expect(after.body).toMatchObject({ status: 'generated', e_invoice: { irn_cancelled_at: null } });
      expect(stand.invoices.get(late.e_invoice.irn)?.cancelled).toBeUndefined();
    } finally {
      await configured.close();
      await stand.close();
    }
  }, 90_000);
});

describe('GET admin/companies/{companyId}/invoices and invoices_export', () => {
  it('filters, searches, orders (invoice date, newest first) and pages', async () => {
    const world = await setUp({ stock: 20 });
    const other = await createBuyerWithAddress(world.company, { name: `Zeta ${unique()}` });
    // Back-dated (c before b), so that the order of numbers and of dates differ.
    await setBackDating(world.company, true);
    const april = { date: '2026-04-01' };
    const a = await invoice(world.company, await confirmedOrder(world, 1, april), undefined, {
      invoice_date: '2026-04-10',
    });
    const b = await invoice(world.company, await confirmedOrder(world, 1, april), undefined, {
      invoice_date: '2026-06-10',
    });
    const c = await invoice(
      world.company,
      await confirmedOrder({ ...world, buyer: other }, 1, april),
      undefined,
      {
        invoice_date: '2026-05-10',
      },
    );
    await world.company.api.post(`admin/invoices/${a.id}/cancel/`);
    const list = (query = '') =>
      world.company.api.get(`admin/companies/${world.company.companyId}/invoices?${query}`);
    const numbers = (res: { body: { results: { invoice_number: string }[] } }) =>
      res.body.results.map((r) => r.invoice_number);

    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(numbers(all)).toEqual([b.invoice_number, c.invoice_number, a.invoice_number]);
    expect(all.body.results[0]).toMatchObject({
      id: b.id,
      status: 'generated',
      payment_status: 'unpaid',
      invoice_total: 118,
      amount_due: 118,
      buyer: { id: world.buyer.id },
      seller_branch: { id: world.company.branchId, name: 'Pune' },
    });
    expect(numbers(await list('ordering=invoice_date'))).toEqual([
      a.invoice_number,
      c.invoice_number,
      b.invoice_number,
    ]);
    expect(numbers(await list('status__in=cancelled'))).toEqual([a.invoice_number]);
    expect(numbers(await list('payment_status__in=unpaid'))).toEqual([b.invoice_number, c.invoice_number]);
    expect(numbers(await list(`buyer=${other.id}`))).toEqual([c.invoice_number]);
    expect(numbers(await list('start_date=2026-05-01&end_date=2026-06-30'))).toEqual([
      b.invoice_number,
      c.invoice_number,
    ]);
    expect(numbers(await list(`search=${encodeURIComponent(other.name)}`))).toEqual([c.invoice_number]);
    expect(numbers(await list(`search=${encodeURIComponent(b.invoice_number)}`))).toEqual([b.invoice_number]);
    expect(numbers(await list(`search=${encodeURIComponent(b.order.order_number)}`))).toEqual([
      b.invoice_number,
    ]);
    expect(
      numbers(await list(`seller_branch__in=${world.company.branchId}&due_date__lt=2099-01-01`)),
    ).toHaveLength(2);
    expect((await list('status__in=shipped')).status).toBe(400);
    expect((await list('ordering=buyer')).status).toBe(400);

    const firstPage = await list('limit=2');
    expect(numbers(firstPage)).toEqual([b.invoice_number, c.invoice_number]);
    expect(firstPage.body.next).toContain('offset=2');
    const cursorPage = await list('limit=2&cursor=');
    expect(numbers(cursorPage)).toEqual([b.invoice_number, c.invoice_number]);
    const nextPage = await world.company.api.get(cursorPage.body.next.replace(/^\/api\//, ''));
    expect(numbers(nextPage)).toEqual([a.invoice_number]);
    const back = await world.company.api.get(nextPage.body.previous.replace(/^\/api\//, ''));
    expect(numbers(back)).toEqual([b.invoice_number, c.invoice_number]);

    const orderInvoices = await world.company.api.get(`admin/orders/${b.order.id}/invoices`);
    expect(numbers(orderInvoices)).toEqual([b.invoice_number]);

    const csv = await world.company.api.get(
      `admin/companies/${world.company.companyId}/invoices_export?status__in=generated`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const lines = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Invoice Number,Invoice Date,Due Date,Status,Payment Status,Order Number,Buyer,Buyer GSTIN,Seller Branch,Sales Person,Taxable Value,CGST,SGST,IGST,Cess,Invoice Total,Amount Paid,Write Off,Amount Due,IRN',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([b.invoice_number, c.invoice_number]);
    expect(lines[1]).toContain(',2026-06-10,');
    expect(lines[1]).toContain(',100.00,9.00,9.00,0.00,0.00,118.00,0.00,0.00,118.00,');
  });
});

describe('permissions', () => {
  it("answers the spec's 403 sentences", async () => {
    const world = await setUp();
    const inv = await invoice(world.company, await confirmedOrder(world, 2), [1]);
    const viewer = await createUserWithPermissions(world.company, ['view_invoice', 'view_order']);
    const nobody = await createUserWithPermissions(world.company, ['view_order']);
    expect((await viewer.api.get(`admin/invoices/${inv.id}`)).status).toBe(200);
    const create = await viewer.api.post(`admin/orders/${inv.order.id}/generate_invoice/`, { items: [] });
    expect(create.status).toBe(403);
    expect(create.body.detail).toBe(INVOICE_MESSAGES.forbidden_create);
    const update = await viewer.api.post(`admin/invoices/${inv.id}/ready_to_ship/`);
    expect(update.body.detail).toBe(INVOICE_MESSAGES.forbidden_update);
    const cancel = await viewer.api.post(`admin/invoices/${inv.id}/cancel/`);
    expect(cancel.body.detail).toBe(INVOICE_MESSAGES.forbidden_cancel);
    const view = await nobody.api.get(`admin/companies/${world.company.companyId}/invoices`);
    expect(view.status).toBe(403);
    expect(view.body.detail).toBe(INVOICE_MESSAGES.forbidden_view);
  });
});

describe('instant orders', () => {
  it('are invoiced in full as they are placed', async () => {
    const world = await setUp();
    const quotation = await createQuotation(world.company, world.buyer, [
      { product: world.product.id, quantity: 2 },
    ]);
    const order = await generateOrder(world.company, quotation.id, true);
    // Invoiced in full, to be delivered: processing until its shipments are delivered.
    expect(order).toMatchObject({ status: 'processing', total_quantity_invoiced: 2 });
    const invoices = (await world.company.api.get(`admin/orders/${order.id}/invoices`)).body.results;
    expect(invoices).toEqual([
      expect.objectContaining({ invoice_number: `PUN/${FY}/00001`, invoice_total: 236 }),
    ]);
    expect(await stock(world)).toEqual({ available: 8, reserved: 0 });
  });
});

describe('GST heads and invoice dates (issue 16)', () => {
  it('charges CGST and SGST each on its own: taxable ₹1,883.28 at 12% is ₹113.00 + ₹113.00, on charges too', async () => {
    const world = await setUp({ product: { sellingPrice: 2109.28, gstRate: 12 } });
    const order = await confirmedOrder(world, 1, { shipping_handling_charges: 2109.28 });
    const inv = await invoice(world.company, order);
    // 6% of 1,883.28 is 112.9968: ₹113.00 for each head. Halving the rounded 12% gave 113.00 + 112.99.
    expect(inv.items[0]).toMatchObject({ amount: 2109.28, taxable_value: 1883.28, cgst: 113, sgst: 113 });
    expect(inv.totals).toMatchObject({
      taxable_value: 3766.56,
      cgst: 226,
      sgst: 226,
      igst: 0,
      shipping_handling_charges: 2109.28,
      total: 4218.56,
    });
    // The goods and the shipping (its own SAC row, issue 18), each 1,883.28 + 113.00 + 113.00.
    expect(inv.totals.hsn_summary).toEqual([
      expect.objectContaining({ hsn: '8471', taxable_value: 1883.28, cgst: 113, sgst: 113, total_tax: 226 }),
      expect.objectContaining({
        hsn: '996511',
        taxable_value: 1883.28,
        cgst: 113,
        sgst: 113,
        total_tax: 226,
      }),
    ]);
  });

  // The last day of the financial year: an invoice dated then, and one dated today after it.
  const yearEnd = financialYearOf(todayInIndia()).end;
  it.skipIf(yearEnd === todayInIndia())(
    'refuses an invoice dated before the last invoice of its series, unless the company allows back-dating',
    async () => {
      const world = await setUp();
      const first = await invoice(world.company, await confirmedOrder(world, 1), undefined, {
        invoice_date: yearEnd,
      });
      expect(first.invoice_number).toBe(`PUN/${FY}/00001`);
      const order = await confirmedOrder(world, 1);
      const items = [{ order_item: order.order_items[0].id, quantity: 1 }];
      const [year, month, day] = yearEnd.split('-');
      const refused = await generate(world.company, order.id, { items, invoice_date: todayInIndia() });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        invoice_date: [
          `The invoice date cannot be before ${day}/${month}/${year}, the date of the last invoice PUN/${FY}/00001.`,
        ],
      });
      // Nothing was taken: the same day as the last one is fine, and gets the next number.
      const sameDay = await invoice(world.company, order, undefined, { invoice_date: yearEnd });
      expect(sameDay.invoice_number).toBe(`PUN/${FY}/00002`);

      await setBackDating(world.company, true);
      const backDated = await invoice(world.company, await confirmedOrder(world, 1), undefined, {
        invoice_date: todayInIndia(),
      });
      expect(backDated).toMatchObject({ invoice_number: `PUN/${FY}/00003`, invoice_date: todayInIndia() });
    },
  );

  it('keeps the rule off when the back-dating configuration is saved disabled', async () => {
    const world = await setUp();
    await setBackDating(world.company, false);
    const later = financialYearOf(todayInIndia()).end;
    if (later === todayInIndia()) return;
    await invoice(world.company, await confirmedOrder(world, 1), undefined, { invoice_date: later });
    const order = await confirmedOrder(world, 1);
    const refused = await generate(world.company, order.id, {
      items: [{ order_item: order.order_items[0].id, quantity: 1 }],
      invoice_date: todayInIndia(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.invoice_date[0]).toContain(`PUN/${FY}/00001`);
  });
});

describe('GET admin/invoices/{id} and its PDF: the HSN summary (issue 18)', () => {
  it('gives the shipping its own SAC row, on screen and on paper, and the rows add up to the invoice', async () => {
    const world = await setUp({ product: { sellingPrice: 1180, gstRate: 18, hsn: '8471' } });
    const medicine = await createTaxedProduct(world.company, {
      openingStock: 10,
      sellingPrice: 560,
      gstRate: 12,
      hsn: '3004',
    });
    const order = await confirmedOrder(world, 2, { shipping_handling_charges: 50 }, [
      { product: world.product.id, quantity: 2 },
      { product: medicine.id, quantity: 1 },
    ]);
    const inv = await invoice(world.company, order);
    // 8471: 2 x 1,180 = 2,360 -> 2,000.00 + 9% 180.00 + 9% 180.00. 3004: 560 -> 500.00 + 30.00 + 30.00.
    // Shipping ₹50 at the principal's 18% (8471): 42.38 + 3.81 + 3.81 (9% of 42.38 is 3.8142), SAC 996511.
    const row = (hsn: string, gst_rate: number, taxable_value: number, half: number) => ({
      hsn,
      gst_rate,
      cess_rate: 0,
      taxable_value,
      cgst: half,
      sgst: half,
      igst: 0,
      cess: 0,
      total_tax: sum([half, half]),
    });
    const rows = [row('3004', 12, 500, 30), row('8471', 18, 2000, 180), row('996511', 18, 42.38, 3.81)];
    expect(inv.totals.hsn_summary).toEqual(rows);
    // 500 + 2,000 + 42.38 = 2,542.38; 30 + 180 + 3.81 = 213.81 each head; 2,542.38 + 427.62 = 2,970.
    expect(inv.totals).toMatchObject({
      taxable_value: 2542.38,
      cgst: 213.81,
      sgst: 213.81,
      total_tax: 427.62,
      total: 2970,
    });
    const shown = (await world.company.api.get(`admin/invoices/${inv.id}`)).body;
    expect(shown.totals.hsn_summary).toEqual(rows);

    const pdf = await fetch(`${world.company.t.baseUrl}/admin/invoices/${inv.id}/pdf`, {
      headers: { authorization: `Bearer ${world.company.api.token}` },
    });
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    const summary = text.slice(text.indexOf('HSN/SAC-wise Tax Summary'));
    expect(summary).toContain('3004 500.00 6% 30.00 6% 30.00 60.00');
    expect(summary).toContain('8471 2,000.00 9% 180.00 9% 180.00 360.00');
    expect(summary).toContain('996511 42.38 9% 3.81 9% 3.81 7.62');
    expect(summary).toContain('Total 2,542.38 213.81 213.81 427.62');

    // A credit note credits goods only: its summary is the goods' rows, and they add up to it.
    const res = await world.company.api.post(`admin/invoices/${inv.id}/credit_notes`, {
      items: inv.items.map((item: { id: number; quantity: number }) => ({
        invoice_item: item.id,
        quantity: item.quantity,
      })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.totals.hsn_summary).toEqual(rows.slice(0, 2));
    expect(res.body.totals).toMatchObject({ taxable_value: 2500, cgst: 210, sgst: 210, total: 2920 });
  });
});
