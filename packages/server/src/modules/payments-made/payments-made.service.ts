import { financialYearOf } from '@b2b/domain/invoices';
import { toPaise, toRupees } from '@b2b/domain/money';
import {
  type ApplyAdvanceInput,
  excessMessage,
  PAYMENT_MADE_MESSAGES,
  type PaymentMadeInput,
  planBillAllocations,
  tdsConfigurationOf,
  tdsOnAllocation,
} from '@b2b/domain/payments-made';
import { conflict, validationError } from '../../core/errors.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import { lockSellerMoney } from '../../db/lock-order.ts';
import { type Executor, withinTransaction } from '../../db/transaction.ts';
import { BILL_ENTITY } from '../bills/bill-reads.ts';
import * as bills from '../bills/bills.queries.ts';
import { findBranch } from '../branches/branches.queries.ts';
import { historyWriter } from '../history/history.service.ts';
import { assertPaymentMethod, nextNumber, paymentDate } from '../payments/payment-checks.ts';
import { firstBranch } from '../payments/payments.queries.ts';
import { dayOrThrow } from '../sales-documents/sales-document.ts';
import * as queries from './payments-made.queries.ts';
import {
  assertVisible,
  getPaymentMade,
  PAYMENT_MADE_ENTITY,
  paymentMadeNotFound,
} from './payments-made.reads.ts';

/**
 * Payments made to sellers (issue 19). LOCK ORDER (db/lock-order.ts, payments made): (0) the
 * request's Idempotency-Key row; (1) the seller, FOR NO KEY UPDATE (lockSellerMoney): one money
 * change per seller at a time; (2) the payment's row (void, apply advance) and the seller's bills, FOR UPDATE in
 * bill id order; (4) the payment-made number counter, last. Two payments on one bill therefore
 * queue on the seller, and the second sees the balance the first left: a bill is never over-paid
 * (and the bills table's check refuses amount_paid above total in any case).
 */

const PAYMENT_MADE_SERIES = 'PAY';
const recordPaymentHistory = historyWriter(PAYMENT_MADE_ENTITY);
const recordBillHistory = historyWriter(BILL_ENTITY);

/** POST admin/companies/{companyId}/payments_made. `db` is the Idempotency-Key's transaction when there is one. */
export function createPaymentMade(options: { db: Executor; actor: Principal; input: PaymentMadeInput }) {
  const { db, actor, input } = options;
  const { companyId } = actor;
  const date = paymentDate(input.payment_date);
  const amountPaise = toPaise(input.amount);
  return withinTransaction(db, async (tx) => {
    const seller = await queries.findSellerForPayment(tx, companyId, input.seller);
    if (!seller) throw validationError('seller', PAYMENT_MADE_MESSAGES.seller_not_found);
    await lockSellerMoney(tx, companyId, seller.id);
    await assertPaymentMethod(tx, companyId, input.payment_method);
    const scope = branchScope(actor);
    const visible = (branchId: number) => !scope || scope.includes(branchId);

    let bankAccount: { id: number; branch_id: number } | undefined;
    if (input.paid_from !== undefined) {
      bankAccount = await queries.findBankAccount(tx, companyId, input.paid_from);
      if (!bankAccount || !visible(bankAccount.branch_id))
        throw validationError('paid_from', PAYMENT_MADE_MESSAGES.bank_account_not_found);
    }
    if (input.branch !== undefined) {
      const branch = await findBranch(tx, companyId, input.branch);
      if (!branch || !visible(branch.id))
        throw validationError('branch', PAYMENT_MADE_MESSAGES.branch_not_found);
    }

    // Level 2: the seller's open bills, locked in id order; allocated oldest bill date first.
    const locked = await bills.lockOpenBillsOfSeller(tx, companyId, seller.id, scope);
    const open = oldestFirst(locked);
    const byId = new Map(open.map((bill) => [bill.id, bill]));
    const names = new Map<number, string>();
    for (const chosen of input.allocations ?? []) {
      if (byId.has(chosen.bill) || names.has(chosen.bill)) continue;
      const number = await bills.billNumberOf(tx, companyId, chosen.bill);
      names.set(chosen.bill, number ?? String(chosen.bill));
    }
    const plan = planBillAllocations(
      amountPaise,
      open.map((bill) => ({
        id: bill.id,
        billNumber: bill.bill_number,
        balancePaise: bills.billBalancePaise(bill),
      })),
      input.allocations?.map((a) => ({ billId: a.bill, amountPaise: toPaise(a.amount) })),
      (id) => names.get(id) ?? String(id),
    );
    if (!plan.ok) throw validationError(plan.field, plan.message);
    if (plan.unallocatedPaise > 0 && !input.keep_excess_as_advance)
      throw validationError('amount', excessMessage(plan.unallocatedPaise));

    // TDS on each allocation, once the seller's payments of the year pass the threshold.
    const fy = financialYearOf(date);
    const tds = tdsConfigurationOf(await queries.companyTdsConfiguration(tx, companyId));
    const allocatedPaise = amountPaise - plan.unallocatedPaise;
    const deducts =
      tds !== null &&
      (await queries.sellerPaidInYear(tx, companyId, seller.id, fy.label)) + allocatedPaise >
        tds.thresholdPaise;
    const allocations = plan.allocations.map((a) => {
      const bill = byId.get(a.billId);
      if (!bill) throw paymentMadeNotFound();
      const tdsPaise =
        deducts && tds
          ? tdsOnAllocation(
              a.amountPaise,
              { taxablePaise: Number(bill.taxable_paise), totalPaise: Number(bill.total_paise) },
              tds.ratePercent,
            )
          : 0;
      return { ...a, tdsPaise: Math.min(tdsPaise, a.amountPaise), bill };
    });
    const tdsPaise = allocations.reduce((sum, a) => sum + a.tdsPaise, 0);

    const branchId =
      input.branch ??
      bankAccount?.branch_id ??
      allocations[0]?.bill.branch_id ??
      scope?.[0] ??
      (await firstBranch(tx, companyId)).id;

    // Level 4, last: the number (its counter stays locked until commit).
    const { number, financialYear } = await nextNumber(
      tx,
      companyId,
      PAYMENT_MADE_SERIES,
      'payment_made',
      date,
    );
    const { id } = await queries.insertPaymentMade(tx, {
      company_id: companyId,
      payment_number: number,
      financial_year: financialYear,
      seller_id: seller.id,
      branch_id: branchId,
      payment_date: date,
      amount_paise: amountPaise,
      tds_paise: tdsPaise,
      unallocated_paise: plan.unallocatedPaise,
      tds_section: deducts && tds ? tds.section : null,
      tds_rate: deducts && tds ? String(tds.ratePercent) : null,
      payment_method_id: input.payment_method,
      bank_account_id: bankAccount?.id ?? null,
      reference_number: input.reference_number ?? null,
      notes: input.notes ?? null,
      created_by: actor.userId,
    });
    // The bills are locked already (level 2); they are written in id order all the same.
    for (const a of [...allocations].sort((x, y) => x.billId - y.billId)) {
      const result = await bills.changeBillSettlement(tx, companyId, a.billId, {
        paidPaise: a.amountPaise,
        tdsPaise: a.tdsPaise,
      });
      if (Number(result.numUpdatedRows) !== 1) throw conflict(PAYMENT_MADE_MESSAGES.record_failed);
      await recordBillHistory(tx, actor, a.billId, 'payment_made', {
        payment: number,
        amount: toRupees(a.amountPaise),
        tds: toRupees(a.tdsPaise),
        amount_paid: {
          from: toRupees(Number(a.bill.amount_paid_paise)),
          to: toRupees(Number(a.bill.amount_paid_paise) + a.amountPaise),
        },
      });
    }
    await queries.insertAllocations(
      tx,
      allocations.map((a) => ({
        company_id: companyId,
        payment_made_id: id,
        bill_id: a.billId,
        amount_paise: a.amountPaise,
        tds_paise: a.tdsPaise,
      })),
    );
    await recordPaymentHistory(tx, actor, id, 'recorded', {
      payment_number: number,
      seller: seller.id,
      amount: toRupees(amountPaise),
      tds: toRupees(tdsPaise),
      allocations: allocations.map((a) => ({
        bill: a.billId,
        amount: toRupees(a.amountPaise),
        tds: toRupees(a.tdsPaise),
      })),
      advance: toRupees(plan.unallocatedPaise),
    });
    return getPaymentMade(tx, companyId, id);
  });
}

/**
 * POST admin/payments_made/{id}/void: the payment's allocations come off its bills again (each
 * bill's status follows what is still paid), the advance is gone, the payment stays as void.
 */
export function voidPaymentMade(options: { db: Executor; actor: Principal; id: number }) {
  const { db, actor, id } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const owner = await queries.sellerOfPayment(tx, companyId, id);
    if (!owner) throw paymentMadeNotFound();
    assertVisible(actor, owner.branch_id);
    await lockSellerMoney(tx, companyId, owner.seller_id);
    const payment = await queries.lockPaymentMade(tx, companyId, id);
    if (!payment) throw paymentMadeNotFound();
    if (payment.status === 'void') throw conflict(PAYMENT_MADE_MESSAGES.already_void);
    const allocations = await queries.allocationsOf(tx, companyId, id);
    const amounts = new Map(allocations.map((a) => [a.bill_id, a]));
    for (const bill of await bills.lockBillsById(
      tx,
      companyId,
      allocations.map((a) => a.bill_id),
    )) {
      const allocation = amounts.get(bill.id);
      if (!allocation) continue;
      await bills.changeBillSettlement(tx, companyId, bill.id, {
        paidPaise: -Number(allocation.amount_paise),
        tdsPaise: -Number(allocation.tds_paise),
      });
      await recordBillHistory(tx, actor, bill.id, 'payment_voided', {
        payment: payment.payment_number,
        amount: toRupees(Number(allocation.amount_paise)),
        amount_paid: {
          from: toRupees(Number(bill.amount_paid_paise)),
          to: toRupees(Number(bill.amount_paid_paise) - Number(allocation.amount_paise)),
        },
      });
    }
    await queries.markVoid(tx, companyId, id, actor.userId);
    await recordPaymentHistory(tx, actor, id, 'voided', {
      status: { from: 'completed', to: 'void' },
      bills: allocations.map((a) => ({ bill: a.bill_id, amount: toRupees(Number(a.amount_paise)) })),
    });
    return getPaymentMade(tx, companyId, id);
  });
}

/**
 * POST admin/payments_made/{id}/apply_advance: what the payment kept as an advance goes to the
 * seller's open bills (the chosen ones, or oldest bill date first until the advance or the bills
 * run out). Locks as a void does: the seller, the payment's row, then the bills in id order.
 */
export function applyAdvance(options: {
  db: Executor;
  actor: Principal;
  id: number;
  input: ApplyAdvanceInput;
}) {
  const { db, actor, id, input } = options;
  const { companyId } = actor;
  return withinTransaction(db, async (tx) => {
    const owner = await queries.sellerOfPayment(tx, companyId, id);
    if (!owner) throw paymentMadeNotFound();
    assertVisible(actor, owner.branch_id);
    await lockSellerMoney(tx, companyId, owner.seller_id);
    const payment = await queries.lockPaymentMade(tx, companyId, id);
    if (!payment) throw paymentMadeNotFound();
    if (payment.status === 'void') throw conflict(PAYMENT_MADE_MESSAGES.already_void);
    const advancePaise = Number(payment.unallocated_paise);
    if (advancePaise <= 0) throw conflict(PAYMENT_MADE_MESSAGES.no_advance);

    const locked = await bills.lockOpenBillsOfSeller(tx, companyId, payment.seller_id, branchScope(actor));
    const open = oldestFirst(locked);
    const byId = new Map(open.map((bill) => [bill.id, bill]));
    const plan = planBillAllocations(
      advancePaise,
      open.map((bill) => ({
        id: bill.id,
        billNumber: bill.bill_number,
        balancePaise: bills.billBalancePaise(bill),
      })),
      input.allocations?.map((a) => ({ billId: a.bill, amountPaise: toPaise(a.amount) })),
      (billId) => String(billId),
    );
    if (!plan.ok) {
      const message =
        plan.field === 'allocations' ? PAYMENT_MADE_MESSAGES.allocated_above_advance : plan.message;
      throw validationError(plan.field, message);
    }
    if (plan.allocations.length === 0) throw conflict(PAYMENT_MADE_MESSAGES.no_open_bills);

    for (const a of [...plan.allocations].sort((x, y) => x.billId - y.billId)) {
      const bill = byId.get(a.billId);
      if (!bill) throw paymentMadeNotFound();
      const result = await bills.changeBillSettlement(tx, companyId, a.billId, { paidPaise: a.amountPaise });
      if (Number(result.numUpdatedRows) !== 1) throw conflict(PAYMENT_MADE_MESSAGES.advance_apply_failed);
      await recordBillHistory(tx, actor, a.billId, 'advance_applied', {
        payment: payment.payment_number,
        amount: toRupees(a.amountPaise),
        amount_paid: {
          from: toRupees(Number(bill.amount_paid_paise)),
          to: toRupees(Number(bill.amount_paid_paise) + a.amountPaise),
        },
      });
    }
    await queries.addAllocations(
      tx,
      plan.allocations.map((a) => ({
        company_id: companyId,
        payment_made_id: id,
        bill_id: a.billId,
        amount_paise: a.amountPaise,
        tds_paise: 0,
      })),
    );
    const appliedPaise = advancePaise - plan.unallocatedPaise;
    await queries.useAdvance(tx, companyId, id, appliedPaise);
    await recordPaymentHistory(tx, actor, id, 'advance_applied', {
      advance: { from: toRupees(advancePaise), to: toRupees(plan.unallocatedPaise) },
      allocations: plan.allocations.map((a) => ({ bill: a.billId, amount: toRupees(a.amountPaise) })),
    });
    return getPaymentMade(tx, companyId, id);
  });
}

/** Open bills, oldest bill date first (then id): the order an unchosen allocation fills them. */
const oldestFirst = <T extends { id: number; bill_date: Date | string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => dayOrThrow(a.bill_date).localeCompare(dayOrThrow(b.bill_date)) || a.id - b.id);
