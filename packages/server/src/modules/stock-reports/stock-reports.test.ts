import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { adjust, createProduct, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { inTransaction } from '../../db/transaction.ts';
import { reserveStock } from '../inventory/inventory.service.ts';

/**
 * Stock that went out `daysAgo` days ago: a ledger row written with an old date (the API only
 * writes today's), with the level kept in step so the ledger still sums to it.
 */
async function outwardDaysAgo(company: SignedUpCompany, productId: number, daysAgo: number, reason: string) {
  const db = dbOf(company);
  const warehouseId = (await firstWarehouse(company)).id;
  const level = await db
    .updateTable('stock_levels')
    .set({ available_stock: sql`available_stock - 1` })
    .where('company_id', '=', company.companyId)
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .returning(['available_stock', 'df_quantity'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_ledger')
    .values({
      company_id: company.companyId,
      product_id: productId,
      warehouse_id: warehouseId,
      quantity: -1,
      balance_after: level.available_stock,
      reserved_quantity: 0,
      reserved_after: level.df_quantity,
      reason,
      user_id: null,
      created_at: sql<Date>`now() - make_interval(days => ${daysAgo})`,
    })
    .execute();
}

const namesOf = (body: { results: { product: { name: string } }[] }) =>
  body.results.map((r) => r.product.name);

describe('GET admin/reports/under_stocking', () => {
  it('lists products whose sellable stock is below the reorder point, largest shortfall first', async () => {
    const company = await signUpCompany();
    const tag = unique();
    const slightly = await createProduct(company, {
      name: `Rice ${tag}`,
      reorderPoint: 5,
      openingStock: 4,
      sku: `R-${tag}`,
    });
    const badly = await createProduct(company, {
      name: `Dal ${tag}`,
      sku: null,
      reorderPoint: 10,
      openingStock: 2,
    });
    const never = await createProduct(company, { name: `Salt ${tag}`, sku: null, reorderPoint: 3 });
    await createProduct(company, { name: `Sugar ${tag}`, reorderPoint: 5, openingStock: 5 });
    await createProduct(company, { name: `Tea ${tag}`, openingStock: 0 });
    const committed = await createProduct(company, {
      name: `Oil ${tag}`,
      sku: null,
      reorderPoint: 6,
      openingStock: 7,
    });
    const warehouseId = (await firstWarehouse(company)).id;
    await inTransaction(dbOf(company), (tx) =>
      reserveStock(tx, {
        companyId: company.companyId,
        productId: committed.id,
        warehouseId,
        quantity: 2.5,
        documentType: 'sales_order',
        documentId: 1,
        userId: company.userId,
      }),
    );

    const res = await company.api.get('admin/reports/under_stocking');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.results).toEqual([
      {
        product: { id: badly.id, name: badly.name, sku: null, unit: null },
        available_stock: 2,
        df_quantity: 0,
        sellable: 2,
        reorder_point: 10,
        shortfall: 8,
      },
      {
        product: { id: never.id, name: never.name, sku: null, unit: null },
        available_stock: 0,
        df_quantity: 0,
        sellable: 0,
        reorder_point: 3,
        shortfall: 3,
      },
      {
        product: { id: committed.id, name: committed.name, sku: null, unit: null },
        available_stock: 7,
        df_quantity: 2.5,
        sellable: 4.5,
        reorder_point: 6,
        shortfall: 1.5,
      },
      {
        product: { id: slightly.id, name: slightly.name, sku: `R-${tag}`, unit: null },
        available_stock: 4,
        df_quantity: 0,
        sellable: 4,
        reorder_point: 5,
        shortfall: 1,
      },
    ]);

    const byName = await company.api.get('admin/reports/under_stocking?ordering=name&limit=2&offset=1');
    expect(byName.body.count).toBe(4);
    expect(namesOf(byName.body)).toEqual([committed.name, slightly.name]);
    expect(byName.body.next).toContain('offset=3');
    expect(byName.body.previous).toContain('offset=0');

    const search = await company.api.get(
      `admin/reports/under_stocking?search=${encodeURIComponent(`r-${tag}`)}`,
    );
    expect(namesOf(search.body)).toEqual([slightly.name]);

    // Back at the reorder point: off the list.
    await adjust(company, { lines: [{ product: slightly.id, quantity: 1 }] });
    expect(namesOf((await company.api.get('admin/reports/under_stocking')).body)).not.toContain(
      slightly.name,
    );
  });

  it('needs view_reports, and refuses an unknown ordering', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['view_product']);
    expect((await staff.api.get('admin/reports/under_stocking')).status).toBe(403);
    expect((await staff.api.get('admin/reports/overstocking')).status).toBe(403);
    const reader = await createUserWithPermissions(company, ['view_reports']);
    expect((await reader.api.get('admin/reports/under_stocking')).body).toMatchObject({
      count: 0,
      results: [],
    });
    expect((await reader.api.get('admin/reports/under_stocking?ordering=price')).status).toBe(400);
  });

  it("shows only the company's own products", async () => {
    const a = await signUpCompany();
    const b = await signUpCompany();
    await createProduct(b, { name: `B-${b.companyId}`, reorderPoint: 5, openingStock: 1 });
    await createProduct(b, { name: `B2-${b.companyId}`, openingStock: 1 });
    expect((await a.api.get('admin/reports/under_stocking')).body.count).toBe(0);
    expect((await a.api.get('admin/reports/overstocking')).body.count).toBe(0);
  });
});

describe('GET admin/reports/overstocking', () => {
  it('lists products with stock that has not gone out in the window, never-moved first', async () => {
    const company = await signUpCompany();
    const tag = unique();
    const idle = await createProduct(company, { name: `Idle ${tag}`, openingStock: 3 });
    const big = await createProduct(company, { name: `Big ${tag}`, sku: null, openingStock: 50 });
    const recent = await createProduct(company, { name: `Recent ${tag}`, openingStock: 5 });
    await adjust(company, { lines: [{ product: recent.id, quantity: -1 }] });
    const old = await createProduct(company, { name: `Old ${tag}`, openingStock: 5 });
    await outwardDaysAgo(company, old.id, 100, 'stock_damaged');
    const moved = await createProduct(company, { name: `Moved ${tag}`, openingStock: 5 });
    // A transfer between warehouses is not stock going out.
    await outwardDaysAgo(company, moved.id, 1, 'transfer_out');
    const empty = await createProduct(company, { name: `Empty ${tag}`, openingStock: 1 });
    await adjust(company, { lines: [{ product: empty.id, quantity: -1 }] });
    await createProduct(company, { name: `Nothing ${tag}` });

    const res = await company.api.get('admin/reports/overstocking');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(4);
    // Never moved out (largest stock first), then the oldest last movement.
    expect(namesOf(res.body)).toEqual([big.name, moved.name, idle.name, old.name]);
    expect(res.body.results[0]).toEqual({
      product: { id: big.id, name: big.name, sku: null, unit: null },
      available_stock: 50,
      last_outward_at: null,
    });
    const oldRow = res.body.results[3];
    expect(oldRow.available_stock).toBe(4);
    const daysAgo = (Date.now() - new Date(oldRow.last_outward_at).getTime()) / 86_400_000;
    expect(daysAgo).toBeGreaterThan(99.9);
    expect(daysAgo).toBeLessThan(100.1);

    // 180 days: the old movement is inside the window.
    const longer = await company.api.get('admin/reports/overstocking?days=180');
    expect(namesOf(longer.body)).toEqual([big.name, moved.name, idle.name]);
    const byStock = await company.api.get('admin/reports/overstocking?ordering=available_stock&search=idle');
    expect(namesOf(byStock.body)).toEqual([idle.name]);
  });

  it('accepts only the 30, 60, 90 and 180 day windows', async () => {
    const company = await signUpCompany();
    for (const days of ['30', '60', '90', '180']) {
      expect((await company.api.get(`admin/reports/overstocking?days=${days}`)).status).toBe(200);
    }
    for (const days of ['45', '0', '-30', 'x', '']) {
      const res = await company.api.get(`admin/reports/overstocking?days=${days}`);
      expect(res.status, days).toBe(400);
      expect(res.body.errors.days).toBeDefined();
    }
  });
});
