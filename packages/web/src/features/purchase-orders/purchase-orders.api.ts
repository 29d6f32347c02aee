import type { historyPageOutput } from '@b2b/domain/api/sales-orders';
import {
  PURCHASE_ORDER_MESSAGES,
  type PurchaseOrderInput,
  type PurchaseOrderOutput,
  type PurchaseOrderStatus,
  type PurchaseOrderSummaryOutput,
  type purchaseOrderListQuery as purchaseOrderListSchema,
} from '@b2b/domain/purchase-orders';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { downloadListCsv } from '../../components/download-list-csv';
import { PATHS } from '../../session/paths';

export type { PurchaseOrderStatus };

/** The shapes of the purchase orders API, as the domain declares them for the server's responses. */
export type PurchaseOrder = PurchaseOrderOutput;
export type PurchaseOrderSummary = PurchaseOrderSummaryOutput;
export type PurchaseOrderLine = PurchaseOrder['items'][number];
/** POST admin/companies/{companyId}/purchase_orders and PATCH admin/purchase_orders/{id}. */
export type PurchaseOrderBody = PurchaseOrderInput;
export type PurchaseOrderFilters = FiltersOf<typeof purchaseOrderListSchema>;
export type PurchaseOrderListParams = ListParams & PurchaseOrderFilters;
export type PurchaseOrderHistory = z.infer<typeof historyPageOutput>;

export const PURCHASE_ORDER_DEFAULT_ORDERING = '-order_date';

/** The list the purchase order screens lead back to. */
export const PURCHASE_ORDERS_LIST = { to: PATHS.purchaseOrders, label: 'Purchase Orders' };

export const PURCHASE_ORDER_TOASTS = {
  ...PURCHASE_ORDER_MESSAGES,
  export_failed: 'Failed to download the purchase orders CSV file.',
} as const;

export const purchaseOrderKeys = {
  all: ['purchase-orders'] as const,
  lists: () => [...purchaseOrderKeys.all, 'list'] as const,
  list: (companyId: number, params: PurchaseOrderListParams) =>
    [...purchaseOrderKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...purchaseOrderKeys.all, 'detail', id] as const,
  history: (id: number) => [...purchaseOrderKeys.all, 'history', id] as const,
};

export const purchaseOrderListQuery = (companyId: number, params: PurchaseOrderListParams) =>
  queryOptions({
    queryKey: purchaseOrderKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<PurchaseOrderSummary>>(
        `admin/companies/${companyId}/purchase_orders`,
        { ...params },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const purchaseOrderQuery = (id: number) =>
  queryOptions({
    queryKey: purchaseOrderKeys.detail(id),
    queryFn: ({ signal }) => api.get<PurchaseOrder>(`admin/purchase_orders/${id}`, undefined, signal),
    retry: false,
  });

export const purchaseOrderHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: purchaseOrderKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<PurchaseOrderHistory>(`admin/purchase_orders/${id}/history`, undefined, signal),
  });

export const downloadPurchaseOrdersCsv = (companyId: number, params: PurchaseOrderListParams) =>
  downloadListCsv(`admin/companies/${companyId}/purchase_orders`, params, 'purchase-orders.csv');

/** A new Idempotency-Key per form opening: a retried or double-pressed Save writes one order. */
export const newPurchaseOrderKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function usePurchaseOrderChanged() {
  const queryClient = useQueryClient();
  return (order: PurchaseOrder) => {
    queryClient.setQueryData(purchaseOrderKeys.detail(order.id), order);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.history(order.id) }),
    ]);
  };
}

export function useCreatePurchaseOrder(companyId: number) {
  const changed = usePurchaseOrderChanged();
  return useMutation({
    mutationFn: ({ body, key }: { body: PurchaseOrderBody; key: string }) =>
      request<PurchaseOrder>(`admin/companies/${companyId}/purchase_orders`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    meta: {
      successMessage: PURCHASE_ORDER_TOASTS.created,
      errorMessage: PURCHASE_ORDER_TOASTS.create_failed,
    },
    onSuccess: changed,
  });
}

export function useUpdatePurchaseOrder(id: number) {
  const changed = usePurchaseOrderChanged();
  return useMutation({
    mutationFn: (body: PurchaseOrderBody) => api.patch<PurchaseOrder>(`admin/purchase_orders/${id}`, body),
    meta: { successMessage: PURCHASE_ORDER_TOASTS.edited, errorMessage: PURCHASE_ORDER_TOASTS.edit_failed },
    onSuccess: changed,
  });
}

export type PurchaseOrderStatusAction = 'send' | 'cancel';

const ACTION_TOASTS: Record<PurchaseOrderStatusAction, { successMessage: string; errorMessage: string }> = {
  send: { successMessage: PURCHASE_ORDER_TOASTS.sent, errorMessage: PURCHASE_ORDER_TOASTS.send_failed },
  cancel: {
    successMessage: PURCHASE_ORDER_TOASTS.cancelled,
    errorMessage: PURCHASE_ORDER_TOASTS.cancel_failed,
  },
};

/** Mark as Sent and Cancel: POST admin/purchase_orders/{id}/{action}. */
export function usePurchaseOrderAction(action: PurchaseOrderStatusAction) {
  const changed = usePurchaseOrderChanged();
  return useMutation({
    mutationFn: (id: number) => api.post<PurchaseOrder>(`admin/purchase_orders/${id}/${action}`),
    meta: ACTION_TOASTS[action],
    onSuccess: changed,
  });
}
