import { roundQuantity } from '@b2b/domain/products';
import type { Tx } from '../../db/transaction.ts';
import * as queries from './inventory.queries.ts';

// The ledger writing that stock movements and the sales side's stock operations share.

/** Quantities go to PostgreSQL as exact decimal text, never as binary floats. */
export const decimal = (quantity: number) => roundQuantity(quantity).toFixed(3);

type LedgerBase = Omit<
  Parameters<typeof queries.insertLedgerEntries>[1][number],
  'quantity' | 'balance_after' | 'reserved_quantity' | 'reserved_after' | 'batch_id'
>;

/**
 * Writes a movement's ledger rows, one per batch part, each with the running balances after it;
 * the last row's balances are the level's. Returns the last row with all the rows.
 */
export async function writeLedgerRows(
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
