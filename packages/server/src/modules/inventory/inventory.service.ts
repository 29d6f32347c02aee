import type { ProductBatchList } from '@b2b/domain/api/stock-batches';
import {
  branchInactiveMessage,
  WAREHOUSE_MESSAGES,
  type WarehouseInventoryRow,
  warehouseInactiveMessage,
} from '@b2b/domain/api/warehouses';
import { batchStatus, daysToExpiry } from '@b2b/domain/batches';
import { formatQuantity } from '@b2b/domain/money';
import { isInStock, type ProductStock, roundQuantity } from '@b2b/domain/products';
import { todayInIndia } from '@b2b/domain/validation';
import { buyerVisibleStock, displayedWarehouseStock } from '@b2b/domain/warehouse-stock';
import { conflict, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { BranchScope } from '../../db/branch-scope.ts';
import { afterCommit, type Executor, type Tx } from '../../db/transaction.ts';
import { alertOnReorderPoint, alertOnReorderPoints } from '../reorder-alerts/reorder-alerts.service.ts';
import * as queries from './inventory.queries.ts';
import { type BatchChoice, batchSettings, splitOverBatches } from './stock-batches.ts';

export { availableStockOf, productsInStock } from './inventory.queries.ts';
export { type BatchChoice, batchSettings, inTransitOf } from './stock-batches.ts';

/**
 * Why stock moved. Opening stock is written by the products area; the adjustment reasons are the
 * spec's; orders, invoices, returns, purchases and transfers add theirs as they arrive.
 */
export type StockMovementReason =
  | 'opening_stock'
  | 'stock_on_fire'
  | 'stock_damaged'
  | 'stock_outdated'
  | 'stock_stolen'
  | 'stock_lost'
  | 'extra_inventory_found'
  | 'inventory_repaired'
  | 'item_return'
  | 'transfer_out'
  | 'transfer_in'
  | 'transfer_return'
  // The sales side's reservation API (reserveStock and its siblings below).
  | 'reserve'
  | 'release'
  | 'issue'
  | 'receive'
  | 'return'
  | (string & {});

export interface StockMovement {
  companyId: number;
  productId: number;
  warehouseId: number;
  /** Signed: positive adds stock, negative takes it away. At most three decimals. */
  quantity: number;
  /** Cost per unit in paise (opening rate, purchase rate). */
  ratePaise?: number | null;
  reason: StockMovementReason;
  /** The document that moved the stock ('product' for opening stock, 'invoice', ...). */
  documentType?: string | null;
  documentId?: number | null;
  userId: number | null;
  /** Back-ordering: let the level go below zero. */
  allowNegative?: boolean;
  /**
   * Goods that leave by choice (a transfer) may only take sellable stock: what is reserved for
   * orders stays. Losses (damage, theft) take what is physically gone, reserved or not.
   */
  keepReserved?: boolean;
  /** The batch moved; goods out without one go first-expiry-first-out. */
  batch?: BatchChoice | undefined;
  /** Goods sent on (a transfer) leave expired batches behind for a write-off. */
  skipExpired?: boolean;
}

/** Quantities go to PostgreSQL as exact decimal text, never as binary floats. */
const decimal = (quantity: number) => roundQuantity(quantity).toFixed(3);

/**
 * Posts one stock movement inside the caller's transaction: the stock level changes under its row
 * lock and an immutable ledger row records the movement with the balance after it, so the ledger
 * of a product and warehouse always sums to its level. A movement that would take stock below
 * zero is refused with a 409 unless `allowNegative`. The warehouse and its branch must be active
 * (an inactive branch or warehouse blocks all operations on it; refused with a 400) and stay
 * share-locked until the transaction ends, so neither is deactivated under the movement.
 *
 * Callers posting several movements in one transaction post them sorted by product, then
 * warehouse, so concurrent transactions take their row locks in the same order (no deadlocks).
 */
export async function postStockMovement(tx: Tx, movement: StockMovement) {
  const { companyId, productId, warehouseId, quantity } = movement;
  if (!Number.isFinite(quantity) || roundQuantity(quantity) === 0) {
    throw validationError('quantity', 'Please enter a valid quantity');
  }
  const warehouse = await queries.findWarehouseForShare(tx, companyId, warehouseId);
  if (!warehouse) throw validationError('warehouse', 'Warehouse Not Found');
  // The spec: an inactive branch or warehouse blocks all operations, stock movements included.
  if (!warehouse.is_active) throw validationError('warehouse', warehouseInactiveMessage(warehouse.name));
  if (!warehouse.branch_is_active)
    throw validationError('warehouse', branchInactiveMessage(warehouse.branch_name));
  const level = await queries.applyToStockLevel(tx, {
    companyId,
    productId,
    warehouseId,
    quantity: decimal(quantity),
    allowNegative: movement.allowNegative ?? false,
    keepReserved: movement.keepReserved ?? false,
  });
  if (!level) {
    const [current, names] = await Promise.all([
      queries.findStockLevel(tx, companyId, productId, warehouseId),
      queries.findProductAndWarehouseNames(tx, companyId, productId, warehouseId),
    ]);
    const onHand = current?.available_stock ?? 0;
    const reserved = movement.keepReserved ? (current?.df_quantity ?? 0) : 0;
    const available =
      reserved > 0
        ? `${formatQuantity(Math.max(onHand - reserved, 0))} available (${formatQuantity(onHand)} on hand, ${formatQuantity(reserved)} reserved)`
        : `${formatQuantity(onHand)} available`;
    throw conflict(
      `Not enough stock of ${names.product_name ?? `product ${productId}`} in ${names.warehouse_name}: ` +
        `${available}, ${formatQuantity(Math.abs(quantity))} requested.`,
    );
  }
  const takes = await splitOverBatches(
    tx,
    {
      companyId,
      productId,
      warehouseId,
      names: async () => {
        const names = await queries.findProductAndWarehouseNames(tx, companyId, productId, warehouseId);
        return { product: names.product_name ?? `product ${productId}`, warehouse: warehouse.name };
      },
    },
    roundQuantity(quantity),
    level.available_stock,
    {
      batch: movement.batch,
      skipExpired: movement.skipExpired ?? false,
      allowNegative: movement.allowNegative ?? false,
    },
  );
  const rows = await writeLedgerRows(
    tx,
    {
      company_id: companyId,
      product_id: productId,
      warehouse_id: warehouseId,
      rate_paise: movement.ratePaise ?? null,
      reason: movement.reason,
      document_type: movement.documentType ?? null,
      document_id: movement.documentId ?? null,
      user_id: movement.userId,
    },
    level,
    takes.map((take) => ({ batchId: take.batchId, onHand: take.quantity, reserved: 0 })),
  );
  await alertOnReorderPoint(tx, companyId, productId);
  return rows;
}

type LedgerBase = Omit<
  Parameters<typeof queries.insertLedgerEntries>[1][number],
  'quantity' | 'balance_after' | 'reserved_quantity' | 'reserved_after' | 'batch_id'
>;

/**
 * Writes a movement's ledger rows, one per batch part, each with the running balances after it;
 * the last row's balances are the level's. Returns the last row with all the rows.
 */
async function writeLedgerRows(
  tx: Tx,
  base: LedgerBase,
  level: { available_stock: number; df_quantity: number },
  parts: readonly { batchId: number | null; onHand: number; reserved: number }[],
) {
  let onHand = roundQuantity(level.available_stock - parts.reduce((sum, p) => sum + p.onHand, 0));
  let reserved = roundQuantity(level.df_quantity - parts.reduce((sum, p) => sum + p.reserved, 0));
  const rows = await queries.insertLedgerEntries(
    tx,
    parts.map((part) => {
      onHand = roundQuantity(onHand + part.onHand);
      reserved = roundQuantity(reserved + part.reserved);
      return {
        ...base,
        quantity: decimal(part.onHand),
        balance_after: onHand,
        reserved_quantity: decimal(part.reserved),
        reserved_after: reserved,
        batch_id: part.batchId,
      };
    }),
  );
  const last = rows[rows.length - 1];
  if (!last) throw new Error('a stock movement wrote no ledger row');
  return { ...last, rows };
}

/** One line of the sales side's reservation API: a product in a warehouse, from a document. */
export interface StockOperation {
  companyId: number;
  productId: number;
  warehouseId: number;
  /** Greater than zero, at most three decimals; the operation gives it its direction. */
  quantity: number;
  /** The document behind the movement ('sales_order', 'invoice', 'sales_return', 'purchase', ...). */
  documentType: string;
  documentId: number;
  userId: number | null;
  /** Cost per unit in paise, for goods in (receiveStock). */
  ratePaise?: number | null;
  /** The batch received or returned, or issued (without one, issue goes first-expiry-first-out). */
  batch?: BatchChoice | undefined;
}

export type StockOperationKind = 'reserve' | 'release' | 'issue' | 'receive' | 'return';

/** Largest quantity numeric(14, 3) holds. */
const MAX_QUANTITY = 99_999_999_999.999;

/**
 * The sales side's stock operations. Each one, inside the caller's transaction, changes the stock
 * level of a product in a warehouse under its row lock and writes one immutable ledger row with
 * the changes and the running balances, so for every product and warehouse the ledger's
 * `quantity` sums to available_stock (on hand) and its `reserved_quantity` to df_quantity
 * (reserved for confirmed orders not yet invoiced):
 *
 * - reserve: df_quantity + n. Sellable stock (on hand minus reserved) must cover n, unless the
 *   product allows back-ordering.
 * - release: df_quantity - n; never more than is reserved.
 * - issue (invoiced goods leave): available_stock - n and df_quantity - n; never more than is
 *   reserved, and stock on hand stays >= 0 unless the product allows back-ordering.
 * - receive (goods in) and return (goods back from a sales return): available_stock + n.
 *
 * Refusals: a 409 with a sentence naming product, warehouse and quantities; a 400 for a quantity
 * that is not > 0 with at most three decimals, an unknown product or warehouse, or an inactive
 * warehouse or branch. A refused operation changes nothing (the level's UPDATE matched no row).
 * Several lines of one document go through `stockLines` / `reserveLines`, which take the row
 * locks in product order so that concurrent documents never deadlock.
 */
export const reserveStock = (tx: Tx, operation: StockOperation) => operateOnStock(tx, 'reserve', operation);
export const releaseStock = (tx: Tx, operation: StockOperation) => operateOnStock(tx, 'release', operation);
export const issueStock = (tx: Tx, operation: StockOperation) => operateOnStock(tx, 'issue', operation);
export const receiveStock = (tx: Tx, operation: StockOperation) => operateOnStock(tx, 'receive', operation);
export const returnStock = (tx: Tx, operation: StockOperation) => operateOnStock(tx, 'return', operation);

async function operateOnStock(tx: Tx, kind: StockOperationKind, operation: StockOperation) {
  const { companyId, productId, warehouseId, quantity } = operation;
  assertValidQuantity(quantity);
  const context = await queries.findMovementContext(tx, companyId, productId, warehouseId);
  if (!context) throw validationError('warehouse', 'Warehouse Not Found');
  // The spec: an inactive branch or warehouse blocks all operations, stock movements included.
  if (!context.is_active) throw validationError('warehouse', warehouseInactiveMessage(context.name));
  if (!context.branch_is_active)
    throw validationError('warehouse', branchInactiveMessage(context.branch_name));
  if (context.product_id === null) throw validationError('product', 'Product Not Found');
  const backOrdering = context.allow_back_ordering === true;
  const n = decimal(quantity);
  const keys = { companyId, productId, warehouseId };
  let onHand = '0';
  let reserved = '0';
  let level: { available_stock: number; df_quantity: number } | undefined;
  if (kind === 'receive' || kind === 'return') {
    onHand = n;
    level = await queries.addToStockLevel(tx, { ...keys, onHand, reserved });
  } else if (kind === 'reserve') {
    reserved = n;
    level = backOrdering
      ? await queries.addToStockLevel(tx, { ...keys, onHand, reserved })
      : await queries.changeStockLevelIf(tx, {
          ...keys,
          onHand,
          reserved,
          allowNegative: false,
          requireSellable: true,
        });
  } else {
    // release: the reservation only; issue: the reservation and the goods.
    reserved = `-${n}`;
    if (kind === 'issue') onHand = `-${n}`;
    level = await queries.changeStockLevelIf(tx, {
      ...keys,
      onHand,
      reserved,
      allowNegative: kind === 'release' || backOrdering,
      requireSellable: false,
    });
  }
  if (!level) {
    const current = await queries.findStockLevel(tx, companyId, productId, warehouseId);
    throw conflict(
      refusal(kind, {
        product: context.product_name ?? `product ${productId}`,
        warehouse: context.name,
        quantity,
        onHand: current?.available_stock ?? 0,
        reserved: current?.df_quantity ?? 0,
      }),
    );
  }
  const moved = Number(onHand);
  const takes =
    moved === 0
      ? [{ batchId: null, quantity: 0 }]
      : await splitOverBatches(
          tx,
          {
            companyId,
            productId,
            warehouseId,
            names: async () => ({
              product: context.product_name ?? `product ${productId}`,
              warehouse: context.name,
            }),
          },
          moved,
          level.available_stock,
          // Sold goods never come from an expired batch.
          { batch: operation.batch, skipExpired: kind === 'issue', allowNegative: backOrdering },
        );
  const rows = await writeLedgerRows(
    tx,
    {
      company_id: companyId,
      product_id: productId,
      warehouse_id: warehouseId,
      rate_paise: kind === 'receive' ? (operation.ratePaise ?? null) : null,
      reason: kind,
      document_type: operation.documentType,
      document_id: operation.documentId,
      user_id: operation.userId,
    },
    level,
    // An issue's goods leave its reservation too, part by part.
    takes.map((take) => ({
      batchId: take.batchId,
      onHand: take.quantity,
      reserved: kind === 'issue' ? take.quantity : moved === 0 ? Number(reserved) : 0,
    })),
  );
  // The sales side's hot path: only products with a reorder point need the check.
  if (Number(context.reorder_point) > 0) await alertOnReorderPoint(tx, companyId, productId);
  return rows;
}

/** The sentence of a 409: what was asked, of which product in which warehouse, and what there is. */
function refusal(
  kind: StockOperationKind,
  s: { product: string; warehouse: string; quantity: number; onHand: number; reserved: number },
): string {
  const q = formatQuantity;
  if (kind === 'reserve') {
    return (
      `Not enough stock of ${s.product} in ${s.warehouse} to reserve ${q(s.quantity)}: ` +
      `${q(Math.max(0, roundQuantity(s.onHand - s.reserved)))} sellable ` +
      `(${q(s.onHand)} on hand, ${q(s.reserved)} reserved).`
    );
  }
  if (kind === 'release') {
    return `Cannot release ${q(s.quantity)} of ${s.product} in ${s.warehouse}: only ${q(s.reserved)} reserved.`;
  }
  if (kind === 'issue' && s.quantity > s.reserved) {
    return `Cannot issue ${q(s.quantity)} of ${s.product} from ${s.warehouse}: only ${q(s.reserved)} reserved.`;
  }
  if (kind === 'issue') {
    return `Not enough stock of ${s.product} in ${s.warehouse} to issue ${q(s.quantity)}: ${q(s.onHand)} on hand.`;
  }
  // Receipts and returns add to the level and are never refused.
  return `Could not move ${q(s.quantity)} of ${s.product} in ${s.warehouse}.`;
}

/**
 * One operation on several lines of a document (an order reserving its products, an invoice
 * issuing them), in product then warehouse order whatever the order of the lines: every
 * transaction takes its stock row locks in the same order, so two documents sharing products
 * never deadlock. Results come back in the order of the lines. The first refusal throws, and the
 * caller's transaction rolls back, so a document moves all of its lines or none.
 */
export async function stockLines(
  tx: Tx,
  kind: StockOperationKind,
  document: Pick<StockOperation, 'companyId' | 'documentType' | 'documentId' | 'userId'>,
  lines: readonly Pick<StockOperation, 'productId' | 'warehouseId' | 'quantity' | 'ratePaise'>[],
) {
  const order = lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => a.line.productId - b.line.productId || a.line.warehouseId - b.line.warehouseId);
  const distinct = order.every(
    ({ line }, i) =>
      i === 0 ||
      line.productId !== order[i - 1].line.productId ||
      line.warehouseId !== order[i - 1].line.warehouseId,
  );
  if ((kind === 'reserve' || kind === 'release') && distinct && order.length > 0) {
    return moveDocumentReservations(tx, kind, document, order);
  }
  const results: Awaited<ReturnType<typeof operateOnStock>>[] = new Array(lines.length);
  for (const { line, index } of order) {
    results[index] = await operateOnStock(tx, kind, { ...document, ...line });
  }
  return results;
}

const milli = (quantity: number) => Math.round(quantity * 1000);

/**
 * Reserves or releases a document's lines (each product and warehouse once) with the same checks,
 * refusals and ledger rows as one operateOnStock per line in product order, in one statement
 * instead of three or four per line: it locks the levels in product order and moves them when
 * every line may move (lockAndMoveReservations); the reorder points are checked once the
 * transaction has committed (the stock rows stay locked until then). The checks below
 * rule on what that statement locked, and the first refusal throws: the caller's transaction
 * rolls back, and nothing moved anyway, since the statement moves all of the lines or none.
 */
async function moveDocumentReservations(
  tx: Tx,
  kind: 'reserve' | 'release',
  document: Pick<StockOperation, 'companyId' | 'documentType' | 'documentId' | 'userId'>,
  order: readonly { line: Pick<StockOperation, 'productId' | 'warehouseId' | 'quantity'>; index: number }[],
) {
  const { companyId } = document;
  for (const { line } of order) assertValidQuantity(line.quantity);
  const rows = await queries.lockAndMoveReservations(
    tx,
    {
      companyId,
      reason: kind,
      documentType: document.documentType,
      documentId: document.documentId,
      userId: document.userId,
    },
    order.map(({ line }) => ({
      productId: line.productId,
      warehouseId: line.warehouseId,
      reserved: kind === 'reserve' ? decimal(line.quantity) : `-${decimal(line.quantity)}`,
    })),
  );
  const contextOf = new Map(rows.map((row) => [`${row.line_product_id}:${row.line_warehouse_id}`, row]));
  const reorderChecks: number[] = [];
  // The lines in product order, each checked as operateOnStock checks it: the first refusal throws.
  for (const { line } of order) {
    const context = contextOf.get(`${line.productId}:${line.warehouseId}`);
    assertMovable(kind, line, context);
    if (Number(context.reorder_point) > 0) reorderChecks.push(line.productId);
  }
  // The sales side's hot path: only products with a reorder point need the check, and it need
  // not keep the stock rows locked.
  if (reorderChecks.length > 0) {
    const productIds = [...new Set(reorderChecks)];
    await afterCommit(tx, (later) => alertOnReorderPoints(later, companyId, productIds));
  }
  const results: Awaited<ReturnType<typeof operateOnStock>>[] = new Array(order.length);
  for (const { line, index } of order) {
    const row = contextOf.get(`${line.productId}:${line.warehouseId}`);
    // Every line was checked above, so every line moved.
    if (!row || row.ledger_id === null) throw new Error('a reservation moved fewer levels than it checked');
    const moved = {
      id: row.ledger_id,
      batch_id: row.batch_id,
      quantity: Number(row.quantity),
      balance_after: Number(row.balance_after),
      reserved_after: Number(row.reserved_after),
      created_at: row.created_at as Date,
    };
    results[index] = { ...moved, rows: [moved] };
  }
  return results;
}

/** A quantity a stock movement takes: positive, at most MAX_QUANTITY, in thousandths. */
function assertValidQuantity(quantity: number) {
  if (
    !Number.isFinite(quantity) ||
    quantity <= 0 ||
    quantity > MAX_QUANTITY ||
    roundQuantity(quantity) !== quantity
  ) {
    throw validationError('quantity', 'Please enter a valid quantity');
  }
}

/** The refusals of one line of a document's reservations, as operateOnStock words them. */
function assertMovable(
  kind: 'reserve' | 'release',
  line: Pick<StockOperation, 'productId' | 'warehouseId' | 'quantity'>,
  context: queries.StockLineContext | undefined,
): asserts context is queries.StockLineContext {
  const { productId, quantity } = line;
  if (!context) throw validationError('warehouse', 'Warehouse Not Found');
  if (!context.is_active) throw validationError('warehouse', warehouseInactiveMessage(context.name));
  if (!context.branch_is_active)
    throw validationError('warehouse', branchInactiveMessage(context.branch_name));
  if (context.product_id === null) throw validationError('product', 'Product Not Found');
  const onHand = Number(context.available_stock ?? 0);
  const reserved = Number(context.df_quantity ?? 0);
  const hasLevel = context.available_stock !== null;
  const allowed =
    kind === 'reserve'
      ? context.allow_back_ordering === true ||
        (hasLevel && milli(onHand) - milli(reserved) >= milli(quantity))
      : hasLevel && milli(reserved) >= milli(quantity);
  if (!allowed) {
    throw conflict(
      refusal(kind, {
        product: context.product_name ?? `product ${productId}`,
        warehouse: context.name,
        quantity,
        onHand,
        reserved,
      }),
    );
  }
}

/** Reserves every line of a document (a confirmed order), locking stock rows in product order. */
/** Stock levels of several documents locked at once, in the lock order (see lockStockLevels). */
export const lockStockLevels = queries.lockStockLevels;

export const reserveLines = (
  tx: Tx,
  document: Parameters<typeof stockLines>[2],
  lines: Parameters<typeof stockLines>[3],
) => stockLines(tx, 'reserve', document, lines);

/**
 * The warehouse must be one of the company's and active, and so must its branch; both are
 * share-locked until the transaction ends. Refusals are 400s on `field` (for forms that choose a
 * warehouse).
 */
export async function assertActiveWarehouse(
  tx: Executor,
  companyId: number,
  warehouseId: number,
  field: string,
) {
  const warehouse = await queries.findWarehouseForShare(tx, companyId, warehouseId);
  if (!warehouse) throw validationError(field, 'Warehouse Not Found');
  if (!warehouse.is_active) throw validationError(field, warehouseInactiveMessage(warehouse.name));
  if (!warehouse.branch_is_active) throw validationError(field, branchInactiveMessage(warehouse.branch_name));
  return warehouse;
}

/**
 * Stock per branch and warehouse of each product, in one query: the warehouses that hold (or
 * held) the product, grouped by branch. The spec's displayed stock is derived from it by
 * `displayedStock` in the domain package.
 */
export async function stockOfProducts(
  db: Executor,
  companyId: number,
  productIds: readonly number[],
): Promise<Map<number, ProductStock>> {
  const result = new Map<number, ProductStock>();
  for (const id of productIds) result.set(id, { in_stock: false, stock_by_branches: [] });
  if (productIds.length === 0) return result;
  const rows = await queries.stockRowsOf(db, companyId, productIds);
  for (const row of rows) {
    const stock = result.get(row.product_id);
    if (!stock) continue;
    let branch = stock.stock_by_branches.find((b) => b.id === row.branch_id);
    if (!branch) {
      branch = { id: row.branch_id, name: row.branch_name, stock_by_warehouses: [] };
      stock.stock_by_branches.push(branch);
    }
    branch.stock_by_warehouses.push({
      id: row.warehouse_id,
      name: row.warehouse_name,
      available_stock: row.available_stock,
      df_quantity: row.df_quantity,
    });
  }
  for (const stock of result.values()) {
    stock.in_stock = isInStock(stock.stock_by_branches.flatMap((b) => b.stock_by_warehouses));
  }
  return result;
}

/**
 * The stock buyers may see of each product: private warehouses (and inactive warehouses or
 * branches) left out, by the domain's buyerVisibleStock. Every buyer-facing figure (a buyer's
 * catalogue, an order form) reads stock through this, never through stockOfProducts.
 */
export async function buyerStockOfProducts(
  db: Executor,
  companyId: number,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = productIds.length === 0 ? [] : await queries.buyerStockRowsOf(db, companyId, productIds);
  const result = new Map<number, number>();
  for (const id of productIds) {
    result.set(id, buyerVisibleStock(rows.filter((row) => row.product_id === id)));
  }
  return result;
}

export const ledgerOf = queries.ledgerOf;

/**
 * Assigns products to a warehouse: an assigned product of a warehouse is a stock row there, so
 * each product without one gets a row with zero stock (nothing moved, so no ledger row). The
 * caller has checked (and locked) the warehouse. Rows are inserted in product order, the order
 * stock movements lock them in.
 */
export async function assignProductsToWarehouse(
  tx: Tx,
  companyId: number,
  warehouseId: number,
  productIds: readonly number[],
): Promise<number[]> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  const found = new Set((await queries.findLiveProducts(tx, companyId, ids)).map((p) => p.id));
  const missing = productIds.findIndex((id) => !found.has(id));
  if (missing >= 0) throw validationError(`products.${missing}`, WAREHOUSE_MESSAGES.product_not_found);
  const inserted = await queries.insertEmptyStockLevels(tx, companyId, warehouseId, ids);
  return inserted.map((row) => row.product_id);
}

/** One warehouse's stock of each product assigned to it, with the spec's displayed stock. */
export async function warehouseInventory(
  db: Executor,
  companyId: number,
  warehouseId: number,
  filter: queries.WarehouseInventoryFilter,
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: WarehouseInventoryRow[] }> {
  const [{ n }, rows] = await queries.warehouseInventory(db, companyId, warehouseId, filter, sort, window);
  return {
    count: Number(n),
    results: rows.map((row) => ({
      product: {
        id: row.product_id,
        name: row.product_name,
        sku: row.product_sku,
        is_active: row.product_is_active,
      },
      available_stock: row.available_stock,
      df_quantity: row.df_quantity,
      stock: displayedWarehouseStock(row),
      in_stock: row.available_stock > 0,
      updated_at: row.updated_at,
    })),
  };
}

/** The company's products not yet assigned to the warehouse (no stock row there). */
export async function productsNotInWarehouse(
  db: Executor,
  companyId: number,
  warehouseId: number,
  search: string | undefined,
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.productsNotInWarehouse(db, companyId, warehouseId, search, window);
  return { count: Number(n), results: rows };
}

/**
 * GET products/{id}/batches: the product's batches on hand in each warehouse (first expiry first,
 * with days to expiry and status by the company's alert days), the stock in no batch, and the
 * batch configuration the forms follow.
 */
export async function productBatches(
  db: Executor,
  companyId: number,
  productId: number,
  warehouseId?: number,
  /** The caller's branches: their warehouses only (null: every branch). */
  branches?: BranchScope,
): Promise<ProductBatchList> {
  if (!(await queries.productExists(db, companyId, productId))) throw notFound('Product');
  const [settings, batches, levels] = await Promise.all([
    batchSettings(db, companyId),
    queries.productBatchStock(db, companyId, productId, warehouseId, branches),
    queries.productLevels(db, companyId, productId, warehouseId, branches),
  ]);
  const today = todayInIndia();
  const inBatches = new Map<number, number>();
  for (const row of batches) {
    inBatches.set(row.warehouse_id, roundQuantity((inBatches.get(row.warehouse_id) ?? 0) + row.quantity));
  }
  return {
    batch_configuration: {
      enabled: settings.enabled,
      mandatory: settings.mandatory,
      expiry_alert_days: settings.expiryAlertDays,
    },
    unbatched: levels
      .map((level) => ({
        warehouse: { id: level.warehouse_id, name: level.warehouse_name },
        quantity: roundQuantity(level.available_stock - (inBatches.get(level.warehouse_id) ?? 0)),
      }))
      .filter((row) => row.quantity > 0),
    results: batches.map((row) => ({
      batch: {
        id: row.id,
        batch_number: row.batch_number,
        manufactured_on: row.manufactured_on,
        expires_on: row.expires_on,
      },
      warehouse: { id: row.warehouse_id, name: row.warehouse_name },
      quantity: row.quantity,
      days_to_expiry: row.expires_on === null ? null : daysToExpiry(row.expires_on, today),
      status: batchStatus(row.expires_on, settings.expiryAlertDays, today),
    })),
  };
}
