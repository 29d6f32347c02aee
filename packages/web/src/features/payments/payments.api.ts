import type {
  AllocationOutput,
  ApplyBuyerCreditOutput,
  allocationListOutput,
  MarkAsPaidInput,
  OpenInvoiceOutput,
  openInvoicesOutput,
  PaymentCreateInput,
  PaymentDetailOutput,
  PaymentOutput,
  paymentListFilters,
  ReceivablesPage,
  RefundCreateInput,
  RefundOutput,
  receivablesQuery as receivablesSchema,
} from '@b2b/domain/api/payments';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { notifySuccess } from '../../components/notify';

export type Payment = PaymentOutput;
export type PaymentDetail = PaymentDetailOutput;
export type AppliedPayment = AllocationOutput;
export type AppliedPayments = z.output<typeof allocationListOutput>;
export type Refund = RefundOutput;
export type OpenInvoice = OpenInvoiceOutput;
export type Receivables = ReceivablesPage;
export type Receivable = ReceivablesPage['results'][number];
export type ReceivablesParams = ListParams & FiltersOf<typeof receivablesSchema>;

export type PaymentFilters = FiltersOf<typeof paymentListFilters>;
export type PaymentListParams = ListParams & PaymentFilters;

/** A new Idempotency-Key per dialog opening: a retried or double-clicked submit records one payment. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const paymentKeys = {
  all: ['payments'] as const,
  lists: () => [...paymentKeys.all, 'list'] as const,
  list: (companyId: number, params: PaymentListParams) =>
    [...paymentKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...paymentKeys.all, 'detail', id] as const,
  order: (orderId: number) => [...paymentKeys.all, 'order', orderId] as const,
  invoice: (invoiceId: number) => [...paymentKeys.all, 'invoice', invoiceId] as const,
  openInvoices: (buyerId: number) => [...paymentKeys.all, 'open-invoices', buyerId] as const,
  receivables: (companyId: number, params: ListParams & { overdue_only?: string }) =>
    [...paymentKeys.all, 'receivables', companyId, params] as const,
  refunds: (companyId: number, params: ListParams) =>
    [...paymentKeys.all, 'refunds', companyId, params] as const,
};

/** Money moves change orders, invoices and buyers too: their caches are read again. */
const RELATED_KEYS = [['sales-orders'], ['invoices'], ['buyers']] as const;

function useInvalidateMoney() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: paymentKeys.all });
    for (const queryKey of RELATED_KEYS) void client.invalidateQueries({ queryKey: [...queryKey] });
  };
}

export const paymentListQuery = (companyId: number, params: PaymentListParams) =>
  queryOptions({
    queryKey: paymentKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Payment>>(`admin/companies/${companyId}/payments`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const paymentQuery = (id: number) =>
  queryOptions({
    queryKey: paymentKeys.detail(id),
    queryFn: ({ signal }) => api.get<PaymentDetail>(`admin/payments/${id}`, undefined, signal),
    retry: false,
  });

export const orderPaymentsQuery = (orderId: number) =>
  queryOptions({
    queryKey: paymentKeys.order(orderId),
    queryFn: ({ signal }) =>
      api.get<Paged<Payment>>(`admin/orders/${orderId}/order_payments`, { limit: 1000 }, signal),
  });

export const appliedPaymentsQuery = (invoiceId: number) =>
  queryOptions({
    queryKey: paymentKeys.invoice(invoiceId),
    queryFn: ({ signal }) =>
      api.get<AppliedPayments>(`admin/invoices/${invoiceId}/applied_payments/`, undefined, signal),
  });

export const openInvoicesQuery = (companyId: number, buyerId: number) =>
  queryOptions({
    queryKey: paymentKeys.openInvoices(buyerId),
    queryFn: ({ signal }) =>
      api.get<z.output<typeof openInvoicesOutput>>(
        `admin/companies/${companyId}/buyers/${buyerId}/open_invoices`,
        undefined,
        signal,
      ),
    staleTime: 0,
  });

export const receivablesQuery = (companyId: number, params: ReceivablesParams) =>
  queryOptions({
    queryKey: paymentKeys.receivables(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Receivables>(`admin/companies/${companyId}/payments_to_be_received`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const refundListQuery = (companyId: number, params: ListParams) =>
  queryOptions({
    queryKey: paymentKeys.refunds(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Refund>>(`admin/companies/${companyId}/refunds`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

const postWithKey = <T>(path: string, body: unknown, key: string) =>
  request<T>(path, { method: 'POST', body, headers: { 'Idempotency-Key': key } });

/** POST admin/companies/{companyId}/payments with the dialog's Idempotency-Key. */
export function useRecordPayment(companyId: number) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentCreateInput; key: string }) =>
      postWithKey<PaymentDetail>(`admin/companies/${companyId}/payments`, body, key),
    meta: { successMessage: PAYMENT_MESSAGES.received, errorMessage: PAYMENT_MESSAGES.record_failed },
    onSuccess: invalidate,
  });
}

/** POST admin/orders/{id}/record_payments with the dialog's Idempotency-Key. */
export function useRecordOrderPayment(orderId: number) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ body, key }: { body: Omit<PaymentCreateInput, 'buyer'>; key: string }) =>
      postWithKey<PaymentDetail>(`admin/orders/${orderId}/record_payments`, body, key),
    meta: { successMessage: PAYMENT_MESSAGES.received, errorMessage: PAYMENT_MESSAGES.record_failed },
    onSuccess: invalidate,
  });
}

export function useMarkAsPaid(orderId: number) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: MarkAsPaidInput) =>
      api.patch<PaymentDetail>(`admin/orders/${orderId}/mark_as_paid`, body),
    meta: { successMessage: PAYMENT_MESSAGES.marked_paid, errorMessage: PAYMENT_MESSAGES.record_failed },
    onSuccess: invalidate,
  });
}

export function useCancelPayment() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (paymentId: number) =>
      api.patch<PaymentDetail>(`admin/order_payments/${paymentId}/cancel`, {}),
    meta: { successMessage: PAYMENT_MESSAGES.cancelled, errorMessage: PAYMENT_MESSAGES.cancel_failed },
    onSuccess: invalidate,
  });
}

export function useRecheckPayment() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (paymentId: number) =>
      api.post<PaymentDetail>(`admin/order_payments/${paymentId}/recheck_payment_status`),
    meta: {
      successMessage: PAYMENT_MESSAGES.status_updated,
      errorMessage: 'Failed to recheck payment status',
    },
    onSuccess: invalidate,
  });
}

export function useAllocatePayment(paymentId: number) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: { allocations?: { invoice: number; amount: number }[] }) =>
      api.post<PaymentDetail>(`admin/payments/${paymentId}/allocate`, body),
    meta: { successMessage: PAYMENT_MESSAGES.allocated, errorMessage: 'Failed to allocate payment' },
    onSuccess: invalidate,
  });
}

export function useRecordRefund(companyId: number) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ body, key }: { body: RefundCreateInput; key: string }) =>
      postWithKey<Refund>(`admin/companies/${companyId}/refunds`, body, key),
    meta: { successMessage: PAYMENT_MESSAGES.refund_recorded, errorMessage: PAYMENT_MESSAGES.refund_failed },
    onSuccess: invalidate,
  });
}

/** POST admin/invoices/{id}/apply_buyer_credit: the buyer's unused credit put on the invoice; the toast says how much. */
export function useApplyBuyerCredit(invoiceId: number) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: () => api.post<ApplyBuyerCreditOutput>(`admin/invoices/${invoiceId}/apply_buyer_credit`),
    meta: { errorMessage: PAYMENT_MESSAGES.apply_credit_failed },
    onSuccess: (answer) => {
      notifySuccess(answer.detail);
      invalidate();
    },
  });
}
