import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique, validGstin } from '../../../test/factories.ts';
import { dbOf, firstWarehouse, levelOf } from '../../../test/inventory-fixtures.ts';
import { createOrder, createTaxedProduct, invoiceOrder, today } from '../../../test/sales-fixtures.ts';

/** Serial numbers bought on bills and sent back on purchase returns (issue 22). */

const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };

async function setUp() {
  const company = await signUpCompany();
  const warehouse = await firstWarehouse(company);
  const seller = await company.api.post(`companies/${company.companyId}/sellers`, {
    name: `Kiran Electronics ${unique()}`,
    gst_number: validGstin('27'),
    billing_address: PUNE,
  });
  expect(seller.status, JSON.stringify(seller.body)).toBe(201);
  const product = await createTaxedProduct(company, {
    name: `Barcode Scanner ${unique()}`,
    fields: { tracks_serial_numbers: true },
  });
  return { company, warehouse, seller: seller.body as { id: number; name: string }, product };
}
type World = Awaited<ReturnType<typeof setUp>>;

const billBody = (world: World, quantity: number, serials?: string[]) => ({
  seller: world.seller.id,
  branch: world.company.branchId,
  warehouse: world.warehouse.id,
  bill_number: `KE/${unique().slice(-8)}`,
  bill_date: today(),
  items: [
    {
      product: world.product.id,
      quantity,
      rate: 2500,
      tax_rate: 18,
      ...(serials ? { serial_numbers: serials } : {}),
    },
  ],
});

const postBill = (world: World, quantity: number, serials?: string[]) =>
  world.company.api.post(
    `admin/companies/${world.company.companyId}/bills`,
    billBody(world, quantity, serials),
  );

async function receivedBill(world: World, serials: string[]) {
  const res = await postBill(world, serials.length, serials);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const received = await world.company.api.post(`admin/bills/${res.body.id}/receive`, {});
  expect(received.status, JSON.stringify(received.body)).toBe(200);
  return received.body as {
    id: number;
    bill_number: string;
    items: { id: number; serial_numbers: string[] }[];
  };
}

const stock = (world: World) => levelOf(world.company, world.product.id, world.warehouse.id).then(Number);

const units = (company: SignedUpCompany, productId: number) =>
  dbOf(company)
    .selectFrom('product_serial_numbers')
    .select(['id', 'serial_number', 'status', 'came_in_document_type', 'came_in_document_id'])
    .where('company_id', '=', company.companyId)
    .where('product_id', '=', productId)
    .orderBy('serial_number')
    .execute();

const billCount = async (company: SignedUpCompany) =>
  Number(
    (
      await dbOf(company)
        .selectFrom('bills')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', company.companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const trace = async (company: SignedUpCompany, serialId: number) => {
  const res = await company.api.get(`admin/companies/${company.companyId}/serial_numbers/${serialId}/trace`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    status: string;
    came_in: { type: string; id: number; number: string };
    events: {
      event: string;
      label: string;
      document: { type: string; number: string };
      party: string | null;
    }[];
  };
};

describe('serial numbers on bills', { timeout: 180_000 }, () => {
  it('keeps them on a draft, brings them into stock on receipt, traceable to the bill and its seller', async () => {
    const world = await setUp();
    const draft = await postBill(world, 2, [' ks-100', 'KS-101 ']);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.items[0].serial_numbers).toEqual(['KS-100', 'KS-101']);
    // A draft moves no stock: no units yet.
    expect(await units(world.company, world.product.id)).toEqual([]);

    const received = await world.company.api.post(`admin/bills/${draft.body.id}/receive`, {});
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.items[0].serial_numbers).toEqual(['KS-100', 'KS-101']);
    expect(await stock(world)).toBe(2);
    const rows = await units(world.company, world.product.id);
    expect(rows.map((row) => [row.serial_number, row.status, row.came_in_document_type])).toEqual([
      ['KS-100', 'in_stock', 'bill'],
      ['KS-101', 'in_stock', 'bill'],
    ]);
    const unit = await trace(world.company, Number(rows[0]?.id));
    expect(unit.came_in).toMatchObject({ type: 'bill', id: draft.body.id, number: draft.body.bill_number });
    expect(unit.events.map((e) => [e.event, e.document.number, e.party])).toEqual([
      ['received', draft.body.bill_number, world.seller.name],
    ]);
  });

  it('refuses a wrong count, and a serial the product has already (naming it), writing nothing', async () => {
    const world = await setUp();
    await receivedBill(world, ['DUP-1']);
    const before = await billCount(world.company);

    const short = await postBill(world, 2, ['DUP-2']);
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe(`Enter 2 serial numbers for ${world.product.name}: one for each unit.`);
    expect(short.body.errors['items.0.serial_numbers']).toEqual([short.body.detail]);
    const none = await postBill(world, 1);
    expect(none.status).toBe(400);

    const taken = await postBill(world, 2, ['DUP-3', 'dup-1']);
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(`Serial number DUP-1 already exists for ${world.product.name}.`);
    expect(taken.body.errors['items.0.serial_numbers']).toEqual([taken.body.detail]);
    expect(await billCount(world.company)).toBe(before);

    // Two drafts naming one serial: the second to be received is refused, and stays a draft.
    const first = await postBill(world, 1, ['RACE-1']);
    const second = await postBill(world, 1, ['RACE-1']);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await world.company.api.post(`admin/bills/${first.body.id}/receive`, {})).status).toBe(200);
    const refused = await world.company.api.post(`admin/bills/${second.body.id}/receive`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`Serial number RACE-1 already exists for ${world.product.name}.`);
    expect((await world.company.api.get(`admin/bills/${second.body.id}`)).body.status).toBe('draft');
    expect(await stock(world)).toBe(2);
    expect((await units(world.company, world.product.id)).map((row) => row.serial_number)).toEqual([
      'DUP-1',
      'RACE-1',
    ]);
  });

  it('refuses to void a bill one of whose units was sold; voids it once the sale is cancelled', async () => {
    const world = await setUp();
    const bill = await receivedBill(world, ['V-1', 'V-2']);
    const { order } = await createOrder(world.company, {
      lines: [{ product: world.product.id, quantity: 1 }],
      confirm: true,
    });
    const invoice = await invoiceOrder(world.company, order, [1], {
      items: [{ order_item: order.order_items[0].id, quantity: 1, serial_numbers: ['V-2'] }],
    });
    const refused = await world.company.api.post(`admin/bills/${bill.id}/void`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      `Serial number V-2 of ${world.product.name} was sold on invoice ${invoice.invoice_number}: the bill cannot be voided.`,
    );
    expect((await world.company.api.get(`admin/bills/${bill.id}`)).body.status).toBe('open');
    expect(await stock(world)).toBe(1);

    expect((await world.company.api.post(`admin/invoices/${invoice.id}/cancel/`, {})).status).toBe(200);
    // The order's reservation is released too, so the bill's 2 units are free to leave.
    const cancelled = await world.company.api.post(`admin/orders/${order.id}/cancel/`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const voided = await world.company.api.post(`admin/bills/${bill.id}/void`, {});
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(await stock(world)).toBe(0);
    const rows = await units(world.company, world.product.id);
    expect(rows.map((row) => row.status)).toEqual(['removed', 'removed']);
    const events = (await trace(world.company, Number(rows[0]?.id))).events;
    expect(events.at(-1)).toMatchObject({ event: 'bill_voided', label: 'Bill voided' });

    // The bill entered again with the same units: they come back in on the new bill.
    const again = await receivedBill(world, ['V-1', 'V-2']);
    const back = await units(world.company, world.product.id);
    expect(back.map((row) => [row.status, row.came_in_document_id])).toEqual([
      ['in_stock', again.id],
      ['in_stock', again.id],
    ]);
  });
});

describe('serial numbers on purchase returns', { timeout: 180_000 }, () => {
  it('sends the named units back to the seller, and its void puts them back in stock', async () => {
    const world = await setUp();
    const bill = await receivedBill(world, ['PR-1', 'PR-2', 'PR-3']);
    const other = await receivedBill(world, ['OT-1']);
    const path = `admin/companies/${world.company.companyId}/purchase_returns`;
    const onHand = async () =>
      (await world.company.api.get(`admin/bills/${bill.id}/returnable_items`)).body.items[0].serial_numbers;
    expect(await onHand()).toEqual(['PR-1', 'PR-2', 'PR-3']);
    const line = (serials?: string[], billItem = bill.items[0]?.id) => ({
      bill: bill.id,
      items: [{ bill_item: billItem, quantity: 1, ...(serials ? { serial_numbers: serials } : {}) }],
    });
    const none = await world.company.api.post(path, line());
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe(`Enter 1 serial number for ${world.product.name}: one for each unit.`);
    const stranger = await world.company.api.post(path, line(['OT-1']));
    expect(stranger.status).toBe(409);
    expect(stranger.body.detail).toBe(
      `Serial number OT-1 of ${world.product.name} is not in stock from this bill.`,
    );
    expect(stranger.body.errors['items.0.serial_numbers']).toEqual([stranger.body.detail]);
    expect(await stock(world)).toBe(4);

    const returned = await world.company.api.post(path, line(['pr-2']));
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    expect(await stock(world)).toBe(3);
    // The return form offers only the units still here.
    expect(await onHand()).toEqual(['PR-1', 'PR-3']);
    const rows = await units(world.company, world.product.id);
    expect(rows.map((row) => [row.serial_number, row.status])).toEqual([
      ['OT-1', 'in_stock'],
      ['PR-1', 'in_stock'],
      ['PR-2', 'returned_to_seller'],
      ['PR-3', 'in_stock'],
    ]);
    const sentBack = rows.find((row) => row.serial_number === 'PR-2');
    expect((await trace(world.company, Number(sentBack?.id))).events.at(-1)).toMatchObject({
      event: 'returned_to_seller',
      document: { type: 'purchase_return', number: returned.body.return_number },
      party: world.seller.name,
    });
    // A unit sent back cannot go twice.
    const twice = await world.company.api.post(path, line(['PR-2']));
    expect(twice.status).toBe(409);

    const voided = await world.company.api.post(`admin/purchase_returns/${returned.body.id}/void`, {});
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(await stock(world)).toBe(4);
    const after = await units(world.company, world.product.id);
    expect(after.find((row) => row.serial_number === 'PR-2')?.status).toBe('in_stock');
    expect(other.items[0]?.serial_numbers).toEqual(['OT-1']);
  });
});

describe('a unit returned to the seller comes in again', { timeout: 180_000 }, () => {
  it('is received on a later bill, sold, and its trace shows all four events', async () => {
    const world = await setUp();
    const first = await receivedBill(world, ['RR-1']);
    const path = `admin/companies/${world.company.companyId}/purchase_returns`;
    const returned = await world.company.api.post(path, {
      bill: first.id,
      items: [{ bill_item: first.items[0]?.id, quantity: 1, serial_numbers: ['RR-1'] }],
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    expect(await stock(world)).toBe(0);

    // The seller sends the unit back (repaired, or the dispute settled): a new bill receives it.
    const draft = await postBill(world, 1, ['rr-1']);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const received = await world.company.api.post(`admin/bills/${draft.body.id}/receive`, {});
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(await stock(world)).toBe(1);
    const [unit] = await units(world.company, world.product.id);
    expect([unit?.status, unit?.came_in_document_type, unit?.came_in_document_id]).toEqual([
      'in_stock',
      'bill',
      draft.body.id,
    ]);

    // The old return cannot be voided now: its unit is here again on the new bill.
    const voided = await world.company.api.post(`admin/purchase_returns/${returned.body.id}/void`, {});
    expect(voided.status).toBe(409);
    expect(voided.body.detail).toBe(
      `Serial number RR-1 of ${world.product.name} came in again on bill ${draft.body.bill_number}: the return cannot be voided.`,
    );
    expect(await stock(world)).toBe(1);

    const { order } = await createOrder(world.company, {
      lines: [{ product: world.product.id, quantity: 1 }],
      confirm: true,
    });
    const invoice = await invoiceOrder(world.company, order, [1], {
      items: [{ order_item: order.order_items[0].id, quantity: 1, serial_numbers: ['RR-1'] }],
    });
    const traced = await trace(world.company, Number(unit?.id));
    expect(traced.status).toBe('sold');
    expect(traced.came_in).toMatchObject({ type: 'bill', id: draft.body.id });
    expect(traced.events.map((e) => [e.event, e.document.type, e.document.number, e.party])).toEqual([
      ['received', 'bill', first.bill_number, world.seller.name],
      ['returned_to_seller', 'purchase_return', returned.body.return_number, world.seller.name],
      ['received', 'bill', draft.body.bill_number, world.seller.name],
      ['sold', 'invoice', invoice.invoice_number, expect.any(String)],
    ]);
  });
});
