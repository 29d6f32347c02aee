import type { BulkInventoryResult } from '@b2b/domain/api/bulk-inventory';
import { todayInIndia } from '@b2b/domain/api/inventory-adjustments';
import { branchInactiveMessage, warehouseInactiveMessage } from '@b2b/domain/api/warehouses';
import {
  BULK_MESSAGES,
  type BulkInventoryKind,
  type BulkRow,
  type BulkRowError,
  readBulkFile,
  tallyNameKey,
} from '@b2b/domain/bulk-inventory';
import { INVENTORY_ADJUSTMENT_REASONS, reasonDirection } from '@b2b/domain/inventory-adjustments';
import { formatQuantity } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { postStockMovement } from '../inventory/stock-movements.ts';
import { writeAdjustment } from '../inventory-adjustments/inventory-adjustments.service.ts';
import * as queries from './bulk-inventory.queries.ts';

/** A refused file: every row error; nothing was written. */
export class BulkFileError extends Error {
  constructor(readonly rowErrors: BulkRowError[]) {
    super(BULK_MESSAGES.invalid);
  }
}

/** Lines per adjustment document (the single-create limit); a larger reason group is split. */
const LINES_PER_DOCUMENT = 500;
const NOTES_MAX = 1000;

export const DOCUMENT_TYPES: Record<Exclude<BulkInventoryKind, 'adjustment'>, string> = {
  update: 'bulk_inventory_update',
  tally: 'bulk_adjustment_as_per_tally',
};

/** The warehouse of the URL: another company's is 404; an inactive one (or branch) is refused. */
export async function assertBulkWarehouse(db: Executor, companyId: number, warehouseId: number) {
  const warehouse = await queries.findWarehouse(db, companyId, warehouseId);
  if (!warehouse) throw notFound('Warehouse');
  if (!warehouse.is_active) throw validationError('warehouse', warehouseInactiveMessage(warehouse.name));
  if (!warehouse.branch_is_active)
    throw validationError('warehouse', branchInactiveMessage(warehouse.branch_name));
  return warehouse;
}

interface ResolvedRow extends BulkRow {
  productId: number;
}

/** Finds the product of every row: by SKU (case ignored) or, for Tally, by the product's Tally name. */
async function resolveProducts(
  db: Executor,
  companyId: number,
  kind: BulkInventoryKind,
  rows: BulkRow[],
  errors: BulkRowError[],
): Promise<ResolvedRow[]> {
  if (rows.length === 0) return [];
  const resolved: ResolvedRow[] = [];
  if (kind === 'tally') {
    const byName = new Map<string, number[]>();
    for (const product of await queries.productsWithTallyName(db, companyId)) {
      const key = tallyNameKey(product.tally_product_name ?? '');
      byName.set(key, [...(byName.get(key) ?? []), product.id]);
    }
    for (const row of rows) {
      const ids = byName.get(tallyNameKey(row.key)) ?? [];
      if (ids.length === 1) resolved.push({ ...row, productId: ids[0] });
      else {
        errors.push({
          row: row.row,
          column: 'Name of Item',
          message:
            ids.length === 0 ? BULK_MESSAGES.tally_not_found : 'Several products have this Tally name.',
        });
      }
    }
    return resolved;
  }
  const skus = [...new Set(rows.map((row) => row.key.toLowerCase()))];
  const bySku = new Map(
    (await queries.productsBySku(db, companyId, skus)).map((p) => [p.sku?.toLowerCase(), p.id]),
  );
  for (const row of rows) {
    const productId = bySku.get(row.key.toLowerCase());
    if (productId === undefined)
      errors.push({ row: row.row, column: 'sku', message: BULK_MESSAGES.sku_not_found });
    else resolved.push({ ...row, productId });
  }
  // Two spellings of one SKU in a set-stock file are the same product twice.
  if (kind === 'update') {
    const seen = new Set<number>();
    for (const row of resolved) {
      if (seen.has(row.productId))
        errors.push({ row: row.row, column: 'sku', message: BULK_MESSAGES.repeated });
      seen.add(row.productId);
    }
  }
  return resolved;
}

const byRow = (a: BulkRowError, b: BulkRowError) => a.row - b.row;

/**
 * Applies a bulk file to a warehouse, all or nothing: the file is checked row by row (syntax,
 * products, and for adjustments that stock would not go below zero) and any error refuses it
 * whole with a BulkFileError; otherwise everything is written in one transaction.
 */
export async function applyBulkFile(options: {
  db: Database;
  actor: Principal;
  warehouseId: number;
  kind: BulkInventoryKind;
  text: string;
}): Promise<BulkInventoryResult> {
  const { db, actor, warehouseId, kind, text } = options;
  const { companyId } = actor;
  const parsed = readBulkFile(kind, text);
  const errors = [...parsed.errors];
  const rows = await resolveProducts(db, companyId, kind, parsed.rows, errors);
  if (errors.length > 0) throw new BulkFileError(errors.sort(byRow));
  if (kind === 'adjustment') return applyAdjustments(db, actor, warehouseId, rows);
  return applyStockLevels(db, actor, warehouseId, kind, rows);
}

async function applyAdjustments(
  db: Database,
  actor: Principal,
  warehouseId: number,
  rows: ResolvedRow[],
): Promise<BulkInventoryResult> {
  const { companyId } = actor;
  // Stock check before writing, so that every short row is reported, not only the first.
  const levels = new Map(
    (await queries.stockLevels(db, companyId, warehouseId, [...new Set(rows.map((r) => r.productId))])).map(
      (l) => [l.product_id, Number(l.available_stock)],
    ),
  );
  const net = new Map<number, number>();
  for (const row of rows)
    net.set(row.productId, (net.get(row.productId) ?? levels.get(row.productId) ?? 0) + row.quantity);
  const errors: BulkRowError[] = [];
  for (const row of rows) {
    const after = roundQuantity(net.get(row.productId) ?? 0);
    if (row.quantity < 0 && after < 0) {
      errors.push({
        row: row.row,
        column: 'quantity',
        message: `Not enough stock of ${row.key}: ${formatQuantity(levels.get(row.productId) ?? 0)} available, ${formatQuantity(roundQuantity(after - (levels.get(row.productId) ?? 0)) * -1)} taken out by the file.`,
      });
    }
  }
  if (errors.length > 0) throw new BulkFileError(errors);
  // Stock in first, then out: no product dips below zero part way through the file.
  const reasons = [...INVENTORY_ADJUSTMENT_REASONS].sort(
    (a, b) => Number(reasonDirection(a) === 'out') - Number(reasonDirection(b) === 'out'),
  );
  const adjustedOn = todayInIndia();
  const adjustments = await inTransaction(db, async (tx) => {
    const made: BulkInventoryResult['adjustments'] = [];
    for (const reason of reasons) {
      const group = rows.filter((row) => row.reason === reason);
      for (let start = 0; start < group.length; start += LINES_PER_DOCUMENT) {
        const chunk = group.slice(start, start + LINES_PER_DOCUMENT);
        const notes = [...new Set(chunk.map((row) => row.notes).filter((n): n is string => !!n))]
          .join('; ')
          .slice(0, NOTES_MAX);
        try {
          const { id, number } = await writeAdjustment(
            tx,
            actor,
            {
              warehouse: warehouseId,
              reason,
              notes: notes === '' ? undefined : notes,
              lines: chunk.map((row) => ({
                product: row.productId,
                quantity: row.quantity,
                batch_number: row.batch_number,
                manufactured_on: row.manufactured_on,
                expires_on: row.expires_on,
              })),
            },
            adjustedOn,
          );
          made.push({ id, number, reason });
        } catch (error) {
          // A movement since the check above: the refusal points at its line; map it to the row.
          const field = error instanceof AppError ? Object.keys(error.errors ?? {})[0] : undefined;
          const line = field ? /^lines\.(\d+)\.(\w+)$/.exec(field) : null;
          if (error instanceof AppError && line) {
            const column = line[2] === 'product' ? 'sku' : (line[2] as string);
            throw new BulkFileError([{ row: chunk[Number(line[1])].row, column, message: error.message }]);
          }
          throw error;
        }
      }
    }
    return made;
  });
  return { rows_applied: rows.length, movements: rows.length, adjustments };
}

async function applyStockLevels(
  db: Database,
  actor: Principal,
  warehouseId: number,
  kind: Exclude<BulkInventoryKind, 'adjustment'>,
  rows: ResolvedRow[],
): Promise<BulkInventoryResult> {
  const { companyId } = actor;
  // Row locks in product order, as every stock poster takes them.
  const ordered = [...rows].sort((a, b) => a.productId - b.productId);
  const movements = await inTransaction(db, async (tx) => {
    let posted = 0;
    for (const row of ordered) {
      const level = await queries.lockStockLevel(tx, companyId, warehouseId, row.productId);
      const difference = roundQuantity(row.quantity - Number(level?.available_stock ?? 0));
      if (difference === 0) continue;
      // Setting the level takes what is physically there, reserved or not (keepReserved off).
      await postStockMovement(tx, {
        companyId,
        productId: row.productId,
        warehouseId,
        quantity: difference,
        reason: 'bulk_update',
        documentType: DOCUMENT_TYPES[kind],
        documentId: null,
        userId: actor.userId,
        allowNegative: false,
      });
      posted++;
    }
    return posted;
  });
  return { rows_applied: rows.length, movements, adjustments: [] };
}
