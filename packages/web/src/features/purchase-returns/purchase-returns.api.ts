import type { historyPageOutput } from '@b2b/domain/api/sales-orders';
import {
  type BillReturnableOutput,
  PURCHASE_RETURN_MESSAGES,
  type PurchaseReturnInputDraft,
  type PurchaseReturnOutput,
  type PurchaseReturnSummaryOutput,
  type purchaseReturnListQuery as purchaseReturnListSchema,
} from '@b2b/domain/purchase-returns';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import type { EntitySource } from '../../components/entity-select';
import { PATHS } from '../../session/paths';
import type { BillSummary } from '../bills/bills.api';

export type PurchaseReturn = PurchaseReturnSummaryOutput;
export type PurchaseReturnDetail = PurchaseReturnOutput;
export type BillReturnable = BillReturnableOutput;
export type PurchaseReturnFilters = FiltersOf<typeof purchaseReturnListSchema>;
export type PurchaseReturnListParams = ListParams & PurchaseReturnFilters;
export type PurchaseReturnHistory = z.infer<typeof historyPageOutput>;

export const PURCHASE_RETURN_DEFAULT_ORDERING = '-return_date';
export const PURCHASE_RETURNS_LIST = { to: PATHS.purchaseReturns, label: 'Purchase Returns' };

export const purchaseReturnKeys = {
  all: ['purchase-returns'] as const,
  list: (companyId: number, params: PurchaseReturnListParams) =>
    [...purchaseReturnKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...purchaseReturnKeys.all, 'detail', id] as const,
  history: (id: number) => [...purchaseReturnKeys.all, 'history', id] as const,
  returnable: (billId: number) => [...purchaseReturnKeys.all, 'returnable', billId] as const,
};

export const purchaseReturnListQuery = (companyId: number, params: PurchaseReturnListParams) =>
  queryOptions({
    queryKey: purchaseReturnKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<PurchaseReturn>>(`admin/companies/${companyId}/purchase_returns`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const purchaseReturnQuery = (id: number) =>
  queryOptions({
    queryKey: purchaseReturnKeys.detail(id),
    queryFn: ({ signal }) => api.get<PurchaseReturnDetail>(`admin/purchase_returns/${id}`, undefined, signal),
    retry: false,
  });

export const purchaseReturnHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: purchaseReturnKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<PurchaseReturnHistory>(`admin/purchase_returns/${id}/history`, undefined, signal),
  });

/** A bill's lines with what was billed, returned and is still returnable. */
export const billReturnableQuery = (billId: number) =>
  queryOptions({
    queryKey: purchaseReturnKeys.returnable(billId),
    queryFn: ({ signal }) =>
      api.get<BillReturnable>(`admin/bills/${billId}/returnable_items`, undefined, signal),
    retry: false,
  });

/** Received bills for the bill picker: searched by number or seller, ten at a time. */
export const receivedBillSource = (
  companyId: number,
): EntitySource<BillSummary & { name: string; is_active: boolean }> => {
  const pick = (bill: BillSummary) => ({
    ...bill,
    name: `${bill.bill_number} · ${bill.seller.name}`,
    is_active: true,
  });
  return {
    noun: 'bill',
    search: (search) =>
      queryOptions({
        queryKey: ['bills', 'pick-received', companyId, search],
        queryFn: async ({ signal }) => {
          const page = await api.get<Paged<BillSummary>>(
            `admin/companies/${companyId}/bills`,
            { search, limit: 10, ordering: '-bill_date', status__in: 'open,partially_paid,paid' },
            signal,
          );
          return { ...page, results: page.results.map(pick) };
        },
      }),
    one: (id) =>
      queryOptions({
        queryKey: ['bills', 'pick-one', id],
        queryFn: async ({ signal }) =>
          pick(await api.get<BillSummary>(`admin/bills/${id}`, undefined, signal)),
      }),
  };
};

/** A new Idempotency-Key per form opening: a double submit returns the goods once. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A return changes its bill, its debit note, stock and the seller: their caches are read again. */
export function usePurchasesChanged() {
  const client = useQueryClient();
  return () => {
    for (const key of ['purchase-returns', 'debit-notes', 'bills', 'sellers', 'payments-made', 'products'])
      void client.invalidateQueries({ queryKey: [key] });
  };
}

export function useCreatePurchaseReturn(companyId: number) {
  const changed = usePurchasesChanged();
  return useMutation({
    mutationFn: ({ body, key }: { body: PurchaseReturnInputDraft; key: string }) =>
      request<PurchaseReturnDetail>(`admin/companies/${companyId}/purchase_returns`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    meta: {
      successMessage: PURCHASE_RETURN_MESSAGES.created,
      errorMessage: PURCHASE_RETURN_MESSAGES.create_failed,
    },
    onSuccess: changed,
  });
}

export function useVoidPurchaseReturn() {
  const changed = usePurchasesChanged();
  return useMutation({
    mutationFn: (id: number) => api.post<PurchaseReturnDetail>(`admin/purchase_returns/${id}/void`, {}),
    meta: {
      successMessage: PURCHASE_RETURN_MESSAGES.voided,
      errorMessage: PURCHASE_RETURN_MESSAGES.void_failed,
    },
    onSuccess: changed,
  });
}
