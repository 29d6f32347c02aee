import { financialYearOf } from '@b2b/domain/invoices';
import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  validGstin,
} from '../../../test/factories.ts';
import { dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { createTaxedProduct, daysFromToday, setRoundOff, today } from '../../../test/sales-fixtures.ts';

const listPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/purchase_orders`;
const billsPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/bills`;
const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };

async function createSeller(company: SignedUpCompany, name = `Shree Traders ${unique()}`) {
  const res = await company.api.post(`companies/${company.companyId}/sellers`, {
    name,
    gst_number: validGstin('27'),
    billing_address: PUNE,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string };
}

/** A company (round-off off) with a Maharashtra seller and two products (18% and 5%). */
async function setUp() {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const warehouse = await firstWarehouse(company);
  const seller = await createSeller(company);
  const other = await createSeller(company);
  const p = await createTaxedProduct(company, { name: `Basmati ${unique()}` });
  const q = await createTaxedProduct(company, { name: `Jasmine ${unique()}`, gstRate: 5 });
  return { company, warehouse, seller, other, p, q };
}
type World = Awaited<ReturnType<typeof setUp>>;

const orderBody = (world: World, extra: Record<string, unknown> = {}) => ({
  seller: world.seller.id,
  branch: world.company.branchId,
  warehouse: world.warehouse.id,
  order_date: today(),
  expected_date: daysFromToday(7),
  reference: 'QTN-88',
  items: [
    { product: world.p.id, quantity: 10, rate: 1000, discount_percent: 10, tax_rate: 18 },
    { product: world.q.id, quantity: 3, rate: 33.33, tax_rate: 5 },
  ],
  ...extra,
});

async function order(world: World, extra: Record<string, unknown> = {}) {
  const res = await world.company.api.post(listPath(world.company), orderBody(world, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function sentOrder(world: World) {
  const created = await order(world);
  const sent = await world.company.api.post(`admin/purchase_orders/${created.id}/send`);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body;
}

/** A bill made from the order: `lines` are [order line index, quantity]. */
function billFrom(world: World, po: any, lines: [number, number][], extra: Record<string, unknown> = {}) {
  return world.company.api.post(billsPath(world.company), {
    seller: world.seller.id,
    branch: world.company.branchId,
    warehouse: world.warehouse.id,
    bill_number: `ST/${unique().slice(-8)}`,
    bill_date: today(),
    purchase_order: po.id,
    items: lines.map(([index, quantity]) => ({
      product: po.items[index].product.id,
      quantity,
      rate: po.items[index].rate_entered,
      discount_percent: po.items[index].discount_percent,
      tax_rate: po.items[index].tax_rate,
      purchase_order_item: po.items[index].id,
    })),
    ...extra,
  });
}

const poOf = async (world: World, id: number) =>
  (await world.company.api.get(`admin/purchase_orders/${id}`)).body;

describe('purchase orders', { timeout: 120_000 }, () => {
  it('writes a draft numbered PO/<FY>/00001 with the figures computeBill gives, then edits, sends and lists it', async () => {
    const world = await setUp();
    const po = await order(world);
    const fy = financialYearOf(today()).code;
    expect(po).toMatchObject({
      order_number: `PO/${fy}/00001`,
      status: 'draft',
      status_label: 'Draft',
      seller: { id: world.seller.id, name: world.seller.name },
      reference: 'QTN-88',
      supply_type: 'intra',
      // 10 x 1,000 less 10% = 9,000 (810 + 810); 3 x 33.33 = 99.99 (2.50 + 2.50)
      taxable_value: 9099.99,
      cgst: 812.5,
      sgst: 812.5,
      igst: 0,
      total: 10724.99,
      allowed_actions: ['edit', 'send', 'cancel'],
      bills: [],
    });
    expect(po.items.map((i: any) => [i.quantity, i.quantity_billed, i.quantity_left, i.total])).toEqual([
      [10, 0, 10, 10620],
      [3, 0, 3, 104.99],
    ]);
    const second = await order(world);
    expect(second.order_number).toBe(`PO/${fy}/00002`);

    const edited = await world.company.api.patch(`admin/purchase_orders/${po.id}`, {
      ...orderBody(world),
      items: [{ product: world.p.id, quantity: 4, rate: 500, tax_rate: 18 }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ total: 2360, order_number: po.order_number });

    const sent = await world.company.api.post(`admin/purchase_orders/${po.id}/send`);
    expect(sent.body).toMatchObject({ status: 'sent', allowed_actions: ['cancel', 'bill'] });
    const again = await world.company.api.patch(`admin/purchase_orders/${po.id}`, orderBody(world));
    expect(again.status).toBe(409);
    expect(again.body.detail ?? again.body.message).toMatch(/Only a draft purchase order can be edited/);

    const list = await world.company.api.get(`${listPath(world.company)}?status__in=sent`);
    expect(list.body.results.map((r: any) => r.id)).toEqual([po.id]);
    const search = await world.company.api.get(
      `${listPath(world.company)}?search=${encodeURIComponent(world.seller.name)}`,
    );
    expect(search.body.count).toBe(2);
    const bySeller = await world.company.api.get(`${listPath(world.company)}?seller=${world.other.id}`);
    expect(bySeller.body.count).toBe(0);
    const csv = await world.company.api.get(`${listPath(world.company)}?format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(po.order_number);

    const history = await world.company.api.get(`admin/purchase_orders/${po.id}/history`);
    expect(history.body.results.map((r: any) => r.actions.action).sort()).toEqual([
      'created',
      'edited',
      'sent',
    ]);
  });

  it('bills an order line by line, refuses billing more than is left, and gives the quantities back when the bill is voided', async () => {
    const world = await setUp();
    const po = await sentOrder(world);

    const first = await billFrom(world, po, [[0, 6]]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.purchase_order).toEqual({ id: po.id, order_number: po.order_number });
    expect(first.body.items[0].purchase_order_item).toBe(po.items[0].id);
    let now = await poOf(world, po.id);
    expect(now.status).toBe('partially_billed');
    expect(now.items.map((i: any) => [i.quantity_billed, i.quantity_left])).toEqual([
      [6, 4],
      [0, 3],
    ]);
    expect(now.bills.map((b: any) => b.id)).toEqual([first.body.id]);
    expect(now.allowed_actions).toEqual(['bill']);

    // 5 more of a line with 4 left: refused with a sentence, nothing written.
    const billsBefore = await dbOf(world.company)
      .selectFrom('bills')
      .select('id')
      .where('company_id', '=', world.company.companyId)
      .execute();
    const over = await billFrom(world, po, [[0, 5]]);
    expect(over.status).toBe(400);
    expect(over.body.errors['items.0.quantity']).toEqual([
      `Only 4 of ${po.items[0].product.name} is left to bill on ${po.order_number} (ordered 10, billed 6).`,
    ]);
    // Two lines of one order line add up: 3 + 2 > 4.
    const split = await billFrom(world, po, [
      [0, 3],
      [0, 2],
    ]);
    expect(split.status).toBe(400);
    expect(split.body.errors['items.1.quantity']).toBeDefined();
    const billsAfter = await dbOf(world.company)
      .selectFrom('bills')
      .select('id')
      .where('company_id', '=', world.company.companyId)
      .execute();
    expect(billsAfter).toHaveLength(billsBefore.length);

    // Cancel refused once billed.
    const cancel = await world.company.api.post(`admin/purchase_orders/${po.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.detail ?? cancel.body.message).toMatch(/billed \(even in part\) cannot be cancelled/);

    // The rest: billed in full.
    const rest = await billFrom(world, po, [
      [0, 4],
      [1, 3],
    ]);
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    now = await poOf(world, po.id);
    expect(now).toMatchObject({ status: 'billed', status_label: 'Billed', allowed_actions: [] });
    const full = await billFrom(world, po, [[1, 1]]);
    expect(full.status).toBe(400);
    expect(full.body.errors.purchase_order).toEqual(['Everything on this purchase order has been billed.']);

    // Voiding the first bill gives its 6 back.
    const voided = await world.company.api.post(`admin/bills/${first.body.id}/void`);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    now = await poOf(world, po.id);
    expect(now.status).toBe('partially_billed');
    expect(now.items.map((i: any) => i.quantity_billed)).toEqual([4, 3]);
    const history = await world.company.api.get(`admin/purchase_orders/${po.id}/history`);
    expect(history.body.results.map((r: any) => r.actions.action)).toEqual(
      expect.arrayContaining(['billed', 'bill_voided']),
    );
  });

  it('re-bills a draft bill from the order when it is edited', async () => {
    const world = await setUp();
    const po = await sentOrder(world);
    const bill = await billFrom(world, po, [[0, 2]]);
    expect(bill.status).toBe(201);
    const edit = await world.company.api.patch(`admin/bills/${bill.body.id}`, {
      seller: world.seller.id,
      branch: world.company.branchId,
      warehouse: world.warehouse.id,
      bill_number: bill.body.bill_number,
      bill_date: today(),
      purchase_order: po.id,
      items: [
        { product: world.p.id, quantity: 9, rate: 1000, tax_rate: 18, purchase_order_item: po.items[0].id },
      ],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await poOf(world, po.id)).items[0].quantity_billed).toBe(9);
    // Without the order: its quantities come back.
    const unlinked = await world.company.api.patch(`admin/bills/${bill.body.id}`, {
      seller: world.seller.id,
      branch: world.company.branchId,
      warehouse: world.warehouse.id,
      bill_number: bill.body.bill_number,
      bill_date: today(),
      items: [{ product: world.p.id, quantity: 9, rate: 1000, tax_rate: 18 }],
    });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.purchase_order).toBeNull();
    expect(await poOf(world, po.id)).toMatchObject({ status: 'sent' });
  });

  it('refuses bills of a draft order, another seller, another product or another order line', async () => {
    const world = await setUp();
    const draft = await order(world);
    const fromDraft = await billFrom(world, draft, [[0, 1]]);
    expect(fromDraft.status).toBe(400);
    expect(fromDraft.body.errors.purchase_order).toEqual([
      'Mark the purchase order as sent before billing it.',
    ]);

    const po = await sentOrder(world);
    const otherSeller = await billFrom(world, po, [[0, 1]], { seller: world.other.id });
    expect(otherSeller.status).toBe(400);
    expect(otherSeller.body.errors.purchase_order[0]).toMatch(/placed with another seller/);

    const wrongProduct = await world.company.api.post(billsPath(world.company), {
      seller: world.seller.id,
      branch: world.company.branchId,
      warehouse: world.warehouse.id,
      bill_number: `ST/${unique().slice(-8)}`,
      bill_date: today(),
      purchase_order: po.id,
      items: [
        { product: world.q.id, quantity: 1, rate: 1, tax_rate: 5, purchase_order_item: po.items[0].id },
      ],
    });
    expect(wrongProduct.status).toBe(400);
    expect(wrongProduct.body.errors['items.0.product']).toBeDefined();

    const lineOfDraft = await billFrom(world, { ...po, items: draft.items }, [[0, 1]]);
    expect(lineOfDraft.status).toBe(400);
    expect(lineOfDraft.body.errors['items.0.purchase_order_item'][0]).toMatch(/not on purchase order/);

    // Cancel: allowed while nothing is billed; a cancelled order is not billed.
    const cancelled = await world.company.api.post(`admin/purchase_orders/${po.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', allowed_actions: [] });
    const fromCancelled = await billFrom(world, po, [[0, 1]]);
    expect(fromCancelled.body.errors.purchase_order).toEqual([
      'A cancelled purchase order cannot be billed.',
    ]);
  });

  it('answers 400 with a sentence to bad input and changes nothing', async () => {
    const world = await setUp();
    const bad = [
      {},
      { ...orderBody(world), items: [] },
      { ...orderBody(world), status: 'billed' },
      { ...orderBody(world), expected_date: '2020-01-01' },
      { ...orderBody(world), order_date: 'yesterday' },
      { ...orderBody(world), seller: 'x' },
      { ...orderBody(world), seller: 99_999_999_999 },
      { ...orderBody(world), items: [{ product: world.p.id, quantity: 1e12, rate: 1, tax_rate: 18 }] },
      { ...orderBody(world), items: [{ product: world.p.id, quantity: 1, rate: 1e15, tax_rate: 18 }] },
      { ...orderBody(world), items: [{ product: world.p.id, quantity: 1, rate: 1, tax_rate: 17 }] },
      { ...orderBody(world), notes: 'x'.repeat(1001) },
      { ...orderBody(world), items: Array.from({ length: 201 }, () => orderBody(world).items[0]) },
    ];
    for (const body of bad) {
      const res = await world.company.api.post(listPath(world.company), body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(typeof (res.body.detail ?? res.body.message)).toBe('string');
    }
    const badQueries = ['status__in=shipped', 'start_date=2026-13-01', 'seller=abc', 'ordering=price'];
    for (const query of badQueries) {
      const res = await world.company.api.get(`${listPath(world.company)}?${query}`);
      expect(res.status, query).toBe(400);
    }
    const count = await dbOf(world.company)
      .selectFrom('purchase_orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', world.company.companyId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("answers 404 for another company's order and its lines, and gates on permissions", async () => {
    const world = await setUp();
    const other = await setUp();
    const theirs = await sentOrder(other);
    for (const [method, path] of [
      ['get', `admin/purchase_orders/${theirs.id}`],
      ['get', `admin/purchase_orders/${theirs.id}/history`],
      ['post', `admin/purchase_orders/${theirs.id}/send`],
      ['post', `admin/purchase_orders/${theirs.id}/cancel`],
    ] as const) {
      const res = await world.company.api[method](path);
      expect(res.status, path).toBe(404);
    }
    const patch = await world.company.api.patch(`admin/purchase_orders/${theirs.id}`, orderBody(world));
    expect(patch.status).toBe(404);
    // A bill naming their order: the order is not found, nothing is billed.
    const bill = await billFrom(
      world,
      { ...theirs, items: [{ ...theirs.items[0], product: { id: world.p.id } }] },
      [[0, 1]],
    );
    expect(bill.status).toBe(400);
    expect(bill.body.errors.purchase_order).toEqual(['Purchase Order Not Found']);
    expect((await poOf(other, theirs.id)).items[0].quantity_billed).toBe(0);
    const list = await world.company.api.get(listPath(world.company));
    expect(list.body.count).toBe(0);

    const viewer = await createUserWithPermissions(world.company, ['view_purchase_order']);
    const mine = await order(world);
    expect((await viewer.api.get(`admin/purchase_orders/${mine.id}`)).status).toBe(200);
    expect((await viewer.api.post(`admin/purchase_orders/${mine.id}/send`)).status).toBe(403);
    expect((await viewer.api.post(listPath(world.company), orderBody(world))).status).toBe(403);
  });
});

describe.runIf(inject('databaseUrl'))(
  'two bills from one order at once (PostgreSQL)',
  { timeout: 180_000 },
  () => {
    it('never bills a line past what was ordered', async () => {
      const world = await setUp();
      const po = await sentOrder(world);
      const results = await Promise.all([1, 2, 3].map(() => billFrom(world, po, [[0, 4]])));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 400]);
      const after = await poOf(world, po.id);
      expect(after.items[0]).toMatchObject({ quantity_billed: 8, quantity_left: 2 });
      expect(after.status).toBe('partially_billed');
    });
  },
);

describe('GET admin/companies/{companyId}/bills/last_rates', { timeout: 120_000 }, () => {
  it("answers the seller's last received rate, else any seller's, never a draft's", async () => {
    const world = await setUp();
    const enter = async (seller: number, date: string, rate: number, receive = true) => {
      const res = await world.company.api.post(billsPath(world.company), {
        seller,
        branch: world.company.branchId,
        warehouse: world.warehouse.id,
        bill_number: `ST/${unique().slice(-8)}`,
        bill_date: date,
        items: [{ product: world.p.id, quantity: 1, rate, tax_rate: 18 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      if (receive)
        expect((await world.company.api.post(`admin/bills/${res.body.id}/receive`)).status).toBe(200);
      return res.body;
    };
    const older = await enter(world.seller.id, daysFromToday(-10), 90);
    await enter(world.seller.id, daysFromToday(-20), 80);
    await enter(world.seller.id, today(), 70, false);
    const latestOther = await enter(world.other.id, daysFromToday(-1), 95);
    const path = billsPath(world.company);

    const mine = await world.company.api.get(
      `${path}/last_rates?seller=${world.seller.id}&products=${world.p.id},${world.q.id}`,
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.results).toEqual([
      {
        product: world.p.id,
        rate: 90,
        bill: older.id,
        bill_number: older.bill_number,
        bill_date: daysFromToday(-10),
        seller: { id: world.seller.id, name: world.seller.name },
        from_seller: true,
      },
    ]);
    const fresh = await createSeller(world.company);
    const fallback = await world.company.api.get(
      `${path}/last_rates?seller=${fresh.id}&products=${world.p.id}`,
    );
    expect(fallback.body.results).toEqual([
      expect.objectContaining({
        rate: 95,
        bill: latestOther.id,
        from_seller: false,
        seller: expect.objectContaining({ id: world.other.id }),
      }),
    ]);
    const any = await world.company.api.get(`${path}/last_rates?products=${world.p.id}`);
    expect(any.body.results[0]).toMatchObject({ rate: 95, from_seller: false });

    for (const query of [
      '',
      'products=',
      'products=a',
      'products=1,,2',
      `products=${'9'.repeat(16)}`,
      'products=1&seller=x',
      'products=1&seller=1e30',
    ]) {
      expect((await world.company.api.get(`${path}/last_rates?${query}`)).status, query).toBe(400);
    }
    // Another company's products: nothing.
    const other = await setUp();
    const theirs = await other.company.api.get(
      `${billsPath(other.company)}/last_rates?products=${world.p.id}`,
    );
    expect(theirs.body.results).toEqual([]);
  });
});
