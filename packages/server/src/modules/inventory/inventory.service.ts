import { branchInactiveMessage, warehouseInactiveMessage } from '@b2b/domain/api/warehouses';
import { formatQuantity } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { conflict, validationError } from '../../core/errors.ts';
import { afterCommit, type Tx } from '../../db/transaction.ts';
import { alertOnReorderPoint, alertOnReorderPoints } from '../reorder-alerts/reorder-alerts.service.ts';
import * as queries from './inventory.queries.ts';
import { type BatchChoice, splitOverBatches } from './stock-batches.ts';
import { decimal, writeLedgerRows } from './stock-ledger.ts';

export { type BatchChoice, batchSettings, inTransitOf } from './stock-batches.ts';
export { availableStockOf, productsInStock } from './stock-levels.queries.ts';

// The sales side's stock operations (reserve, release, issue, receive, return) on one line or on
// the lines of a document. Other movements: stock-movements.ts; stock levels: stock-levels.ts;
// batches: stock-batches.ts.

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

/**
 * Goods into stock for the lines of a document (a bill received), each line at its cost: with the
 * same checks, refusals and ledger rows as one receiveStock per line in product order, in three
 * statements instead of three per line when no line names a batch and no product and warehouse
 * comes twice (otherwise line by line). `atLine` words a refusal for the line it is about.
 */
export async function receiveStockLines(
  tx: Tx,
  document: Pick<StockOperation, 'companyId' | 'documentType' | 'documentId' | 'userId'>,
  lines: readonly Pick<StockOperation, 'productId' | 'warehouseId' | 'quantity' | 'ratePaise' | 'batch'>[],
  atLine: (error: unknown, index: number) => unknown = (error) => error,
): Promise<void> {
  const order = lines
    .map((line, index) => ({ line, index }))
    .sort(
      (a, b) =>
        a.line.productId - b.line.productId || a.line.warehouseId - b.line.warehouseId || a.index - b.index,
    );
  const key = (l: { productId: number; warehouseId: number }) => `${l.productId}:${l.warehouseId}`;
  const setBased = lines.every((l) => !l.batch) && new Set(lines.map(key)).size === lines.length;
  if (!setBased) {
    for (const { line, index } of order) {
      try {
        await operateOnStock(tx, 'receive', { ...document, ...line });
      } catch (error) {
        throw atLine(error, index);
      }
    }
    return;
  }
  const { companyId } = document;
  const contexts = await queries.findMovementContexts(tx, companyId, lines);
  const contextOf = new Map(contexts.map((c) => [`${c.line_product_id}:${c.line_warehouse_id}`, c]));
  for (const { line, index } of order) {
    try {
      assertValidQuantity(line.quantity);
      const context = contextOf.get(key(line));
      if (!context) throw validationError('warehouse', 'Warehouse Not Found');
      if (!context.is_active) throw validationError('warehouse', warehouseInactiveMessage(context.name));
      if (!context.branch_is_active)
        throw validationError('warehouse', branchInactiveMessage(context.branch_name));
      if (context.product_id === null) throw validationError('product', 'Product Not Found');
    } catch (error) {
      throw atLine(error, index);
    }
  }
  const levels = await queries.addToStockLevels(
    tx,
    companyId,
    order.map(({ line }) => ({
      productId: line.productId,
      warehouseId: line.warehouseId,
      onHand: decimal(line.quantity),
    })),
  );
  const levelOf = new Map(levels.map((l) => [`${l.product_id}:${l.warehouse_id}`, l]));
  await queries.insertLedgerEntries(
    tx,
    order.map(({ line }) => {
      const level = levelOf.get(key(line));
      if (!level) throw new Error('a receipt moved fewer levels than it has lines');
      return {
        company_id: companyId,
        product_id: line.productId,
        warehouse_id: line.warehouseId,
        quantity: decimal(line.quantity),
        balance_after: Number(level.available_stock),
        reserved_quantity: '0',
        reserved_after: Number(level.df_quantity),
        rate_paise: line.ratePaise ?? null,
        reason: 'receive',
        document_type: document.documentType,
        document_id: document.documentId,
        user_id: document.userId,
        batch_id: null,
      };
    }),
  );
  const reorderChecks = order
    .filter(({ line }) => Number(contextOf.get(key(line))?.reorder_point) > 0)
    .map(({ line }) => line.productId);
  if (reorderChecks.length > 0) {
    const productIds = [...new Set(reorderChecks)];
    await afterCommit(tx, (later) => alertOnReorderPoints(later, companyId, productIds));
  }
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

/** Stock levels of several documents locked at once, in the lock order (see lockStockLevels). */
export const lockStockLevels = queries.lockStockLevels;

/** Reserves every line of a document (a confirmed order), locking stock rows in product order. */
export const reserveLines = (
  tx: Tx,
  document: Parameters<typeof stockLines>[2],
  lines: Parameters<typeof stockLines>[3],
) => stockLines(tx, 'reserve', document, lines);
