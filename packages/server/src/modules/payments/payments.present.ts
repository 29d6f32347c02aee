import type { AllocationOutput, PaymentOutput, RefundOutput } from '@b2b/domain/api/payments';
import { toRupees } from '@b2b/domain/money';
import { paymentCancelRefusal } from '@b2b/domain/payments';
import type { AllocationRow, PaymentRow } from './payments.queries.ts';
import type { RefundRow } from './refunds.queries.ts';

const person = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };
const named = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

export function presentPayment(row: NonNullable<PaymentRow>): PaymentOutput {
  const amount = Number(row.amount_paise);
  const unallocated = Number(row.unallocated_paise);
  const refunded = Number(row.refunded_paise);
  const allocated = row.status === 'completed' ? amount - unallocated - refunded : 0;
  const actions: PaymentOutput['allowed_actions'] = [];
  if (paymentCancelRefusal({ status: row.status, refundedPaise: refunded }) === null) actions.push('cancel');
  if (row.status === 'completed' && unallocated > 0) actions.push('allocate', 'refund');
  if (row.status === 'pending') actions.push('recheck');
  return {
    id: row.id,
    payment_number: row.payment_number,
    financial_year: row.financial_year,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    order: row.order_id === null ? null : { id: row.order_id, order_number: row.order_number ?? '' },
    branch: { id: row.branch_id, name: row.branch_name },
    payment_date: row.payment_date,
    amount: toRupees(amount),
    allocated: toRupees(allocated),
    unallocated: toRupees(unallocated),
    refunded: toRupees(refunded),
    payment_method: named(row.payment_method_id, row.payment_method_name),
    reference_number: row.reference_number,
    notes: row.notes,
    status: row.status,
    initiated_at: row.initiated_at,
    gateway_payment_id: row.gateway_payment_id,
    gateway_status: row.gateway_status,
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    created_at: row.created_at,
    completed_at: row.completed_at,
    cancelled_at: row.cancelled_at,
    cancelled_by: person(row.cancelled_by, row.cancelled_by_first_name, row.cancelled_by_last_name),
    allowed_actions: actions,
  };
}

export function presentAllocation(row: AllocationRow): AllocationOutput {
  return {
    id: row.id,
    payment: {
      id: row.payment_id,
      payment_number: row.payment_number,
      payment_date: row.payment_date,
      status: row.payment_status,
      payment_method: named(row.payment_method_id, row.payment_method_name),
      reference_number: row.reference_number,
    },
    invoice: { id: row.invoice_id, invoice_number: row.invoice_number, order: row.order_id },
    amount: toRupees(Number(row.amount_paise)),
    created_at: row.created_at,
    cancelled_at: row.cancelled_at,
  };
}

export function presentRefund(row: RefundRow): RefundOutput {
  return {
    id: row.id,
    refund_number: row.refund_number,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    payment:
      row.payment_id === null ? null : { id: row.payment_id, payment_number: row.payment_number ?? '' },
    credit_note_id: row.credit_note_id,
    branch: { id: row.branch_id, name: row.branch_name },
    refund_date: row.refund_date,
    amount: toRupees(Number(row.amount_paise)),
    payment_method: named(row.payment_method_id, row.payment_method_name),
    reference_number: row.reference_number,
    notes: row.notes,
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    created_at: row.created_at,
  };
}
