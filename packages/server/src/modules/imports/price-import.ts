import { PRODUCT_MESSAGES, type ProductUpdate, productUpdate } from '@b2b/domain/api/products';
import { BULK_MESSAGES } from '@b2b/domain/bulk-inventory';
import {
  bareNumber,
  IMPORT_MESSAGES,
  type ImportMapping,
  type ImportRowError,
  rowCells,
} from '@b2b/domain/imports';
import { toPaise } from '@b2b/domain/money';
import { isSellingPriceWithinMrp } from '@b2b/domain/products';
import { AppError } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { changeProduct } from '../products/change-product.ts';
import { ImportRowRefused } from './import-row-refused.ts';
import * as queries from './price-import.queries.ts';

/**
 * The prices import (issue 26): each row names a product by SKU and its new MRP, selling price
 * and cost price; a blank cell leaves that price as it is. A row is checked by the product form's
 * rules (the domain's productUpdate schema and the selling price within the MRP, against the
 * stored price the row does not change) and written by the products area's own change, so the
 * product's history row is the one a form edit leaves.
 */

const PRICE_FIELDS = ['mrp', 'selling_price', 'cost_price'] as const;

/** A checked prices row: the product and the prices that change (none: the row changes nothing). */
export interface PriceImportRow {
  row: number;
  productId: number;
  changes: Pick<ProductUpdate, 'mrp' | 'selling_price' | 'cost_price'>;
}

export async function priceRowChecker(
  db: Executor,
  companyId: number,
  mapping: ImportMapping,
  _canUpdate: boolean,
) {
  const products = new Map((await queries.pricedProducts(db, companyId)).map((p) => [p.sku, p]));
  const seen = new Set<number>();
  const cellsOf = rowCells('prices', mapping);

  return function check(
    row: number,
    values: Record<string, string>,
    errors: ImportRowError[],
  ): PriceImportRow | null {
    const before = errors.length;
    const { fail, text } = cellsOf(row, values, errors);

    const sku = text('sku');
    const product = sku === '' ? undefined : products.get(sku.toLowerCase());
    if (sku === '') fail('sku', BULK_MESSAGES.required);
    else if (!product) fail('sku', BULK_MESSAGES.sku_not_found);
    else {
      if (seen.has(product.id)) fail('sku', IMPORT_MESSAGES.repeated_key('SKU'));
      seen.add(product.id);
    }

    const input: Record<string, string> = {};
    for (const name of PRICE_FIELDS) if (text(name) !== '') input[name] = bareNumber(text(name));
    const parsed = productUpdate.safeParse(input);
    if (!parsed.success) {
      const reported = new Set<string>();
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? 'selling_price');
        if (reported.has(name)) continue;
        reported.add(name);
        fail(name, issue.message);
      }
    } else if (product) {
      // The price the row leaves blank is the stored one: the rule holds for the pair after it.
      const mrp = parsed.data.mrp === undefined ? product.mrp_paise : toPaise(parsed.data.mrp);
      const selling =
        parsed.data.selling_price === undefined
          ? product.selling_price_paise
          : toPaise(parsed.data.selling_price);
      if (!isSellingPriceWithinMrp(Number(selling), Number(mrp)))
        fail(
          parsed.data.selling_price === undefined ? 'mrp' : 'selling_price',
          PRODUCT_MESSAGES.selling_price_above_mrp,
        );
    }

    if (errors.length > before || !parsed.success || !product) return null;
    // Prices given as they are stored change nothing and leave no history row.
    const changes: PriceImportRow['changes'] = {};
    const stored = {
      mrp: product.mrp_paise,
      selling_price: product.selling_price_paise,
      cost_price: product.cost_price_paise,
    };
    for (const name of PRICE_FIELDS) {
      const value = parsed.data[name];
      if (value != null && (stored[name] === null || toPaise(value) !== Number(stored[name])))
        changes[name] = value;
    }
    return { row, productId: product.id, changes };
  };
}

/** The products of the whole file, locked in id order before the first change (see lockProducts). */
export async function lockPriceRows(tx: Tx, companyId: number, rows: readonly PriceImportRow[]) {
  const ids = rows.filter((r) => Object.keys(r.changes).length > 0).map((r) => r.productId);
  if (ids.length > 0) await queries.lockProducts(tx, companyId, ids);
}

/**
 * Changes the prices of one batch of rows through the products area's change (its rules, its
 * history row naming the user who started the import). A refusal there refuses the file at its row.
 */
export async function writePriceBatch(
  tx: Tx,
  options: { companyId: number; userId: number; jobId: number; rows: readonly PriceImportRow[] },
) {
  const { companyId, userId } = options;
  let updated = 0;
  for (const row of [...options.rows].sort((a, b) => a.productId - b.productId)) {
    if (Object.keys(row.changes).length === 0) continue;
    try {
      await changeProduct(tx, { companyId, userId }, row.productId, row.changes);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const field = Object.keys(error.errors ?? {})[0] ?? '';
      const name = (PRICE_FIELDS as readonly string[]).includes(field) ? field : 'sku';
      throw new ImportRowRefused({ row: row.row, field: name, message: error.message });
    }
    updated++;
  }
  return { created: 0, updated };
}
