import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

// The SQL of the products import. A batch travels as one JSON parameter (jsonb_to_recordset), so a
// batch of thousands of rows is one statement with one parameter, whatever its size.

/** The names a products file refers to, read once per file. */
export async function productImportLookups(db: Executor, companyId: number) {
  const [categories, brands, taxes, warehouses] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['id', 'name', 'is_active', 'is_root'])
      .where('company_id', '=', companyId)
      .execute(),
    db
      .selectFrom('brands')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .execute(),
    db
      .selectFrom('taxes')
      .select(['id', 'rate', 'is_active'])
      .where('company_id', '=', companyId)
      .where('type', '=', 'gst')
      .execute(),
    db
      .selectFrom('warehouses')
      .select(['id', 'name', 'is_active'])
      .where('company_id', '=', companyId)
      .execute(),
  ]);
  return { categories, brands, taxes, warehouses };
}

/** Every live product's SKU and name (lower case), to tell a create from an update and a name clash. */
export const productKeys = (db: Executor, companyId: number) =>
  db
    .selectFrom('products')
    .select([sql<string | null>`lower(sku)`.as('sku'), sql<string>`lower(name)`.as('name')])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .execute();

export interface ProductImportValues {
  sku: string;
  name: string;
  category_id: number;
  brand_id: number | null;
  hsn: string | null;
  tax_id: number | null;
  mrp_paise: number;
  selling_price_paise: number;
  cost_price_paise: number | null;
  warehouse_id: number | null;
  opening_stock: number;
  opening_rate_paise: number | null;
}

/**
 * Creates or updates (by SKU, case ignored) a batch of products. An update changes what the file
 * carries and never the opening stock, its rate or its warehouse (set once, at creation).
 */
export async function upsertProducts(db: Executor, companyId: number, rows: readonly ProductImportValues[]) {
  const result = await sql<{ id: string; sku: string; inserted: boolean }>`
    INSERT INTO products (company_id, sku, name, category_id, brand_id, hsn, tax_id, mrp_paise,
      selling_price_paise, cost_price_paise, warehouse_id, opening_stock, opening_rate_paise)
    SELECT ${companyId}, r.sku, r.name, r.category_id, r.brand_id, r.hsn, r.tax_id, r.mrp_paise,
      r.selling_price_paise, r.cost_price_paise, r.warehouse_id, r.opening_stock, r.opening_rate_paise
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(sku text, name text, category_id bigint,
      brand_id bigint, hsn text, tax_id bigint, mrp_paise bigint, selling_price_paise bigint,
      cost_price_paise bigint, warehouse_id bigint, opening_stock numeric, opening_rate_paise bigint)
    ON CONFLICT (company_id, lower(sku)) WHERE deleted_at IS NULL AND sku IS NOT NULL
    DO UPDATE SET name = excluded.name, category_id = excluded.category_id, brand_id = excluded.brand_id,
      hsn = excluded.hsn, tax_id = excluded.tax_id, mrp_paise = excluded.mrp_paise,
      selling_price_paise = excluded.selling_price_paise, cost_price_paise = excluded.cost_price_paise,
      updated_at = now()
    RETURNING id, sku, (xmax = 0) AS inserted`.execute(db);
  return result.rows.map((r) => ({ id: Number(r.id), sku: r.sku, inserted: r.inserted }));
}

/**
 * The opening stock of newly created products: their level and its first ledger row (a new
 * product has no stock before, so the balance after is the quantity).
 */
export async function insertOpeningStock(
  db: Executor,
  companyId: number,
  userId: number,
  rows: readonly { product_id: number; warehouse_id: number; quantity: string; rate_paise: number | null }[],
) {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows);
  const recordset = sql`jsonb_to_recordset(${json}::jsonb) AS r(product_id bigint, warehouse_id bigint,
    quantity numeric, rate_paise bigint)`;
  await sql`
    INSERT INTO stock_levels (company_id, product_id, warehouse_id, available_stock)
    SELECT ${companyId}, r.product_id, r.warehouse_id, r.quantity FROM ${recordset}`.execute(db);
  await sql`
    INSERT INTO stock_ledger (company_id, product_id, warehouse_id, quantity, balance_after, rate_paise,
      reason, document_type, document_id, user_id)
    SELECT ${companyId}, r.product_id, r.warehouse_id, r.quantity, r.quantity, r.rate_paise,
      'opening_stock', 'product', r.product_id, ${userId} FROM ${recordset}`.execute(db);
}

/** One history row per product the file created or updated, naming the import job. */
export async function insertImportHistory(
  db: Executor,
  companyId: number,
  userId: number,
  entityType: string,
  rows: readonly { entity_id: number; action: 'created' | 'updated'; changes: unknown }[],
) {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO history (company_id, entity_type, entity_id, action, user_id, changes)
    SELECT ${companyId}, ${entityType}, r.entity_id, r.action, ${userId}, r.changes
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(entity_id bigint, action text, changes jsonb)`.execute(
    db,
  );
}
