import { todayInIndia } from '@b2b/domain/validation';
import { describe, expect, inject, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import {
  countAdjustments,
  createProduct,
  createWarehouse,
  dbOf,
  firstWarehouse,
  levelOf,
} from '../../../test/inventory-fixtures.ts';
import { insertBranch } from '../branches/create-branch.ts';
import { ledgerOf } from '../inventory/stock-movements.ts';

const listPath = (company: SignedUpCompany) => `companies/${company.companyId}/inventory_adjustments`;

describe('POST companies/{companyId}/inventory_adjustments', () => {
  it('takes stock out with a numbered document, one ledger row per line, and history', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { openingStock: 10 });
    const res = await company.api.post(listPath(company), {
      warehouse: warehouse.id,
      reason: 'stock_damaged',
      notes: '  Rain through the roof  ',
      lines: [{ product: product.id, quantity: -3 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      number: 'ADJ-000001',
      warehouse: { id: warehouse.id, name: warehouse.name },
      branch: { id: company.branchId },
      reason: 'stock_damaged',
      reason_label: 'Stock damaged',
      adjusted_on: todayInIndia(),
      notes: 'Rain through the roof',
      lines_count: 1,
      total_quantity: -3,
      created_by: { id: company.userId, first_name: 'Priya', last_name: 'Sharma' },
      lines: [
        {
          product: { id: product.id, name: product.name, sku: product.sku },
          quantity: -3,
          stock_before: 10,
          stock_after: 7,
        },
      ],
    });
    expect(await levelOf(company, product.id, warehouse.id)).toBe(7);
    const ledger = await ledgerOf(dbOf(company), company.companyId, product.id);
    expect(ledger.at(-1)).toMatchObject({
      warehouse_id: warehouse.id,
      quantity: -3,
      balance_after: 7,
      reason: 'stock_damaged',
      document_type: 'inventory_adjustment',
      document_id: res.body.id,
      user_id: company.userId,
    });
    const history = await company.api.get(`inventory_adjustments/${res.body.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.count).toBe(1);
    expect(history.body.results[0]).toMatchObject({
      actions: { action: 'created', changes: { number: 'ADJ-000001', reason: 'stock_damaged' } },
      user: { id: company.userId },
    });
    // The product's stock reads the new level.
    const detail = await company.api.get(`products/${product.id}`);
    expect(detail.body.stock.stock_by_branches[0].stock_by_warehouses).toEqual([
      expect.objectContaining({ id: warehouse.id, available_stock: 7 }),
    ]);
  });

  it('brings stock in on many lines at once, a product with no stock row included, and numbers consecutively', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const stocked = await createProduct(company, { openingStock: 2.5 });
    const fresh = await createProduct(company);
    const first = await company.api.post(listPath(company), {
      warehouse: warehouse.id,
      reason: 'extra_inventory_found',
      adjusted_on: '2024-04-01',
      lines: [
        { product: fresh.id, quantity: '4' },
        { product: stocked.id, quantity: 0.125 },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ number: 'ADJ-000001', adjusted_on: '2024-04-01', lines_count: 2 });
    expect(first.body.total_quantity).toBe(4.125);
    expect(
      first.body.lines.map((l: any) => [l.product.id, l.quantity, l.stock_before, l.stock_after]),
    ).toEqual([
      [fresh.id, 4, 0, 4],
      [stocked.id, 0.125, 2.5, 2.625],
    ]);
    const second = await company.api.post(listPath(company), {
      warehouse: warehouse.id,
      reason: 'item_return',
      lines: [{ product: fresh.id, quantity: 1 }],
    });
    expect(second.body.number).toBe('ADJ-000002');
    expect(await levelOf(company, fresh.id, warehouse.id)).toBe(5);
  });

  it('writes nothing when one line would take stock below zero (409 naming product, warehouse and quantities)', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const a = await createProduct(company, { openingStock: 5 });
    const b = await createProduct(company, { openingStock: 2 });
    const res = await company.api.post(listPath(company), {
      warehouse: warehouse.id,
      reason: 'stock_lost',
      lines: [
        { product: a.id, quantity: -5 },
        { product: b.id, quantity: -3 },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(
      `Not enough stock of ${b.name} in ${warehouse.name}: 2 available, 3 requested.`,
    );
    expect(res.body.errors).toEqual({ 'lines.1.quantity': [res.body.detail] });
    expect(await levelOf(company, a.id, warehouse.id)).toBe(5);
    expect(await levelOf(company, b.id, warehouse.id)).toBe(2);
    expect(await countAdjustments(company)).toBe(0);
    expect(await ledgerOf(dbOf(company), company.companyId, a.id)).toHaveLength(1);
    // The number was given back with the rest of the refused document.
    const ok = await company.api.post(listPath(company), {
      warehouse: warehouse.id,
      reason: 'stock_lost',
      lines: [{ product: b.id, quantity: -2 }],
    });
    expect(ok.body.number).toBe('ADJ-000001');
  });

  it('refuses bad input with the field’s message', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { openingStock: 5 });
    const other = await signUpCompany();
    const foreignProduct = await createProduct(other, { openingStock: 1 });
    const foreignWarehouse = await firstWarehouse(other);
    const valid = {
      warehouse: warehouse.id,
      reason: 'stock_damaged',
      lines: [{ product: product.id, quantity: -1 }],
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, warehouse: undefined }, 'warehouse', 'Please select a warehouse.'],
      [{ ...valid, reason: 'sale' }, 'reason', 'Please select a reason.'],
      [{ ...valid, reason: undefined }, 'reason', 'Please select a reason.'],
      [{ ...valid, lines: [] }, 'lines', 'Add at least one product.'],
      [{ ...valid, lines: undefined }, 'lines', 'Add at least one product.'],
      [
        { ...valid, lines: [{ product: product.id, quantity: 0 }] },
        'lines.0.quantity',
        'Quantity cannot be zero.',
      ],
      [
        { ...valid, lines: [{ product: product.id, quantity: 'abc' }] },
        'lines.0.quantity',
        'Please enter a valid number.',
      ],
      [{ ...valid, lines: [{ product: product.id }] }, 'lines.0.quantity', 'Quantity is required.'],
      [
        { ...valid, lines: [{ product: product.id, quantity: -1.2345 }] },
        'lines.0.quantity',
        'Quantity can have at most 3 decimal places.',
      ],
      [
        { ...valid, lines: [{ product: product.id, quantity: 2 }] },
        'lines.0.quantity',
        'Stock damaged only takes stock out: the quantity must be negative.',
      ],
      [
        { ...valid, reason: 'item_return', lines: [{ product: product.id, quantity: -2 }] },
        'lines.0.quantity',
        'Item return only brings stock in: the quantity must be positive.',
      ],
      [
        {
          ...valid,
          lines: [
            { product: product.id, quantity: -1 },
            { product: product.id, quantity: -1 },
          ],
        },
        'lines.1.product',
        'This product is already in the adjustment.',
      ],
      [{ ...valid, lines: [{ product: 'x', quantity: -1 }] }, 'lines.0.product', 'A valid id is required.'],
      [{ ...valid, adjusted_on: '2024-02-30' }, 'adjusted_on', 'Please enter a valid date (YYYY-MM-DD).'],
      [
        { ...valid, adjusted_on: '2999-01-01' },
        'adjusted_on',
        'The adjustment date cannot be in the future.',
      ],
      [{ ...valid, notes: 'x'.repeat(1001) }, 'notes', 'Ensure this field has no more than 1000 characters.'],
      [
        { ...valid, lines: [{ product: foreignProduct.id, quantity: -1 }] },
        'lines.0.product',
        'Product Not Found',
      ],
      [{ ...valid, warehouse: foreignWarehouse.id }, 'warehouse', 'Warehouse Not Found'],
    ];
    for (const [body, field, message] of cases) {
      const res = await company.api.post(listPath(company), body);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors?.[field], `${field}: ${JSON.stringify(res.body)}`).toContain(message);
    }
    const unknownField = await company.api.post(listPath(company), { ...valid, branch: 1 });
    expect(unknownField.status).toBe(400);
    const tooMany = await company.api.post(listPath(company), {
      ...valid,
      lines: Array.from({ length: 501 }, (_, i) => ({ product: i + 1, quantity: -1 })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.lines).toContain('An adjustment can have at most 500 lines.');
    expect(await countAdjustments(company)).toBe(0);
    expect(await levelOf(company, product.id, warehouse.id)).toBe(5);
  });

  it('refuses a deleted product, an inactive warehouse and a warehouse of an inactive branch', async () => {
    const company = await signUpCompany();
    const db = dbOf(company);
    const warehouse = await createWarehouse(company);
    const product = await createProduct(company, { openingStock: 3, warehouseId: warehouse.id });
    const gone = await createProduct(company);
    expect((await company.api.post(`products/${gone.id}/delete`)).status).toBeLessThan(300);
    const body = (extra: Record<string, unknown> = {}) => ({
      warehouse: warehouse.id,
      reason: 'inventory_repaired',
      lines: [{ product: product.id, quantity: 1 }],
      ...extra,
    });
    const deleted = await company.api.post(
      listPath(company),
      body({ lines: [{ product: gone.id, quantity: 1 }] }),
    );
    expect(deleted.status).toBe(400);
    expect(deleted.body.errors['lines.0.product']).toEqual(['Product Not Found']);

    expect((await company.api.post(`warehouses/${warehouse.id}/deactivate`)).status).toBe(200);
    const inactive = await company.api.post(listPath(company), body());
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors.warehouse).toEqual([`Warehouse ${warehouse.name} is inactive.`]);
    expect((await company.api.post(`warehouses/${warehouse.id}/activate`)).status).toBe(200);

    const branch = await insertBranch(db, { company_id: company.companyId, name: `Closed ${unique()}` });
    const closedWarehouse = await createWarehouse(company, { branchId: branch.id });
    await db.updateTable('branches').set({ is_active: false }).where('id', '=', branch.id).execute();
    const closed = await company.api.post(listPath(company), body({ warehouse: closedWarehouse.id }));
    expect(closed.status).toBe(400);
    expect(closed.body.errors.warehouse).toEqual([`Branch ${branch.name} is inactive.`]);
    expect(await countAdjustments(company)).toBe(0);
    expect(await levelOf(company, product.id, warehouse.id)).toBe(3);
  });

  it('needs add_inventory_adjustment', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { openingStock: 3 });
    const viewer = await createUserWithPermissions(company, ['view_inventory_adjustment']);
    const body = {
      warehouse: warehouse.id,
      reason: 'stock_lost',
      lines: [{ product: product.id, quantity: -1 }],
    };
    const denied = await viewer.api.post(listPath(company), body);
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe('You do not have permissions to perform this action.');
    const maker = await createUserWithPermissions(company, ['add_inventory_adjustment']);
    const made = await maker.api.post(listPath(company), body);
    expect(made.status).toBe(201);
    expect(made.body.created_by.id).toBe(maker.user.id);
    // A foreign company id is Not Found.
    const other = await signUpCompany();
    expect((await other.api.post(listPath(company), body)).status).toBe(404);
    expect(await levelOf(company, product.id, warehouse.id)).toBe(2);
  });

  it('has no edit or delete: adjustments are immutable', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { openingStock: 3 });
    const made = await company.api.post(listPath(company), {
      warehouse: warehouse.id,
      reason: 'stock_lost',
      lines: [{ product: product.id, quantity: -1 }],
    });
    const path = `inventory_adjustments/${made.body.id}`;
    expect((await company.api.patch(path, { notes: 'x' })).status).toBe(404);
    expect((await company.api.post(`${path}/delete`)).status).toBe(404);
  });
});

describe('GET companies/{companyId}/inventory_adjustments', () => {
  it('lists newest first with filters, search by number and paging', async () => {
    const company = await signUpCompany();
    const main = await firstWarehouse(company);
    const second = await createWarehouse(company);
    const a = await createProduct(company, { openingStock: 10 });
    const b = await createProduct(company, { openingStock: 10, warehouseId: second.id });
    const make = async (body: Record<string, unknown>) => {
      const res = await company.api.post(listPath(company), body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const one = await make({
      warehouse: main.id,
      reason: 'stock_damaged',
      adjusted_on: '2024-01-10',
      lines: [{ product: a.id, quantity: -1 }],
    });
    const two = await make({
      warehouse: second.id,
      reason: 'item_return',
      adjusted_on: '2024-02-10',
      lines: [{ product: b.id, quantity: 2 }],
    });
    const three = await make({
      warehouse: main.id,
      reason: 'extra_inventory_found',
      adjusted_on: '2024-03-10',
      lines: [{ product: a.id, quantity: 1 }],
    });
    const numbers = async (query = '') => {
      const res = await company.api.get(`${listPath(company)}${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((r: { number: string }) => r.number);
    };
    expect(await numbers()).toEqual([three.number, two.number, one.number]);
    expect(await numbers(`?warehouse=${main.id}`)).toEqual([three.number, one.number]);
    expect(await numbers('?reason=item_return')).toEqual([two.number]);
    expect(await numbers(`?product=${a.id}`)).toEqual([three.number, one.number]);
    expect(await numbers('?start_date=2024-02-01&end_date=2024-03-10')).toEqual([three.number, two.number]);
    expect(await numbers('?search=000002')).toEqual([two.number]);
    expect(await numbers('?search=adj-00000')).toHaveLength(3);
    expect(await numbers('?search=%25')).toEqual([]);
    expect(await numbers('?ordering=adjusted_on')).toEqual([one.number, two.number, three.number]);
    const paged = await company.api.get(`${listPath(company)}?limit=2&offset=0`);
    expect(paged.body.count).toBe(3);
    expect(paged.body.results).toHaveLength(2);
    expect(paged.body.next).toContain('offset=2');
    expect(paged.body.results[0]).toMatchObject({
      warehouse: { id: main.id },
      reason_label: 'Extra inventory found',
      lines_count: 1,
      total_quantity: 1,
    });
    expect(paged.body.results[0].lines).toBeUndefined();
  });

  it('refuses bad filters and needs view_inventory_adjustment', async () => {
    const company = await signUpCompany();
    for (const query of [
      'reason=sale',
      'warehouse=x',
      'start_date=2024-13-01',
      'product=-1',
      'ordering=name',
    ]) {
      const res = await company.api.get(`${listPath(company)}?${query}`);
      expect(res.status, query).toBe(400);
    }
    const outsider = await createUserWithPermissions(company, ['view_product']);
    expect((await outsider.api.get(listPath(company))).status).toBe(403);
    const viewer = await createUserWithPermissions(company, ['view_inventory_adjustment']);
    expect((await viewer.api.get(listPath(company))).status).toBe(200);
    const other = await signUpCompany();
    expect((await other.api.get(listPath(company))).status).toBe(404);
  });
});

describe('GET inventory_adjustments/{id} and /history', () => {
  it('is Not Found for unknown or foreign ids, refuses junk ids and needs view_inventory_adjustment', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { openingStock: 3 });
    const made = await company.api.post(listPath(company), {
      warehouse: warehouse.id,
      reason: 'stock_outdated',
      lines: [{ product: product.id, quantity: -1 }],
    });
    const path = `inventory_adjustments/${made.body.id}`;
    expect((await company.api.get(path)).body).toMatchObject({
      number: 'ADJ-000001',
      reason_label: 'Stock outdated',
    });
    for (const suffix of ['', '/history']) {
      const missing = await company.api.get(`inventory_adjustments/999999999${suffix}`);
      expect(missing.status).toBe(404);
      expect(missing.body.detail).toBe('Inventory Adjustment Not Found');
      expect((await company.api.get(`inventory_adjustments/abc${suffix}`)).status).toBe(400);
      const other = await signUpCompany();
      expect((await other.api.get(`${path}${suffix}`)).status).toBe(404);
      const outsider = await createUserWithPermissions(company, ['add_inventory_adjustment']);
      expect((await outsider.api.get(`${path}${suffix}`)).status).toBe(403);
    }
  });
});

describe.runIf(inject('databaseUrl'))('inventory adjustments under concurrency (PostgreSQL)', () => {
  it('parallel adjustments for the last units: exactly the available quantity succeeds, never below zero', async () => {
    const company = await signUpCompany();
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { openingStock: 6 });
    const other = await createProduct(company, { openingStock: 100 });
    // Fifteen requests, each taking 1 of the product (and, for some, 1 of another product first,
    // so documents lock several stock rows in product order).
    const attempts = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        company.api.post(listPath(company), {
          warehouse: warehouse.id,
          reason: 'stock_stolen',
          lines:
            i % 2 === 0
              ? [{ product: product.id, quantity: -1 }]
              : [
                  { product: product.id, quantity: -1 },
                  { product: other.id, quantity: -1 },
                ],
        }),
      ),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await levelOf(company, product.id, warehouse.id)).toBe(0);
    const ledger = await ledgerOf(dbOf(company), company.companyId, product.id);
    expect(ledger.reduce((t, l) => t + l.quantity, 0)).toBe(0);
    expect(ledger.every((l) => l.balance_after >= 0)).toBe(true);
    // Committed documents are numbered 1..6 without gaps; the other product moved only with them.
    const made = attempts.filter((a) => a.status === 201).map((a) => a.body);
    expect(made.map((m) => m.number).sort()).toEqual(
      Array.from({ length: 6 }, (_, i) => `ADJ-${String(i + 1).padStart(6, '0')}`),
    );
    const otherOut = made.filter((m) => m.lines_count === 2).length;
    expect(await levelOf(company, other.id, warehouse.id)).toBe(100 - otherOut);
    const otherLedger = await ledgerOf(dbOf(company), company.companyId, other.id);
    expect(otherLedger.reduce((t, l) => t + l.quantity, 0)).toBe(100 - otherOut);
  });
});
