import { SELLABLE_SERIAL_STATUSES } from '@b2b/domain/serial-numbers';
import { sql } from 'kysely';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import { inBranches } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import { countedOffsetPage } from '../../db/offset-paging.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/** The SQL of serial numbers: product_serial_numbers and its events, nothing else writes them. */

const SELLABLE = [...SELLABLE_SERIAL_STATUSES];
/**
 * Units gone from the company that may come in again under the same serial: taken out (lost,
 * damaged, a voided bill's) and found, or sent back to the seller and bought again.
 */
const GONE = ['removed', 'returned_to_seller'] as const;

export const productsOf = (db: Executor, companyId: number, productIds: number[]) =>
  productIds.length
    ? db
        .selectFrom('products')
        .select(['id', 'name', 'sku', 'tracks_serial_numbers'])
        .where('company_id', '=', companyId)
        .where('id', 'in', [...new Set(productIds)])
        .execute()
    : Promise.resolve([]);

export const findProduct = (db: Executor, companyId: number, productId: number) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'tracks_serial_numbers'])
    .where('company_id', '=', companyId)
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Units on hand of a product across warehouses, and how many of them carry a sellable serial. */
export const stockAndSerialsOf = (db: Executor, companyId: number, productId: number) =>
  db
    .selectNoFrom([
      sql<string>`(SELECT coalesce(sum(available_stock), 0) FROM stock_levels
        WHERE company_id = ${companyId} AND product_id = ${productId})`.as('on_hand'),
      sql<string>`(SELECT count(*) FROM product_serial_numbers
        WHERE company_id = ${companyId} AND product_id = ${productId}
          AND status IN ('in_stock', 'returned'))`.as('serials'),
    ])
    .executeTakeFirstOrThrow();

export interface NewSerial {
  company_id: number;
  product_id: number;
  serial_number: string;
  warehouse_id: number;
  came_in_document_type: string;
  came_in_document_id: number;
}

/**
 * Inserts the new units; a serial the product already has is skipped (ON CONFLICT), so the caller
 * sees which were taken. A concurrent insert of the same serial waits for the other transaction
 * and is then skipped: one of two racing documents gets it.
 */
export const insertSerials = (tx: Tx, rows: NewSerial[]) =>
  rows.length
    ? tx
        .insertInto('product_serial_numbers')
        .values(rows)
        .onConflict((c) => c.columns(['company_id', 'product_id', 'serial_number']).doNothing())
        .returning(['id', 'product_id', 'serial_number'])
        .execute()
    : Promise.resolve([]);

/** Units gone earlier (removed, or returned to the seller) that come in again are in stock. */
export const restoreRemoved = (
  tx: Tx,
  companyId: number,
  productId: number,
  serials: string[],
  into: { warehouseId: number; documentType: string; documentId: number },
) =>
  tx
    .updateTable('product_serial_numbers')
    .set({
      status: 'in_stock',
      warehouse_id: into.warehouseId,
      came_in_document_type: into.documentType,
      came_in_document_id: into.documentId,
      returned_document_type: null,
      returned_document_id: null,
      updated_at: new Date(),
    })
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .where('serial_number', 'in', serials)
    .where('status', 'in', [...GONE])
    .returning(['id', 'product_id', 'serial_number'])
    .execute();

/**
 * Marks sellable units of a product in a warehouse with a new status; answers the units changed.
 * Under READ COMMITTED a unit another transaction sold meanwhile is re-checked after its commit
 * and no longer matches, so it is not returned: the caller refuses the serials missing.
 */
export const takeSellable = (
  tx: Tx,
  companyId: number,
  line: { productId: number; warehouseId: number; serials: string[] },
  to:
    | { status: 'sold'; invoiceId: number; invoiceItemId: number }
    | { status: 'removed'; documentType: string; documentId: number },
) =>
  tx
    .updateTable('product_serial_numbers')
    .set(
      to.status === 'sold'
        ? {
            status: 'sold',
            sold_invoice_id: to.invoiceId,
            sold_invoice_item_id: to.invoiceItemId,
            updated_at: new Date(),
          }
        : { status: 'removed', updated_at: new Date() },
    )
    .where('company_id', '=', companyId)
    .where('product_id', '=', line.productId)
    .where('warehouse_id', '=', line.warehouseId)
    .where('serial_number', 'in', line.serials)
    .where('status', 'in', SELLABLE)
    .returning(['id', 'serial_number', 'warehouse_id'])
    .execute();

/** The units an invoice sold go back in stock (the invoice is cancelled or its lines replaced). */
export const releaseInvoice = (tx: Tx, companyId: number, invoiceId: number) =>
  tx
    .updateTable('product_serial_numbers')
    .set({ status: 'in_stock', sold_invoice_id: null, sold_invoice_item_id: null, updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('sold_invoice_id', '=', invoiceId)
    .returning(['id', 'warehouse_id'])
    .execute();

/**
 * Units of the invoice's product that come back from the buyer: into a warehouse, sellable again
 * ('returned'), or written off as damaged ('removed', where they were).
 */
export const returnFromInvoice = (
  tx: Tx,
  companyId: number,
  line: { invoiceId: number; productId: number; warehouseId: number | null; serials: string[] },
  document: { type: string; id: number },
) =>
  tx
    .updateTable('product_serial_numbers')
    .set({
      status: line.warehouseId === null ? 'removed' : 'returned',
      ...(line.warehouseId === null ? {} : { warehouse_id: line.warehouseId }),
      sold_invoice_id: null,
      sold_invoice_item_id: null,
      returned_document_type: document.type,
      returned_document_id: document.id,
      updated_at: new Date(),
    })
    .where('company_id', '=', companyId)
    .where('product_id', '=', line.productId)
    .where('sold_invoice_id', '=', line.invoiceId)
    .where('serial_number', 'in', line.serials)
    .returning(['id', 'serial_number', 'warehouse_id'])
    .execute();

export interface SerialEvent {
  company_id: number;
  serial_number_id: number;
  event: string;
  warehouse_id: number;
  document_type: string;
  document_id: number | null;
  user_id: number | null;
}

export const insertEvents = (tx: Tx, rows: SerialEvent[]) =>
  rows.length ? tx.insertInto('product_serial_number_events').values(rows).execute() : Promise.resolve();

/** The lines of an invoice as they were written, to attach the serials to (read only). */
export const invoiceLines = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoice_items')
    .select([
      'id',
      'order_item_id',
      'position',
      'product_id',
      'product_name',
      'sku',
      'warehouse_id',
      'quantity',
    ])
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();

export const findInvoice = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoices')
    .select(['id', 'invoice_number', 'status', 'branch_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .executeTakeFirst();

export const serialsOfInvoice = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('product_serial_numbers')
    .select(['sold_invoice_item_id', 'serial_number'])
    .where('company_id', '=', companyId)
    .where('sold_invoice_id', '=', invoiceId)
    .orderBy('serial_number')
    .execute();

/** Serials of many invoices at once (the PDF of one invoice, or a bulk PDF). */
export const serialsOfInvoiceItems = (db: Executor, companyId: number, invoiceIds: number[]) =>
  invoiceIds.length
    ? db
        .selectFrom('product_serial_numbers')
        .select(['sold_invoice_item_id', 'serial_number'])
        .where('company_id', '=', companyId)
        .where('sold_invoice_id', 'in', invoiceIds)
        .orderBy('serial_number')
        .execute()
    : Promise.resolve([]);

// ---------------------------------------------------------------------------------------------
// Lists and trace

const serialSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('product_serial_numbers as s')
    .innerJoin('products as p', (j) => sameTenant(j, 'p.id', 's.product_id'))
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 's.warehouse_id'))
    .leftJoin('invoices as i', (j) => sameTenant(j, 'i.id', 's.sold_invoice_id'))
    .where('s.company_id', '=', companyId);

const serialColumns = (query: ReturnType<typeof serialSelect>) =>
  query.select([
    's.id',
    's.serial_number',
    's.status',
    's.updated_at',
    's.came_in_document_type',
    's.came_in_document_id',
    sql<string | null>`CASE s.came_in_document_type
      WHEN 'bill' THEN (SELECT b.bill_number FROM bills b WHERE b.company_id = s.company_id AND b.id = s.came_in_document_id)
      WHEN 'inventory_adjustment' THEN (SELECT a.number FROM inventory_adjustments a WHERE a.company_id = s.company_id AND a.id = s.came_in_document_id)
    END`.as('came_in_number'),
    'p.id as product_id',
    'p.name as product_name',
    'p.sku as product_sku',
    'w.id as warehouse_id',
    'w.name as warehouse_name',
    'i.id as invoice_id',
    'i.invoice_number',
    sql<string | null>`i.buyer ->> 'name'`.as('buyer_name'),
  ]);

export type SerialRow = Awaited<ReturnType<typeof findSerial>> & {};

export const findSerial = (db: Executor, companyId: number, id: number) =>
  serialColumns(serialSelect(db, companyId)).where('s.id', '=', id).executeTakeFirst();

export interface SerialFilter {
  branches: BranchScope;
  search?: string | undefined;
  productId?: number | undefined;
  warehouseId?: number | undefined;
  status?: string | undefined;
}

export function listSerials(
  db: Executor,
  companyId: number,
  filter: SerialFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  let query = serialSelect(db, companyId).where(inBranches('w.branch_id', filter.branches));
  if (filter.search) {
    const search = filter.search.trim();
    // A serial is matched from its start (the index), a product by any part of its name.
    query = query.where((eb) =>
      eb.or([
        eb('s.serial_number', 'like', `${search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        eb('p.name', 'ilike', containing(search)),
      ]),
    );
  }
  if (filter.productId) query = query.where('s.product_id', '=', filter.productId);
  if (filter.warehouseId) query = query.where('s.warehouse_id', '=', filter.warehouseId);
  if (filter.status) query = query.where('s.status', '=', filter.status);
  return countedOffsetPage(serialColumns(query), sort, window, { column: 's.id', direction: 'desc' });
}

export const eventsOf = (db: Executor, companyId: number, serialId: number) =>
  db
    .selectFrom('product_serial_number_events as e')
    .innerJoin('warehouses as w', (j) => sameTenant(j, 'w.id', 'e.warehouse_id'))
    .leftJoin('users as u', (j) => sameTenant(j, 'u.id', 'e.user_id'))
    .select([
      'e.id',
      'e.event',
      'e.document_type',
      'e.document_id',
      'e.created_at',
      'w.id as warehouse_id',
      'w.name as warehouse_name',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      sql<string | null>`CASE e.document_type
        WHEN 'bill' THEN (SELECT b.bill_number FROM bills b WHERE b.company_id = e.company_id AND b.id = e.document_id)
        WHEN 'inventory_adjustment' THEN (SELECT a.number FROM inventory_adjustments a WHERE a.company_id = e.company_id AND a.id = e.document_id)
        WHEN 'invoice' THEN (SELECT i.invoice_number FROM invoices i WHERE i.company_id = e.company_id AND i.id = e.document_id)
        WHEN 'sales_return' THEN (SELECT r.return_number FROM sales_returns r WHERE r.company_id = e.company_id AND r.id = e.document_id)
        WHEN 'credit_note' THEN (SELECT c.credit_note_number FROM credit_notes c WHERE c.company_id = e.company_id AND c.id = e.document_id)
        WHEN 'purchase_return' THEN (SELECT pr.return_number FROM purchase_returns pr WHERE pr.company_id = e.company_id AND pr.id = e.document_id)
      END`.as('document_number'),
      sql<string | null>`CASE
        WHEN e.document_type = 'bill' THEN (SELECT se.name FROM bills b JOIN sellers se ON se.company_id = b.company_id AND se.id = b.seller_id WHERE b.company_id = e.company_id AND b.id = e.document_id)
        WHEN e.document_type = 'invoice' THEN (SELECT i.buyer ->> 'name' FROM invoices i WHERE i.company_id = e.company_id AND i.id = e.document_id)
        WHEN e.document_type = 'sales_return' THEN (SELECT i.buyer ->> 'name' FROM sales_returns r JOIN invoices i ON i.company_id = r.company_id AND i.id = r.invoice_id WHERE r.company_id = e.company_id AND r.id = e.document_id)
        WHEN e.document_type = 'credit_note' THEN (SELECT i.buyer ->> 'name' FROM credit_notes c JOIN invoices i ON i.company_id = c.company_id AND i.id = c.invoice_id WHERE c.company_id = e.company_id AND c.id = e.document_id)
        WHEN e.document_type = 'purchase_return' THEN (SELECT se.name FROM purchase_returns pr JOIN sellers se ON se.company_id = pr.company_id AND se.id = pr.seller_id WHERE pr.company_id = e.company_id AND pr.id = e.document_id)
      END`.as('party'),
    ])
    .where('e.company_id', '=', companyId)
    .where('e.serial_number_id', '=', serialId)
    .orderBy('e.id')
    .execute();

export const availableSerials = (
  db: Executor,
  companyId: number,
  filter: { productId: number; warehouseId: number; search?: string | undefined; limit: number },
) => {
  let query = db
    .selectFrom('product_serial_numbers')
    .where('company_id', '=', companyId)
    .where('product_id', '=', filter.productId)
    .where('warehouse_id', '=', filter.warehouseId)
    .where('status', 'in', SELLABLE);
  if (filter.search) {
    query = query.where('serial_number', 'like', containing(filter.search.trim().toUpperCase()));
  }
  return Promise.all([
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    query.select(['id', 'serial_number']).orderBy('serial_number').limit(filter.limit).execute(),
  ]);
};

export const findWarehouse = (db: Executor, companyId: number, warehouseId: number) =>
  db
    .selectFrom('warehouses')
    .select(['id', 'branch_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', warehouseId)
    .executeTakeFirst();

/** The serials sold on one invoice line. */
export const soldOnLine = (db: Executor, companyId: number, invoiceId: number, invoiceItemId: number) =>
  db
    .selectFrom('product_serial_numbers')
    .select('serial_number')
    .where('company_id', '=', companyId)
    .where('sold_invoice_id', '=', invoiceId)
    .where('sold_invoice_item_id', '=', invoiceItemId)
    .orderBy('serial_number')
    .execute();

/** The units a return brought back, with whether they are still as it left them. */
export const unitsOfReturn = (db: Executor, companyId: number, document: { type: string; id: number }) =>
  db
    .selectFrom('product_serial_numbers as s')
    .innerJoin('products as p', (j) => sameTenant(j, 'p.id', 's.product_id'))
    .select([
      's.id',
      's.product_id',
      's.serial_number',
      's.status',
      's.warehouse_id',
      'p.name as product_name',
    ])
    .where('s.company_id', '=', companyId)
    .where('s.returned_document_type', '=', document.type)
    .where('s.returned_document_id', '=', document.id)
    .forUpdate('s')
    .execute();

/** A cancelled return's units are sold on the invoice line again. */
export const resell = (
  tx: Tx,
  companyId: number,
  serialId: number,
  invoiceId: number,
  invoiceItemId: number,
) =>
  tx
    .updateTable('product_serial_numbers')
    .set({
      status: 'sold',
      sold_invoice_id: invoiceId,
      sold_invoice_item_id: invoiceItemId,
      returned_document_type: null,
      returned_document_id: null,
      updated_at: new Date(),
    })
    .where('company_id', '=', companyId)
    .where('id', '=', serialId)
    .execute();

// ---------------------------------------------------------------------------------------------
// Bills and purchase returns (goods bought, goods sent back to the seller)

/** Units among `serials` the product has already, other than gone ones (those may come back). */
export const existingSerials = (db: Executor, companyId: number, productId: number, serials: string[]) =>
  serials.length
    ? db
        .selectFrom('product_serial_numbers')
        .select(['serial_number', 'status'])
        .where('company_id', '=', companyId)
        .where('product_id', '=', productId)
        .where('serial_number', 'in', serials)
        .where('status', 'not in', [...GONE])
        .orderBy('serial_number')
        .execute()
    : Promise.resolve([]);

/** The units a bill brought in, where they are now and the invoice that sold one (read only). */
export const unitsOfBill = (db: Executor, companyId: number, billId: number) =>
  db
    .selectFrom('product_serial_numbers as s')
    .innerJoin('products as p', (j) => sameTenant(j, 'p.id', 's.product_id'))
    .leftJoin('invoices as i', (j) => sameTenant(j, 'i.id', 's.sold_invoice_id'))
    .select([
      's.id',
      's.serial_number',
      's.status',
      's.warehouse_id',
      'p.name as product_name',
      'i.invoice_number',
    ])
    .where('s.company_id', '=', companyId)
    .where('s.came_in_document_type', '=', 'bill')
    .where('s.came_in_document_id', '=', billId)
    .orderBy('s.serial_number')
    .execute();

/** A voided bill's units leave stock: only those still in stock where it put them. */
export const removeUnitsOfBill = (tx: Tx, companyId: number, billId: number, warehouseId: number) =>
  tx
    .updateTable('product_serial_numbers')
    .set({ status: 'removed', updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('came_in_document_type', '=', 'bill')
    .where('came_in_document_id', '=', billId)
    .where('warehouse_id', '=', warehouseId)
    .where('status', '=', 'in_stock')
    .returning(['id', 'warehouse_id'])
    .execute();

/**
 * Units a purchase return names, locked: units of the product bought on the bill, on hand in the
 * bill's warehouse (in stock, or back from a buyer). A unit sold meanwhile is not returned.
 */
export const lockUnitsFromBill = (
  tx: Tx,
  companyId: number,
  line: { billId: number; productId: number; warehouseId: number; serials: string[] },
) =>
  tx
    .selectFrom('product_serial_numbers')
    .select(['id', 'serial_number', 'warehouse_id'])
    .where('company_id', '=', companyId)
    .where('product_id', '=', line.productId)
    .where('came_in_document_type', '=', 'bill')
    .where('came_in_document_id', '=', line.billId)
    .where('warehouse_id', '=', line.warehouseId)
    .where('serial_number', 'in', line.serials)
    .where('status', 'in', SELLABLE)
    .orderBy('id')
    .forUpdate()
    .execute();

export const sendToSeller = (tx: Tx, companyId: number, ids: number[], document: { id: number }) =>
  ids.length
    ? tx
        .updateTable('product_serial_numbers')
        .set({
          status: 'returned_to_seller',
          returned_document_type: 'purchase_return',
          returned_document_id: document.id,
          updated_at: new Date(),
        })
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute()
    : Promise.resolve([]);

/**
 * The units a purchase return sent back that are no longer with the seller by it (they came in
 * again on a later bill), with the document they came in on: its void cannot put them back.
 */
export const unitsBackFromSellerSince = (db: Executor, companyId: number, purchaseReturnId: number) =>
  db
    .selectFrom('product_serial_number_events as e')
    .innerJoin('product_serial_numbers as s', (j) => sameTenant(j, 's.id', 'e.serial_number_id'))
    .innerJoin('products as p', (j) => sameTenant(j, 'p.id', 's.product_id'))
    .leftJoin('bills as b', (j) =>
      sameTenant(j, 'b.id', 's.came_in_document_id').on('s.came_in_document_type', '=', 'bill'),
    )
    .select(['s.serial_number', 'p.name as product_name', 'b.bill_number'])
    .where('e.company_id', '=', companyId)
    .where('e.event', '=', 'returned_to_seller')
    .where('e.document_type', '=', 'purchase_return')
    .where('e.document_id', '=', purchaseReturnId)
    .where((eb) =>
      eb.or([
        eb('s.status', '<>', 'returned_to_seller'),
        eb('s.returned_document_id', 'is', null),
        eb('s.returned_document_id', '<>', purchaseReturnId),
      ]),
    )
    .orderBy('s.serial_number')
    .execute();

/** A voided purchase return's units are in stock again where they left. */
export const backFromSeller = (tx: Tx, companyId: number, purchaseReturnId: number) =>
  tx
    .updateTable('product_serial_numbers')
    .set({
      status: 'in_stock',
      returned_document_type: null,
      returned_document_id: null,
      updated_at: new Date(),
    })
    .where('company_id', '=', companyId)
    .where('status', '=', 'returned_to_seller')
    .where('returned_document_type', '=', 'purchase_return')
    .where('returned_document_id', '=', purchaseReturnId)
    .returning(['id', 'warehouse_id'])
    .execute();

/** Units bought on a bill still on hand where it put them: what its purchase return may send back. */
export const onHandFromBill = (db: Executor, companyId: number, billId: number, warehouseId: number) =>
  db
    .selectFrom('product_serial_numbers')
    .select(['product_id', 'serial_number'])
    .where('company_id', '=', companyId)
    .where('came_in_document_type', '=', 'bill')
    .where('came_in_document_id', '=', billId)
    .where('warehouse_id', '=', warehouseId)
    .where('status', 'in', SELLABLE)
    .orderBy('serial_number')
    .execute();
