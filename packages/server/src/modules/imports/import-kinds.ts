import type { ImportKind, ImportMapping, ImportRowError } from '@b2b/domain/imports';
import type { Executor, Tx } from '../../db/transaction.ts';
import { buyerRowChecker, sellerRowChecker, writeBuyerBatch, writeSellerBatch } from './party-import.ts';
import { lockPriceRows, priceRowChecker, writePriceBatch } from './price-import.ts';
import { productRowChecker, writeProductBatch } from './product-import.ts';
import { lockStockLevelRows, stockLevelRowChecker, writeStockLevelBatch } from './stock-level-import.ts';

/** A row of a file that passed its kind's checks, ready to write. */
export interface CheckedImportRow {
  row: number;
}

/** Checks one mapped row: the checked row, or null after pushing its errors. */
export type ImportRowCheck = (
  row: number,
  values: Record<string, string>,
  errors: ImportRowError[],
) => CheckedImportRow | null;

/**
 * What the import centre does per kind (imports.service runs the file, the kind does the rows):
 * `checker` reads once what a file may refer to and returns the row check; `writeBatch` writes a
 * batch of checked rows inside the import's one transaction, with their history rows.
 */
export interface ImportKindWork {
  checker(
    db: Executor,
    companyId: number,
    mapping: ImportMapping,
    canUpdate: boolean,
  ): Promise<ImportRowCheck>;
  writeBatch(
    tx: Tx,
    options: { companyId: number; userId: number; jobId: number; rows: readonly CheckedImportRow[] },
  ): Promise<{ created: number; updated: number }>;
  /**
   * Kinds whose writes lock rows another path locks in a documented order (stock levels, products)
   * lock the whole file's rows first, in that order, before the first batch is written.
   */
  lockFirst?(tx: Tx, companyId: number, rows: readonly CheckedImportRow[]): Promise<void>;
}

export const IMPORT_KIND_WORK: Record<ImportKind, ImportKindWork> = {
  products: { checker: productRowChecker, writeBatch: writeProductBatch },
  buyers: { checker: buyerRowChecker, writeBatch: writeBuyerBatch },
  sellers: { checker: sellerRowChecker, writeBatch: writeSellerBatch },
  stock_levels: {
    checker: stockLevelRowChecker,
    writeBatch: writeStockLevelBatch,
    lockFirst: lockStockLevelRows,
  },
  prices: { checker: priceRowChecker, writeBatch: writePriceBatch, lockFirst: lockPriceRows },
};
