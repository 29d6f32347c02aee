import { branchInactiveMessage, warehouseInactiveMessage } from '@b2b/domain/api/warehouses';
import { formatQuantity } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import { conflict, validationError } from '../../core/errors.ts';
import type { Tx } from '../../db/transaction.ts';
import { alertOnReorderPoint } from '../reorder-alerts/reorder-alerts.service.ts';
import * as queries from './inventory.queries.ts';
import { type BatchChoice, splitOverBatches } from './stock-batches.ts';
import { decimal, writeLedgerRows } from './stock-ledger.ts';

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
  // The sales side's reservation API (reserveStock and its siblings in inventory.service.ts).
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

export const ledgerOf = queries.ledgerOf;
