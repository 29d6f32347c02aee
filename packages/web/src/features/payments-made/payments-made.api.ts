import {
  PAYMENT_MADE_MESSAGES,
  type PaymentMadeDetailOutput,
  type PaymentMadeInputDraft,
  type PaymentMadeOutput,
  type paymentMadeListQuery as paymentMadeListSchema,
} from '@b2b/domain/payments-made';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import type { BillSummary } from '../bills/bills.api';

export type PaymentMade = PaymentMadeOutput;
export type PaymentMadeDetail = PaymentMadeDetailOutput;
export type PaymentMadeFilters = FiltersOf<typeof paymentMadeListSchema>;
export type PaymentMadeListParams = ListParams & PaymentMadeFilters;

export const PAYMENT_MADE_DEFAULT_ORDERING = '-payment_date';

export const paymentMadeKeys = {
  all: ['payments-made'] as const,
  lists: () => [...paymentMadeKeys.all, 'list'] as const,
  list: (companyId: number, params: PaymentMadeListParams) =>
    [...paymentMadeKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...paymentMadeKeys.all, 'detail', id] as const,
  openBills: (companyId: number, sellerId: number) =>
    [...paymentMadeKeys.all, 'open-bills', companyId, sellerId] as const,
};

export const paymentMadeListQuery = (companyId: number, params: PaymentMadeListParams) =>
  queryOptions({
    queryKey: paymentMadeKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<PaymentMade>>(`admin/companies/${companyId}/payments_made`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const paymentMadeQuery = (id: number) =>
  queryOptions({
    queryKey: paymentMadeKeys.detail(id),
    queryFn: ({ signal }) => api.get<PaymentMadeDetail>(`admin/payments_made/${id}`, undefined, signal),
  });

/** The seller's received bills with a balance, oldest bill date first (what a payment may pay). */
export const sellerOpenBillsQuery = (companyId: number, sellerId: number) =>
  queryOptions({
    queryKey: paymentMadeKeys.openBills(companyId, sellerId),
    queryFn: ({ signal }) =>
      api.get<Paged<BillSummary>>(
        `admin/companies/${companyId}/bills`,
        { seller: sellerId, status__in: 'open,partially_paid', ordering: 'bill_date', limit: -1 },
        signal,
      ),
  });

/** A new Idempotency-Key per dialog opening: a retried or double-clicked submit records one payment. */
export const newPaymentMadeKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A payment changes bills and sellers too: their caches are read again. */
function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: paymentMadeKeys.all });
    void client.invalidateQueries({ queryKey: ['bills'] });
    void client.invalidateQueries({ queryKey: ['sellers'] });
  };
}

/** POST admin/companies/{companyId}/payments_made with the dialog's Idempotency-Key. */
export function useRecordPaymentMade(companyId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ body, key }: { body: PaymentMadeInputDraft; key: string }) =>
      request<PaymentMadeDetail>(`admin/companies/${companyId}/payments_made`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    meta: {
      successMessage: PAYMENT_MADE_MESSAGES.recorded,
      errorMessage: PAYMENT_MADE_MESSAGES.record_failed,
    },
    onSuccess: invalidate,
  });
}

export function useVoidPaymentMade() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<PaymentMadeDetail>(`admin/payments_made/${id}/void`),
    meta: { successMessage: PAYMENT_MADE_MESSAGES.voided, errorMessage: PAYMENT_MADE_MESSAGES.void_failed },
    onSuccess: invalidate,
  });
}

/** POST admin/payments_made/{id}/apply_advance: the advance goes to the seller's open bills, oldest first. */
export function useApplyAdvance() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, key }: { id: number; key: string }) =>
      request<PaymentMadeDetail>(`admin/payments_made/${id}/apply_advance`, {
        method: 'POST',
        body: {},
        headers: { 'Idempotency-Key': key },
      }),
    meta: {
      successMessage: PAYMENT_MADE_MESSAGES.advance_applied,
      errorMessage: PAYMENT_MADE_MESSAGES.advance_apply_failed,
    },
    onSuccess: invalidate,
  });
}
