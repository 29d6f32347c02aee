import { billSupplyType, sellerStateCode } from '@b2b/domain/bills';
import {
  type ApplyDebitNoteInput,
  computeDebitNote,
  DEBIT_NOTE_MESSAGES,
  type DebitNoteInput,
  type DebitNoteKind,
  type DebitNoteLineInput,
  type DebitNoteRefundInput,
  debitNoteBalancePaise,
  debitNoteRefusal,
  planDebitNoteApplications,
} from '@b2b/domain/debit-notes';
import { formatMoney, toPaise, toRupees } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import { conflict, validationError } from '../../core/errors.ts';
import { assertBranchAccess, branchScope, type Principal } from '../../core/principal.ts';
import { lockSellerMoney } from '../../db/lock-order.ts';
import { type Executor, type Tx, withinTransaction } from '../../db/transaction.ts';
import { BILL_ENTITY } from '../bills/bill-reads.ts';
import * as bills from '../bills/bills.queries.ts';
import { findBranch } from '../branches/branches.queries.ts';
import { assertDocumentPeriodOpen, assertGstPeriodOpen } from '../gst-returns/gst-period-lock.ts';
import { historyWriter } from '../history/history.service.ts';
import { assertPaymentMethod, nextNumber } from '../payments/payment-checks.ts';
import { findBankAccount } from '../payments-made/payments-made.queries.ts';
import { liveProducts } from '../quotations/quotation-pricing.queries.ts';
import { dayOrThrow, decimal } from '../sales-documents/sales-document.ts';
import { findSeller } from '../sellers/sellers.queries.ts';
import * as queries from './debit-notes.queries.ts';
import {
  assertNoteVisible,
  DEBIT_NOTE_ENTITY,
  debitNoteNotFound,
  getDebitNote,
} from './debit-notes.reads.ts';

/**
 * Debit notes (issue 19). LOCK ORDER (db/lock-order.ts, purchases): (0) the request's
 * Idempotency-Key row (refunds); (1) the seller, FOR NO KEY UPDATE (lockSellerMoney), as payments
 * made take it: one money change per seller at a time; (2) the note's row, then the bills, FOR
 * UPDATE in bill id order; (3) stock levels in product order (a purchase return's goods);
 * (4) the document-number counters, last. A note is applied only under its seller's lock, so two
 * applications (or a payment and an application) to one bill queue there and never over-settle it.
 */

export const DEBIT_NOTE_SERIES = 'DN';
const recordNoteHistory = historyWriter(DEBIT_NOTE_ENTITY);
const recordBillHistory = historyWriter(BILL_ENTITY);

/** A bill line as a debit note reverses it. */
export interface NoteLine {
  billItemId: number | null;
  product: { id: number; name: string; sku: string | null; hsn: string | null; unit: string | null };
  gstRate: number;
  cessRate: number;
  itcEligible: boolean;
  input: DebitNoteLineInput;
}

/** What a note is raised against: the bill's figures, or the seller and branch states without a bill. */
export interface NoteParties {
  sellerId: number;
  branchId: number;
  bill: { id: number; billNumber: string } | null;
  sellerGstin: string | null;
  sellerStateCode: string | null;
  branchStateCode: string | null;
  intraState: boolean;
  isTaxInclusive: boolean;
  isReverseCharge: boolean;
}

/**
 * Writes a debit note inside the caller's transaction (its seller and bill locked already): works
 * out the reversed tax with computeDebitNote, takes the number last (level 4), and writes the note,
 * its lines and a history row. Refuses a note worth nothing (400 on items) and, against a bill, one
 * that would take the bill's notes past the bill's total.
 */
export async function raiseDebitNote(
  tx: Tx,
  actor: Principal,
  note: {
    parties: NoteParties;
    date: string;
    kind: DebitNoteKind;
    reason: string | null;
    reference: string | null;
    purchaseReturnId: number | null;
    lines: NoteLine[];
    billTotalPaise?: number;
  },
) {
  const { companyId } = actor;
  const { parties } = note;
  await assertGstPeriodOpen(tx, companyId, parties.branchId, note.date);
  let computed: ReturnType<typeof computeDebitNote>;
  try {
    computed = computeDebitNote({
      intraState: parties.intraState,
      isTaxInclusive: parties.isTaxInclusive,
      isReverseCharge: parties.isReverseCharge,
      lines: note.lines.map((line) => line.input),
    });
  } catch (error) {
    if (error instanceof RangeError)
      throw validationError('items', 'A debit note cannot be worth more than ₹1,000 crore.');
    throw error;
  }
  const { totals } = computed;
  if (totals.totalPaise <= 0) throw validationError('items', DEBIT_NOTE_MESSAGES.zero_total);
  if (parties.bill && note.billTotalPaise !== undefined) {
    const raised = await queries.notesTotalOfBill(tx, companyId, parties.bill.id);
    if (raised + totals.totalPaise > note.billTotalPaise)
      throw validationError(
        'items',
        DEBIT_NOTE_MESSAGES.more_than_bill(formatMoney(toRupees(Math.max(0, note.billTotalPaise - raised)))),
      );
  }
  // Level 4, last: the number (its counter stays locked until commit).
  const { number, financialYear } = await nextNumber(
    tx,
    companyId,
    DEBIT_NOTE_SERIES,
    'debit_note',
    note.date,
  );
  const { id } = await queries.insertDebitNote(tx, {
    company_id: companyId,
    debit_note_number: number,
    financial_year: financialYear,
    seller_id: parties.sellerId,
    branch_id: parties.branchId,
    bill_id: parties.bill?.id ?? null,
    purchase_return_id: note.purchaseReturnId,
    debit_note_date: note.date,
    kind: note.kind,
    reason: note.reason,
    reference_number: note.reference,
    seller_gstin: parties.sellerGstin,
    seller_state_code: parties.sellerStateCode,
    branch_state_code: parties.branchStateCode,
    is_intra_state: parties.intraState,
    is_reverse_charge: parties.isReverseCharge,
    taxable_paise: totals.taxablePaise,
    cgst_paise: totals.cgstPaise,
    sgst_paise: totals.sgstPaise,
    igst_paise: totals.igstPaise,
    cess_paise: totals.cessPaise,
    itc_reversed_paise: totals.itcReversedPaise,
    total_paise: totals.totalPaise,
    created_by: actor.userId,
  });
  await queries.insertDebitNoteItems(
    tx,
    note.lines.map((line, index) => {
      const figures = computed.lines[index];
      if (!figures) throw new Error('unreachable');
      return {
        company_id: companyId,
        debit_note_id: id,
        position: index + 1,
        bill_item_id: line.billItemId,
        product_id: line.product.id,
        product_name: line.product.name,
        sku: line.product.sku,
        hsn: line.product.hsn,
        unit: line.product.unit,
        quantity: decimal(line.input.line.quantity),
        rate_paise: figures.rateExclusivePaise,
        gst_rate: String(line.gstRate),
        cess_rate: String(line.cessRate),
        taxable_paise: figures.taxablePaise,
        cgst_paise: figures.cgstPaise,
        sgst_paise: figures.sgstPaise,
        igst_paise: figures.igstPaise,
        cess_paise: figures.cessPaise,
        total_paise: figures.totalPaise,
        itc_eligible: line.itcEligible,
        itc_reversed_paise: figures.itcReversedPaise,
      };
    }),
  );
  await recordNoteHistory(tx, actor, id, 'created', {
    debit_note_number: number,
    kind: note.kind,
    ...(parties.bill && { bill: parties.bill.billNumber }),
    total: toRupees(totals.totalPaise),
    itc_reversed: toRupees(totals.itcReversedPaise),
  });
  return { id, number, totalPaise: totals.totalPaise };
}

/**
 * Applies a locked note to locked bills (level 2 taken by the caller): each bill's credited amount
 * grows (its status follows), the note's applied amount grows, history on both.
 */
export async function applyLocked(
  tx: Tx,
  actor: Principal,
  note: { id: number; number: string },
  applications: {
    bill: { id: number; bill_number: string; credited_paise: number | string };
    amountPaise: number;
  }[],
) {
  const { companyId } = actor;
  const day = todayInIndia();
  let total = 0;
  for (const a of [...applications].sort((x, y) => x.bill.id - y.bill.id)) {
    const result = await bills.changeBillSettlement(tx, companyId, a.bill.id, {
      creditedPaise: a.amountPaise,
    });
    if (Number(result.numUpdatedRows) !== 1) throw conflict(DEBIT_NOTE_MESSAGES.apply_failed);
    await recordBillHistory(tx, actor, a.bill.id, 'debit_note_applied', {
      debit_note: note.number,
      amount: toRupees(a.amountPaise),
      amount_credited: {
        from: toRupees(Number(a.bill.credited_paise)),
        to: toRupees(Number(a.bill.credited_paise) + a.amountPaise),
      },
    });
    total += a.amountPaise;
  }
  if (total === 0) return;
  await queries.insertApplications(
    tx,
    applications.map((a) => ({
      company_id: companyId,
      debit_note_id: note.id,
      bill_id: a.bill.id,
      amount_paise: a.amountPaise,
      applied_on: day,
      created_by: actor.userId,
    })),
  );
  const changed = await queries.changeNoteMoney(tx, companyId, note.id, { appliedPaise: total });
  if (Number(changed.numUpdatedRows) !== 1) throw conflict(DEBIT_NOTE_MESSAGES.apply_failed);
  await recordNoteHistory(tx, actor, note.id, 'applied', {
    bills: applications.map((a) => ({ bill: a.bill.bill_number, amount: toRupees(a.amountPaise) })),
  });
}

/**
 * Voids a locked note inside the caller's transaction (seller locked): its applications come off
 * the bills (locked in id order), the note becomes void. Refused once the seller refunded it.
 */
export async function voidNoteLocked(
  tx: Tx,
  actor: Principal,
  note: queries.LockedDebitNote,
  reason?: string,
) {
  const { companyId } = actor;
  if (note.status === 'void') throw conflict(DEBIT_NOTE_MESSAGES.already_void);
  if (Number(note.refunded_paise) > 0) throw conflict(DEBIT_NOTE_MESSAGES.void_refunded);
  await assertDocumentPeriodOpen(tx, companyId, 'debit_note', note.id);
  const applications = await queries.applicationsOf(tx, companyId, note.id);
  const byBill = new Map<number, number>();
  for (const a of applications) byBill.set(a.bill_id, (byBill.get(a.bill_id) ?? 0) + Number(a.amount_paise));
  for (const bill of await bills.lockBillsById(tx, companyId, [...byBill.keys()])) {
    const amount = byBill.get(bill.id) ?? 0;
    const result = await bills.changeBillSettlement(tx, companyId, bill.id, { creditedPaise: -amount });
    if (Number(result.numUpdatedRows) !== 1) throw conflict(DEBIT_NOTE_MESSAGES.void_failed);
    await recordBillHistory(tx, actor, bill.id, 'debit_note_voided', {
      debit_note: note.debit_note_number,
      amount: toRupees(amount),
      amount_credited: {
        from: toRupees(Number(bill.credited_paise)),
        to: toRupees(Number(bill.credited_paise) - amount),
      },
    });
  }
  await queries.markNoteVoid(tx, companyId, note.id, actor.userId);
  await recordNoteHistory(tx, actor, note.id, 'voided', {
    status: { from: note.status, to: 'void' },
    bills: [...byBill.entries()].map(([bill, amount]) => ({ bill, amount: toRupees(amount) })),
    ...(reason && { reason }),
  });
}

/** Levels 1 and 2 of a path that starts from a note: the seller, then the note (404 for others'). */
async function lockNote(tx: Tx, actor: Principal, id: number) {
  const owner = await queries.ownerOfNote(tx, actor.companyId, id);
  if (!owner) throw debitNoteNotFound();
  assertNoteVisible(actor, owner.branch_id);
  await lockSellerMoney(tx, actor.companyId, owner.seller_id);
  const note = await queries.lockDebitNote(tx, actor.companyId, id);
  if (!note) throw debitNoteNotFound();
  return note;
}

const factsOf = (note: queries.LockedDebitNote) => ({
  status: note.status,
  totalPaise: Number(note.total_paise),
  appliedPaise: Number(note.applied_paise),
  refundedPaise: Number(note.refunded_paise),
  fromReturn: note.purchase_return_id !== null,
});

/** The seller's open bills under the lock (level 2, id order), the note's own bill first, then oldest. */
async function lockOpenBills(tx: Tx, actor: Principal, sellerId: number, firstBillId: number | null) {
  const locked = await bills.lockOpenBillsOfSeller(tx, actor.companyId, sellerId, branchScope(actor));
  return [...locked].sort(
    (a, b) =>
      Number(b.id === firstBillId) - Number(a.id === firstBillId) ||
      dayOrThrow(a.bill_date).localeCompare(dayOrThrow(b.bill_date)) ||
      a.id - b.id,
  );
}

/** POST admin/debit_notes/{id}/apply: to the chosen open bills of the seller, or its bill and then oldest first. */
export function applyDebitNote(options: {
  db: Executor;
  actor: Principal;
  id: number;
  input: ApplyDebitNoteInput;
}) {
  const { db, actor, id, input } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const note = await lockNote(tx, actor, id);
    const refusal = debitNoteRefusal(factsOf(note), 'apply');
    if (refusal) throw conflict(refusal);
    const open = await lockOpenBills(tx, actor, note.seller_id, note.bill_id);
    const names = new Map<number, string>();
    for (const chosen of input.applications ?? []) {
      if (open.some((b) => b.id === chosen.bill)) continue;
      names.set(chosen.bill, (await bills.billNumberOf(tx, companyId, chosen.bill)) ?? String(chosen.bill));
    }
    const plan = planDebitNoteApplications(
      debitNoteBalancePaise(factsOf(note)),
      open.map((b) => ({ id: b.id, billNumber: b.bill_number, balancePaise: bills.billBalancePaise(b) })),
      input.applications?.map((a) => ({ billId: a.bill, amountPaise: toPaise(a.amount) })),
      (billId) => names.get(billId) ?? String(billId),
    );
    if (!plan.ok) throw validationError(plan.field, plan.message);
    if (plan.applications.length === 0) throw conflict(DEBIT_NOTE_MESSAGES.bill_not_open('of this seller'));
    const byId = new Map(open.map((b) => [b.id, b]));
    await applyLocked(
      tx,
      actor,
      { id: note.id, number: note.debit_note_number },
      plan.applications.map((a) => {
        const bill = byId.get(a.billId);
        if (!bill) throw debitNoteNotFound();
        return { bill, amountPaise: a.amountPaise };
      }),
    );
    return getDebitNote(tx, companyId, id);
  });
}

/** POST admin/debit_notes/{id}/record_refund: money the seller paid back, at most what is left on the note. */
export function refundDebitNote(options: {
  db: Executor;
  actor: Principal;
  id: number;
  input: DebitNoteRefundInput;
}) {
  const { db, actor, id, input } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const note = await lockNote(tx, actor, id);
    const refusal = debitNoteRefusal(factsOf(note), 'record_refund');
    if (refusal) throw conflict(refusal);
    const amountPaise = toPaise(input.amount);
    const left = debitNoteBalancePaise(factsOf(note));
    if (amountPaise > left)
      throw validationError('amount', DEBIT_NOTE_MESSAGES.more_than_left(formatMoney(toRupees(left))));
    const refundDate = input.refund_date ?? todayInIndia();
    if (refundDate < dayOrThrow(note.debit_note_date))
      throw validationError('refund_date', DEBIT_NOTE_MESSAGES.refund_before_note);
    await assertPaymentMethod(tx, companyId, input.payment_method);
    if (input.bank_account !== undefined) {
      const account = await findBankAccount(tx, companyId, input.bank_account);
      const scope = branchScope(actor);
      if (!account || (scope && !scope.includes(account.branch_id)))
        throw validationError('bank_account', DEBIT_NOTE_MESSAGES.bank_account_not_found);
    }
    const { id: refundId } = await queries.insertRefund(tx, {
      company_id: companyId,
      debit_note_id: id,
      amount_paise: amountPaise,
      refund_date: refundDate,
      payment_method_id: input.payment_method,
      bank_account_id: input.bank_account ?? null,
      reference_number: input.reference_number ?? null,
      notes: input.notes ?? null,
      created_by: actor.userId,
    });
    await queries.changeNoteMoney(tx, companyId, id, { refundedPaise: amountPaise });
    await recordNoteHistory(tx, actor, id, 'refund_recorded', {
      refund: refundId,
      amount: toRupees(amountPaise),
      refunded: {
        from: toRupees(Number(note.refunded_paise)),
        to: toRupees(Number(note.refunded_paise) + amountPaise),
      },
    });
    return getDebitNote(tx, companyId, id);
  });
}

/** POST admin/debit_notes/{id}/void: a note raised without goods (a return's note goes with its return). */
export function voidDebitNote(options: { db: Executor; actor: Principal; id: number }) {
  const { db, actor, id } = options;
  return withinTransaction(db, async (tx) => {
    const note = await lockNote(tx, actor, id);
    const refusal = debitNoteRefusal(factsOf(note), 'void');
    if (refusal) throw conflict(refusal);
    await voidNoteLocked(tx, actor, note);
    return getDebitNote(tx, actor.companyId, id);
  });
}

/**
 * POST admin/companies/{companyId}/debit_notes: a note without goods. Against a bill, its lines
 * are the bill's (quantity x rate per unit excluding GST, taxed at the line's rate, the bill's
 * supply type); without one, products with their GST rates (the seller's and branch's states).
 * With `apply_to_bill` (default) the note goes to its bill at once, up to the bill's balance.
 */
export function createDebitNote(options: { db: Executor; actor: Principal; input: DebitNoteInput }) {
  const { db, actor, input } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const seller = await findSeller(tx, companyId, input.seller);
    if (!seller) throw validationError('seller', DEBIT_NOTE_MESSAGES.seller_not_found);
    await lockSellerMoney(tx, companyId, seller.id);
    const date = input.debit_note_date ?? todayInIndia();
    let parties: NoteParties;
    let lines: NoteLine[];
    let billTotalPaise: number | undefined;
    let lockedBill: bills.LockedBill | undefined;
    if (input.bill !== undefined) {
      lockedBill = await bills.lockBill(tx, companyId, input.bill);
      const bill = lockedBill && (await bills.findBill(tx, companyId, input.bill));
      if (!lockedBill || !bill) throw validationError('bill', DEBIT_NOTE_MESSAGES.bill_not_found);
      const scope = branchScope(actor);
      if (scope && !scope.includes(bill.branch_id))
        throw validationError('bill', DEBIT_NOTE_MESSAGES.bill_not_found);
      if (bill.seller_id !== seller.id)
        throw validationError('bill', DEBIT_NOTE_MESSAGES.bill_of_other_seller);
      if (!['open', 'partially_paid', 'paid'].includes(bill.status))
        throw validationError('bill', DEBIT_NOTE_MESSAGES.bill_not_received);
      if (date < dayOrThrow(bill.bill_date))
        throw validationError('debit_note_date', DEBIT_NOTE_MESSAGES.before_bill);
      const items = new Map((await bills.itemsOf(tx, companyId, bill.id)).map((item) => [item.id, item]));
      const seen = new Set<number>();
      lines = input.items.map((item, index) => {
        const billItem = item.bill_item === undefined ? undefined : items.get(item.bill_item);
        if (!billItem)
          throw validationError(`items.${index}.bill_item`, DEBIT_NOTE_MESSAGES.bill_item_not_in_bill);
        if (seen.has(billItem.id))
          throw validationError(`items.${index}.bill_item`, DEBIT_NOTE_MESSAGES.line_twice);
        seen.add(billItem.id);
        return {
          billItemId: billItem.id,
          product: {
            id: billItem.product_id,
            name: billItem.product_name,
            sku: billItem.sku,
            hsn: billItem.hsn,
            unit: billItem.unit,
          },
          gstRate: Number(billItem.gst_rate),
          cessRate: Number(billItem.cess_rate),
          itcEligible: billItem.itc_eligible,
          input: {
            line: {
              quantity: item.quantity,
              ratePaise: toPaise(item.rate),
              discountPercent: 0,
              gstRatePercent: Number(billItem.gst_rate),
              cessRatePercent: Number(billItem.cess_rate),
              itcEligible: billItem.itc_eligible,
            },
          },
        };
      });
      parties = {
        sellerId: seller.id,
        branchId: bill.branch_id,
        bill: { id: bill.id, billNumber: bill.bill_number },
        sellerGstin: bill.seller_gstin,
        sellerStateCode: bill.seller_state_code,
        branchStateCode: bill.branch_state_code,
        intraState: bill.is_intra_state,
        isTaxInclusive: false,
        isReverseCharge: bill.is_reverse_charge,
      };
      billTotalPaise = Number(bill.total_paise);
    } else {
      if (input.branch === undefined) throw validationError('branch', 'Please select the branch.');
      const branch = await findBranch(tx, companyId, input.branch);
      if (!branch) throw validationError('branch', DEBIT_NOTE_MESSAGES.branch_not_found);
      assertBranchAccess(actor, branch.id);
      const products = new Map(
        (await liveProducts(tx, companyId, [...new Set(input.items.map((i) => i.product ?? 0))])).map((p) => [
          p.id,
          p,
        ]),
      );
      const [company, branchAddress, sellerAddress] = await Promise.all([
        bills.companyBillSettings(tx, companyId),
        bills.addressStateCode(tx, companyId, 'branch', branch.id),
        bills.addressStateCode(tx, companyId, 'seller', seller.id),
      ]);
      // The states as a bill takes them (bills.service priceBill): branch address, GSTIN, company.
      const branchState =
        branchAddress?.gst_code ?? branch.gstin?.slice(0, 2) ?? company.gstin?.slice(0, 2) ?? null;
      const sellerState = sellerStateCode(seller.gst_number, sellerAddress?.gst_code);
      lines = input.items.map((item, index) => {
        const product = item.product === undefined ? undefined : products.get(item.product);
        if (!product) throw validationError(`items.${index}.product`, 'Product Not Found');
        const cessRate = Number(product.cess_rate ?? 0);
        const gstRate = item.tax_rate ?? 0;
        const itcEligible = item.itc_eligible ?? true;
        return {
          billItemId: null,
          product: {
            id: product.id,
            name: product.name,
            sku: product.sku,
            hsn: product.hsn,
            unit: product.unit,
          },
          gstRate,
          cessRate,
          itcEligible,
          input: {
            line: {
              quantity: item.quantity,
              ratePaise: toPaise(item.rate),
              discountPercent: 0,
              gstRatePercent: gstRate,
              cessRatePercent: cessRate,
              itcEligible,
            },
          },
        };
      });
      parties = {
        sellerId: seller.id,
        branchId: branch.id,
        bill: null,
        sellerGstin: seller.gst_number,
        sellerStateCode: sellerState,
        branchStateCode: branchState,
        intraState: billSupplyType(sellerState, branchState) === 'intra',
        isTaxInclusive: false,
        isReverseCharge: false,
      };
    }
    const raised = await raiseDebitNote(tx, actor, {
      parties,
      date,
      kind: input.kind,
      reason: input.reason ?? null,
      reference: input.reference_number ?? null,
      purchaseReturnId: null,
      lines,
      ...(billTotalPaise !== undefined && { billTotalPaise }),
    });
    if (lockedBill && input.apply_to_bill) await applyToOwnBill(tx, actor, raised, lockedBill.id);
    return getDebitNote(tx, companyId, raised.id);
  });
}

/** A new note goes to its own (locked) bill, up to the bill's balance; the rest stays on the note. */
export async function applyToOwnBill(
  tx: Tx,
  actor: Principal,
  note: { id: number; number: string; totalPaise: number },
  billId: number,
) {
  const bill = await bills.lockBill(tx, actor.companyId, billId);
  if (!bill || !['open', 'partially_paid'].includes(bill.status)) return;
  const amountPaise = Math.min(note.totalPaise, bills.billBalancePaise(bill));
  if (amountPaise <= 0) return;
  await applyLocked(tx, actor, note, [{ bill, amountPaise }]);
}
