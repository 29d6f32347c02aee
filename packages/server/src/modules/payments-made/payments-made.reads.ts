import { toRupees } from '@b2b/domain/money';
import {
  PAYMENT_MADE_MESSAGES,
  type PaymentMadeDetailOutput,
  type PaymentMadeOutput,
  type PaymentMadeStatus,
  paymentMadeStatusLabel,
} from '@b2b/domain/payments-made';
import { AppError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import { assertVisible as assertBillVisible, billNotFound } from '../bills/bill-reads.ts';
import { billBalancePaise, findBill } from '../bills/bills.queries.ts';
import { historyPage } from '../history/history.service.ts';
import { dayOrThrow, person } from '../sales-documents/sales-document.ts';
import * as queries from './payments-made.queries.ts';

/** Reading payments made: the list, one payment with its allocations, its history. */

export const PAYMENT_MADE_ENTITY = 'payment_made';

export const paymentMadeNotFound = () => new AppError('not_found', PAYMENT_MADE_MESSAGES.not_found);

const rupees = (paise: number | string) => toRupees(Number(paise));

/** A user sees the payments made of their branches only. */
export function assertVisible(actor: Principal | undefined, branchId: number) {
  const scope = actor ? branchScope(actor) : null;
  if (scope && !scope.includes(branchId)) throw paymentMadeNotFound();
}

function present(row: queries.PaymentMadeRow): PaymentMadeOutput {
  const amount = Number(row.amount_paise);
  const tds = Number(row.tds_paise);
  const unallocated = Number(row.unallocated_paise);
  const status = row.status as PaymentMadeStatus;
  return {
    id: row.id,
    payment_number: row.payment_number,
    payment_date: dayOrThrow(row.payment_date),
    status,
    status_label: paymentMadeStatusLabel(status),
    seller: { id: row.seller_id, name: row.seller_name },
    branch: { id: row.branch_id, name: row.branch_name },
    amount: toRupees(amount),
    tds_amount: toRupees(tds),
    net_amount: toRupees(amount - tds),
    allocated: toRupees(amount - unallocated),
    unallocated: toRupees(unallocated),
    tds:
      row.tds_section === null || row.tds_rate === null
        ? null
        : { section: row.tds_section, rate: Number(row.tds_rate) },
    payment_method:
      row.payment_method_id === null || row.payment_method_name === null
        ? null
        : { id: row.payment_method_id, name: row.payment_method_name },
    paid_from:
      row.bank_account_id === null || row.bank_name === null
        ? null
        : {
            id: row.bank_account_id,
            bank_name: row.bank_name,
            account_number_last4: (row.account_number ?? '').slice(-4),
          },
    reference_number: row.reference_number,
    notes: row.notes,
    created_by: person(row.created_by, row.first_name, row.last_name),
    created_at: row.created_at,
    voided_at: row.voided_at,
  };
}

export async function getPaymentMade(
  db: Executor,
  companyId: number,
  id: number,
  actor?: Principal,
): Promise<PaymentMadeDetailOutput> {
  const [row, allocations] = await Promise.all([
    queries.findPaymentMade(db, companyId, id),
    queries.allocationsOf(db, companyId, id),
  ]);
  if (!row) throw paymentMadeNotFound();
  assertVisible(actor, row.branch_id);
  return {
    ...present(row),
    allocations: allocations.map((a) => ({
      id: a.id,
      bill: {
        id: a.bill_id,
        bill_number: a.bill_number,
        bill_date: dayOrThrow(a.bill_date),
        total: rupees(a.total_paise),
        balance_due: a.status === 'void' || a.status === 'draft' ? 0 : toRupees(billBalancePaise(a)),
        status: a.status,
      },
      amount: rupees(a.amount_paise),
      tds_amount: rupees(a.tds_paise),
    })),
    allowed_actions:
      row.status !== 'completed'
        ? []
        : Number(row.unallocated_paise) > 0
          ? ['apply_advance', 'void']
          : ['void'],
  };
}

export async function listPaymentsMade(
  db: Executor,
  companyId: number,
  filter: queries.PaymentMadeFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listPaymentsMade(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

export async function paymentMadeHistory(db: Executor, companyId: number, id: number, actor?: Principal) {
  const row = await queries.sellerOfPayment(db, companyId, id);
  if (!row) throw paymentMadeNotFound();
  assertVisible(actor, row.branch_id);
  return historyPage(db, companyId, PAYMENT_MADE_ENTITY, id);
}

/** GET admin/bills/{id}/payments_made: the payments that paid the bill, oldest first. */
export async function billPaymentsMade(db: Executor, actor: Principal, billId: number) {
  const bill = await findBill(db, actor.companyId, billId);
  if (!bill) throw billNotFound();
  assertBillVisible(actor, bill.branch_id);
  const rows = await queries.paymentsOfBill(db, actor.companyId, billId);
  return rows.map((row) => ({
    id: row.id,
    payment_number: row.payment_number,
    payment_date: dayOrThrow(row.payment_date),
    status: row.status,
    status_label: paymentMadeStatusLabel(row.status),
    payment_method: row.payment_method,
    reference_number: row.reference_number,
    amount: rupees(row.amount_paise),
    tds_amount: rupees(row.tds_paise),
  }));
}
