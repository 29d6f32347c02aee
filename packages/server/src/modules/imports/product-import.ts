import { PRODUCT_MESSAGES, productCreate } from '@b2b/domain/api/products';
import { bareNumber, type ImportMapping, type ImportRowError, rowCells } from '@b2b/domain/imports';
import { toPaise } from '@b2b/domain/money';
import type { Executor } from '../../db/transaction.ts';
import { decimal } from '../inventory/stock-ledger.ts';
import * as queries from './product-import.queries.ts';

/** A checked products row, ready to write. */
export interface ProductImportRow {
  row: number;
  values: queries.ProductImportValues;
  /** What the history row records: the file's values as the create route would take them. */
  changes: Record<string, unknown>;
}

export const PRODUCT_IMPORT_TEXTS = {
  category_unknown: (name: string) => `No category named '${name}'.`,
  category_inactive: PRODUCT_MESSAGES.category_inactive,
  brand_unknown: (name: string) => `No brand named '${name}'.`,
  gst_unknown: (rate: string) => `No GST rate of ${rate}% in Taxes.`,
  warehouse_unknown: (name: string) => `No warehouse named '${name}'.`,
  warehouse_inactive: (name: string) => `The warehouse '${name}' is inactive.`,
  cannot_change: 'You do not have permissions to change products.',
} as const;

/** Which import field a create-route field is read from. */
const FIELD_OF: Record<string, string> = { tax: 'gst_rate', category: 'category', brand: 'brand' };

const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The checker of a products file: the company's categories, brands, GST rates, warehouses and
 * products are read once; then each row is turned into the create route's input and parsed by the
 * same zod schema (productCreate), with the names resolved and the file-wide rules added: a SKU
 * once per file, a name not taken by another product, opening stock only on a new product.
 */
export async function productRowChecker(
  db: Executor,
  companyId: number,
  mapping: ImportMapping,
  canUpdate: boolean,
) {
  const lookups = await queries.productImportLookups(db, companyId);
  const categories = new Map(lookups.categories.map((c) => [key(c.name), c]));
  const root = lookups.categories.find((c) => c.is_root);
  const brands = new Map(lookups.brands.map((b) => [key(b.name), b.id]));
  const taxes = new Map(lookups.taxes.filter((t) => t.is_active).map((t) => [Number(t.rate), t.id]));
  const warehouses = new Map(lookups.warehouses.map((w) => [key(w.name), w]));
  const nameOwner = new Map<string, string | null>();
  const existing = new Set<string>();
  for (const p of await queries.productKeys(db, companyId)) {
    nameOwner.set(p.name, p.sku);
    if (p.sku !== null) existing.add(p.sku);
  }
  const seenSkus = new Set<string>();
  const cellsOf = rowCells('products', mapping);

  return function check(
    row: number,
    values: Record<string, string>,
    errors: ImportRowError[],
  ): ProductImportRow | null {
    const before = errors.length;
    const { fail, text } = cellsOf(row, values, errors);

    let category: number | string = '';
    const categoryName = text('category');
    if (categoryName === '') category = root?.id ?? '';
    else {
      const found = categories.get(key(categoryName));
      if (!found) fail('category', PRODUCT_IMPORT_TEXTS.category_unknown(categoryName));
      else if (!found.is_active) fail('category', PRODUCT_IMPORT_TEXTS.category_inactive);
      else category = found.id;
    }
    let brand: number | undefined;
    if (text('brand') !== '') {
      brand = brands.get(key(text('brand')));
      if (brand === undefined) fail('brand', PRODUCT_IMPORT_TEXTS.brand_unknown(text('brand')));
    }
    let tax: number | undefined;
    const rate = text('gst_rate').replace(/%$/, '').trim();
    if (rate !== '') {
      tax = Number.isFinite(Number(rate)) ? taxes.get(Number(rate)) : undefined;
      if (tax === undefined) fail('gst_rate', PRODUCT_IMPORT_TEXTS.gst_unknown(rate));
    }
    let warehouse: number | undefined;
    const warehouseName = text('warehouse');
    if (warehouseName !== '') {
      const found = warehouses.get(key(warehouseName));
      if (!found) fail('warehouse', PRODUCT_IMPORT_TEXTS.warehouse_unknown(warehouseName));
      else if (!found.is_active) fail('warehouse', PRODUCT_IMPORT_TEXTS.warehouse_inactive(warehouseName));
      else warehouse = found.id;
    }

    const input: Record<string, unknown> = {
      name: text('name'),
      sku: text('sku'),
      category,
      mrp: bareNumber(text('mrp')),
      selling_price: bareNumber(text('selling_price')),
    };
    if (brand !== undefined) input.brand = brand;
    if (tax !== undefined) input.tax = tax;
    if (warehouse !== undefined) input.warehouse = warehouse;
    for (const name of ['hsn', 'cost_price', 'opening_stock', 'opening_rate'] as const)
      if (text(name) !== '') input[name] = bareNumber(text(name));
    if (text('hsn') !== '') input.hsn = text('hsn');
    // A name that failed to resolve is already reported; the schema would only repeat it.
    if (categoryName !== '' && category === '') input.category = root?.id ?? 1;

    const parsed = productCreate.safeParse(input);
    if (!parsed.success) {
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const head = String(issue.path[0] ?? '');
        const fieldName = FIELD_OF[head] ?? head;
        if (reported.has(fieldName)) continue;
        reported.add(fieldName);
        fail(fieldName, issue.message);
      }
    }

    const sku = key(text('sku'));
    if (sku !== '') {
      if (seenSkus.has(sku)) fail('sku', 'This SKU is repeated in an earlier row of the file.');
      seenSkus.add(sku);
    }
    const isUpdate = existing.has(sku);
    const owner = nameOwner.get(key(text('name')));
    if (owner !== undefined && owner !== sku) fail('name', PRODUCT_MESSAGES.name_taken);
    if (text('name') !== '') nameOwner.set(key(text('name')), sku);
    if (isUpdate && !canUpdate) fail('sku', PRODUCT_IMPORT_TEXTS.cannot_change);
    if (isUpdate && text('opening_stock') !== '' && Number(bareNumber(text('opening_stock'))) > 0)
      fail('opening_stock', PRODUCT_MESSAGES.opening_stock_locked);

    if (errors.length > before || !parsed.success) return null;
    const p = parsed.data;
    const openingStock = isUpdate ? 0 : (p.opening_stock ?? 0);
    return {
      row,
      values: {
        sku: p.sku as string,
        name: p.name,
        category_id: p.category,
        brand_id: p.brand ?? null,
        hsn: p.hsn ?? null,
        tax_id: p.tax ?? null,
        mrp_paise: toPaise(p.mrp),
        selling_price_paise: toPaise(p.selling_price),
        cost_price_paise: p.cost_price == null ? null : toPaise(p.cost_price),
        warehouse_id: openingStock > 0 ? (p.warehouse ?? null) : null,
        opening_stock: openingStock,
        opening_rate_paise: openingStock > 0 && p.opening_rate != null ? toPaise(p.opening_rate) : null,
      },
      changes: p,
    };
  };
}

/** Writes one batch of checked rows: the products, the opening stock of the new ones, their history. */
export async function writeProductBatch(
  tx: Executor,
  options: { companyId: number; userId: number; jobId: number; rows: readonly ProductImportRow[] },
) {
  const { companyId, userId, jobId, rows } = options;
  const written = await queries.upsertProducts(
    tx,
    companyId,
    rows.map((r) => r.values),
  );
  const bySku = new Map(rows.map((r) => [r.values.sku.toLowerCase(), r]));
  const stock: Parameters<typeof queries.insertOpeningStock>[3][number][] = [];
  const history: Parameters<typeof queries.insertImportHistory>[4][number][] = [];
  let created = 0;
  for (const product of written) {
    const source = bySku.get(product.sku.toLowerCase());
    if (!source) continue;
    if (product.inserted) {
      created++;
      const { warehouse_id, opening_stock, opening_rate_paise } = source.values;
      if (warehouse_id !== null && opening_stock > 0)
        stock.push({
          product_id: product.id,
          warehouse_id,
          quantity: decimal(opening_stock),
          rate_paise: opening_rate_paise,
        });
    }
    history.push({
      entity_id: product.id,
      action: product.inserted ? 'created' : 'updated',
      changes: { ...source.changes, import_job: jobId, import_row: source.row },
    });
  }
  await queries.insertOpeningStock(tx, companyId, userId, stock);
  await queries.insertImportHistory(tx, companyId, userId, 'product', history);
  return { created, updated: written.length - created };
}
