import { randomUUID } from 'node:crypto';
import { INSTORE_MESSAGES } from '@b2b/domain/instore-orders';
import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, uniquePhone } from '../../../test/factories.ts';
import {
  type CounterWorld,
  counterWorld,
  countOrders,
  salePath,
  sell,
} from '../../../test/instore-fixtures.ts';
import { dbOf, levelOf } from '../../../test/inventory-fixtures.ts';
import {
  createBuyerWithAddress,
  createOffer,
  createOrder,
  invoiceOrder,
  setCompanyFlags,
  setRoundOff,
} from '../../../test/sales-fixtures.ts';

const lookupPath = (world: CounterWorld, code: string, warehouse = world.warehouseId) =>
  `admin/companies/${world.company.companyId}/instore/product_lookup?code=${encodeURIComponent(code)}&warehouse=${warehouse}`;

async function paymentsOfOrder(world: CounterWorld, orderId: number) {
  return dbOf(world.company)
    .selectFrom('payments')
    .select(['amount_paise', 'payment_method_id', 'status'])
    .where('company_id', '=', world.company.companyId)
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

async function buyerRow(world: CounterWorld, buyerId: number) {
  return dbOf(world.company)
    .selectFrom('buyers')
    .select(['name', 'phone', 'buyer_type', 'outstanding_paise'])
    .where('company_id', '=', world.company.companyId)
    .where('id', '=', buyerId)
    .executeTakeFirstOrThrow();
}

// A sale writes a dozen documents; on a busy machine the first one also warms the database up.
describe('POST admin/companies/{companyId}/instore_orders', { timeout: 120_000 }, () => {
  it('sells for exact cash: order, invoice and payment in one call, the order paid', async () => {
    const world = await counterWorld();
    const res = await sell(world, {
      items: [{ product: world.pen.id, quantity: 2 }],
      tenders: [{ payment_method: world.methods.cash, amount: 236 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sale = res.body;
    expect(sale.order.order_number).toMatch(/^SO/);
    expect(sale.change_due).toBe(0);
    expect(sale.tendered).toBe(236);
    expect(sale.invoice.invoice_total).toBe(236);
    expect(sale.invoice.amount_due).toBe(0);
    expect(sale.invoice.payment_status).toBe('paid');
    // The walk-in customer's address is the counter's: an intra-state sale, CGST + SGST.
    expect(sale.invoice.totals.is_intra_state).toBe(true);
    expect(sale.invoice.totals.taxable_value).toBe(200);
    expect(sale.invoice.totals.cgst).toBe(18);
    expect(sale.invoice.totals.sgst).toBe(18);
    expect(sale.invoice.totals.igst).toBe(0);
    expect(sale.invoice.items).toHaveLength(1);
    expect(sale.invoice.items[0].quantity).toBe(2);
    expect(sale.payments).toEqual([
      expect.objectContaining({
        kind: 'cash',
        tendered: 236,
        amount: 236,
        payment_method: expect.objectContaining({ id: world.methods.cash }),
      }),
    ]);
    expect(sale.payments[0].payment_number).toMatch(/^RCPT\//);

    const order = await world.company.api.get(`admin/orders/${sale.order.id}`);
    expect(order.body.payment_status).toBe('paid');
    expect(order.body.sales_channel?.display_name).toBe('Instore');
    // Handed over at the counter: delivered, nothing left to ship, the order complete.
    expect(order.body.status).toBe('complete');
    const shipments = await dbOf(world.company)
      .selectFrom('shipments')
      .select(['status', 'carrier'])
      .where('company_id', '=', world.company.companyId)
      .where('order_id', '=', sale.order.id)
      .execute();
    expect(shipments).toEqual([{ status: 'delivered', carrier: 'self_delivery' }]);
    expect(await levelOf(world.company, world.pen.id, world.warehouseId)).toBe(48);
    const buyer = await buyerRow(world, sale.buyer.id);
    expect(buyer).toMatchObject({ name: INSTORE_MESSAGES.walk_in_name, phone: null, buyer_type: 'consumer' });
    expect(Number(buyer.outstanding_paise)).toBe(0);
  });

  it('splits card and UPI exactly', async () => {
    const world = await counterWorld();
    const res = await sell(world, {
      items: [
        { product: world.pen.id, quantity: 1 },
        { product: world.tea.id, quantity: 1 },
      ],
      tenders: [
        { payment_method: world.methods.card, amount: 100, reference_number: 'AUTH-1' },
        { payment_method: world.methods.upi, amount: 123, reference_number: 'UTR-9' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.invoice.invoice_total).toBe(223);
    expect(res.body.payments.map((p: any) => [p.kind, p.amount, p.reference_number])).toEqual([
      ['card', 100, 'AUTH-1'],
      ['upi', 123, 'UTR-9'],
    ]);
    const rows = await paymentsOfOrder(world, res.body.order.id);
    expect(rows.map((r) => [Number(r.amount_paise), r.payment_method_id, r.status])).toEqual([
      [10_000, world.methods.card, 'completed'],
      [12_300, world.methods.upi, 'completed'],
    ]);
    // GST split by rate: 18% on the pen, 5% on the tea.
    expect(res.body.invoice.totals.hsn_summary.map((r: any) => r.gst_rate).sort()).toEqual([18, 5]);
  });

  it('gives change for cash over the total and records only the total', async () => {
    const world = await counterWorld();
    const res = await sell(world, {
      items: [{ product: world.tea.id, quantity: 1 }],
      tenders: [{ payment_method: world.methods.cash, amount: 200 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.change_due).toBe(95);
    expect(res.body.tendered).toBe(200);
    expect(res.body.payments[0]).toMatchObject({ tendered: 200, amount: 105 });
    const rows = await paymentsOfOrder(world, res.body.order.id);
    expect(rows.map((r) => Number(r.amount_paise))).toEqual([10_500]);
  });

  it('settles the invoice total rounded to the rupee when the branch rounds off', async () => {
    const world = await counterWorld();
    await setRoundOff(world.company, true);
    // ₹105 less 3% = ₹101.85, rounded to ₹102.
    const exact = await sell(world, {
      items: [{ product: world.tea.id, quantity: 1, discount: 3 }],
      tenders: [{ payment_method: world.methods.upi, amount: 102 }],
    });
    expect(exact.status, JSON.stringify(exact.body)).toBe(201);
    expect(exact.body.invoice.invoice_total).toBe(102);
    expect(exact.body.invoice.totals.round_off).toBe(0.15);
    const unrounded = await sell(world, {
      items: [{ product: world.tea.id, quantity: 1, discount: 3 }],
      tenders: [{ payment_method: world.methods.upi, amount: 101.85 }],
    });
    expect(unrounded.status).toBe(400);
  });

  it('tells the counter what the offers take off, and the sale with a coupon charges exactly that', async () => {
    const world = await counterWorld();
    await createOffer(world.company, { coupon_code: 'COUNTER20', discount_paise: 20_00 });
    const body = { items: [{ product: world.pen.id, quantity: 2 }], coupon_code: 'counter20' };
    const offers = await world.company.api.post(
      `admin/companies/${world.company.companyId}/instore/offers`,
      body,
    );
    expect(offers.status, JSON.stringify(offers.body)).toBe(200);
    expect(offers.body).toMatchObject({ coupon_discount: 20, lines: [{ offer: null, offer_discount: 0 }] });
    expect(offers.body.offers).toEqual([expect.objectContaining({ by_coupon: true, discount: 20 })]);
    const refused = await world.company.api.post(
      `admin/companies/${world.company.companyId}/instore/offers`,
      {
        ...body,
        coupon_code: 'NOPE99',
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('There is no coupon with the code NOPE99.');
    const res = await sell(world, {
      ...body,
      tenders: [{ payment_method: world.methods.cash, amount: 216 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.invoice.invoice_total).toBe(216);
    expect(res.body.invoice.amount_due).toBe(0);
  });

  it('refuses a short payment and writes nothing', async () => {
    const world = await counterWorld();
    const ordersBefore = await countOrders(world);
    const res = await sell(world, {
      items: [{ product: world.pen.id, quantity: 1 }],
      tenders: [{ payment_method: world.methods.cash, amount: 100 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.tenders[0]).toMatch(/still due/);
    expect(await countOrders(world)).toBe(ordersBefore);
    expect(await levelOf(world.company, world.pen.id, world.warehouseId)).toBe(50);
    const invoices = await dbOf(world.company)
      .selectFrom('invoices')
      .select('id')
      .where('company_id', '=', world.company.companyId)
      .execute();
    expect(invoices).toEqual([]);
    const buyers = await dbOf(world.company)
      .selectFrom('buyers')
      .select('id')
      .where('company_id', '=', world.company.companyId)
      .where('buyer_type', '=', 'consumer')
      .execute();
    expect(buyers).toEqual([]);
  });

  it('refuses card or UPI beyond the total, and cash that would all be change', async () => {
    const world = await counterWorld();
    const over = await sell(world, {
      items: [{ product: world.pen.id, quantity: 1 }],
      tenders: [{ payment_method: world.methods.card, amount: 120 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.errors['tenders.0.amount'][0]).toMatch(/left to pay/);
    const allChange = await sell(world, {
      items: [{ product: world.pen.id, quantity: 1 }],
      tenders: [
        { payment_method: world.methods.upi, amount: 118 },
        { payment_method: world.methods.cash, amount: 10 },
      ],
    });
    expect(allChange.status).toBe(400);
    expect(allChange.body.errors['tenders.1.amount']).toBeDefined();
    expect(await countOrders(world)).toBe(0);
  });

  it('refuses more than the sellable stock with a sentence (409), nothing written', async () => {
    const world = await counterWorld();
    const res = await sell(world, {
      items: [{ product: world.tea.id, quantity: 21 }],
      tenders: [{ payment_method: world.methods.cash, amount: 3000 }],
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/^Only 20 of Tea/);
    expect(res.body.errors['items.0.quantity']).toBeDefined();
    expect(await countOrders(world)).toBe(0);
    expect(await levelOf(world.company, world.tea.id, world.warehouseId)).toBe(20);
  });

  it('finds a walk-in customer again by phone, and keeps one anonymous walk-in customer', async () => {
    const world = await counterWorld();
    const phone = uniquePhone();
    const first = await sell(world, {
      walk_in: { name: 'Asha Rao', phone },
      items: [{ product: world.tea.id, quantity: 1 }],
      tenders: [{ payment_method: world.methods.cash, amount: 105 }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.buyer).toMatchObject({ name: 'Asha Rao', phone });
    const second = await sell(world, {
      walk_in: { name: 'Asha', phone },
      items: [{ product: world.tea.id, quantity: 1 }],
      tenders: [{ payment_method: world.methods.upi, amount: 105 }],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.buyer.id).toBe(first.body.buyer.id);
    expect((await buyerRow(world, first.body.buyer.id)).buyer_type).toBe('consumer');

    const anonymous = await Promise.all(
      [1, 2].map(() =>
        sell(world, {
          walk_in: { name: 'Someone' },
          items: [{ product: world.pen.id, quantity: 1 }],
          tenders: [{ payment_method: world.methods.cash, amount: 118 }],
        }),
      ),
    );
    for (const res of anonymous) expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(anonymous[0].body.buyer.id).toBe(anonymous[1].body.buyer.id);
    expect(anonymous[0].body.buyer.name).toBe(INSTORE_MESSAGES.walk_in_name);
    const order = await world.company.api.get(`admin/orders/${anonymous[0].body.order.id}`);
    expect(order.body.notes).toBe('Walk-in customer: Someone');
  });

  it('sells to a chosen buyer of another state at the counter: place of supply is the counter', async () => {
    const world = await counterWorld();
    const buyer = await createBuyerWithAddress(world.company, { stateId: 29 });
    const res = await sell(world, {
      buyer: buyer.id,
      items: [{ product: world.pen.id, quantity: 1, discount: 10 }],
      tenders: [{ payment_method: world.methods.card, amount: 106.2 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.buyer.id).toBe(buyer.id);
    expect(res.body.invoice.invoice_total).toBe(106.2);
    expect(res.body.invoice.totals.is_intra_state).toBe(true);
    expect(res.body.invoice.billing_address.id).toBe(buyer.billingAddressId);
    expect(res.body.invoice.place_of_supply.gst_code).toBe('27');
  });

  it('sells to a buyer past its credit limit when the counter takes the whole total now', async () => {
    const world = await counterWorld();
    const buyer = await createBuyerWithAddress(world.company, { creditLimit: 100 });
    // The buyer owes ₹1,180 on an earlier invoice, past its ₹100 limit, before the restriction is applied.
    const { order } = await createOrder(world.company, {
      buyer,
      lines: [{ product: world.pen.id, quantity: 10 }],
      confirm: true,
    });
    await invoiceOrder(world.company, order);
    await setCompanyFlags(world.company, { apply_credit_limit_restriction: true });
    expect(Number((await buyerRow(world, buyer.id)).outstanding_paise)).toBe(118_000);

    const paid = await sell(world, {
      buyer: buyer.id,
      items: [{ product: world.pen.id, quantity: 2 }],
      tenders: [
        { payment_method: world.methods.card, amount: 100 },
        { payment_method: world.methods.cash, amount: 200 },
      ],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.invoice.payment_status).toBe('paid');
    expect(paid.body.change_due).toBe(64);
    expect(Number((await buyerRow(world, buyer.id)).outstanding_paise)).toBe(118_000);

    // Short of the total, only the ₹18 left unpaid counts against the limit (and is refused); nothing is kept.
    const before = await countOrders(world);
    const short = await sell(world, {
      buyer: buyer.id,
      items: [{ product: world.pen.id, quantity: 1 }],
      tenders: [{ payment_method: world.methods.cash, amount: 100 }],
    });
    expect(short.status).toBe(409);
    expect(short.body.detail).toMatch(/^Credit limit exceeded: .* this adds ₹18\.00,/);
    expect(await countOrders(world)).toBe(before);
  });

  it('replays the first answer for the same Idempotency-Key: one order', async () => {
    const world = await counterWorld();
    const key = randomUUID();
    const body = {
      items: [{ product: world.pen.id, quantity: 1 }],
      tenders: [{ payment_method: world.methods.cash, amount: 500 }],
    };
    const first = await sell(world, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await sell(world, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.order).toEqual(first.body.order);
    expect(again.body.change_due).toBe(382);
    expect(await countOrders(world)).toBe(1);
    expect(await levelOf(world.company, world.pen.id, world.warehouseId)).toBe(49);
    const other = await sell(
      world,
      { ...body, tenders: [{ payment_method: world.methods.cash, amount: 118 }] },
      key,
    );
    expect(other.status).toBe(422);
  });

  it('answers 400 per field for bad input', async () => {
    const world = await counterWorld();
    const cases: [Record<string, unknown>, string][] = [
      [{ items: [], tenders: [{ payment_method: world.methods.cash, amount: 1 }] }, 'items'],
      [
        {
          items: [{ product: world.pen.id, quantity: 0 }],
          tenders: [{ payment_method: world.methods.cash, amount: 1 }],
        },
        'items.0.quantity',
      ],
      [
        {
          items: [{ product: world.pen.id, quantity: 1, discount: 101 }],
          tenders: [{ payment_method: world.methods.cash, amount: 1 }],
        },
        'items.0.discount',
      ],
      [{ items: [{ product: world.pen.id, quantity: 1 }], tenders: [] }, 'tenders'],
      [
        {
          items: [{ product: world.pen.id, quantity: 1 }],
          tenders: [{ payment_method: world.methods.cash, amount: -5 }],
        },
        'tenders.0.amount',
      ],
      [
        {
          items: [{ product: world.pen.id, quantity: 1 }],
          tenders: [{ payment_method: 999_999_999, amount: 118 }],
        },
        'tenders.0.payment_method',
      ],
      [
        {
          items: [{ product: 999_999_999, quantity: 1 }],
          tenders: [{ payment_method: world.methods.cash, amount: 118 }],
        },
        'items.0.product',
      ],
      [
        {
          items: [
            { product: world.pen.id, quantity: 1 },
            { product: world.pen.id, quantity: 2 },
          ],
          tenders: [{ payment_method: world.methods.cash, amount: 354 }],
        },
        'items.1.product',
      ],
      [
        {
          buyer: 1,
          walk_in: {},
          items: [{ product: world.pen.id, quantity: 1 }],
          tenders: [{ payment_method: world.methods.cash, amount: 118 }],
        },
        'walk_in',
      ],
      [
        {
          walk_in: { phone: '12345' },
          items: [{ product: world.pen.id, quantity: 1 }],
          tenders: [{ payment_method: world.methods.cash, amount: 118 }],
        },
        'walk_in.phone',
      ],
      [
        {
          buyer: 999_999_999,
          items: [{ product: world.pen.id, quantity: 1 }],
          tenders: [{ payment_method: world.methods.cash, amount: 118 }],
        },
        'buyer',
      ],
      [
        {
          warehouse: 999_999_999,
          items: [{ product: world.pen.id, quantity: 1 }],
          tenders: [{ payment_method: world.methods.cash, amount: 118 }],
        },
        'warehouse',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await sell(world, body);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), `${field}: ${JSON.stringify(res.body)}`).toContain(field);
    }
    expect(await countOrders(world)).toBe(0);
  });

  it('needs add_instore_order to sell and view_instore_order to look up', async () => {
    const world = await counterWorld();
    const viewer = await createUserWithPermissions(world.company, ['view_instore_order']);
    const lookup = await viewer.api.get(lookupPath(world, world.pen.sku));
    expect(lookup.status).toBe(200);
    const denied = await viewer.api.post(
      salePath(world),
      {
        warehouse: world.warehouseId,
        items: [{ product: world.pen.id, quantity: 1 }],
        tenders: [{ payment_method: world.methods.cash, amount: 118 }],
      },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe(INSTORE_MESSAGES.forbidden_sell);
    const stranger = await createUserWithPermissions(world.company, ['view_product']);
    expect((await stranger.api.get(lookupPath(world, world.pen.sku))).status).toBe(403);
    expect(await countOrders(world)).toBe(0);
  });
});

describe('GET admin/companies/{companyId}/instore/product_lookup', { timeout: 120_000 }, () => {
  it('finds a product by UPC or by SKU (trimmed, case ignored), with price, GST and sellable stock', async () => {
    const world = await counterWorld();
    const byUpc = await world.company.api.get(lookupPath(world, ` ${world.pen.upc} `));
    expect(byUpc.status, JSON.stringify(byUpc.body)).toBe(200);
    expect(byUpc.body).toMatchObject({
      id: world.pen.id,
      sku: world.pen.sku,
      upc: world.pen.upc,
      price: 118,
      gst_rate: 18,
      cess_rate: 0,
      sellable_stock: 50,
    });
    const bySku = await world.company.api.get(lookupPath(world, world.tea.sku.toLowerCase()));
    expect(bySku.status).toBe(200);
    expect(bySku.body).toMatchObject({ id: world.tea.id, price: 105, gst_rate: 5, sellable_stock: 20 });
    const missing = await world.company.api.get(lookupPath(world, 'NOPE-123'));
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Product Not Found');
    const blank = await world.company.api.get(lookupPath(world, '  '));
    expect(blank.status).toBe(400);
    const badWarehouse = await world.company.api.get(lookupPath(world, world.pen.sku, 999_999_999));
    expect(badWarehouse.status).toBe(400);
  });

  it('searches products by name for the counter', async () => {
    const world = await counterWorld();
    const res = await world.company.api.get(
      `admin/companies/${world.company.companyId}/instore/products?search=tea&warehouse=${world.warehouseId}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((p: any) => p.id)).toEqual([world.tea.id]);
  });
});

describe('GET admin/companies/{companyId}/instore/counter', { timeout: 120_000 }, () => {
  it('gives the warehouses with their branch and the tenders, to a cashier without other permissions', async () => {
    const world = await counterWorld();
    const cashier = await createUserWithPermissions(world.company, [
      'view_instore_order',
      'add_instore_order',
    ]);
    const res = await cashier.api.get(`admin/companies/${world.company.companyId}/instore/counter`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.company.id).toBe(world.company.companyId);
    const warehouse = res.body.warehouses.find((w: any) => w.id === world.warehouseId);
    expect(warehouse.branch).toMatchObject({ id: world.company.branchId, round_off_enabled: false });
    expect(warehouse.branch.address.state.gst_code).toBe('27');
    const kinds = Object.fromEntries(res.body.payment_methods.map((m: any) => [m.id, m.kind]));
    expect(kinds[world.methods.cash]).toBe('cash');
    expect(kinds[world.methods.card]).toBe('card');
    expect(kinds[world.methods.upi]).toBe('upi');
    const stranger = await createUserWithPermissions(world.company, ['view_product']);
    expect(
      (await stranger.api.get(`admin/companies/${world.company.companyId}/instore/counter`)).status,
    ).toBe(403);
  });
});
