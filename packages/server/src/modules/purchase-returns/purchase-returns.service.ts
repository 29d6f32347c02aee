import { toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import {
  billLineReturnable,
  moreThanReturnableMessage,
  PURCHASE_RETURN_MESSAGES,
  type PurchaseReturnInput,
  RETURNABLE_BILL_STATUSES,
} from '@b2b/domain/purchase-returns';
import { todayInIndia } from '@b2b/domain/validation';
import { AppError, conflict, type FieldErrors, validationError } from '../../core/errors.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import { lockSellerMoney } from '../../db/lock-order.ts';
import { type Executor, withinTransaction } from '../../db/transaction.ts';
import { BILL_ENTITY } from '../bills/bill-reads.ts';
import * as bills from '../bills/bills.queries.ts';
import * as notes from '../debit-notes/debit-notes.queries.ts';
import { applyToOwnBill, raiseDebitNote, voidNoteLocked } from '../debit-notes/debit-notes.service.ts';
import { historyWriter } from '../history/history.service.ts';
import { lockStockLevels, receiveStock } from '../inventory/inventory.service.ts';
import { postStockMovement } from '../inventory/stock-movements.ts';
import { nextNumber } from '../payments/payment-checks.ts';
import { dayOrThrow, decimal } from '../sales-documents/sales-document.ts';
import {
  lockUnitsForSeller,
  sendSerialNumbersToSeller,
  serialNumbersOnHandFromBill,
  voidSellerReturnSerialNumbers,
} from '../serial-numbers/serial-numbers.service.ts';
import * as queries from './purchase-returns.queries.ts';
import {
  getPurchaseReturn,
  PURCHASE_RETURN_ENTITY,
  purchaseReturnNotFound,
} from './purchase-returns.reads.ts';

/**
 * Purchase returns (issue 19): goods of a received bill go back to the seller, out of the bill's
 * warehouse from the batch they came in with, and a debit note reversing their input GST is raised
 * in the same transaction and applied to the bill up to its balance (the rest stays on the note as
 * the seller's credit).
 *
 * LOCK ORDER (db/lock-order.ts, purchases): (1) the seller (lockSellerMoney): every return of the
 * seller's bills and every money change of the seller queue there, so two returns of the last units
 * of one line never both pass the check; (2) the bill's row, FOR UPDATE; (3) the stock levels of
 * the lines, in product order, locked in one statement (lockStockLevels), (3b) the serial-numbered
 * units sent back (lockUnitsForSeller), before (4) the return and
 * debit note number counters, last; the movements then take no new level lock.
 */

const PURCHASE_RETURN_SERIES = 'PR';
const recordReturnHistory = historyWriter(PURCHASE_RETURN_ENTITY);
const recordBillHistory = historyWriter(BILL_ENTITY);
const billNotFound = () => new AppError('not_found', PURCHASE_RETURN_MESSAGES.bill_not_found);
const thousandths = (quantity: number) => Math.round(quantity * 1000);

/** The bill a return is made against, with its lines and what is returned of them (unlocked reads). */
export async function returnableOfBill(db: Executor, actor: Principal, billId: number) {
  const bill = await bills.findBill(db, actor.companyId, billId);
  if (!bill) throw billNotFound();
  const scope = branchScope(actor);
  if (scope && !scope.includes(bill.branch_id)) throw billNotFound();
  const [items, returned] = await Promise.all([
    bills.itemsOf(db, actor.companyId, billId),
    queries.returnedOfBill(db, actor.companyId, billId),
  ]);
  return { bill, items, returned };
}

/** GET admin/bills/{id}/returnable_items */
export async function billReturnable(db: Executor, actor: Principal, billId: number) {
  const { bill, items, returned } = await returnableOfBill(db, actor, billId);
  const serials = await serialNumbersOnHandFromBill(db, {
    companyId: actor.companyId,
    billId,
    warehouseId: bill.warehouse_id,
  });
  return {
    bill: {
      id: bill.id,
      bill_number: bill.bill_number,
      bill_date: dayOrThrow(bill.bill_date),
      status: bill.status,
      seller: { id: bill.seller_id, name: bill.seller_name },
      warehouse: { id: bill.warehouse_id, name: bill.warehouse_name },
    },
    items: items.map((item) => {
      const billed = Number(item.quantity);
      const back = returned.get(item.id) ?? 0;
      return {
        bill_item: item.id,
        product: { id: item.product_id, name: item.product_name, sku: item.sku },
        unit: item.unit,
        batch_number: item.batch_number,
        rate: toRupees(Number(item.rate_exclusive_paise)),
        tax_rate: Number(item.gst_rate),
        billed,
        returned: back,
        returnable: RETURNABLE_BILL_STATUSES.includes(bill.status as never)
          ? billLineReturnable({ billed, returned: back })
          : 0,
        // A tracked product's units still on hand from this bill: the ones a return may name.
        ...(serials.has(item.product_id) && { serial_numbers: serials.get(item.product_id) }),
      };
    }),
  };
}

/** POST admin/companies/{companyId}/purchase_returns */
export function createPurchaseReturn(options: {
  db: Executor;
  actor: Principal;
  input: PurchaseReturnInput;
}) {
  const { db, actor, input } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const owner = await bills.findBill(tx, companyId, input.bill);
    if (!owner) throw billNotFound();
    const scope = branchScope(actor);
    if (scope && !scope.includes(owner.branch_id)) throw billNotFound();
    // Level 1: the seller; level 2: the bill.
    await lockSellerMoney(tx, companyId, owner.seller_id);
    const locked = await bills.lockBill(tx, companyId, input.bill);
    const { bill, items, returned } = await returnableOfBill(tx, actor, input.bill);
    if (!locked) throw billNotFound();
    if (!RETURNABLE_BILL_STATUSES.includes(bill.status as never))
      throw conflict(PURCHASE_RETURN_MESSAGES.bill_not_received);
    const returnDate = input.return_date ?? todayInIndia();
    if (returnDate < dayOrThrow(bill.bill_date))
      throw validationError('return_date', PURCHASE_RETURN_MESSAGES.before_bill);

    // The lines asked for: each a line of the bill, once, within what is returnable.
    const byId = new Map(items.map((item) => [item.id, item]));
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    const chosen: { item: bills.BillItemRow; quantity: number; before: number }[] = [];
    input.items.forEach((asked, index) => {
      const item = byId.get(asked.bill_item);
      if (!item) {
        errors[`items.${index}.bill_item`] = [PURCHASE_RETURN_MESSAGES.item_not_in_bill];
        return;
      }
      if (seen.has(item.id)) {
        errors[`items.${index}.bill_item`] = [PURCHASE_RETURN_MESSAGES.item_repeated];
        return;
      }
      seen.add(item.id);
      const line = { billed: Number(item.quantity), returned: returned.get(item.id) ?? 0 };
      if (thousandths(asked.quantity) > thousandths(billLineReturnable(line))) {
        errors[`items.${index}.quantity`] = [
          moreThanReturnableMessage(item.product_name, line, asked.quantity),
        ];
        return;
      }
      chosen.push({ item, quantity: roundQuantity(asked.quantity), before: line.returned });
    });
    const first = Object.values(errors)[0]?.[0];
    if (first) throw new AppError('validation_error', first, { errors });
    chosen.sort((a, b) => a.item.position - b.item.position);

    // Level 3: the stock levels of the lines, product order, in one statement.
    await lockStockLevels(
      tx,
      companyId,
      chosen.map(({ item }) => ({ productId: item.product_id, warehouseId: bill.warehouse_id })),
    );
    // Level 3b: the serial-numbered units sent back, bought on this bill and on hand (issue 22).
    const units = await lockUnitsForSeller(tx, {
      companyId,
      lines: input.items.flatMap((asked, index) => {
        const item = byId.get(asked.bill_item);
        return item
          ? [
              {
                field: `items.${index}`,
                productId: item.product_id,
                quantity: asked.quantity,
                serialNumbers: asked.serial_numbers,
                billId: bill.id,
                warehouseId: bill.warehouse_id,
              },
            ]
          : [];
      }),
    });
    // Level 4, last: the return's number (the debit note's follows in raiseDebitNote).
    const { number, financialYear } = await nextNumber(
      tx,
      companyId,
      PURCHASE_RETURN_SERIES,
      'purchase_return',
      returnDate,
    );
    const totalQuantity = roundQuantity(chosen.reduce((sum, line) => sum + line.quantity, 0));
    const { id } = await queries.insertPurchaseReturn(tx, {
      company_id: companyId,
      return_number: number,
      financial_year: financialYear,
      bill_id: bill.id,
      seller_id: bill.seller_id,
      branch_id: bill.branch_id,
      warehouse_id: bill.warehouse_id,
      return_date: returnDate,
      reason: input.reason ?? null,
      total_quantity: decimal(totalQuantity),
      created_by: actor.userId,
    });
    await queries.insertPurchaseReturnItems(
      tx,
      chosen.map(({ item, quantity }, index) => ({
        company_id: companyId,
        purchase_return_id: id,
        position: index + 1,
        bill_item_id: item.id,
        product_id: item.product_id,
        quantity: decimal(quantity),
        batch_number: item.batch_number,
      })),
    );
    // The goods leave the bill's warehouse, from their batch, sellable stock only (product order).
    const moves = [...chosen].sort(
      (a, b) => a.item.product_id - b.item.product_id || a.item.position - b.item.position,
    );
    for (const { item, quantity } of moves) {
      try {
        await postStockMovement(tx, {
          companyId,
          productId: item.product_id,
          warehouseId: bill.warehouse_id,
          quantity: -quantity,
          reason: 'purchase_return',
          documentType: PURCHASE_RETURN_ENTITY,
          documentId: id,
          userId: actor.userId,
          keepReserved: true,
          batch: item.batch_number === null ? undefined : { batchNumber: item.batch_number },
        });
      } catch (error) {
        const index = input.items.findIndex((asked) => asked.bill_item === item.id);
        if (error instanceof AppError && error.code === 'conflict')
          throw new AppError('conflict', error.message, {
            errors: { [`items.${index}.quantity`]: [error.message] },
          });
        throw error;
      }
    }
    await sendSerialNumbersToSeller(tx, { companyId, userId: actor.userId, purchaseReturnId: id, units });
    const note = await raiseDebitNote(tx, actor, {
      parties: {
        sellerId: bill.seller_id,
        branchId: bill.branch_id,
        bill: { id: bill.id, billNumber: bill.bill_number },
        sellerGstin: bill.seller_gstin,
        sellerStateCode: bill.seller_state_code,
        branchStateCode: bill.branch_state_code,
        intraState: bill.is_intra_state,
        isTaxInclusive: bill.is_tax_inclusive,
        isReverseCharge: bill.is_reverse_charge,
      },
      date: returnDate,
      kind: 'purchase_return',
      reason: input.reason ?? null,
      reference: number,
      purchaseReturnId: id,
      lines: chosen.map(({ item, quantity, before }) => ({
        billItemId: item.id,
        product: {
          id: item.product_id,
          name: item.product_name,
          sku: item.sku,
          hsn: item.hsn,
          unit: item.unit,
        },
        gstRate: Number(item.gst_rate),
        cessRate: Number(item.cess_rate),
        itcEligible: item.itc_eligible,
        input: {
          line: {
            quantity,
            ratePaise: Number(item.rate_paise),
            discountPercent: Number(item.discount_percent),
            gstRatePercent: Number(item.gst_rate),
            cessRatePercent: Number(item.cess_rate),
            itcEligible: item.itc_eligible,
          },
          returnedBefore: before,
        },
      })),
    });
    await applyToOwnBill(tx, actor, note, bill.id);
    const returnedItems = chosen.map(({ item, quantity }) => ({ product: item.product_name, quantity }));
    await recordReturnHistory(tx, actor, id, 'created', {
      return_number: number,
      bill: bill.bill_number,
      items: returnedItems,
      debit_note: note.number,
      stock: 'The returned goods were taken out of stock.',
    });
    await recordBillHistory(tx, actor, bill.id, 'purchase_return_created', {
      purchase_return: number,
      debit_note: note.number,
      items: returnedItems,
    });
    return getPurchaseReturn(tx, companyId, id);
  });
}

/**
 * POST admin/purchase_returns/{id}/void: the return and its debit note together. The goods come
 * back into the bill's warehouse (their batch), the note's credit comes off the bills; refused
 * once the seller refunded the note.
 */
export function voidPurchaseReturn(options: { db: Executor; actor: Principal; id: number; reason?: string }) {
  const { db, actor, id } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const owner = await queries.ownerOfReturn(tx, companyId, id);
    if (!owner) throw purchaseReturnNotFound();
    const scope = branchScope(actor);
    if (scope && !scope.includes(owner.branch_id)) throw purchaseReturnNotFound();
    await lockSellerMoney(tx, companyId, owner.seller_id);
    const purchaseReturn = await queries.lockPurchaseReturn(tx, companyId, id);
    if (!purchaseReturn) throw purchaseReturnNotFound();
    if (purchaseReturn.status === 'void') throw conflict(PURCHASE_RETURN_MESSAGES.already_void);
    const found = await notes.findDebitNoteOfReturn(tx, companyId, id);
    const note = found && (await notes.lockDebitNote(tx, companyId, found.id));
    if (note && Number(note.refunded_paise) > 0) throw conflict(PURCHASE_RETURN_MESSAGES.void_refunded);
    if (note && note.status !== 'void') await voidNoteLocked(tx, actor, note, options.reason);
    const items = await queries.itemsOfReturn(tx, companyId, id);
    const billItems = new Map(
      (await bills.itemsOf(tx, companyId, purchaseReturn.bill_id)).map((i) => [i.id, i]),
    );
    for (const item of [...items].sort((a, b) => a.product_id - b.product_id || a.id - b.id)) {
      const billItem = billItems.get(item.bill_item_id);
      await receiveStock(tx, {
        companyId,
        productId: item.product_id,
        warehouseId: purchaseReturn.warehouse_id,
        quantity: Number(item.quantity),
        documentType: PURCHASE_RETURN_ENTITY,
        documentId: id,
        userId: actor.userId,
        ratePaise: billItem ? Number(billItem.rate_exclusive_paise) : null,
        batch:
          item.batch_number === null
            ? undefined
            : {
                batchNumber: item.batch_number,
                expiresOn: billItem?.expiry_date ? dayOrThrow(billItem.expiry_date) : null,
              },
      });
    }
    await voidSellerReturnSerialNumbers(tx, { companyId, userId: actor.userId, purchaseReturnId: id });
    await queries.markReturnVoid(tx, companyId, id, actor.userId);
    await recordReturnHistory(tx, actor, id, 'voided', {
      status: { from: purchaseReturn.status, to: 'void' },
      stock: 'The returned goods were put back into stock.',
      ...(note && { debit_note: note.debit_note_number }),
      ...(options.reason && { reason: options.reason }),
    });
    await recordBillHistory(tx, actor, purchaseReturn.bill_id, 'purchase_return_voided', {
      purchase_return: purchaseReturn.return_number,
    });
    return getPurchaseReturn(tx, companyId, id);
  });
}
