import { expect } from 'vitest';
import { type SignedUpCompany, unique } from './factories.ts';

/** Test data for the stock areas: warehouses, products with opening stock, levels and adjustments. */

export const WAREHOUSE_ADDRESS = {
  address_line_1: '4 Industrial Estate',
  city: 'Pune',
  state_id: 27,
  pincode: '411019',
};

export const dbOf = (company: SignedUpCompany) => company.t.server.ctx.db;

/** A body for POST branches/{id}/warehouses: a unique name and an address, with overrides. */
export function warehouseInput(overrides: Record<string, unknown> = {}) {
  return { name: `WH ${unique()}`, address: WAREHOUSE_ADDRESS, ...overrides };
}

/** The warehouse sign-up made for the company's first branch. */
export function firstWarehouse(company: SignedUpCompany) {
  return dbOf(company)
    .selectFrom('warehouses')
    .select(['id', 'name'])
    .where('company_id', '=', company.companyId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

/** A warehouse made through the API, in `branchId` (the sign-up branch unless named); other options are body fields. */
export async function createWarehouse(
  company: SignedUpCompany,
  { branchId = company.branchId, ...fields }: { branchId?: number } & Record<string, unknown> = {},
) {
  const res = await company.api.post(`branches/${branchId}/warehouses`, warehouseInput(fields));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; branch: { id: number } };
}

export interface ProductOptions {
  name?: string;
  /** A unique SKU unless given; null for a product without one. */
  sku?: string | null;
  /** Stock brought in on creation, at `openingRate` rupees, into `warehouseId` (the first warehouse unless named). */
  openingStock?: number;
  openingRate?: number;
  warehouseId?: number;
  reorderPoint?: number;
  /** A unit's code ('PCS'). */
  unit?: string;
  backOrdering?: boolean;
  /** Any other fields of the product's body. */
  fields?: Record<string, unknown>;
}

/** A product in a category of its own, made through the API. */
export async function createProduct<Options extends ProductOptions>(
  company: SignedUpCompany,
  options: Options = {} as Options,
) {
  const { sku = `SKU-${unique()}`, openingStock = 0, openingRate = 2 } = options;
  const category = await company.api.post(`companies/${company.companyId}/categories`, {
    name: `Category ${unique()}`,
  });
  expect(category.status, JSON.stringify(category.body)).toBe(201);
  let unit: number | undefined;
  if (options.unit) {
    const units = (await company.api.get(`companies/${company.companyId}/units`)).body.results;
    unit = units.find((u: { code: string }) => u.code === options.unit)?.id;
    expect(unit, `unit ${options.unit}`).toBeDefined();
  }
  const opening =
    openingStock > 0
      ? {
          warehouse: options.warehouseId ?? (await firstWarehouse(company)).id,
          opening_stock: openingStock,
          opening_rate: openingRate,
        }
      : {};
  const res = await company.api.post(`companies/${company.companyId}/products`, {
    name: options.name ?? `Product ${unique()}`,
    ...(sku === null ? {} : { sku }),
    category: category.body.id,
    mrp: 100,
    selling_price: 90,
    ...(options.reorderPoint === undefined ? {} : { reorder_point: options.reorderPoint }),
    ...(unit === undefined ? {} : { unit }),
    ...(options.backOrdering === undefined ? {} : { allow_back_ordering: options.backOrdering }),
    ...opening,
    ...options.fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; sku: Options extends { sku: null } ? null : string };
}

/** The product's stock_levels row in the warehouse; undefined when stock never moved there. */
export function stockLevelOf(company: SignedUpCompany, productId: number, warehouseId: number) {
  return dbOf(company)
    .selectFrom('stock_levels')
    .select(['available_stock', 'df_quantity'])
    .where('company_id', '=', company.companyId)
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
}

/** Stock on hand of the product in the warehouse (0 without a level). */
export async function levelOf(company: SignedUpCompany, productId: number, warehouseId: number) {
  return (await stockLevelOf(company, productId, warehouseId))?.available_stock ?? 0;
}

export interface AdjustmentBody {
  /** The first warehouse unless named. */
  warehouse?: number;
  /** Extra inventory found, or stock damaged when the first line takes stock out, unless named. */
  reason?: string;
  lines: ({ product: number; quantity: number | string } & Record<string, unknown>)[];
  notes?: string;
}

/** Posts an inventory adjustment, expects `status` and returns the response's body. */
export async function adjust(company: SignedUpCompany, body: AdjustmentBody, status = 201) {
  const res = await company.api.post(`companies/${company.companyId}/inventory_adjustments`, {
    ...body,
    warehouse: body.warehouse ?? (await firstWarehouse(company)).id,
    reason: body.reason ?? (Number(body.lines[0]?.quantity) < 0 ? 'stock_damaged' : 'extra_inventory_found'),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

/** How many inventory adjustments the company has. */
export async function countAdjustments(company: SignedUpCompany) {
  const row = await dbOf(company)
    .selectFrom('inventory_adjustments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', company.companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
