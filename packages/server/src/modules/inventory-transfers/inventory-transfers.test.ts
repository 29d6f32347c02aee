import { todayInIndia } from '@b2b/domain/validation';
import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import {
  createProduct,
  createWarehouse,
  dbOf,
  firstWarehouse,
  levelOf,
} from '../../../test/inventory-fixtures.ts';
import { inTransaction } from '../../db/transaction.ts';
import { insertBranch } from '../branches/create-branch.ts';
import { issueStock, releaseStock, reserveStock } from '../inventory/inventory.service.ts';
import { ledgerOf } from '../inventory/stock-movements.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/inventory_transfers`;

/** A company with warehouses A (sign-up) and B, and products with stock in A. */
async function setUp(stocks: number[] = [10]) {
  const company = await signUpCompany();
  const a = await firstWarehouse(company);
  const b = await createWarehouse(company);
  type Product = Awaited<ReturnType<typeof createProduct>>;
  const made: Product[] = [];
  for (const stock of stocks)
    made.push(await createProduct(company, { openingStock: stock, warehouseId: a.id }));
  // Callers destructure as many products as they asked stock for.
  const products = made as [Product, Product, ...Product[]];
  return { company, a, b, products };
}

async function draft(
  company: SignedUpCompany,
  body: { source_warehouse: number; destination_warehouse: number; lines: unknown[]; notes?: string },
) {
  const res = await company.api.post(listPath(company), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('inventory transfers: the journey', () => {
  it('drafts, dispatches (stock leaves A), receives in parts (stock arrives in B) and records everything', async () => {
    const { company, a, b, products } = await setUp([10, 4]);
    const [p, q] = products;
    const made = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      notes: '  Restock the north store ',
      lines: [
        { product: p.id, quantity: 6 },
        { product: q.id, quantity: '1.5' },
      ],
    });
    expect(made).toMatchObject({
      number: 'TRF-000001',
      status: 'draft',
      status_label: 'Draft',
      source_warehouse: { id: a.id, name: a.name, branch: { id: company.branchId } },
      destination_warehouse: { id: b.id, name: b.name },
      notes: 'Restock the north store',
      lines_count: 2,
      total_quantity: 7.5,
      received_quantity: 0,
      dispatched_at: null,
      created_by: { id: company.userId },
      actions: ['edit', 'dispatch', 'cancel'],
    });
    expect(
      made.lines.map((l: any) => [l.product.id, l.quantity, l.received_quantity, l.in_transit_quantity]),
    ).toEqual([
      [p.id, 6, 0, 0],
      [q.id, 1.5, 0, 0],
    ]);
    // A draft moves nothing.
    expect(await levelOf(company, p.id, a.id)).toBe(10);

    const dispatched = await company.api.post(`inventory_transfers/${made.id}/dispatch`);
    expect(dispatched.status, JSON.stringify(dispatched.body)).toBe(200);
    expect(dispatched.body).toMatchObject({ status: 'in_transit', actions: ['receive', 'cancel'] });
    expect(dispatched.body.dispatched_at).toBeTruthy();
    expect(dispatched.body.lines.map((l: any) => l.in_transit_quantity)).toEqual([6, 1.5]);
    expect(await levelOf(company, p.id, a.id)).toBe(4);
    expect(await levelOf(company, q.id, a.id)).toBe(2.5);
    expect(await levelOf(company, p.id, b.id)).toBe(0);

    const [lineP, lineQ] = made.lines as { id: number }[];
    const part = await company.api.post(`inventory_transfers/${made.id}/receive`, {
      lines: [{ line: lineP?.id, quantity: 4 }],
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({
      status: 'partially_received',
      received_at: null,
      actions: ['receive'],
    });
    expect(part.body.lines.map((l: any) => [l.received_quantity, l.in_transit_quantity])).toEqual([
      [4, 2],
      [0, 1.5],
    ]);
    expect(await levelOf(company, p.id, b.id)).toBe(4);
    // Anything received: no cancel.
    const noCancel = await company.api.post(`inventory_transfers/${made.id}/cancel`);
    expect(noCancel.status).toBe(409);
    expect(noCancel.body.detail).toBe('A transfer of which stock has been received cannot be cancelled.');

    const rest = await company.api.post(`inventory_transfers/${made.id}/receive`, {
      lines: [
        { line: lineP?.id, quantity: 2 },
        { line: lineQ?.id, quantity: 1.5 },
      ],
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body).toMatchObject({ status: 'received', received_quantity: 7.5, actions: [] });
    expect(rest.body.received_at).toBeTruthy();
    expect(await levelOf(company, p.id, b.id)).toBe(6);
    expect(await levelOf(company, q.id, b.id)).toBe(1.5);
    const again = await company.api.post(`inventory_transfers/${made.id}/receive`, {
      lines: [{ line: lineP?.id, quantity: 1 }],
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Only a transfer in transit can be received.');

    // Ledger: one movement per line out of A, one per receipt line into B, tied to the document.
    const ledger = await ledgerOf(dbOf(company), company.companyId, p.id);
    expect(
      ledger.map((l) => [
        l.warehouse_id,
        l.quantity,
        l.balance_after,
        l.reason,
        l.document_type,
        l.document_id,
      ]),
    ).toEqual([
      [a.id, 10, 10, 'opening_stock', 'product', p.id],
      [a.id, -6, 4, 'transfer_out', 'inventory_transfer', made.id],
      [b.id, 4, 4, 'transfer_in', 'inventory_transfer', made.id],
      [b.id, 2, 6, 'transfer_in', 'inventory_transfer', made.id],
    ]);

    const history = await company.api.get(`inventory_transfers/${made.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.results.map((h: any) => h.actions.action).sort()).toEqual([
      'created',
      'dispatched',
      'received',
      'received',
    ]);

    // The product's movement history: newest first, with the document number and running balance.
    const movements = await company.api.get(`products/${p.id}/stock_movements`);
    expect(movements.status, JSON.stringify(movements.body)).toBe(200);
    expect(movements.body.count).toBe(4);
    expect(movements.body.results[0]).toMatchObject({
      warehouse: { id: b.id, name: b.name },
      branch: { id: company.branchId },
      reason: 'transfer_in',
      reason_label: 'Transfer received',
      quantity: 2,
      balance: 6,
      document: { type: 'inventory_transfer', id: made.id, number: 'TRF-000001' },
      user: { id: company.userId },
    });
    expect(movements.body.results.at(-1)).toMatchObject({
      reason: 'opening_stock',
      reason_label: 'Opening stock',
      document: { type: 'product', number: null },
    });
    const inA = await company.api.get(`products/${p.id}/stock_movements?warehouse=${a.id}&limit=1`);
    expect(inA.body.count).toBe(2);
    expect(inA.body.results).toHaveLength(1);
    expect(inA.body.results[0]).toMatchObject({ reason: 'transfer_out', quantity: -6, balance: 4 });
    expect(inA.body.next).toContain('offset=1');
  });

  it('edits a draft (warehouses, notes, lines) and refuses edits after dispatch', async () => {
    const { company, a, b, products } = await setUp([5, 5]);
    const [p, q] = products;
    const c = await createWarehouse(company);
    const made = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 1 }],
    });
    const path = `inventory_transfers/${made.id}`;
    const edited = await company.api.patch(path, {
      destination_warehouse: c.id,
      notes: 'Changed',
      lines: [{ product: q.id, quantity: 2 }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      destination_warehouse: { id: c.id },
      notes: 'Changed',
      total_quantity: 2,
    });
    expect(edited.body.lines.map((l: any) => l.product.id)).toEqual([q.id]);
    const cleared = await company.api.patch(path, { notes: null });
    expect(cleared.body.notes).toBeNull();
    const same = await company.api.patch(path, { source_warehouse: c.id });
    expect(same.status).toBe(400);
    expect(same.body.errors.destination_warehouse).toEqual([
      'The destination warehouse must be different from the source warehouse.',
    ]);
    const sameBoth = await company.api.patch(path, { source_warehouse: b.id, destination_warehouse: b.id });
    expect(sameBoth.status).toBe(400);
    expect((await company.api.post(`${path}/dispatch`)).status).toBe(200);
    const late = await company.api.patch(path, { notes: 'Too late' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('Only a draft transfer can be edited.');
    const twice = await company.api.post(`${path}/dispatch`);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('Only a draft transfer can be dispatched.');
    expect(await levelOf(company, q.id, a.id)).toBe(3);
  });
});

describe('POST inventory_transfers/{id}/dispatch', () => {
  it('is all or nothing: one short line (409 naming product, warehouse and quantities) moves nothing', async () => {
    const { company, a, b, products } = await setUp([5, 2]);
    const [p, q] = products;
    const made = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [
        { product: p.id, quantity: 5 },
        { product: q.id, quantity: 3 },
      ],
    });
    const res = await company.api.post(`inventory_transfers/${made.id}/dispatch`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`Not enough stock of ${q.name} in ${a.name}: 2 available, 3 requested.`);
    expect(res.body.errors).toEqual({ 'lines.1.quantity': [res.body.detail] });
    expect(await levelOf(company, p.id, a.id)).toBe(5);
    expect(await levelOf(company, q.id, a.id)).toBe(2);
    expect(await ledgerOf(dbOf(company), company.companyId, p.id)).toHaveLength(1);
    expect((await company.api.get(`inventory_transfers/${made.id}`)).body.status).toBe('draft');
  });

  it('leaves stock reserved for orders behind: only sellable stock can be dispatched', async () => {
    const { company, a, b, products } = await setUp([10]);
    const [p] = products;
    await inTransaction(dbOf(company), (tx) =>
      reserveStock(tx, {
        companyId: company.companyId,
        productId: p.id,
        warehouseId: a.id,
        quantity: 4,
        documentType: 'order',
        documentId: 1,
        userId: null,
      }),
    );
    const tooMuch = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 7 }],
    });
    const refused = await company.api.post(`inventory_transfers/${tooMuch.id}/dispatch`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      `Not enough stock of ${p.name} in ${a.name}: 6 available (10 on hand, 4 reserved), 7 requested.`,
    );
    expect(await levelOf(company, p.id, a.id)).toBe(10);
    const fits = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 6 }],
    });
    expect((await company.api.post(`inventory_transfers/${fits.id}/dispatch`)).status).toBe(200);
    expect(await levelOf(company, p.id, a.id)).toBe(4);
  });

  it('refuses an inactive source or destination warehouse, or one of an inactive branch', async () => {
    const { company, a, b, products } = await setUp([5]);
    const [p] = products;
    const db = dbOf(company);
    const made = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 1 }],
    });
    expect((await company.api.post(`warehouses/${b.id}/deactivate`)).status).toBe(200);
    const inactive = await company.api.post(`inventory_transfers/${made.id}/dispatch`);
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors.destination_warehouse).toEqual([`Warehouse ${b.name} is inactive.`]);
    const create = await company.api.post(listPath(company), {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 1 }],
    });
    expect(create.status).toBe(400);
    expect(create.body.errors.destination_warehouse).toEqual([`Warehouse ${b.name} is inactive.`]);
    expect((await company.api.post(`warehouses/${b.id}/activate`)).status).toBe(200);

    const branch = await insertBranch(db, { company_id: company.companyId, name: `Closed ${unique()}` });
    const far = await createWarehouse(company, { branchId: branch.id });
    const other = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: far.id,
      lines: [{ product: p.id, quantity: 1 }],
    });
    // Another branch is fine while it is active.
    expect(other.destination_warehouse.branch.id).toBe(branch.id);
    await db.updateTable('branches').set({ is_active: false }).where('id', '=', branch.id).execute();
    const closed = await company.api.post(`inventory_transfers/${other.id}/dispatch`);
    expect(closed.status).toBe(400);
    expect(closed.body.errors.destination_warehouse).toEqual([`Branch ${branch.name} is inactive.`]);
    expect(await levelOf(company, p.id, a.id)).toBe(5);
  });
});

describe('POST inventory_transfers/{id}/receive', () => {
  it('refuses receiving more than is in transit, unknown or repeated lines, and receipts before dispatch', async () => {
    const { company, a, b, products } = await setUp([5]);
    const [p] = products;
    const made = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 3 }],
    });
    const line = made.lines[0].id;
    const path = `inventory_transfers/${made.id}/receive`;
    const early = await company.api.post(path, { lines: [{ line, quantity: 1 }] });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('Only a transfer in transit can be received.');
    await company.api.post(`inventory_transfers/${made.id}/dispatch`);
    const cases: [unknown, string, string][] = [
      [{ lines: [{ line, quantity: 4 }] }, 'lines.0.quantity', 'Cannot receive more than is in transit (3).'],
      [
        { lines: [{ line: 999999999, quantity: 1 }] },
        'lines.0.line',
        'This line is not part of the transfer.',
      ],
      [
        {
          lines: [
            { line, quantity: 1 },
            { line, quantity: 1 },
          ],
        },
        'lines.1.line',
        'This line is already in the receipt.',
      ],
      [{ lines: [{ line, quantity: 0 }] }, 'lines.0.quantity', 'Quantity must be greater than zero.'],
      [{ lines: [{ line, quantity: -1 }] }, 'lines.0.quantity', 'Quantity must be greater than zero.'],
      [{ lines: [{ line, quantity: 'x' }] }, 'lines.0.quantity', 'Please enter a valid number.'],
      [
        { lines: [{ line, quantity: 1.0001 }] },
        'lines.0.quantity',
        'Quantity can have at most 3 decimal places.',
      ],
      [{ lines: [{ line }] }, 'lines.0.quantity', 'Quantity is required.'],
      [{ lines: [] }, 'lines', 'Enter the quantity received of at least one line.'],
      [{}, 'lines', 'Enter the quantity received of at least one line.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await company.api.post(path, body);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors?.[field], `${field}: ${JSON.stringify(res.body)}`).toContain(message);
    }
    expect(await levelOf(company, p.id, b.id)).toBe(0);
    const ok = await company.api.post(path, { lines: [{ line, quantity: 2.5 }] });
    expect(ok.status).toBe(200);
    const more = await company.api.post(path, { lines: [{ line, quantity: 0.6 }] });
    expect(more.status).toBe(400);
    expect(more.body.errors['lines.0.quantity']).toEqual(['Cannot receive more than is in transit (0.5).']);
    expect(await levelOf(company, p.id, b.id)).toBe(2.5);
  });

  it('refuses a receipt into a warehouse deactivated since dispatch', async () => {
    const { company, a, b, products } = await setUp([5]);
    const [p] = products;
    const made = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 3 }],
    });
    await company.api.post(`inventory_transfers/${made.id}/dispatch`);
    expect((await company.api.post(`warehouses/${b.id}/deactivate`)).status).toBe(200);
    const res = await company.api.post(`inventory_transfers/${made.id}/receive`, {
      lines: [{ line: made.lines[0].id, quantity: 3 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.destination_warehouse).toEqual([`Warehouse ${b.name} is inactive.`]);
  });
});

describe('POST inventory_transfers/{id}/cancel', () => {
  it('cancels a draft without moving stock, and a dispatched transfer by sending its stock back', async () => {
    const { company, a, b, products } = await setUp([5]);
    const [p] = products;
    const body = {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 2 }],
    };
    const first = await draft(company, body);
    const cancelled = await company.api.post(`inventory_transfers/${first.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', status_label: 'Cancelled', actions: [] });
    expect(cancelled.body.cancelled_at).toBeTruthy();
    expect(await ledgerOf(dbOf(company), company.companyId, p.id)).toHaveLength(1);
    const again = await company.api.post(`inventory_transfers/${first.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('This transfer is already cancelled.');
    expect((await company.api.post(`inventory_transfers/${first.id}/dispatch`)).status).toBe(409);

    const second = await draft(company, body);
    await company.api.post(`inventory_transfers/${second.id}/dispatch`);
    expect(await levelOf(company, p.id, a.id)).toBe(3);
    const back = await company.api.post(`inventory_transfers/${second.id}/cancel`);
    expect(back.status).toBe(200);
    expect(back.body.lines[0].in_transit_quantity).toBe(0);
    expect(await levelOf(company, p.id, a.id)).toBe(5);
    expect(await levelOf(company, p.id, b.id)).toBe(0);
    const ledger = await ledgerOf(dbOf(company), company.companyId, p.id);
    expect(ledger.at(-1)).toMatchObject({
      warehouse_id: a.id,
      quantity: 2,
      reason: 'transfer_return',
      balance_after: 5,
    });
    expect(second.number).toBe('TRF-000002');
  });
});

describe('POST companies/{companyId}/inventory_transfers', () => {
  it('refuses bad input with the field’s message and writes nothing', async () => {
    const { company, a, b, products } = await setUp([5]);
    const [p] = products;
    const other = await signUpCompany();
    const foreignProduct = await createProduct(other, { openingStock: 1 });
    const foreignWarehouse = await firstWarehouse(other);
    const gone = await createProduct(company);
    expect((await company.api.post(`products/${gone.id}/delete`)).status).toBeLessThan(300);
    const valid = {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 1 }],
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, source_warehouse: undefined }, 'source_warehouse', 'Please select a source warehouse.'],
      [{ ...valid, source_warehouse: 'x' }, 'source_warehouse', 'Please select a source warehouse.'],
      [
        { ...valid, destination_warehouse: undefined },
        'destination_warehouse',
        'Please select a destination warehouse.',
      ],
      [
        { ...valid, destination_warehouse: a.id },
        'destination_warehouse',
        'The destination warehouse must be different from the source warehouse.',
      ],
      [{ ...valid, lines: [] }, 'lines', 'Add at least one product.'],
      [{ ...valid, lines: undefined }, 'lines', 'Add at least one product.'],
      [
        { ...valid, lines: [{ product: p.id, quantity: 0 }] },
        'lines.0.quantity',
        'Quantity must be greater than zero.',
      ],
      [
        { ...valid, lines: [{ product: p.id, quantity: -2 }] },
        'lines.0.quantity',
        'Quantity must be greater than zero.',
      ],
      [{ ...valid, lines: [{ product: p.id }] }, 'lines.0.quantity', 'Quantity is required.'],
      [
        { ...valid, lines: [{ product: p.id, quantity: 'abc' }] },
        'lines.0.quantity',
        'Please enter a valid number.',
      ],
      [
        { ...valid, lines: [{ product: p.id, quantity: 1e10 }] },
        'lines.0.quantity',
        'Quantity cannot be more than 1000000000.',
      ],
      [
        {
          ...valid,
          lines: [
            { product: p.id, quantity: 1 },
            { product: p.id, quantity: 2 },
          ],
        },
        'lines.1.product',
        'This product is already in the transfer.',
      ],
      [{ ...valid, lines: [{ product: 'x', quantity: 1 }] }, 'lines.0.product', 'A valid id is required.'],
      [{ ...valid, notes: 'x'.repeat(1001) }, 'notes', 'Ensure this field has no more than 1000 characters.'],
      [
        { ...valid, lines: [{ product: foreignProduct.id, quantity: 1 }] },
        'lines.0.product',
        'Product Not Found',
      ],
      [{ ...valid, lines: [{ product: gone.id, quantity: 1 }] }, 'lines.0.product', 'Product Not Found'],
      [{ ...valid, source_warehouse: foreignWarehouse.id }, 'source_warehouse', 'Warehouse Not Found'],
      [
        { ...valid, destination_warehouse: foreignWarehouse.id },
        'destination_warehouse',
        'Warehouse Not Found',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await company.api.post(listPath(company), body);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors?.[field], `${field}: ${JSON.stringify(res.body)}`).toContain(message);
    }
    expect((await company.api.post(listPath(company), { ...valid, status: 'received' })).status).toBe(400);
    const tooMany = await company.api.post(listPath(company), {
      ...valid,
      lines: Array.from({ length: 501 }, (_, i) => ({ product: i + 1, quantity: 1 })),
    });
    expect(tooMany.body.errors.lines).toContain('A transfer can have at most 500 lines.');
    expect((await company.api.get(listPath(company))).body.count).toBe(0);
  });

  it('needs add_inventory_transfer to create and change_inventory_transfer to edit, dispatch, receive and cancel', async () => {
    const { company, a, b, products } = await setUp([5]);
    const [p] = products;
    const body = {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 1 }],
    };
    const viewer = await createUserWithPermissions(company, ['view_inventory_transfer']);
    const denied = await viewer.api.post(listPath(company), body);
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe('You do not have permissions to perform this action.');
    const maker = await createUserWithPermissions(company, ['add_inventory_transfer']);
    const made = await maker.api.post(listPath(company), body);
    expect(made.status).toBe(201);
    expect(made.body.created_by.id).toBe(maker.user.id);
    const path = `inventory_transfers/${made.body.id}`;
    for (const user of [viewer, maker]) {
      expect((await user.api.patch(path, { notes: 'x' })).status).toBe(403);
      expect((await user.api.post(`${path}/dispatch`)).status).toBe(403);
      expect((await user.api.post(`${path}/receive`, { lines: [{ line: 1, quantity: 1 }] })).status).toBe(
        403,
      );
      expect((await user.api.post(`${path}/cancel`)).status).toBe(403);
    }
    const changer = await createUserWithPermissions(company, ['change_inventory_transfer']);
    expect((await changer.api.post(`${path}/dispatch`)).status).toBe(200);
    const received = await changer.api.post(`${path}/receive`, {
      lines: [{ line: made.body.lines[0].id, quantity: 1 }],
    });
    expect(received.status).toBe(200);
    expect(await levelOf(company, p.id, b.id)).toBe(1);
    const other = await signUpCompany();
    expect((await other.api.post(listPath(company), body)).status).toBe(404);
  });
});

describe('GET companies/{companyId}/inventory_transfers', () => {
  it('lists newest first with status, warehouse and product filters, search by number and paging', async () => {
    const { company, a, b, products } = await setUp([10, 10]);
    const [p, q] = products;
    const c = await createWarehouse(company);
    const one = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 1 }],
    });
    const two = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: c.id,
      lines: [{ product: q.id, quantity: 1 }],
    });
    const three = await draft(company, {
      source_warehouse: b.id,
      destination_warehouse: c.id,
      lines: [{ product: p.id, quantity: 1 }],
    });
    await company.api.post(`inventory_transfers/${two.id}/dispatch`);
    const numbers = async (query = '') => {
      const res = await company.api.get(`${listPath(company)}${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((r: { number: string }) => r.number);
    };
    expect(await numbers()).toEqual([three.number, two.number, one.number]);
    expect(await numbers('?status=in_transit')).toEqual([two.number]);
    expect(await numbers(`?source_warehouse=${a.id}`)).toEqual([two.number, one.number]);
    expect(await numbers(`?destination_warehouse=${c.id}`)).toEqual([three.number, two.number]);
    expect(await numbers(`?warehouse=${b.id}`)).toEqual([three.number, one.number]);
    expect(await numbers(`?product=${q.id}`)).toEqual([two.number]);
    expect(await numbers('?search=000002')).toEqual([two.number]);
    expect(await numbers('?search=trf-')).toHaveLength(3);
    expect(await numbers('?search=%25')).toEqual([]);
    expect(await numbers('?ordering=number')).toEqual([one.number, two.number, three.number]);
    const paged = await company.api.get(`${listPath(company)}?limit=2`);
    expect(paged.body.count).toBe(3);
    expect(paged.body.results).toHaveLength(2);
    expect(paged.body.results[0].lines).toBeUndefined();
  });

  it('refuses bad filters and needs view_inventory_transfer', async () => {
    const company = await signUpCompany();
    for (const query of ['status=lost', 'source_warehouse=x', 'destination_warehouse=-1', 'ordering=name']) {
      expect((await company.api.get(`${listPath(company)}?${query}`)).status, query).toBe(400);
    }
    const outsider = await createUserWithPermissions(company, ['view_inventory_adjustment']);
    expect((await outsider.api.get(listPath(company))).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_inventory_transfer']);
    expect((await viewer.api.get(listPath(company))).status).toBe(200);
    expect((await (await signUpCompany()).api.get(listPath(company))).status).toBe(404);
  });
});

describe('GET inventory_transfers/{id} and /history; action routes on unknown ids', () => {
  it('is Not Found for unknown or foreign ids, refuses junk ids and needs view_inventory_transfer', async () => {
    const { company, a, b, products } = await setUp([5]);
    const [p] = products;
    const made = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 1 }],
    });
    const other = await signUpCompany();
    const outsider = await createUserWithPermissions(company, ['change_inventory_transfer']);
    for (const suffix of ['', '/history']) {
      const missing = await company.api.get(`inventory_transfers/999999999${suffix}`);
      expect(missing.status).toBe(404);
      expect(missing.body.detail).toBe('Inventory Transfer Not Found');
      expect((await company.api.get(`inventory_transfers/abc${suffix}`)).status).toBe(400);
      expect((await other.api.get(`inventory_transfers/${made.id}${suffix}`)).status).toBe(404);
      expect((await outsider.api.get(`inventory_transfers/${made.id}${suffix}`)).status).toBe(403);
    }
    for (const action of ['dispatch', 'cancel']) {
      const res = await company.api.post(`inventory_transfers/999999999/${action}`);
      expect(res.status).toBe(404);
      expect((await other.api.post(`inventory_transfers/${made.id}/${action}`)).status).toBe(404);
    }
    expect((await other.api.patch(`inventory_transfers/${made.id}`, { notes: 'x' })).status).toBe(404);
    expect((await company.api.patch(`inventory_transfers/${made.id}`, { status: 'received' })).status).toBe(
      400,
    );
    expect((await company.api.get(`inventory_transfers/${made.id}`)).body.status).toBe('draft');
  });
});

describe('GET products/{id}/stock_movements', () => {
  it('shows reservation rows with their change to reserved stock and its balance', async () => {
    const { company, a, products } = await setUp([10]);
    const [p] = products;
    const line = {
      companyId: company.companyId,
      userId: company.userId,
      documentType: 'sales_order',
      documentId: 77,
      productId: p.id,
      warehouseId: a.id,
    };
    await inTransaction(dbOf(company), async (tx) => {
      await reserveStock(tx, { ...line, quantity: 5 });
      await releaseStock(tx, { ...line, quantity: 1 });
      await issueStock(tx, { ...line, quantity: 3 });
    });
    const res = await company.api.get(`products/${p.id}/stock_movements`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.results.map((m: any) => ({
      reason: m.reason,
      reason_label: m.reason_label,
      quantity: m.quantity,
      balance: m.balance,
      reserved_quantity: m.reserved_quantity,
      reserved_after: m.reserved_after,
    }));
    expect(rows).toEqual([
      {
        reason: 'issue',
        reason_label: 'Issued against an order',
        quantity: -3,
        balance: 7,
        reserved_quantity: -3,
        reserved_after: 1,
      },
      {
        reason: 'release',
        reason_label: 'Reservation released',
        quantity: 0,
        balance: 10,
        reserved_quantity: -1,
        reserved_after: 4,
      },
      {
        reason: 'reserve',
        reason_label: 'Reserved for an order',
        quantity: 0,
        balance: 10,
        reserved_quantity: 5,
        reserved_after: 5,
      },
      {
        reason: 'opening_stock',
        reason_label: 'Opening stock',
        quantity: 10,
        balance: 10,
        reserved_quantity: 0,
        reserved_after: 0,
      },
    ]);
    // Other documents have no number here.
    expect(res.body.results[0].document).toEqual({ type: 'sales_order', id: 77, number: null });
  });

  it('filters by date range, refuses bad filters, is Not Found for foreign products and needs view_inventory', async () => {
    const { company, a, products } = await setUp([5]);
    const [p] = products;
    const path = `products/${p.id}/stock_movements`;
    const today = todayInIndia();
    expect((await company.api.get(`${path}?start_date=${today}&end_date=${today}`)).body.count).toBe(1);
    expect((await company.api.get(`${path}?end_date=2020-01-01`)).body.count).toBe(0);
    expect((await company.api.get(`${path}?start_date=2099-01-01`)).body.count).toBe(0);
    expect((await company.api.get(`${path}?warehouse=${a.id + 100000}`)).body.count).toBe(0);
    for (const query of ['warehouse=x', 'start_date=2024-13-01', 'end_date=yesterday', 'limit=x']) {
      expect((await company.api.get(`${path}?${query}`)).status, query).toBe(400);
    }
    expect((await company.api.get('products/999999999/stock_movements')).status).toBe(404);
    expect((await (await signUpCompany()).api.get(path)).status).toBe(404);
    const outsider = await createUserWithPermissions(company, ['view_product']);
    expect((await outsider.api.get(path)).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_inventory']);
    expect((await viewer.api.get(path)).status).toBe(200);
  });
});

describe.runIf(inject('databaseUrl'))('inventory transfers under concurrency (PostgreSQL)', () => {
  it('parallel dispatches and receipts of one transfer: exactly one of each applies', async () => {
    const { company, a, b, products } = await setUp([10]);
    const [p] = products;
    const made = await draft(company, {
      source_warehouse: a.id,
      destination_warehouse: b.id,
      lines: [{ product: p.id, quantity: 4 }],
    });
    const dispatches = await Promise.all(
      Array.from({ length: 8 }, () => company.api.post(`inventory_transfers/${made.id}/dispatch`)),
    );
    expect(dispatches.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await levelOf(company, p.id, a.id)).toBe(6);
    const receipts = await Promise.all(
      Array.from({ length: 8 }, () =>
        company.api.post(`inventory_transfers/${made.id}/receive`, {
          lines: [{ line: made.lines[0].id, quantity: 4 }],
        }),
      ),
    );
    expect(receipts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(receipts.every((r) => r.status === 200 || r.status === 409 || r.status === 400)).toBe(true);
    expect(await levelOf(company, p.id, b.id)).toBe(4);
    const ledger = await ledgerOf(dbOf(company), company.companyId, p.id);
    expect(ledger.filter((l) => l.reason === 'transfer_out')).toHaveLength(1);
    expect(ledger.filter((l) => l.reason === 'transfer_in')).toHaveLength(1);
  });

  it('parallel dispatches of different transfers for the last units: only what the stock covers leaves', async () => {
    const { company, a, b, products } = await setUp([5]);
    const [p] = products;
    const transfers = [];
    for (let i = 0; i < 8; i++) {
      transfers.push(
        await draft(company, {
          source_warehouse: a.id,
          destination_warehouse: b.id,
          lines: [{ product: p.id, quantity: 1 }],
        }),
      );
    }
    const results = await Promise.all(
      transfers.map((t) => company.api.post(`inventory_transfers/${t.id}/dispatch`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await levelOf(company, p.id, a.id)).toBe(0);
    const ledger = await ledgerOf(dbOf(company), company.companyId, p.id);
    expect(ledger.filter((l) => l.warehouse_id === a.id).reduce((t, l) => t + l.quantity, 0)).toBe(0);
  });
});
