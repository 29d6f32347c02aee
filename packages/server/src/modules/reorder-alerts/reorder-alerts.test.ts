import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import {
  adjust,
  createProduct,
  createWarehouse,
  dbOf,
  firstWarehouse,
} from '../../../test/inventory-fixtures.ts';
import { inTransaction } from '../../db/transaction.ts';
import { reserveStock } from '../inventory/inventory.service.ts';
import { alertOnReorderPoint } from './reorder-alerts.service.ts';

const notificationsOf = async (company: SignedUpCompany) =>
  (await company.api.get(`companies/${company.companyId}/notifications`)).body as {
    count: number;
    results: { service: string; notification_type: string; message: string; timestamp: string }[];
  };

const checkDirectly = (company: SignedUpCompany, productId: number) =>
  inTransaction(dbOf(company), (tx) => alertOnReorderPoint(tx, company.companyId, productId));

describe('reorder point alerts through stock movements', () => {
  it('an adjustment below the reorder point raises one warning; one back at the point resolves it', async () => {
    const company = await signUpCompany();
    const warehouse = (await firstWarehouse(company)).id;
    const product = await createProduct(company, { reorderPoint: 5, openingStock: 10, unit: 'PCS' });
    expect((await notificationsOf(company)).count).toBe(0);

    await adjust(company, { warehouse, lines: [{ product: product.id, quantity: -6 }] });
    const raised = await notificationsOf(company);
    expect(raised.results).toEqual([
      {
        company_id: company.companyId,
        timestamp: expect.any(String),
        service: 'inventory',
        notification_type: 'warning',
        message: `Stock of ${product.name} is 4 pcs, below its reorder point of 5.`,
      },
    ]);

    // Still below: no second notification.
    await adjust(company, { warehouse, lines: [{ product: product.id, quantity: -1.5 }] });
    await adjust(company, { warehouse, lines: [{ product: product.id, quantity: 1 }] });
    expect((await notificationsOf(company)).results).toEqual(raised.results);

    // 3.5 + 1.5 = 5: at the reorder point, no longer below; the warning resolves itself.
    await adjust(company, { warehouse, lines: [{ product: product.id, quantity: 1.5 }] });
    expect(await notificationsOf(company)).toMatchObject({ count: 0, results: [] });
    const row = await dbOf(company)
      .selectFrom('notifications')
      .select(['dedupe_key', 'resolved_at', 'resolved_by'])
      .where('company_id', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      dedupe_key: `reorder_point:${product.id}`,
      resolved_at: expect.any(Date),
      resolved_by: null,
    });

    // Below again: a new warning.
    await adjust(company, { warehouse, lines: [{ product: product.id, quantity: -2 }] });
    expect((await notificationsOf(company)).results.map((n) => n.message)).toEqual([
      `Stock of ${product.name} is 3 pcs, below its reorder point of 5.`,
    ]);
  });

  it('a product without a reorder point never raises one, and a unitless product shows a bare quantity', async () => {
    const company = await signUpCompany();
    const warehouse = (await firstWarehouse(company)).id;
    const none = await createProduct(company, { reorderPoint: 0, openingStock: 2 });
    await adjust(company, { warehouse, lines: [{ product: none.id, quantity: -2 }] });
    expect((await notificationsOf(company)).count).toBe(0);

    const bare = await createProduct(company, { reorderPoint: 2.5, openingStock: 3 });
    await adjust(company, { warehouse, lines: [{ product: bare.id, quantity: -0.75 }] });
    expect((await notificationsOf(company)).results.map((n) => n.message)).toEqual([
      `Stock of ${bare.name} is 2.25, below its reorder point of 2.5.`,
    ]);
  });

  it('counts sellable stock: reserved stock is not sellable', async () => {
    const company = await signUpCompany();
    const warehouse = (await firstWarehouse(company)).id;
    const product = await createProduct(company, { reorderPoint: 5, openingStock: 8 });
    await inTransaction(dbOf(company), (tx) =>
      reserveStock(tx, {
        companyId: company.companyId,
        productId: product.id,
        warehouseId: warehouse,
        quantity: 4,
        documentType: 'sales_order',
        documentId: 1,
        userId: company.userId,
      }),
    );
    expect((await notificationsOf(company)).results.map((n) => n.message)).toEqual([
      `Stock of ${product.name} is 4, below its reorder point of 5.`,
    ]);
  });

  it('sums active warehouses, private ones included, and leaves inactive ones out', async () => {
    const company = await signUpCompany();
    const a = (await firstWarehouse(company)).id;
    const b = (await createWarehouse(company)).id;
    const product = await createProduct(company, { reorderPoint: 5, openingStock: 3, warehouseId: a });
    await adjust(company, { warehouse: b, lines: [{ product: product.id, quantity: 3 }] });
    expect((await company.api.post(`warehouses/${b}/private`)).status).toBe(200);
    // 2 in A and 3 in the private B: 5, not below.
    await adjust(company, { warehouse: a, lines: [{ product: product.id, quantity: -1 }] });
    expect((await notificationsOf(company)).count).toBe(0);
    expect((await company.api.post(`warehouses/${b}/deactivate`)).status).toBe(200);
    await adjust(company, { warehouse: a, lines: [{ product: product.id, quantity: 1 }] });
    // 3 in A; B's 3 cannot be sold while it is inactive.
    expect((await notificationsOf(company)).results.map((n) => n.message)).toEqual([
      `Stock of ${product.name} is 3, below its reorder point of 5.`,
    ]);
  });
});

describe('alertOnReorderPoint', () => {
  it('raises for a reorder point set above the stock, and resolves when the point or the product goes', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company, { reorderPoint: 0, openingStock: 4 });
    await checkDirectly(company, product.id);
    expect((await notificationsOf(company)).count).toBe(0);

    expect((await company.api.patch(`products/${product.id}`, { reorder_point: 10 })).status).toBe(200);
    await checkDirectly(company, product.id);
    await checkDirectly(company, product.id);
    expect((await notificationsOf(company)).results.map((n) => n.message)).toEqual([
      `Stock of ${product.name} is 4, below its reorder point of 10.`,
    ]);

    expect((await company.api.patch(`products/${product.id}`, { reorder_point: 0 })).status).toBe(200);
    await checkDirectly(company, product.id);
    expect((await notificationsOf(company)).count).toBe(0);

    expect((await company.api.patch(`products/${product.id}`, { reorder_point: 10 })).status).toBe(200);
    await checkDirectly(company, product.id);
    expect((await notificationsOf(company)).count).toBe(1);
    await dbOf(company)
      .updateTable('products')
      .set({ deleted_at: new Date() })
      .where('company_id', '=', company.companyId)
      .where('id', '=', product.id)
      .execute();
    await checkDirectly(company, product.id);
    expect((await notificationsOf(company)).count).toBe(0);
  });

  it('runs when the reorder point is edited and when the product is deleted', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company, { reorderPoint: 0, openingStock: 4 });
    expect((await company.api.patch(`products/${product.id}`, { reorder_point: 10 })).status).toBe(200);
    expect((await notificationsOf(company)).results.map((n) => n.message)).toEqual([
      `Stock of ${product.name} is 4, below its reorder point of 10.`,
    ]);
    expect((await company.api.patch(`products/${product.id}`, { reorder_point: 3 })).status).toBe(200);
    expect((await notificationsOf(company)).count).toBe(0);
    expect((await company.api.patch(`products/${product.id}`, { reorder_point: 5 })).status).toBe(200);
    expect((await notificationsOf(company)).count).toBe(1);
    expect((await company.api.post(`products/${product.id}/delete`)).status).toBe(200);
    expect((await notificationsOf(company)).count).toBe(0);
  });

  it("ignores an unknown product and another company's product", async () => {
    const a = await signUpCompany();
    const b = await signUpCompany();
    const product = await createProduct(b, { reorderPoint: 10, openingStock: 1 });
    await checkDirectly(a, product.id);
    await checkDirectly(a, 999_999_999);
    expect((await notificationsOf(a)).count).toBe(0);
  });
});
