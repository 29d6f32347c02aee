import { sql } from 'kysely';
import { type BranchScope, inBranches } from '../../db/branch-scope.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor } from '../../db/transaction.ts';

// The SQL of batches: the configuration, the batches, their stock and what is in transit.

/** The company's batch configuration entry (none until it is saved once). */
export const findBatchConfiguration = (db: Executor, companyId: number) =>
  db
    .selectFrom('company_configurations')
    .select(['is_enabled', 'configurations'])
    .where('company_id', '=', companyId)
    .where('configuration_type', '=', 'batch_configuration')
    .executeTakeFirst();

export interface BatchRow {
  id: number;
  batch_number: string;
  manufactured_on: string | null;
  expires_on: string | null;
}

/**
 * The product's batch of that number, made if new. A batch's dates are the same wherever it is:
 * dates missing on the stored batch are filled in from this receipt, stored ones are kept (the
 * caller compares them with what was entered).
 */
export async function upsertBatch(
  db: Executor,
  batch: {
    companyId: number;
    productId: number;
    batchNumber: string;
    manufacturedOn: string | null;
    expiresOn: string | null;
  },
): Promise<BatchRow> {
  const { companyId, productId, batchNumber, manufacturedOn, expiresOn } = batch;
  const result = await sql<BatchRow>`
    INSERT INTO product_batches AS pb (company_id, product_id, batch_number, manufactured_on, expires_on)
    VALUES (${companyId}, ${productId}, ${batchNumber}, ${manufacturedOn}::date, ${expiresOn}::date)
    ON CONFLICT (company_id, product_id, batch_number) DO UPDATE
      SET manufactured_on = coalesce(pb.manufactured_on, excluded.manufactured_on),
          expires_on = coalesce(pb.expires_on, excluded.expires_on)
    RETURNING pb.id, pb.batch_number,
      to_char(pb.manufactured_on, 'YYYY-MM-DD') AS manufactured_on,
      to_char(pb.expires_on, 'YYYY-MM-DD') AS expires_on`.execute(db);
  return result.rows[0] as BatchRow;
}

export const findBatchByNumber = (db: Executor, companyId: number, productId: number, batchNumber: string) =>
  db
    .selectFrom('product_batches')
    .select([
      'id',
      'batch_number',
      sql<string | null>`to_char(manufactured_on, 'YYYY-MM-DD')`.as('manufactured_on'),
      sql<string | null>`to_char(expires_on, 'YYYY-MM-DD')`.as('expires_on'),
    ])
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .where('batch_number', '=', batchNumber)
    .executeTakeFirst();

/**
 * The batches of a product on hand in a warehouse. Read after the movement has changed (and so
 * locked) the stock level row: every batch change goes with a level change of the same product
 * and warehouse, so the batches cannot change underneath.
 */
export const batchesOnHand = (db: Executor, companyId: number, productId: number, warehouseId: number) =>
  db
    .selectFrom('batch_stock as bs')
    .innerJoin('product_batches as pb', (j) => sameTenant(j, 'pb.id', 'bs.batch_id'))
    .select([
      'bs.batch_id',
      'bs.quantity',
      sql<string | null>`to_char(pb.expires_on, 'YYYY-MM-DD')`.as('expires_on'),
    ])
    .where('bs.company_id', '=', companyId)
    .where('bs.product_id', '=', productId)
    .where('bs.warehouse_id', '=', warehouseId)
    .where('bs.quantity', '>', 0)
    .execute();

/**
 * Adds (or, negative, takes) a quantity of a batch in a warehouse; never below zero: a take that
 * the batch cannot cover changes nothing and returns no row. (A negative quantity cannot go
 * through the INSERT: its proposed row would fail the CHECK before the conflict is seen.)
 */
export async function changeBatchStock(
  db: Executor,
  change: { companyId: number; productId: number; warehouseId: number; batchId: number; quantity: string },
) {
  const { companyId, productId, warehouseId, batchId, quantity } = change;
  const result = quantity.startsWith('-')
    ? await sql<{ quantity: number }>`
        UPDATE batch_stock SET quantity = quantity + ${quantity}::numeric, updated_at = now()
        WHERE company_id = ${companyId} AND product_id = ${productId} AND warehouse_id = ${warehouseId}
          AND batch_id = ${batchId} AND quantity + ${quantity}::numeric >= 0
        RETURNING quantity`.execute(db)
    : await sql<{ quantity: number }>`
        INSERT INTO batch_stock AS bs (company_id, product_id, warehouse_id, batch_id, quantity)
        VALUES (${companyId}, ${productId}, ${warehouseId}, ${batchId}, ${quantity}::numeric)
        ON CONFLICT (company_id, product_id, warehouse_id, batch_id) DO UPDATE
          SET quantity = bs.quantity + excluded.quantity, updated_at = now()
        RETURNING bs.quantity`.execute(db);
  return result.rows[0];
}

/**
 * What of a document is still on its way, per batch of a product: the sum of the document's
 * ledger rows of the product (out negative, in positive) is minus what left and has not arrived.
 */
export const inTransitByBatch = (
  db: Executor,
  companyId: number,
  documentType: string,
  documentId: number,
  productId: number,
) =>
  db
    .selectFrom('stock_ledger as l')
    .leftJoin('product_batches as pb', (j) => sameTenant(j, 'pb.id', 'l.batch_id'))
    .select([
      'l.batch_id',
      sql<string | null>`to_char(pb.expires_on, 'YYYY-MM-DD')`.as('expires_on'),
      sql<number>`-sum(l.quantity)`.as('quantity'),
    ])
    .where('l.company_id', '=', companyId)
    .where('l.document_type', '=', documentType)
    .where('l.document_id', '=', documentId)
    .where('l.product_id', '=', productId)
    .groupBy(['l.batch_id', 'pb.expires_on'])
    .having(sql`sum(l.quantity)`, '<', 0)
    .execute();

/** A product's batches on hand per warehouse, first expiry first. */
export const productBatchStock = (
  db: Executor,
  companyId: number,
  productId: number,
  warehouseId?: number,
  branches?: BranchScope,
) => {
  let query = db
    .selectFrom('batch_stock as bs')
    .innerJoin('product_batches as pb', (j) => sameTenant(j, 'pb.id', 'bs.batch_id'))
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'bs.warehouse_id'))
    .select([
      'pb.id',
      'pb.batch_number',
      sql<string | null>`to_char(pb.manufactured_on, 'YYYY-MM-DD')`.as('manufactured_on'),
      sql<string | null>`to_char(pb.expires_on, 'YYYY-MM-DD')`.as('expires_on'),
      'w.id as warehouse_id',
      'w.name as warehouse_name',
      'bs.quantity',
    ])
    .where('bs.company_id', '=', companyId)
    .where('bs.product_id', '=', productId)
    .where('bs.quantity', '>', 0)
    .where(inBranches('w.branch_id', branches));
  if (warehouseId !== undefined) query = query.where('bs.warehouse_id', '=', warehouseId);
  return query.orderBy(sql`pb.expires_on NULLS LAST`).orderBy('pb.id').orderBy('w.id').execute();
};

/** A product's stock on hand per warehouse (for what is in no batch). */
export const productLevels = (
  db: Executor,
  companyId: number,
  productId: number,
  warehouseId?: number,
  branches?: BranchScope,
) => {
  let query = db
    .selectFrom('stock_levels as sl')
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'sl.warehouse_id'))
    .select(['w.id as warehouse_id', 'w.name as warehouse_name', 'sl.available_stock'])
    .where('sl.company_id', '=', companyId)
    .where('sl.product_id', '=', productId)
    .where(inBranches('w.branch_id', branches));
  if (warehouseId !== undefined) query = query.where('sl.warehouse_id', '=', warehouseId);
  return query.orderBy('w.id').execute();
};

export const productExists = async (db: Executor, companyId: number, productId: number) =>
  (await db
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()) !== undefined;
