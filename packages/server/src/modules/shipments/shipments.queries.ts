import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import { boundedCount } from '../../db/bounded-count.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { type KeysetSort, type KeysetWindow, keysetPage } from '../../db/keyset-paging.ts';
import type { DB, ShipmentItemsTable, ShipmentStatus, ShipmentsTable } from '../../db/schema.ts';
import { sameTenant } from '../../db/tenant-join.ts';
import { updateTenantRow } from '../../db/tenant-row.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import type { InvoiceDocumentScope } from '../sales-documents/document-joins.ts';

export type { BoundedCount } from '../../db/bounded-count.ts';

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
const dayOrNull = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/**
 * Statuses whose goods count as shipped (domain shipmentHoldsGoods): everything but cancelled and
 * returned to origin. Only outgoing shipments count.
 */
const RELEASED: ShipmentStatus[] = ['cancelled', 'rto_delivered'];

// ---------------------------------------------------------------------------------------------
// What the invoice's shipments hold (the invoice and its order are locked and read through the
// sales-documents kernel; what shipping changes on them is written by each of them:
// invoices/invoice-shipping.ts and sales-orders/order-fulfilment.ts)

/** What the invoice's lines have in outgoing shipments that hold goods, by invoice line. */
export const shippedOfInvoice = async (db: Executor, companyId: number, invoiceId: number) => {
  const rows = await db
    .selectFrom('shipment_items as si')
    .innerJoin('shipments as s', (j) => sameTenant(j, 's.id', 'si.shipment_id'))
    .select(['si.invoice_item_id', sql<string>`sum(si.quantity)`.as('quantity')])
    .where('s.company_id', '=', companyId)
    .where('s.invoice_id', '=', invoiceId)
    .where('s.direction', '=', 'outgoing')
    .where('s.status', 'not in', RELEASED)
    .groupBy('si.invoice_item_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.invoice_item_id), Number(row.quantity)]));
};

export const shippingMethodExists = async (db: Executor, companyId: number, id: number) =>
  (await db
    .selectFrom('shipping_methods')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()) !== undefined;

// ---------------------------------------------------------------------------------------------
// Shipments

export const insertShipment = async (tx: Tx, values: Insertable<ShipmentsTable>) =>
  (await tx.insertInto('shipments').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const insertShipmentItems = (tx: Tx, rows: Insertable<ShipmentItemsTable>[]) =>
  tx.insertInto('shipment_items').values(rows).execute();

/** The e-way bill, vehicle and transporter columns (migration 0033). */
export const TRANSPORT_COLUMNS = [
  'eway_bill_number',
  'vehicle_number',
  'transporter_id',
  'transporter_name',
] as const;

export const lockShipment = (tx: Tx, companyId: number, shipmentId: number) =>
  tx
    .selectFrom('shipments')
    .select([
      'id',
      'shipment_number',
      'status',
      'direction',
      'invoice_id',
      'order_id',
      'carrier',
      'carrier_name',
      'tracking_number',
      'tracking_link',
      'shipping_method_id',
      'integration_code',
      day('shipment_date').as('shipment_date'),
      dayOrNull('expected_delivery_date').as('expected_delivery_date'),
      'notes',
      ...TRANSPORT_COLUMNS,
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', shipmentId)
    .forUpdate()
    .executeTakeFirst();
export type LockedShipment = NonNullable<Awaited<ReturnType<typeof lockShipment>>>;

/** The shipment's invoice and order ids, unlocked (to take the locks in order). */
export const shipmentParents = (db: Executor, companyId: number, shipmentId: number) =>
  db
    .selectFrom('shipments')
    .select(['invoice_id', 'order_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', shipmentId)
    .executeTakeFirst();

export const updateShipment = (
  tx: Tx,
  companyId: number,
  shipmentId: number,
  changes: Updateable<ShipmentsTable>,
) => updateTenantRow(tx, 'shipments', companyId, shipmentId, { ...changes, updated_at: sql`now()` });

export const itemsOfShipment = (db: Executor, companyId: number, shipmentId: number) =>
  db
    .selectFrom('shipment_items as si')
    .innerJoin('invoice_items as ii', 'ii.id', 'si.invoice_item_id')
    .select([
      'si.id',
      'si.invoice_item_id',
      'si.order_item_id',
      'si.product_id',
      'si.quantity',
      'ii.product_name',
      'ii.sku',
      'ii.hsn',
      'ii.unit',
    ])
    .where('si.company_id', '=', companyId)
    .where('si.shipment_id', '=', shipmentId)
    .orderBy('si.position')
    .execute();
export type ShipmentItemRow = Awaited<ReturnType<typeof itemsOfShipment>>[number];

// ---------------------------------------------------------------------------------------------
// Reading and listing

type ShipmentScope = InvoiceDocumentScope<'s', 'shipments'> & { sm: DB['shipping_methods'] };

const shipmentSelect = (db: Executor) =>
  db
    .selectFrom('shipments as s')
    .innerJoin('invoices as i', (j) => sameTenant(j, 'i.id', 's.invoice_id'))
    .innerJoin('sales_orders as o', (j) => sameTenant(j, 'o.id', 's.order_id'))
    .innerJoin('buyers as b', (j) => sameTenant(j, 'b.id', 's.buyer_id'))
    .innerJoin('branches as br', (j) => sameTenant(j, 'br.id', 's.branch_id'))
    .leftJoin('shipping_methods as sm', (j) => sameTenant(j, 'sm.id', 's.shipping_method_id'));

const summaryColumns = [
  's.id',
  's.shipment_number',
  sql<string>`to_char(s.shipment_date, 'YYYY-MM-DD')`.as('shipment_date'),
  's.status',
  's.direction',
  's.carrier',
  's.carrier_name',
  's.tracking_number',
  's.tracking_link',
  's.shipping_method_id',
  'sm.name as shipping_method_name',
  sql<string | null>`to_char(s.expected_delivery_date, 'YYYY-MM-DD')`.as('expected_delivery_date'),
  's.delivered_at',
  's.invoice_id',
  'i.invoice_number',
  's.order_id',
  'o.order_number',
  's.buyer_id',
  'b.name as buyer_name',
  's.branch_id',
  'br.name as branch_name',
  's.total_items',
  's.total_quantity',
  's.created_at',
] as const;

export const findShipment = (db: Executor, companyId: number, shipmentId: number) =>
  shipmentSelect(db)
    .leftJoin('users as cu', (j) => sameTenant(j, 'cu.id', 's.created_by'))
    .select([
      ...summaryColumns,
      's.notes',
      ...TRANSPORT_COLUMNS.map((column) => `s.${column}` as const),
      's.integration_code',
      's.updated_at',
      's.created_by',
      'cu.first_name as created_by_first_name',
      'cu.last_name as created_by_last_name',
    ])
    .where('s.company_id', '=', companyId)
    .where('s.id', '=', shipmentId)
    .executeTakeFirst();
export type ShipmentRow = NonNullable<Awaited<ReturnType<typeof findShipment>>>;

export interface ShipmentFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  search?: string;
  /** The search's LIKE pattern with the buyers it names, looked up first. */
  resolvedSearch?: { pattern: string; buyerIds: number[] };
  statuses?: string[];
  direction?: 'outgoing' | 'incoming';
  carrier?: 'self_delivery' | 'other';
  buyerId?: number;
  invoiceId?: number;
  orderId?: number;
  startDate?: string;
  endDate?: string;
}

/** The expression of the trigram index shipments_search_idx (migration 0023). */
const searchText = sql<string>`lower(s.shipment_number || ' ' || coalesce(s.tracking_number, ''))`;

function applyFilter(
  eb: ExpressionBuilder<ShipmentScope, 's' | 'i' | 'o' | 'b' | 'br' | 'sm'>,
  companyId: number,
  f: ShipmentFilter,
) {
  const conditions = [eb('s.company_id', '=', companyId)];
  if (f.branches) conditions.push(eb('s.branch_id', 'in', scopeIds(f.branches)));
  if (f.search) {
    const found = f.resolvedSearch;
    if (!found) throw new Error('A shipment search must go through resolveShipmentSearch first.');
    const byText = eb(searchText, 'like', found.pattern);
    const byBuyer = found.buyerIds.length ? [eb('s.buyer_id', 'in', found.buyerIds)] : [];
    conditions.push(eb.or([byText, ...byBuyer]));
  }
  if (f.statuses?.length) conditions.push(eb('s.status', 'in', f.statuses as ShipmentStatus[]));
  if (f.direction) conditions.push(eb('s.direction', '=', f.direction));
  if (f.carrier) conditions.push(eb('s.carrier', '=', f.carrier));
  if (f.buyerId !== undefined) conditions.push(eb('s.buyer_id', '=', f.buyerId));
  if (f.invoiceId !== undefined) conditions.push(eb('s.invoice_id', '=', f.invoiceId));
  if (f.orderId !== undefined) conditions.push(eb('s.order_id', '=', f.orderId));
  if (f.startDate) conditions.push(eb('s.shipment_date', '>=', f.startDate));
  if (f.endDate) conditions.push(eb('s.shipment_date', '<=', f.endDate));
  return eb.and(conditions);
}

export const countShipments = (db: Executor, companyId: number, filter: ShipmentFilter) =>
  boundedCount(
    db,
    shipmentSelect(db).where((eb) => applyFilter(eb, companyId, filter)),
  );

/** One page of list rows in list order (a backwards keyset page comes reversed). */
export function listShipmentPage(
  db: Executor,
  companyId: number,
  filter: ShipmentFilter,
  sort: KeysetSort[],
  window: KeysetWindow,
) {
  const rows = shipmentSelect(db)
    .where((eb) => applyFilter(eb, companyId, filter))
    .select(summaryColumns);
  return keysetPage(rows, 's.id', sort, window).execute();
}
export type ShipmentListRow = Awaited<ReturnType<typeof listShipmentPage>>[number];

/**
 * The shipments among `ids` the caller may see (this company's, of the caller's branches), with
 * their numbers: the bulk status change checks every selected id with this first.
 */
export const visibleShipmentNumbers = (
  db: Executor,
  companyId: number,
  ids: readonly number[],
  branches: BranchScope,
) =>
  db
    .selectFrom('shipments')
    .select(['id', 'shipment_number'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .$if(branches !== null, (q) => q.where('branch_id', 'in', scopeIds(branches ?? [])))
    .execute();
