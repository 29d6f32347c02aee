import { type ExpressionBuilder, type Insertable, sql, type Updateable } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { containing } from '../../db/like-pattern.ts';
import type { DB, DeliveryChallanItemsTable, DeliveryChallansTable } from '../../db/schema.ts';
import { updateTenantRow } from '../../db/tenant-row.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

type ChallanScope = DB & {
  c: DB['delivery_challans'];
  w: DB['warehouses'];
  b: DB['branches'];
  bu: DB['buyers'];
  dw: DB['warehouses'];
};

/** Challans of the company with the sending warehouse and its branch, the buyer or the receiving warehouse. */
const challanSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('delivery_challans as c')
    .innerJoin('warehouses as w', (j) =>
      j.onRef('w.company_id', '=', 'c.company_id').onRef('w.id', '=', 'c.warehouse_id'),
    )
    .innerJoin('branches as b', (j) =>
      j.onRef('b.company_id', '=', 'c.company_id').onRef('b.id', '=', 'c.branch_id'),
    )
    .leftJoin('buyers as bu', (j) =>
      j.onRef('bu.company_id', '=', 'c.company_id').onRef('bu.id', '=', 'c.buyer_id'),
    )
    .leftJoin('warehouses as dw', (j) =>
      j.onRef('dw.company_id', '=', 'c.company_id').onRef('dw.id', '=', 'c.destination_warehouse_id'),
    )
    .where('c.company_id', '=', companyId);

const summaryColumns = [
  'c.id',
  'c.challan_number',
  'c.challan_date',
  'c.purpose',
  'c.status',
  'c.branch_id',
  'b.name as branch_name',
  'c.warehouse_id',
  'w.name as warehouse_name',
  'c.buyer_id',
  'bu.name as buyer_name',
  'bu.gst_number as buyer_gstin',
  'c.buyer_address',
  'c.destination_warehouse_id',
  'dw.name as destination_warehouse_name',
  'c.total_items',
  'c.total_quantity',
  'c.total_value_paise',
  'c.reference_number',
  'c.created_at',
] as const;

export const SORTABLE = {
  challan_date: 'c.challan_date',
  created_at: 'c.created_at',
  challan_number: 'c.challan_number',
  total_value: 'c.total_value_paise',
} as const;

export interface ChallanFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  search?: string | undefined;
  statuses?: string[] | undefined;
  purpose?: string | undefined;
  buyerId?: number | undefined;
  warehouseId?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

function applyFilter(
  eb: ExpressionBuilder<ChallanScope, 'c' | 'w' | 'b' | 'bu' | 'dw'>,
  filter: ChallanFilter,
) {
  const conditions = [];
  if (filter.branches) conditions.push(eb('c.branch_id', 'in', scopeIds(filter.branches)));
  if (filter.search) {
    const pattern = containing(filter.search);
    conditions.push(
      eb.or([
        eb('c.challan_number', 'ilike', pattern),
        eb('c.reference_number', 'ilike', pattern),
        eb('bu.name', 'ilike', pattern),
      ]),
    );
  }
  if (filter.statuses?.length) conditions.push(eb('c.status', 'in', filter.statuses as never[]));
  if (filter.purpose) conditions.push(eb('c.purpose', '=', filter.purpose as never));
  if (filter.buyerId !== undefined) conditions.push(eb('c.buyer_id', '=', filter.buyerId));
  if (filter.warehouseId !== undefined) {
    conditions.push(
      eb.or([
        eb('c.warehouse_id', '=', filter.warehouseId),
        eb('c.destination_warehouse_id', '=', filter.warehouseId),
      ]),
    );
  }
  if (filter.startDate) conditions.push(eb('c.challan_date', '>=', filter.startDate));
  if (filter.endDate) conditions.push(eb('c.challan_date', '<=', filter.endDate));
  return eb.and(conditions);
}

export function listChallans(
  db: Executor,
  companyId: number,
  filter: ChallanFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  let rows = challanSelect(db, companyId)
    .select(summaryColumns)
    .where((eb) => applyFilter(eb, filter));
  for (const key of sort) rows = rows.orderBy(sql.ref(key.column), key.direction);
  return Promise.all([
    challanSelect(db, companyId)
      .where((eb) => applyFilter(eb, filter))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('c.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}
export type ChallanSummaryRow = Awaited<ReturnType<typeof listChallans>>[1][number];

export const findChallan = (db: Executor, companyId: number, id: number) =>
  challanSelect(db, companyId)
    .leftJoin('sales_orders as o', (j) =>
      j.onRef('o.company_id', '=', 'c.company_id').onRef('o.id', '=', 'c.order_id'),
    )
    .leftJoin('invoices as i', (j) =>
      j.onRef('i.company_id', '=', 'c.company_id').onRef('i.id', '=', 'c.invoice_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'c.company_id').onRef('u.id', '=', 'c.created_by'),
    )
    .select([
      ...summaryColumns,
      'c.vehicle_number',
      'c.notes',
      'c.delivered_at',
      'c.closed_at',
      'c.order_id',
      'o.order_number',
      'c.invoice_id',
      'i.invoice_number',
      'c.created_by',
      'u.first_name',
      'u.last_name',
    ])
    .where('c.id', '=', id)
    .executeTakeFirst();
export type ChallanRow = NonNullable<Awaited<ReturnType<typeof findChallan>>>;

/** The challan row, locked until the transaction ends: its state changes apply one at a time. */
export const lockChallan = (tx: Tx, companyId: number, id: number) =>
  tx
    .selectFrom('delivery_challans')
    .select([
      'id',
      'challan_number',
      'status',
      'purpose',
      'branch_id',
      'warehouse_id',
      'destination_warehouse_id',
      'buyer_id',
      'buyer_address_id',
      'reference_number',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
export type LockedChallan = NonNullable<Awaited<ReturnType<typeof lockChallan>>>;

export const itemsOf = (db: Executor, companyId: number, challanId: number) =>
  db
    .selectFrom('delivery_challan_items')
    .select([
      'id',
      'product_id',
      'product_name',
      'sku',
      'hsn',
      'unit',
      'quantity',
      'rate_paise',
      'value_paise',
      'quantity_invoiced',
    ])
    .where('company_id', '=', companyId)
    .where('challan_id', '=', challanId)
    .orderBy('position')
    .execute();
export type ChallanItemRow = Awaited<ReturnType<typeof itemsOf>>[number];

/** Live products among `ids` with what a challan line copies from them. */
export const productsForChallan = (db: Executor, companyId: number, ids: readonly number[]) =>
  db
    .selectFrom('products as p')
    .leftJoin('units as u', (j) =>
      j.onRef('u.company_id', '=', 'p.company_id').onRef('u.id', '=', 'p.unit_id'),
    )
    .select(['p.id', 'p.name', 'p.sku', 'p.hsn', 'p.selling_price_paise', 'u.name as unit'])
    .where('p.company_id', '=', companyId)
    .where('p.id', 'in', [...ids])
    .where('p.deleted_at', 'is', null)
    .execute();

export const findBuyer = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('buyers')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const insertChallan = (tx: Tx, values: Insertable<DeliveryChallansTable>) =>
  tx.insertInto('delivery_challans').values(values).returning('id').executeTakeFirstOrThrow();

export const insertItems = (tx: Tx, rows: Insertable<DeliveryChallanItemsTable>[]) =>
  tx.insertInto('delivery_challan_items').values(rows).execute();

export const updateChallan = (
  tx: Tx,
  companyId: number,
  id: number,
  values: Updateable<DeliveryChallansTable>,
) => updateTenantRow(tx, 'delivery_challans', companyId, id, { ...values, updated_at: new Date() });

export const setQuantityInvoiced = (tx: Tx, companyId: number, itemId: number, quantity: string) =>
  tx
    .updateTable('delivery_challan_items')
    .set({ quantity_invoiced: quantity })
    .where('company_id', '=', companyId)
    .where('id', '=', itemId)
    .execute();

export const branchOfWarehouse = async (db: Executor, companyId: number, warehouseId: number) =>
  (
    await db
      .selectFrom('warehouses')
      .select('branch_id')
      .where('company_id', '=', companyId)
      .where('id', '=', warehouseId)
      .executeTakeFirstOrThrow()
  ).branch_id;
