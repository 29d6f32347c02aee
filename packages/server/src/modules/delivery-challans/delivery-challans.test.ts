import { financialYearOf } from '@b2b/domain/invoices';
import { todayInIndia } from '@b2b/domain/validation';
import { describe, expect, inject, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { createWarehouse, dbOf, firstWarehouse, levelOf } from '../../../test/inventory-fixtures.ts';
import { createBuyerWithAddress, createTaxedProduct, daysFromToday } from '../../../test/sales-fixtures.ts';

const listPath = (company: SignedUpCompany) => `admin/companies/${company.companyId}/delivery_challans`;
const fy = financialYearOf(todayInIndia()).code;

/** A company with warehouses A (sign-up) and B, a buyer, and two 18% products with 10 and 5 in A. */
async function setUp() {
  const company = await signUpCompany();
  const a = await firstWarehouse(company);
  const b = await createWarehouse(company);
  const buyer = await createBuyerWithAddress(company);
  const p = await createTaxedProduct(company, { openingStock: 10, warehouseId: a.id, sellingPrice: 118 });
  const q = await createTaxedProduct(company, { openingStock: 5, warehouseId: a.id, sellingPrice: 59 });
  return { company, a, b, buyer, p, q };
}
type World = Awaited<ReturnType<typeof setUp>>;

async function issue(world: World, body: Record<string, unknown>) {
  const res = await world.company.api.post(listPath(world.company), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const toBuyer = (world: World, extra: Record<string, unknown> = {}) =>
  issue(world, {
    purpose: 'supply_on_approval',
    warehouse: world.a.id,
    buyer: world.buyer.id,
    reference_number: 'APPROVAL-7',
    items: [
      { product: world.p.id, quantity: 4 },
      { product: world.q.id, quantity: 2 },
    ],
    ...extra,
  });

const stockIn = async (world: World, productId: number, warehouseId = world.a.id) =>
  Number(await levelOf(world.company, productId, warehouseId));

describe('delivery challans: issuing', () => {
  it('numbers the challan in the financial year, snapshots the address and takes the goods out of the warehouse', async () => {
    const world = await setUp();
    const challan = await toBuyer(world);
    expect(challan).toMatchObject({
      challan_number: `DC/${fy}/00001`,
      purpose: 'supply_on_approval',
      status: 'open',
      seller_branch: { id: world.company.branchId },
      buyer_branch: {
        kind: 'buyer',
        id: world.buyer.id,
        name: world.buyer.name,
        address: { id: world.buyer.shippingAddressId },
      },
      warehouse: { id: world.a.id },
      total_items: 2,
      total_quantity: 6,
      total_value: 4 * 118 + 2 * 59,
      allowed_actions: ['deliver', 'return', 'invoice', 'cancel'],
    });
    expect(challan.items.map((i: any) => [i.product.id, i.quantity, i.rate, i.value])).toEqual([
      [world.p.id, 4, 118, 472],
      [world.q.id, 2, 59, 118],
    ]);
    expect(await stockIn(world, world.p.id)).toBe(6);
    expect(await stockIn(world, world.q.id)).toBe(3);
    const second = await toBuyer(world, { items: [{ product: world.p.id, quantity: 1, rate: 100 }] });
    expect(second.challan_number).toBe(`DC/${fy}/00002`);
    expect(second.total_value).toBe(100);
  });

  it('refuses more than the sellable stock and leaves nothing behind', async () => {
    const world = await setUp();
    const res = await world.company.api.post(listPath(world.company), {
      purpose: 'job_work',
      warehouse: world.a.id,
      buyer: world.buyer.id,
      items: [
        { product: world.q.id, quantity: 1 },
        { product: world.p.id, quantity: 11 },
      ],
    });
    expect(res.status).toBe(409);
    expect(await stockIn(world, world.q.id)).toBe(5);
    const list = await world.company.api.get(listPath(world.company));
    expect(list.body.count).toBe(0);
  });

  it('answers bad input with the field and the reason', async () => {
    const world = await setUp();
    const post = (body: Record<string, unknown>) => world.company.api.post(listPath(world.company), body);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ warehouse: world.a.id, items: [] }, 'purpose', 'Please select the purpose of the challan.'],
      [
        { purpose: 'job_work', warehouse: world.a.id, items: [{ product: world.p.id, quantity: 1 }] },
        'buyer',
        'Please select the buyer receiving the goods.',
      ],
      [
        { purpose: 'branch_transfer', warehouse: world.a.id, items: [{ product: world.p.id, quantity: 1 }] },
        'destination_warehouse',
        'Please select the warehouse receiving the goods.',
      ],
      [
        {
          purpose: 'branch_transfer',
          warehouse: world.a.id,
          destination_warehouse: world.a.id,
          items: [{ product: world.p.id, quantity: 1 }],
        },
        'destination_warehouse',
        'The receiving warehouse must be different from the sending warehouse.',
      ],
      [
        { purpose: 'job_work', warehouse: world.a.id, buyer: world.buyer.id, items: [] },
        'items',
        'Add at least one product.',
      ],
      [
        {
          purpose: 'job_work',
          warehouse: world.a.id,
          buyer: world.buyer.id,
          items: [{ product: world.p.id, quantity: 0 }],
        },
        'items.0.quantity',
        'Quantity must be greater than zero.',
      ],
      [
        {
          purpose: 'job_work',
          warehouse: world.a.id,
          buyer: world.buyer.id,
          items: [
            { product: world.p.id, quantity: 1 },
            { product: world.p.id, quantity: 2 },
          ],
        },
        'items.1.product',
        'This product is already in the challan.',
      ],
      [
        {
          purpose: 'job_work',
          warehouse: world.a.id,
          buyer: world.buyer.id,
          challan_date: daysFromToday(2),
          items: [{ product: world.p.id, quantity: 1 }],
        },
        'challan_date',
        'The challan date cannot be in the future.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors[field], `${field}: ${JSON.stringify(res.body)}`).toEqual([message]);
    }
    const otherBuyer = await createBuyerWithAddress(world.company);
    const wrongAddress = await post({
      purpose: 'job_work',
      warehouse: world.a.id,
      buyer: world.buyer.id,
      buyer_address: otherBuyer.shippingAddressId,
      items: [{ product: world.p.id, quantity: 1 }],
    });
    expect(wrongAddress.status).toBe(400);
    expect(wrongAddress.body.errors.buyer_address).toEqual([
      "This address is not one of the buyer's addresses.",
    ]);
    expect(await stockIn(world, world.p.id)).toBe(10);
  });
});

describe('delivery challans: what happens to the goods', () => {
  it('brings returned goods back and then allows nothing more', async () => {
    const world = await setUp();
    const challan = await toBuyer(world);
    const delivered = await world.company.api.post(`admin/delivery_challans/${challan.id}/deliver`);
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ status: 'delivered', allowed_actions: ['return', 'invoice'] });
    expect(await stockIn(world, world.p.id)).toBe(6);
    const cancel = await world.company.api.post(`admin/delivery_challans/${challan.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.detail).toBe('Delivered goods cannot be cancelled; record their return instead.');
    const returned = await world.company.api.post(`admin/delivery_challans/${challan.id}/return`);
    expect(returned.body).toMatchObject({ status: 'returned', allowed_actions: [] });
    expect(await stockIn(world, world.p.id)).toBe(10);
    expect(await stockIn(world, world.q.id)).toBe(5);
    const again = await world.company.api.post(`admin/delivery_challans/${challan.id}/return`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This delivery challan is returned; it cannot change.');
    const history = await world.company.api.get(`admin/delivery_challans/${challan.id}/history`);
    expect(history.body.results.map((h: any) => h.actions.action)).toEqual([
      'returned',
      'delivered',
      'created',
    ]);
  });

  it('moves a branch transfer into the receiving warehouse on delivery, or back on cancel', async () => {
    const world = await setUp();
    const body = {
      purpose: 'branch_transfer',
      warehouse: world.a.id,
      destination_warehouse: world.b.id,
      vehicle_number: 'MH01AB1234',
      items: [{ product: world.p.id, quantity: 3 }],
    };
    const transfer = await issue(world, body);
    expect(transfer).toMatchObject({
      buyer: null,
      buyer_branch: { kind: 'warehouse', id: world.b.id },
      allowed_actions: ['deliver', 'cancel'],
    });
    await world.company.api.post(`admin/delivery_challans/${transfer.id}/deliver`);
    expect(await stockIn(world, world.p.id)).toBe(7);
    expect(await stockIn(world, world.p.id, world.b.id)).toBe(3);
    const cancelled = await issue(world, body);
    const res = await world.company.api.post(`admin/delivery_challans/${cancelled.id}/cancel`);
    expect(res.body.status).toBe('cancelled');
    expect(await stockIn(world, world.p.id)).toBe(7);
    const invoice = await world.company.api.post(`admin/delivery_challans/${cancelled.id}/invoice`, {
      items: [{ item: cancelled.items[0].id, quantity: 1 }],
    });
    expect(invoice.status).toBe(409);
  });

  it('sells what the buyer keeps through an invoice and brings the rest back', async () => {
    const world = await setUp();
    const challan = await toBuyer(world);
    const [pLine, qLine] = challan.items;
    const bad = await world.company.api.post(`admin/delivery_challans/${challan.id}/invoice`, {
      items: [{ item: pLine.id, quantity: 5 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['items.0.quantity']).toEqual([
      'The quantity kept must be between zero and the quantity sent.',
    ]);
    const none = await world.company.api.post(`admin/delivery_challans/${challan.id}/invoice`, {
      items: [{ item: pLine.id, quantity: 0 }],
    });
    expect(none.status).toBe(400);

    const res = await world.company.api.post(`admin/delivery_challans/${challan.id}/invoice`, {
      items: [
        { item: pLine.id, quantity: 3 },
        { item: qLine.id, quantity: 0 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('invoiced');
    expect(res.body.items.map((i: any) => i.quantity_invoiced)).toEqual([3, 0]);
    expect(res.body.invoice.invoice_number).toMatch(new RegExp(`/${fy}/00001$`));
    // 3 of p sold, 1 of p and 2 of q back in the warehouse.
    expect(await stockIn(world, world.p.id)).toBe(7);
    expect(await stockIn(world, world.q.id)).toBe(5);

    const invoice = await world.company.api.get(`admin/invoices/${res.body.invoice.id}`);
    expect(invoice.body).toMatchObject({ invoice_total: 354, reference_number: challan.challan_number });
    const order = await world.company.api.get(`admin/orders/${res.body.order.id}`);
    expect(order.body).toMatchObject({ buyer: { id: world.buyer.id }, total_quantity_invoiced: 3 });
    const buyer = await dbOf(world.company)
      .selectFrom('buyers')
      .select('outstanding_paise')
      .where('id', '=', world.buyer.id)
      .executeTakeFirstOrThrow();
    expect(Number(buyer.outstanding_paise)).toBe(35_400);
  });
});

describe('delivery challans: the list', () => {
  it('filters by status and purpose, searches, and expands both branches', async () => {
    const world = await setUp();
    const first = await toBuyer(world, { reference_number: 'JOB-42', purpose: 'job_work' });
    const second = await toBuyer(world);
    await world.company.api.post(`admin/delivery_challans/${second.id}/return`);
    const list = (query: string) =>
      world.company.api.get(`${listPath(world.company)}/?expand=seller_branch,buyer_branch&${query}`);
    const open = await list('status__in=open');
    expect(open.body.results.map((c: any) => c.id)).toEqual([first.id]);
    expect(open.body.results[0]).toMatchObject({
      seller_branch: { id: world.company.branchId },
      buyer_branch: { kind: 'buyer', name: world.buyer.name },
    });
    expect((await list('status__in=open,returned')).body.count).toBe(2);
    expect((await list('purpose=job_work')).body.results.map((c: any) => c.id)).toEqual([first.id]);
    expect((await list('search=JOB-4')).body.results.map((c: any) => c.id)).toEqual([first.id]);
    expect((await list('ordering=challan_number')).body.results.map((c: any) => c.id)).toEqual([
      first.id,
      second.id,
    ]);
    expect((await list('status__in=lost')).status).toBe(400);
  });
});

describe('delivery challans: permissions and tenants', () => {
  it('needs the challan permissions, and converting also needs the right to invoice', async () => {
    const world = await setUp();
    const challan = await toBuyer(world);
    const viewer = await createUserWithPermissions(world.company, ['view_delivery_challan']);
    expect((await viewer.api.get(listPath(world.company))).status).toBe(200);
    expect((await viewer.api.post(`admin/delivery_challans/${challan.id}/return`)).status).toBe(403);
    const changer = await createUserWithPermissions(world.company, [
      'view_delivery_challan',
      'change_delivery_challan',
    ]);
    const res = await changer.api.post(`admin/delivery_challans/${challan.id}/invoice`, {
      items: [{ item: challan.items[0].id, quantity: 1 }],
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You do not have permissions to create invoice.');

    const other = await signUpCompany();
    expect((await other.api.get(`admin/delivery_challans/${challan.id}`)).status).toBe(404);
    expect((await other.api.post(`admin/delivery_challans/${challan.id}/cancel`)).status).toBe(404);
    expect((await other.api.get(listPath(world.company))).status).toBe(404);
  });
});

describe.runIf(inject('databaseUrl'))('delivery challans on PostgreSQL', () => {
  it('numbers parallel challans without gaps or repeats', async () => {
    const world = await setUp();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        world.company.api.post(listPath(world.company), {
          purpose: 'job_work',
          warehouse: world.a.id,
          buyer: world.buyer.id,
          items: [{ product: world.p.id, quantity: 1 }],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numbers = results.map((r) => r.body.challan_number).sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `DC/${fy}/0000${i + 1}`));
    expect(await stockIn(world, world.p.id)).toBe(2);
  });
});
