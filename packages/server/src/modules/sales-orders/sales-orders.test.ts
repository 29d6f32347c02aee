import { ORDER_REFUSALS } from '@b2b/domain/sales-orders';
import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { createWarehouse, dbOf, firstWarehouse, stockLevelOf } from '../../../test/inventory-fixtures.ts';
import {
  type Buyer,
  confirmOrder,
  createBuyerWithAddress,
  createOffer,
  createOrder,
  createQuotation,
  createTaxedProduct,
  daysFromToday,
  generateOrder,
  invoiceOrder,
  quotationBody,
  setCompanyFlags,
  setRoundOff,
} from '../../../test/sales-fixtures.ts';

const reserved = async (company: SignedUpCompany, productId: number, warehouseId?: number) =>
  Number(
    (await stockLevelOf(company, productId, warehouseId ?? (await firstWarehouse(company)).id))
      ?.df_quantity ?? 0,
  );

/** Every quotation of the company, whatever its purpose, read from the database. */
const quotationCount = async (company: SignedUpCompany) =>
  Number(
    (
      await dbOf(company)
        .selectFrom('quotations')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', company.companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const actionsOf = (history: { results: { actions: { action: string } }[] }) =>
  history.results.map((h) => h.actions.action);

/** A company, a buyer and a product with stock, ready to order. */
async function setUp(stock = 10) {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const buyer = await createBuyerWithAddress(company);
  const product = await createTaxedProduct(company, { openingStock: stock, sellingPrice: 118 });
  return { company, buyer, product };
}

describe('POST admin/quotations/{id}/generate_order/', () => {
  it('makes a new order from the quotation, with its prices, address snapshots and number', async () => {
    const { company, buyer, product } = await setUp();
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 2 }], {
      reference: 'PO-1',
      date: daysFromToday(-1),
    });
    const order = await generateOrder(company, quotation.id);
    expect(order).toMatchObject({
      order_number: 'SO-000001',
      version: 1,
      previous_order: null,
      quotation: { id: quotation.id, quotation_number: quotation.quotation_number },
      order_date: daysFromToday(-1),
      status: 'new',
      payment_status: 'unpaid',
      is_stock_reserved: false,
      auto_processed_order: false,
      partially_invoiced: false,
      buyer: { id: buyer.id, name: buyer.name },
      buyer_company: buyer.name,
      reference_number: 'PO-1',
      order_total: 236,
      total_items: 1,
      total_quantity: 2,
      total_quantity_invoiced: 0,
      allowed_actions: ['confirm', 'cancel', 'hold', 'edit', 'reorder'],
      shipping_address: {
        id: buyer.shippingAddressId,
        address_line_1: '2 Shipping Lane',
        state: { id: 27, gst_code: '27' },
      },
      place_of_supply: { id: 27, name: 'Maharashtra', gst_code: '27' },
      comments: [],
    });
    expect(order.totals).toEqual(quotation.totals);
    expect(order.order_items).toEqual([
      expect.objectContaining({
        product: { id: product.id, name: product.name, sku: product.sku },
        quantity: 2,
        quantity_invoiced: 0,
        invoiceable_quantity: 2,
        amount: 236,
        taxable_value: 200,
        cgst: 18,
        sgst: 18,
      }),
    ]);
    expect(await reserved(company, product.id)).toBe(0);
    const after = await company.api.get(`admin/quotations/${quotation.id}`);
    expect(after.body).toMatchObject({
      status: 'ordered',
      order: { id: order.id, order_number: 'SO-000001' },
    });
    // The snapshot stays when the buyer's address changes.
    await company.api.patch(`addresses/${buyer.shippingAddressId}`, { address_line_1: '9 New Road' });
    expect((await company.api.get(`admin/orders/${order.id}`)).body.shipping_address.address_line_1).toBe(
      '2 Shipping Lane',
    );
    const again = await company.api.post(`admin/quotations/${quotation.id}/generate_order/`);
    expect(again.status).toBe(409);
  });

  it('confirms at once and reserves when the company auto-confirms orders', async () => {
    const { company, buyer, product } = await setUp();
    await setCompanyFlags(company, { is_order_auto_confirm: true });
    const { order } = await createOrder(company, { buyer, lines: [{ product: product.id, quantity: 3 }] });
    expect(order).toMatchObject({ status: 'confirmed', auto_processed_order: true, is_stock_reserved: true });
    expect(await reserved(company, product.id)).toBe(3);
    const history = (await company.api.get(`admin/orders/${order.id}/history/`)).body;
    expect(actionsOf(history)).toEqual(['confirmed', 'created']);
    expect(history.results[0].user).toMatchObject({ id: company.userId, first_name: 'Priya' });
  });

  it('an instant order is confirmed and invoiced whole in the same call', async () => {
    const { company, buyer, product } = await setUp();
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 3 }]);
    const order = await generateOrder(company, quotation.id, true);
    expect(order).toMatchObject({
      is_instant: true,
      // Invoiced in full; complete once delivered (shipments).
      status: 'processing',
      total_quantity_invoiced: 3,
      order_items: [expect.objectContaining({ quantity_invoiced: 3, invoiceable_quantity: 0 })],
    });
    expect(await stockLevelOf(company, product.id, (await firstWarehouse(company)).id)).toEqual({
      available_stock: 7,
      df_quantity: 0,
    });
    const invoices = await dbOf(company)
      .selectFrom('invoices')
      .select(['total_paise', 'status'])
      .where('company_id', '=', company.companyId)
      .where('order_id', '=', order.id)
      .execute();
    expect(invoices).toEqual([{ total_paise: 35400, status: 'generated' }]);
  });

  it('refuses an order over the credit limit, giving both figures', async () => {
    const { company, product } = await setUp();
    await setCompanyFlags(company, { apply_credit_limit_restriction: true });
    const buyer = await createBuyerWithAddress(company, { creditLimit: 100 });
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    const res = await company.api.post(`admin/quotations/${quotation.id}/generate_order/`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('₹118.00');
    expect(res.body.detail).toContain('credit limit of ₹100.00');
    expect(res.body.errors.buyer).toEqual([res.body.detail]);
    expect((await company.api.get(`admin/quotations/${quotation.id}`)).body.status).toBe('draft');
  });

  it('holds each product to its max quantity per transaction, and 0 to its sellable stock', async () => {
    const { company, buyer } = await setUp();
    const capped = await createTaxedProduct(company, { openingStock: 10, maxQuantityPerTransaction: 3 });
    const quotation = await createQuotation(company, buyer, [{ product: capped.id, quantity: 4 }]);
    let res = await company.api.post(`admin/quotations/${quotation.id}/generate_order/`);
    expect(res.status).toBe(400);
    expect(res.body.errors['items.0.quantity']).toEqual([
      `At most 3 of ${capped.name} can be ordered in one order; this order has 4.`,
    ]);

    const scarce = await createTaxedProduct(company, { openingStock: 2 });
    const tooMany = await createQuotation(company, buyer, [{ product: scarce.id, quantity: 3 }]);
    res = await company.api.post(`admin/quotations/${tooMany.id}/generate_order/`);
    expect(res.status).toBe(409);
    expect(res.body.errors['items.0.quantity'][0]).toMatch(/^Only 2 of .* sellable stock/);

    const backOrdered = await createTaxedProduct(company, { openingStock: 2, backOrdering: true });
    const fine = await createQuotation(company, buyer, [{ product: backOrdered.id, quantity: 3 }]);
    expect((await company.api.post(`admin/quotations/${fine.id}/generate_order/`)).status).toBe(201);
  });

  it('refuses a quotation below its minimum item value, and an inactive buyer or warehouse', async () => {
    const { company, buyer, product } = await setUp();
    const small = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }], {
      minimum_item_value: 200,
    });
    let res = await company.api.post(`admin/quotations/${small.id}/generate_order/`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The order value (₹118.00) is below the minimum item value (₹200.00).');

    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    await company.api.post(`buyers/${buyer.id}/deactivate`);
    res = await company.api.post(`admin/quotations/${quotation.id}/generate_order/`);
    expect(res.status).toBe(400);
    expect(res.body.errors.buyer).toEqual([`Buyer ${buyer.name} is inactive.`]);
    await company.api.post(`buyers/${buyer.id}/activate`);

    const warehouse = await firstWarehouse(company);
    await dbOf(company)
      .updateTable('warehouses')
      .set({ is_active: false })
      .where('id', '=', warehouse.id)
      .execute();
    res = await company.api.post(`admin/quotations/${quotation.id}/generate_order/`);
    expect(res.status).toBe(400);
    expect(res.body.errors['items.0.warehouse']).toEqual([`Warehouse ${warehouse.name} is inactive.`]);
  });

  it('needs add_order', async () => {
    const { company, buyer, product } = await setUp();
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    const clerk = await createUserWithPermissions(company, ['view_order', 'add_quotation', 'view_quotation']);
    expect((await clerk.api.post(`admin/quotations/${quotation.id}/generate_order/`)).status).toBe(403);
  });
});

describe('POST v1/admin/quotations/{id}/generate_fulfilment_order/', () => {
  it('makes one order per warehouse, sharing the discounts and charges between them', async () => {
    const { company, buyer, product } = await setUp();
    const second = await createWarehouse(company);
    const other = await createTaxedProduct(company, {
      openingStock: 5,
      warehouseId: second.id,
      sellingPrice: 59,
    });
    const quotation = await createQuotation(
      company,
      buyer,
      [
        { product: product.id, quantity: 2 },
        { product: other.id, quantity: 2, warehouse: second.id },
      ],
      { additional_discount: 30, shipping_handling_charges: 12 },
    );
    const res = await company.api.post(`v1/admin/quotations/${quotation.id}/generate_fulfilment_order/`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toHaveLength(2);
    const [first, next] = res.body;
    expect(first.order_items.map((i: { product: { id: number } }) => i.product.id)).toEqual([product.id]);
    expect(next.order_items.map((i: { product: { id: number } }) => i.product.id)).toEqual([other.id]);
    expect(first.order_number).not.toBe(next.order_number);
    // 236 : 118 of the value: 20 and 10 of the discount, 8 and 4 of the shipping.
    expect(first.totals).toMatchObject({ additional_discount: 20, shipping_handling_charges: 8, total: 224 });
    expect(next.totals).toMatchObject({ additional_discount: 10, shipping_handling_charges: 4, total: 112 });
    expect(first.order_total + next.order_total).toBe(quotation.totals.total);
    expect((await company.api.get(`admin/quotations/${quotation.id}`)).body.status).toBe('ordered');
  });
});

describe('order states: confirm, hold, cancel', () => {
  it('confirm reserves, hold keeps, confirm resumes without reserving twice, cancel releases', async () => {
    const { company, buyer, product } = await setUp();
    const { order } = await createOrder(company, { buyer, lines: [{ product: product.id, quantity: 4 }] });
    const confirmed = await confirmOrder(company, order.id);
    expect(confirmed).toMatchObject({ status: 'confirmed', is_stock_reserved: true });
    expect(confirmed.allowed_actions).toEqual(['cancel', 'hold', 'edit', 'invoice', 'reorder']);
    expect(await reserved(company, product.id)).toBe(4);

    const held = await company.api.post(`admin/orders/${order.id}/hold/`);
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ status: 'on_hold', is_stock_reserved: true });
    expect(await reserved(company, product.id)).toBe(4);

    expect((await confirmOrder(company, order.id)).status).toBe('confirmed');
    expect(await reserved(company, product.id)).toBe(4);

    const cancelled = await company.api.post(`admin/orders/${order.id}/cancel/`, {
      reason: 'Buyer changed mind',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      is_stock_reserved: false,
      allowed_actions: ['reorder'],
    });
    expect(await reserved(company, product.id)).toBe(0);
    const ledger = await dbOf(company)
      .selectFrom('stock_ledger')
      .select(['reason', 'reserved_quantity', 'document_type', 'document_id'])
      .where('company_id', '=', company.companyId)
      .where('product_id', '=', product.id)
      .where('document_type', '=', 'sales_order')
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { reason: 'reserve', reserved_quantity: 4, document_type: 'sales_order', document_id: order.id },
      { reason: 'release', reserved_quantity: -4, document_type: 'sales_order', document_id: order.id },
    ]);
    const history = (await company.api.get(`admin/orders/${order.id}/history/`)).body;
    expect(actionsOf(history)).toEqual(['cancelled', 'confirmed', 'put_on_hold', 'confirmed', 'created']);
    expect(history.results[0].actions.changes).toMatchObject({
      reason: 'Buyer changed mind',
      stock_released: true,
    });
  });

  it('a new order put on hold reserves when confirmed', async () => {
    const { company, buyer, product } = await setUp();
    const { order } = await createOrder(company, { buyer, lines: [{ product: product.id, quantity: 2 }] });
    expect((await company.api.post(`admin/orders/${order.id}/hold/`)).body).toMatchObject({
      status: 'on_hold',
      is_stock_reserved: false,
    });
    expect(await reserved(company, product.id)).toBe(0);
    expect(await confirmOrder(company, order.id)).toMatchObject({
      status: 'confirmed',
      is_stock_reserved: true,
    });
    expect(await reserved(company, product.id)).toBe(2);
  });

  it('answers an illegal transition with 409 and the sentence, changing nothing', async () => {
    const { company, buyer, product } = await setUp();
    const { order } = await createOrder(company, { buyer, lines: [{ product: product.id, quantity: 1 }] });
    await company.api.post(`admin/orders/${order.id}/cancel/`);
    const cases: [string, string][] = [
      ['confirm', 'A cancelled order cannot be confirmed.'],
      ['hold', 'A cancelled order cannot be put on hold.'],
      ['cancel', ORDER_REFUSALS.already_cancelled],
    ];
    for (const [action, sentence] of cases) {
      const res = await company.api.post(`admin/orders/${order.id}/${action}/`);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(sentence);
    }
    const edit = await company.api.post(`admin/orders/${order.id}/initiate_edit_order`);
    expect(edit.status).toBe(409);
    expect(edit.body.detail).toBe('A cancelled order cannot be edited.');
    expect((await company.api.get(`admin/orders/${order.id}`)).body.status).toBe('cancelled');
  });

  it('two confirmations wanting the last units: one reserves, the other is refused', async () => {
    const { company, buyer, product } = await setUp(5);
    const { order: one } = await createOrder(company, {
      buyer,
      lines: [{ product: product.id, quantity: 5 }],
    });
    const { order: two } = await createOrder(company, {
      buyer,
      lines: [{ product: product.id, quantity: 5 }],
    });
    const results = await Promise.all([
      company.api.post(`admin/orders/${one.id}/confirm/`),
      company.api.post(`admin/orders/${two.id}/confirm/`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409);
    expect(refused?.body.detail).toMatch(
      /^Not enough stock of .* to reserve 5: 0 sellable \(5 on hand, 5 reserved\)\.$/,
    );
    expect(await reserved(company, product.id)).toBe(5);
    const statuses = await Promise.all(
      [one.id, two.id].map(async (id) => (await company.api.get(`admin/orders/${id}`)).body.status),
    );
    expect(statuses.sort()).toEqual(['confirmed', 'new']);
  });

  it('two confirmations of one order reserve once', async () => {
    const { company, buyer, product } = await setUp();
    const { order } = await createOrder(company, { buyer, lines: [{ product: product.id, quantity: 3 }] });
    const results = await Promise.all([
      company.api.post(`admin/orders/${order.id}/confirm/`),
      company.api.post(`admin/orders/${order.id}/confirm/`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.detail).toBe(ORDER_REFUSALS.already_confirmed);
    expect(await reserved(company, product.id)).toBe(3);
  });

  it('needs change_order', async () => {
    const { company, buyer, product } = await setUp();
    const { order } = await createOrder(company, { buyer, lines: [{ product: product.id, quantity: 1 }] });
    const viewer = await createUserWithPermissions(company, ['view_order']);
    expect((await viewer.api.post(`admin/orders/${order.id}/confirm/`)).status).toBe(403);
    expect((await viewer.api.get(`admin/orders/${order.id}`)).status).toBe(200);
  });
});

describe('editing and re-ordering', () => {
  it('initiate_edit_order opens one edit quotation; edit_order makes version 2 and the old one leaves the list', async () => {
    const { company, buyer, product } = await setUp();
    const offer = await createOffer(company, { discount_paise: 1000, uses_per_buyer: 1 });
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 2 }]);
    await company.api.post(`admin/quotations/${quotation.id}/apply_coupon_code/`, {
      coupon_code: offer.coupon_code,
    });
    const order = await confirmOrder(company, (await generateOrder(company, quotation.id)).id);
    expect(await reserved(company, product.id)).toBe(2);

    const quotationsBefore = await quotationCount(company);
    const preview = await company.api.get(`admin/orders/${order.id}/initiate_edit_order`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ purpose: 'edit_order', open_quotation_id: null });
    expect(preview.body.id).toBeUndefined();
    // A GET never writes: the preview left no quotation behind.
    expect(await quotationCount(company)).toBe(quotationsBefore);
    const initiated = await company.api.post(`admin/orders/${order.id}/initiate_edit_order`);
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
    expect(initiated.body).toMatchObject({
      purpose: 'edit_order',
      status: 'draft',
      source_order: { id: order.id, order_number: order.order_number },
      coupon_code: offer.coupon_code,
      items: [expect.objectContaining({ quantity: 2 })],
    });
    const same = await company.api.post(`admin/orders/${order.id}/initiate_edit_order`);
    expect(same.body.id).toBe(initiated.body.id);
    // Once open, the GET names the open edit and still stores nothing.
    const named = await company.api.get(`admin/orders/${order.id}/initiate_edit_order`);
    expect(named.body).toMatchObject({
      open_quotation_id: initiated.body.id,
      coupon_code: offer.coupon_code,
    });

    const edited = await company.api.post(
      `admin/companies/${company.companyId}/edit_quotation/`,
      await quotationBody(company, buyer, [{ product: product.id, quantity: 3 }], { id: initiated.body.id }),
    );
    // The order's own use of the coupon does not count against the edit.
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await company.api.post(`admin/quotations/${initiated.body.id}/generate_order/`)).status).toBe(
      409,
    );

    const res = await company.api.post(`admin/quotations/${initiated.body.id}/edit_order/`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      order_number: order.order_number,
      version: 2,
      previous_order: { id: order.id, order_number: order.order_number, version: 1 },
      status: 'confirmed',
      is_stock_reserved: true,
      coupon_code: offer.coupon_code,
      total_quantity: 3,
    });
    expect(await reserved(company, product.id)).toBe(3);
    const old = (await company.api.get(`admin/orders/${order.id}`)).body;
    expect(old).toMatchObject({ status: 'has_new_version', is_stock_reserved: false, allowed_actions: [] });
    const list = await company.api.get(`admin/companies/${company.companyId}/orders`);
    expect(list.body.results.map((o: { id: number }) => o.id)).toEqual([res.body.id]);
    expect(actionsOf((await company.api.get(`admin/orders/${order.id}/history/`)).body)[0]).toBe('edited');
  });

  it('a new order edited stays new and reserves nothing', async () => {
    const { company, buyer, product } = await setUp();
    const { order } = await createOrder(company, { buyer, lines: [{ product: product.id, quantity: 2 }] });
    const initiated = await company.api.post(`admin/orders/${order.id}/initiate_edit_order`);
    const res = await company.api.post(`admin/quotations/${initiated.body.id}/edit_order/`);
    expect(res.body).toMatchObject({ version: 2, status: 'new', is_stock_reserved: false });
    expect(await reserved(company, product.id)).toBe(0);
  });

  it('initiate_reorder makes a new draft quotation at today’s prices', async () => {
    const { company, buyer, product } = await setUp();
    const { order } = await createOrder(company, {
      buyer,
      lines: [{ product: product.id, quantity: 2, rate: 100 }],
      fields: { additional_discount: 10 },
    });
    await company.api.post(`admin/orders/${order.id}/cancel/`);
    await company.api.patch(`products/${product.id}`, { selling_price: 59 });
    const res = await company.api.post(`admin/orders/${order.id}/initiate_reorder`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      purpose: 'reorder',
      status: 'draft',
      source_order: { id: order.id },
      buyer: { id: buyer.id },
      items: [expect.objectContaining({ quantity: 2, rate: 59 })],
      totals: expect.objectContaining({ additional_discount: 0, total: 118 }),
    });
    expect(res.body.id).not.toBe(order.quotation.id);
    const stored = await company.api.get(`admin/quotations/${res.body.id}`);
    expect(stored.body).toMatchObject({ purpose: 'reorder', status: 'draft' });
  });

  it('GET initiate_reorder shows the draft a re-order would make and stores nothing', async () => {
    const { company, buyer, product } = await setUp();
    const { order } = await createOrder(company, {
      buyer,
      lines: [{ product: product.id, quantity: 3, rate: 100 }],
    });
    await company.api.post(`admin/orders/${order.id}/cancel/`);
    await company.api.patch(`products/${product.id}`, { selling_price: 40 });
    const quotations = () => quotationCount(company);
    const before = await quotations();
    const first = await company.api.get(`admin/orders/${order.id}/initiate_reorder`);
    const second = await company.api.get(`admin/orders/${order.id}/initiate_reorder`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      purpose: 'reorder',
      status: 'draft',
      source_order: { id: order.id },
      buyer: { id: buyer.id },
      items: [expect.objectContaining({ quantity: 3, rate: 40 })],
      totals: expect.objectContaining({ total: 120 }),
    });
    expect(first.body.id).toBeUndefined();
    expect(second.body).toEqual(first.body);
    expect(await quotations()).toBe(before);
    // POST on the same path makes exactly one.
    const made = await company.api.post(`admin/orders/${order.id}/initiate_reorder`);
    expect(made.status).toBe(201);
    expect(await quotations()).toBe(before + 1);
  });
});

describe('comments, update and reading', () => {
  it('adds comments (newest first in the order) and records them in the history', async () => {
    const { company, buyer, product } = await setUp();
    const { order } = await createOrder(company, { buyer, lines: [{ product: product.id, quantity: 1 }] });
    const first = await company.api.post(`admin/orders/${order.id}/comments`, {
      comment: 'Call before delivery',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      comment: 'Call before delivery',
      user: { id: company.userId, first_name: 'Priya', last_name: 'Sharma' },
    });
    await company.api.post(`admin/orders/${order.id}/comments`, { comment: 'Gate 2' });
    const empty = await company.api.post(`admin/orders/${order.id}/comments`, { comment: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.comment).toEqual(['Please enter a comment.']);
    const detail = (await company.api.get(`admin/orders/${order.id}`)).body;
    expect(detail.comments.map((c: { comment: string }) => c.comment)).toEqual([
      'Gate 2',
      'Call before delivery',
    ]);
    expect(actionsOf((await company.api.get(`admin/orders/${order.id}/history/`)).body)).toEqual([
      'commented',
      'commented',
      'created',
    ]);
  });

  it('PATCH changes what is not priced', async () => {
    const { company, buyer, product } = await setUp();
    const { order } = await createOrder(company, { buyer, lines: [{ product: product.id, quantity: 1 }] });
    const method = (await company.api.get(`companies/${company.companyId}/payment_methods`)).body.results[0];
    const res = await company.api.patch(`admin/orders/${order.id}/`, {
      reference: 'PO-NEW',
      payment_method: method.id,
      shipment_date: daysFromToday(3),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      reference_number: 'PO-NEW',
      payment_method: { id: method.id },
      shipment_date: daysFromToday(3),
      order_total: order.order_total,
    });
    const bad = await company.api.patch(`admin/orders/${order.id}/`, { sales_person: 999999999 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sales_person).toEqual(['User Not Found']);
    expect((await company.api.get('admin/orders/999999999')).body.detail).toBe('Order Not Found');
  });
});

describe('GET admin/companies/{companyId}/orders', () => {
  async function threeOrders() {
    const { company, buyer, product } = await setUp(100);
    const other: Buyer = await createBuyerWithAddress(company, { name: 'Quasar Retail' });
    const person = await createUserWithPermissions(company, ['view_order']);
    const a = (
      await createOrder(company, {
        buyer,
        lines: [{ product: product.id, quantity: 1 }],
        fields: { date: daysFromToday(-3), reference: 'REF-ALPHA' },
      })
    ).order;
    const b = (
      await createOrder(company, {
        buyer: other,
        lines: [{ product: product.id, quantity: 2 }],
        fields: { date: daysFromToday(-1), sales_person: person.user.id },
      })
    ).order;
    const c = (
      await createOrder(company, {
        buyer,
        lines: [{ product: product.id, quantity: 3 }],
        fields: { date: daysFromToday(-2) },
      })
    ).order;
    await confirmOrder(company, c.id);
    return { company, a, b, c, person, other };
  }

  it('filters, searches and orders (order date, newest first by default)', async () => {
    const { company, a, b, c, person } = await threeOrders();
    const list = async (query = '') => {
      const res = await company.api.get(`admin/companies/${company.companyId}/orders${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const ids = (body: { results: { id: number }[] }) => body.results.map((o) => o.id);
    expect(ids(await list())).toEqual([b.id, c.id, a.id]);
    const first = (await list()).results[0];
    expect(first).toMatchObject({
      order_number: b.order_number,
      buyer: { name: 'Quasar Retail' },
      buyer_company: 'Quasar Retail',
      branch: { id: company.branchId },
      sales_person: { id: person.user.id },
      status: 'new',
      payment_status: 'unpaid',
      order_total: 236,
      total_quantity: 2,
      partially_invoiced: false,
    });
    expect(ids(await list('?status__in=confirmed'))).toEqual([c.id]);
    expect(ids(await list('?status__in=new,confirmed&ordering=order_date'))).toEqual([a.id, c.id, b.id]);
    expect(ids(await list('?payment_status__in=unpaid'))).toHaveLength(3);
    expect(ids(await list(`?sales_person__in=${person.user.id}`))).toEqual([b.id]);
    expect(ids(await list(`?start_date=${daysFromToday(-2)}&end_date=${daysFromToday(-2)}`))).toEqual([c.id]);
    expect(ids(await list('?search=quasar'))).toEqual([b.id]);
    expect(ids(await list('?search=ref-alpha'))).toEqual([a.id]);
    expect(ids(await list(`?search=${a.order_number}`))).toEqual([a.id]);
    expect(ids(await list('?ordering=-order_total'))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list(`?seller_branch__in=${company.branchId}`))).toHaveLength(3);
    expect(
      (await company.api.get(`admin/companies/${company.companyId}/orders?status__in=bogus`)).status,
    ).toBe(400);
    expect((await company.api.get(`admin/companies/${company.companyId}/orders?ordering=buyer`)).status).toBe(
      400,
    );
  });

  it("filters by invoicing: the home page's 'To invoice' orders are those with quantity still to invoice", async () => {
    const { company, a, b, c } = await threeOrders();
    const confirmed = await confirmOrder(company, a.id);
    await invoiceOrder(company, confirmed);
    const ids = async (query: string) => {
      const res = await company.api.get(`admin/companies/${company.companyId}/orders?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((o: { id: number }) => o.id).sort((x: number, y: number) => x - y);
    };
    expect(await ids('invoicing__in=pending')).toEqual([b.id, c.id].sort((x, y) => x - y));
    expect(await ids('invoicing__in=complete')).toEqual([a.id]);
    expect(await ids('invoicing__in=pending,complete')).toHaveLength(3);
    expect(await ids('status__in=confirmed,processing&invoicing__in=pending')).toEqual([c.id]);
    const bad = await company.api.get(`admin/companies/${company.companyId}/orders?invoicing__in=some`);
    expect(bad.status).toBe(400);
  });

  it('pages by offset and by cursor', async () => {
    const { company, a, b, c } = await threeOrders();
    const base = `admin/companies/${company.companyId}/orders`;
    const offset = await company.api.get(`${base}?limit=2&offset=2`);
    expect(offset.body).toMatchObject({ count: 3, results: [expect.objectContaining({ id: a.id })] });
    expect(offset.body.previous).toContain('offset=0');

    const page1 = await company.api.get(`${base}?limit=2&cursor=`);
    expect(page1.status).toBe(200);
    expect(page1.body.results.map((o: { id: number }) => o.id)).toEqual([b.id, c.id]);
    expect(page1.body.previous).toBeNull();
    const page2 = await company.api.get(page1.body.next.replace(/^\/api\//, ''));
    expect(page2.body.results.map((o: { id: number }) => o.id)).toEqual([a.id]);
    expect(page2.body.next).toBeNull();
    const back = await company.api.get(page2.body.previous.replace(/^\/api\//, ''));
    expect(back.body.results.map((o: { id: number }) => o.id)).toEqual([b.id, c.id]);
    const forged = await company.api.get(
      `${base}?cursor=${Buffer.from('{"v":"2025-02-30"}').toString('base64url')}`,
    );
    expect(forged.status).toBe(400);
  });
});

describe('GET admin/reports/order_details_report', () => {
  /** The file's rows as cells (quoted fields unquoted), header first. */
  async function reportRows(company: SignedUpCompany, query: string) {
    const res = await fetch(`${company.t.baseUrl}/admin/reports/order_details_report?${query}`, {
      headers: { authorization: `Bearer ${company.api.token}` },
    });
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/^\uFEFF/, '').trimEnd();
    return {
      res,
      text,
      rows: text
        .split('\r\n')
        .map((line) =>
          [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) =>
            cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
          ),
        ),
    };
  }
  const byHeader = (rows: string[][]) =>
    rows.slice(1).map((row) => Object.fromEntries(rows[0].map((header, i) => [header, row[i]])));

  it('streams one row per order with its figures, filtered like the list', async () => {
    const { company, buyer, product } = await setUp(100);
    const second = await createTaxedProduct(company, { openingStock: 10, hsn: '6109' });
    const lines = [
      { product: product.id, quantity: 2 },
      { product: second.id, quantity: 1 },
    ];
    const { order } = await createOrder(company, { buyer, lines, fields: { reference: 'PO-CSV' } });
    const { order: invoiced } = await createOrder(company, { buyer, lines, confirm: true });
    await invoiceOrder(company, invoiced, [1, 0]);
    const { order: cancelled } = await createOrder(company, { buyer, lines });
    await company.api.post(`admin/orders/${cancelled.id}/cancel/`);

    const { res, rows, text } = await reportRows(company, 'status__in=new,confirmed,processing');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="order-details-/);
    expect(rows[0]).toEqual([
      'Order Number',
      'Version',
      'Order Date',
      'Status',
      'Payment Status',
      'Buyer',
      'Buyer GSTIN',
      'Branch',
      'Sales Channel',
      'Sales Person',
      'Payment Method',
      'Shipping Method',
      'Reference Number',
      'Place of Supply',
      'Coupon Code',
      'Items',
      'Quantity',
      'Quantity Invoiced',
      'Quantity Shipped',
      'Taxable Value',
      'CGST',
      'SGST',
      'IGST',
      'Cess',
      'Total Tax',
      'Round Off',
      'Order Total',
      'Invoiced Amount',
    ]);
    // Newest first; one row per order. 3 units at ₹118 with 18% GST inside: ₹300 taxable, ₹27 + ₹27.
    const figures = {
      Items: '2',
      Quantity: '3',
      'Taxable Value': '300',
      CGST: '27',
      SGST: '27',
      IGST: '0',
      Cess: '0',
      'Total Tax': '54',
      'Round Off': '0',
      'Order Total': '354',
      'Place of Supply': 'Maharashtra',
    };
    expect(byHeader(rows)).toEqual([
      expect.objectContaining({
        ...figures,
        'Order Number': invoiced.order_number,
        Status: 'processing',
        'Quantity Invoiced': '1',
        'Invoiced Amount': '118',
      }),
      expect.objectContaining({
        ...figures,
        'Order Number': order.order_number,
        Version: '1',
        Status: 'new',
        'Payment Status': 'unpaid',
        Buyer: buyer.name,
        'Reference Number': 'PO-CSV',
        'Quantity Invoiced': '0',
        'Invoiced Amount': '0',
      }),
    ]);
    expect(text).not.toContain(cancelled.order_number);
    expect((await reportRows(company, 'status__in=new')).rows).toHaveLength(2);
    const bad = await company.api.get('admin/reports/order_details_report?csv_rows=items');
    expect(bad.status).toBe(400);
  });

  it('streams one row per order item with csv_rows=lines', async () => {
    const { company, buyer, product } = await setUp(100);
    const second = await createTaxedProduct(company, {
      openingStock: 10,
      hsn: '6109',
      name: 'Shirt, "cotton"',
    });
    const { order } = await createOrder(company, {
      buyer,
      lines: [
        { product: product.id, quantity: 2 },
        { product: second.id, quantity: 1 },
      ],
      fields: { reference: 'PO-CSV' },
    });
    const { order: cancelled } = await createOrder(company, {
      buyer,
      lines: [{ product: product.id, quantity: 1 }],
    });
    await company.api.post(`admin/orders/${cancelled.id}/cancel/`);

    const { res, text } = await reportRows(company, 'status__in=new&csv_rows=lines');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="order-lines-/);
    const lines = text.split('\r\n');
    expect(lines[0]).toMatch(/^Order Number,Version,Order Date,Status,Payment Status,Buyer,/);
    expect(lines[0]).toContain(',Coupon Code,Order Total,Line,Product,SKU,HSN,');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${order.order_number},1,`);
    expect(lines[1]).toContain(',new,unpaid,');
    expect(lines[1]).toContain(',PO-CSV,Maharashtra,,354,1,');
    expect(lines[2]).toContain('"Shirt, ""cotton"""');
    expect(lines[2]).toContain(',6109,');
    expect(text).not.toContain(cancelled.order_number);
  });

  it('walks many orders in batches', async () => {
    const { company, buyer, product } = await setUp(5000);
    const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 1 }]);
    const order = await generateOrder(company, quotation.id);
    // 1,203 orders: copies of one, written straight to the tables (two batches and a bit).
    const db = dbOf(company);
    const source = await db
      .selectFrom('sales_orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const item = await db
      .selectFrom('sales_order_items')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const { id: _o, ...orderColumns } = source;
    const { id: _i, order_id: _x, ...itemColumns } = item;
    for (let chunk = 0; chunk < 3; chunk++) {
      const rows = await db
        .insertInto('sales_orders')
        .values(
          Array.from({ length: chunk < 2 ? 600 : 2 }, (_, n) => ({
            ...orderColumns,
            order_number: `BULK-${chunk}-${n}`,
            billing_address: JSON.stringify(orderColumns.billing_address),
            shipping_address: JSON.stringify(orderColumns.shipping_address),
            tax_summary: JSON.stringify(orderColumns.tax_summary),
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('sales_order_items')
        .values(rows.map((row) => ({ ...itemColumns, order_id: row.id })))
        .execute();
    }
    const res = await fetch(`${company.t.baseUrl}/admin/reports/order_details_report`, {
      headers: { authorization: `Bearer ${company.api.token}` },
    });
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 1203);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(1203);
  });
});
