import {
  type AdjustAgainstPurchaseInput,
  CONTRA_MESSAGES,
  type ContraAdjustmentOutput,
  type ContraBillsOutput,
  contraCancelRefusal,
  moreThanBillMessage,
  moreThanInvoiceMessage,
  samePartyBy,
} from '@b2b/domain/contra';
import { invoiceAmountDuePaise } from '@b2b/domain/invoices';
import { toPaise, toRupees } from '@b2b/domain/money';
import { AppError, conflict, type FieldErrors, validationError } from '../../core/errors.ts';
import { assertBranchAccess, branchScope, hasPermission, type Principal } from '../../core/principal.ts';
import { lockBuyerMoney, lockSellerMoney } from '../../db/lock-order.ts';
import { type Executor, type Tx, withinTransaction } from '../../db/transaction.ts';
import { BILL_ENTITY } from '../bills/bill-reads.ts';
import * as bills from '../bills/bills.queries.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { historyPage, historyWriter } from '../history/history.service.ts';
import { settleInvoice } from '../invoice-settlement/invoice-settlement.service.ts';
import { nextNumber, paymentDate } from '../payments/payment-checks.ts';
import { documentHistory } from '../sales-documents/document-entities.ts';
import { lockInvoice } from '../sales-documents/document-invoice.queries.ts';
import * as queries from './contra-adjustments.queries.ts';

/**
 * Contra adjustments (issue 19): an invoice to a party set off against the same party's bills
 * (domain contra.ts says who is the same party). One transaction settles both sides:
 * - the invoice through invoice settlement (`creditedPaise`, as a credit note applied), and the
 *   buyer ledger takes a credit adjustment naming the contra, so the buyer owes that much less;
 * - each bill through `changeBillSettlement` (`creditedPaise`), so we owe the seller that much less
 *   (the seller ledger reads the contra lines).
 *
 * LOCK ORDER (db/lock-order.ts, docs/locking.md, contra): (0) the Idempotency-Key row; (1) the
 * buyer's money lock (the sales side's level 1); then the seller's money lock (the purchase side's
 * level 1); (2) the invoice, then the bills FOR UPDATE in bill id order; everything is written
 * under these locks, and (4) the CON number counter is taken last. A payment received on the
 * invoice queues on the buyer, a payment made on a bill queues on the seller, so neither can
 * settle more than the balance this path saw; a bill change (void) locks its bill alone and is
 * refused once a contra has settled any of it.
 */

const CONTRA_SERIES = 'CON';
export const CONTRA_ENTITY = 'contra_adjustment';
const recordContraHistory = historyWriter(CONTRA_ENTITY);
const recordBillHistory = historyWriter(BILL_ENTITY);

const contraNotFound = () => new AppError('not_found', CONTRA_MESSAGES.not_found);
const invoiceNotFound = () => new AppError('not_found', 'Invoice Not Found');

/** The contra needs both: changing the invoice and paying the seller (the bill side is a payment made). */
function assertCanAdjust(actor: Principal) {
  if (!hasPermission(actor, 'change_invoice') || !hasPermission(actor, 'add_payment_made')) {
    throw new AppError('permission_denied', 'You do not have permissions to perform this action.');
  }
}

const identity = (row: {
  name: string;
  gst_number: string | null;
  pan: string | null;
  phone: string | null;
}) => ({
  name: row.name,
  gstin: row.gst_number,
  pan: row.pan,
  phone: row.phone,
});

const invoiceDue = (invoice: {
  status: string;
  total_paise: number | string;
  amount_paid_paise: number | string;
  credited_paise: number | string;
  write_off_paise: number | string;
}) =>
  invoiceAmountDuePaise({
    totalPaise: Number(invoice.total_paise),
    paidPaise: Number(invoice.amount_paid_paise),
    creditedPaise: Number(invoice.credited_paise),
    writtenOffPaise: Number(invoice.write_off_paise),
    cancelled: invoice.status === 'cancelled',
  });

/** The seller that is the same party as the invoice's buyer, if the company has one. */
async function matchingSeller(
  db: Executor,
  companyId: number,
  invoice: NonNullable<Awaited<ReturnType<typeof queries.findInvoiceParty>>>,
) {
  const buyer = {
    name: invoice.buyer_name,
    gstin: invoice.buyer_gstin,
    pan: invoice.buyer_pan,
    phone: invoice.buyer_phone,
  };
  const candidates = await queries.sellerCandidates(db, companyId, buyer);
  return candidates.find((seller) => samePartyBy(buyer, identity(seller)) !== null) ?? null;
}

/**
 * GET admin/invoices/{id}/contra_bills: the seller that is the invoice's buyer, its open bills
 * (the caller's branches) with balances, and the invoice's balance; `refusal` says why nothing
 * can be adjusted.
 */
export async function contraBillsOf(
  db: Executor,
  actor: Principal,
  invoiceId: number,
): Promise<ContraBillsOutput> {
  assertCanAdjust(actor);
  const invoice = await queries.findInvoiceParty(db, actor.companyId, invoiceId);
  if (!invoice) throw invoiceNotFound();
  const due = invoiceDue(invoice);
  const seller = await matchingSeller(db, actor.companyId, invoice);
  const open = seller
    ? await queries.openBillsOfSeller(db, actor.companyId, seller.id, branchScope(actor))
    : [];
  const refusal =
    invoice.status === 'cancelled'
      ? CONTRA_MESSAGES.invoice_cancelled
      : due === 0
        ? CONTRA_MESSAGES.invoice_nothing_due
        : seller
          ? null
          : CONTRA_MESSAGES.no_matching_seller(invoice.buyer_name);
  return {
    invoice_due: toRupees(due),
    seller: seller ? { id: seller.id, name: seller.name } : null,
    refusal,
    bills: open.map((bill) => ({
      id: bill.id,
      bill_number: bill.bill_number,
      bill_date: bill.bill_date,
      due_date: bill.due_date,
      total: toRupees(Number(bill.total_paise)),
      balance_due: toRupees(bills.billBalancePaise(bill)),
    })),
  };
}

/**
 * POST admin/invoices/{id}/adjust_against_purchase. Every refusal is a sentence and changes
 * nothing: another party's bills, a bill listed twice, a void or draft bill, more than a bill's
 * balance, more in all than the invoice's balance, a cancelled invoice.
 */
export function adjustAgainstPurchase(options: {
  db: Executor;
  actor: Principal;
  invoiceId: number;
  input: AdjustAgainstPurchaseInput;
}): Promise<ContraAdjustmentOutput> {
  const { db, actor, invoiceId, input } = options;
  const { companyId } = actor;
  assertCanAdjust(actor);
  const date = paymentDate(input.date, 'date');
  return withinTransaction(db, async (tx) => {
    const party = await queries.findInvoiceParty(tx, companyId, invoiceId);
    if (!party) throw invoiceNotFound();
    // Level 1: the buyer's money.
    await lockBuyerMoney(tx, companyId, party.buyer_id);

    // The bills the request names: each once, of this company and the caller's branches, one seller.
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    const named = await queries.findBills(
      tx,
      companyId,
      input.bills.map((b) => b.bill),
    );
    const byId = new Map(named.map((bill) => [bill.id, bill]));
    input.bills.forEach((line, index) => {
      const bill = byId.get(line.bill);
      if (!bill) errors[`bills.${index}.bill`] = [CONTRA_MESSAGES.bill_not_found];
      else if (seen.has(line.bill))
        errors[`bills.${index}.bill`] = [CONTRA_MESSAGES.bill_twice(bill.bill_number)];
      seen.add(line.bill);
    });
    const firstError = Object.values(errors)[0]?.[0];
    if (firstError) throw new AppError('validation_error', firstError, { errors });
    for (const bill of named) assertBranchAccess(actor, bill.branch_id);
    const sellerIds = new Set(named.map((bill) => bill.seller_id));
    if (sellerIds.size > 1) throw validationError('bills', CONTRA_MESSAGES.bills_of_two_sellers);
    const sellerId = named[0]?.seller_id;
    const seller =
      sellerId === undefined ? undefined : await queries.findSellerParty(tx, companyId, sellerId);
    if (!seller) throw validationError('bills', CONTRA_MESSAGES.bill_not_found);
    const buyer = {
      name: party.buyer_name,
      gstin: party.buyer_gstin,
      pan: party.buyer_pan,
      phone: party.buyer_phone,
    };
    if (samePartyBy(buyer, identity(seller)) === null) {
      throw validationError('bills', CONTRA_MESSAGES.other_party(party.buyer_name, seller.name));
    }
    // The seller's money, then the invoice, then the bills in id order.
    await lockSellerMoney(tx, companyId, seller.id);
    const invoice = await lockInvoice(tx, companyId, invoiceId);
    if (!invoice) throw invoiceNotFound();
    if (invoice.status === 'cancelled') throw conflict(CONTRA_MESSAGES.invoice_cancelled);
    const locked = await bills.lockBillsById(tx, companyId, [...seen]);
    const lockedById = new Map(locked.map((bill) => [bill.id, bill]));
    const lines = input.bills.map((line, index) => ({
      billId: line.bill,
      amountPaise: toPaise(line.amount),
      index,
    }));
    for (const line of lines) {
      const bill = lockedById.get(line.billId);
      if (!bill) throw validationError(`bills.${line.index}.bill`, CONTRA_MESSAGES.bill_not_found);
      const field = `bills.${line.index}`;
      if (bill.status === 'void')
        throw validationError(`${field}.bill`, CONTRA_MESSAGES.bill_void(bill.bill_number));
      if (bill.status === 'draft')
        throw validationError(`${field}.bill`, CONTRA_MESSAGES.bill_not_open(bill.bill_number));
      const balance = bills.billBalancePaise(bill);
      if (balance === 0)
        throw validationError(`${field}.bill`, CONTRA_MESSAGES.bill_not_open(bill.bill_number));
      if (line.amountPaise > balance) {
        throw validationError(`${field}.amount`, moreThanBillMessage(bill.bill_number, balance));
      }
    }
    const totalPaise = lines.reduce((sum, line) => sum + line.amountPaise, 0);
    const due = invoiceDue(invoice);
    if (totalPaise > due) throw validationError('bills', moreThanInvoiceMessage(due));

    // Both sides, under the locks already held.
    const settled = await settleInvoice(tx, { companyId, invoiceId, creditedPaise: totalPaise });
    lines.sort((a, b) => a.billId - b.billId);
    for (const line of lines) {
      const result = await bills.changeBillSettlement(tx, companyId, line.billId, {
        creditedPaise: line.amountPaise,
      });
      if (Number(result.numUpdatedRows) !== 1) throw conflict(CONTRA_MESSAGES.adjust_failed);
    }

    // Level 4, last: the number.
    const { number, financialYear } = await nextNumber(
      tx,
      companyId,
      CONTRA_SERIES,
      'contra_adjustment',
      date,
    );
    const { id } = await queries.insertContra(tx, {
      company_id: companyId,
      contra_number: number,
      financial_year: financialYear,
      contra_date: date,
      invoice_id: invoiceId,
      buyer_id: party.buyer_id,
      seller_id: seller.id,
      branch_id: invoice.branch_id,
      amount_paise: totalPaise,
      notes: input.notes ?? null,
      created_by: actor.userId,
    });
    await queries.insertContraLines(
      tx,
      lines.map((line) => ({
        company_id: companyId,
        contra_adjustment_id: id,
        bill_id: line.billId,
        amount_paise: line.amountPaise,
      })),
    );
    const billNumbers = lines.map((line) => lockedById.get(line.billId)?.bill_number ?? String(line.billId));
    await postBuyerLedgerEntry(tx, {
      companyId,
      buyerId: party.buyer_id,
      type: 'credit_adjustment',
      creditPaise: totalPaise,
      entryDate: date,
      branchId: invoice.branch_id,
      referenceNumber: number,
      notes: `Adjusted invoice ${settled.invoiceNumber} against bill ${billNumbers.join(', ')}`,
      documentType: CONTRA_ENTITY,
      documentId: id,
      userId: actor.userId,
    });

    const who = { companyId, userId: actor.userId };
    await documentHistory.invoice(tx, who, invoiceId, 'adjusted_against_purchase', {
      contra_adjustment: number,
      amount: toRupees(totalPaise),
      bills: lines.map((line, i) => ({ bill: billNumbers[i], amount: toRupees(line.amountPaise) })),
    });
    for (const [i, line] of lines.entries()) {
      const bill = lockedById.get(line.billId);
      await recordBillHistory(tx, who, line.billId, 'adjusted_against_invoice', {
        contra_adjustment: number,
        invoice: settled.invoiceNumber,
        amount: toRupees(line.amountPaise),
        amount_credited: {
          from: toRupees(Number(bill?.credited_paise ?? 0)),
          to: toRupees(Number(bill?.credited_paise ?? 0) + line.amountPaise),
        },
        bill: billNumbers[i],
      });
    }
    await recordContraHistory(tx, who, id, 'created', {
      contra_number: number,
      invoice: settled.invoiceNumber,
      seller: seller.name,
      amount: toRupees(totalPaise),
    });
    return getContra(tx, actor, id);
  });
}

/**
 * POST admin/contra_adjustments/{id}/cancel: the invoice and each bill are due again by what the
 * contra settled, the buyer ledger is debited back, the contra stays as cancelled. Same locks as
 * the adjustment: buyer, seller, the contra's row, the invoice, the bills in id order.
 */
export function cancelContra(options: { db: Executor; actor: Principal; id: number; reason?: string }) {
  const { db, actor, id } = options;
  const { companyId } = actor;
  assertCanAdjust(actor);
  return withinTransaction(db, async (tx) => {
    const owner = await queries.findContraOwner(tx, companyId, id);
    if (!owner) throw contraNotFound();
    const scope = branchScope(actor);
    if (scope && !scope.includes(owner.branch_id)) throw contraNotFound();
    await lockBuyerMoney(tx, companyId, owner.buyer_id);
    await lockSellerMoney(tx, companyId, owner.seller_id);
    const contra = await queries.lockContra(tx, companyId, id);
    if (!contra) throw contraNotFound();
    const invoice = await lockInvoice(tx, companyId, contra.invoice_id);
    if (!invoice) throw contraNotFound();
    const lines = await queries.linesOf(tx, companyId, [id]);
    const locked = await bills.lockBillsById(
      tx,
      companyId,
      lines.map((line) => line.bill_id),
    );
    const refusal = contraCancelRefusal({
      status: contra.status,
      invoiceCancelled: invoice.status === 'cancelled',
      billVoid: locked.some((bill) => bill.status === 'void'),
    });
    if (refusal) throw conflict(refusal);
    const totalPaise = Number(contra.amount_paise);
    await settleInvoice(tx, { companyId, invoiceId: contra.invoice_id, creditedPaise: -totalPaise });
    const byId = new Map(locked.map((bill) => [bill.id, bill]));
    const who = { companyId, userId: actor.userId };
    for (const line of lines) {
      const amountPaise = Number(line.amount_paise);
      const result = await bills.changeBillSettlement(tx, companyId, line.bill_id, {
        creditedPaise: -amountPaise,
      });
      if (Number(result.numUpdatedRows) !== 1) throw conflict(CONTRA_MESSAGES.cancel_failed);
      const credited = Number(byId.get(line.bill_id)?.credited_paise ?? 0);
      await recordBillHistory(tx, who, line.bill_id, 'contra_adjustment_cancelled', {
        contra_adjustment: contra.contra_number,
        invoice: invoice.invoice_number,
        amount: toRupees(amountPaise),
        amount_credited: { from: toRupees(credited), to: toRupees(credited - amountPaise) },
      });
    }
    await queries.markCancelled(tx, companyId, id, actor.userId);
    await postBuyerLedgerEntry(tx, {
      companyId,
      buyerId: contra.buyer_id,
      type: 'debit_adjustment',
      debitPaise: totalPaise,
      branchId: contra.branch_id,
      referenceNumber: contra.contra_number,
      notes: `Contra adjustment ${contra.contra_number} cancelled`,
      documentType: CONTRA_ENTITY,
      documentId: id,
      userId: actor.userId,
    });
    await documentHistory.invoice(tx, who, contra.invoice_id, 'contra_adjustment_cancelled', {
      contra_adjustment: contra.contra_number,
      amount: toRupees(totalPaise),
    });
    await recordContraHistory(tx, who, id, 'cancelled', {
      status: { from: 'active', to: 'cancelled' },
      ...(options.reason ? { reason: options.reason } : {}),
    });
    return getContra(tx, actor, id);
  });
}

/** GET admin/contra_adjustments/{id} */
export async function getContra(
  db: Executor | Tx,
  actor: Principal,
  id: number,
): Promise<ContraAdjustmentOutput> {
  const row = await queries.findContra(db, actor.companyId, id);
  if (!row) throw contraNotFound();
  const scope = branchScope(actor);
  if (scope && !scope.includes(row.branch_id)) throw contraNotFound();
  const lines = await queries.linesOf(db, actor.companyId, [id]);
  return {
    id: row.id,
    contra_number: row.contra_number,
    date: row.contra_date,
    status: row.status,
    invoice: { id: row.invoice_id, invoice_number: row.invoice_number },
    buyer: { id: row.buyer_id, name: row.buyer_name },
    seller: { id: row.seller_id, name: row.seller_name },
    amount: toRupees(Number(row.amount_paise)),
    lines: lines.map((line) => ({
      bill: { id: line.bill_id, bill_number: line.bill_number },
      amount: toRupees(Number(line.amount_paise)),
    })),
    notes: row.notes,
    created_by:
      row.created_by === null
        ? null
        : { id: row.created_by, first_name: row.first_name ?? '', last_name: row.last_name ?? '' },
    created_at: row.created_at,
    cancelled_at: row.cancelled_at,
  };
}

/** GET admin/contra_adjustments/{id}/history: who adjusted and who cancelled, when (the caller's branches). */
export async function contraHistory(db: Executor, actor: Principal, id: number) {
  await getContra(db, actor, id);
  return historyPage(db, actor.companyId, CONTRA_ENTITY, id);
}
