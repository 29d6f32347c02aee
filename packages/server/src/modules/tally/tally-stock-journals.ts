import { inventoryAdjustmentReasonLabel } from '@b2b/domain/inventory-adjustments';
import {
  stockValue,
  type TallyAction,
  type TallyStockJournal,
  type TallyStockLine,
} from '@b2b/domain/tally/tally-xml';
import type { PreparedDocument } from './tally-prepared-document.ts';
import type { StockJournalHead, StockJournalKind, StockJournalLine } from './tally-stock-journals.queries.ts';

/**
 * An inventory adjustment or transfer as a Tally stock journal (issue 22), from the stock ledger
 * rows it posted (tally-stock-journals.queries.ts says which, and the date). The voucher type is the
 * branch's Stock Journal mapping (Tally's own 'Stock Journal' while the branch names none). Goods
 * name the product's Tally name and the warehouse's; a product or warehouse without one is listed.
 */
export function prepareStockJournal(
  names: { branchId: number; voucherTypes: { stock_journal: string } },
  kind: StockJournalKind,
  head: StockJournalHead,
  lines: readonly StockJournalLine[],
  guid: string,
  action: TallyAction,
): PreparedDocument {
  const problems: PreparedDocument['problems'] = [];
  const journal: TallyStockJournal = {
    kind: 'stock_journal',
    guid,
    action,
    voucherType: names.voucherTypes.stock_journal,
    date: head.date,
    number: head.number,
    goodsIn: [],
    goodsOut: [],
  };
  if (action === 'Cancel') return { kind, head, guid, action, problems, voucher: journal };

  const seen = new Set<string>();
  const warehouseProblem = (id: number, name: string, godown: string | null) => {
    if (godown || seen.has(`w${id}`)) return;
    seen.add(`w${id}`);
    problems.push({ missing: `Warehouse ${name} has no Tally name.`, target: 'warehouse', id });
  };
  for (const line of lines) {
    if (!line.stock_item && !seen.has(`p${line.product_id}`)) {
      seen.add(`p${line.product_id}`);
      problems.push({
        missing: `Product ${line.product_name} has no Tally name.`,
        target: 'product',
        id: line.product_id,
      });
    }
    warehouseProblem(line.warehouse_id, line.warehouse_name, line.godown);
  }
  if (kind === 'inventory_transfer' && head.destination_id !== null) {
    warehouseProblem(head.destination_id, head.destination_name ?? '', head.destination_godown);
  }
  if (problems.length > 0) return { kind, head, guid, action, problems, voucher: null };

  for (const line of lines) {
    const quantity = Number(line.quantity);
    const goods: TallyStockLine = {
      stockItem: line.stock_item as string,
      unit: line.unit,
      quantity: Math.abs(quantity),
      // No rate known anywhere: the goods go in at nil value rather than at an invented one.
      amountPaise: line.rate_paise === null ? 0 : stockValue(quantity, Number(line.rate_paise)),
      godown: line.godown as string,
      batch: line.batch_number,
    };
    if (kind === 'inventory_transfer') {
      // What left the source arrives at the destination, the same batch at the same value.
      journal.goodsOut.push(goods);
      journal.goodsIn.push({ ...goods, godown: head.destination_godown as string });
    } else if (quantity > 0) {
      journal.goodsIn.push(goods);
    } else {
      journal.goodsOut.push(goods);
    }
  }
  const narration =
    kind === 'inventory_adjustment'
      ? [inventoryAdjustmentReasonLabel(head.reason ?? ''), head.notes].filter(Boolean).join(': ')
      : head.notes;
  return { kind, head, guid, action, problems, voucher: { ...journal, narration: narration || null } };
}
