import type { InvoiceSummaryOutput } from '@b2b/domain/api/invoices';
import type {
  commentOutput,
  historyPageOutput,
  QuotationOutput,
  SalesOrderOutput,
  SalesOrderSummaryOutput,
  salesOrderListQuery as salesOrderListSchema,
} from '@b2b/domain/api/sales-orders';
import { ORDER_MESSAGES } from '@b2b/domain/sales-orders';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyError, notifyFailure } from '../../components/notify';

export type SalesOrder = SalesOrderOutput;
export type SalesOrderSummary = SalesOrderSummaryOutput;
export type OrderComment = z.infer<typeof commentOutput>;
export type OrderHistory = z.infer<typeof historyPageOutput>;
export type OrderInvoice = InvoiceSummaryOutput;

/** Filters of the order list (and of its CSV, order_details_report): comma lists of ids or values. */
export type SalesOrderFilters = FiltersOf<typeof salesOrderListSchema>;

export type SalesOrderListParams = ListParams & SalesOrderFilters;

/** Spec: the order list sorts by order date, newest first, unless the user sorts otherwise. */
export const ORDER_DEFAULT_ORDERING = '-order_date';
/** Spec: an order's invoices are read whole (limit 10000). */
const ORDER_INVOICES_LIMIT = 10_000;
/** Spec: history lists are read whole, newest first (limit 1000). */
const HISTORY_LIMIT = 1000;

export const salesOrderKeys = {
  all: ['sales-orders'] as const,
  lists: () => [...salesOrderKeys.all, 'list'] as const,
  list: (companyId: number, params: SalesOrderListParams) =>
    [...salesOrderKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...salesOrderKeys.all, 'detail', id] as const,
  history: (id: number) => [...salesOrderKeys.all, 'history', id] as const,
  invoices: (id: number) => [...salesOrderKeys.all, 'invoices', id] as const,
};

export const salesOrderListQuery = (companyId: number, params: SalesOrderListParams) =>
  queryOptions({
    queryKey: salesOrderKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<SalesOrderSummary>>(
        `admin/companies/${companyId}/orders`,
        { ...params, expand: 'buyer_company,sales_person' },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** Spec: the order is read with its buyer's branch and company, sales person and shipping method. */
export const salesOrderQuery = (id: number) =>
  queryOptions({
    queryKey: salesOrderKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<SalesOrder>(
        `admin/orders/${id}`,
        { expand: 'buyer_branch,buyer_company,sales_person,shipping_method' },
        signal,
      ),
    retry: false,
  });

export const salesOrderHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: salesOrderKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<OrderHistory>(
        `admin/orders/${id}/history/`,
        { limit: HISTORY_LIMIT, ordering: '-created_at' },
        signal,
      ),
  });

export const salesOrderInvoicesQuery = (id: number) =>
  queryOptions({
    queryKey: salesOrderKeys.invoices(id),
    queryFn: ({ signal }) =>
      api.get<Paged<OrderInvoice>>(`admin/orders/${id}/invoices`, { limit: ORDER_INVOICES_LIMIT }, signal),
  });

/** The whole filtered list as CSV (order_details_report), in the list's order. */
export function downloadOrderDetails(params: SalesOrderListParams) {
  const { limit: _limit, offset: _offset, ...filters } = params;
  return downloadFile('admin/reports/order_details_report', { ...filters }, 'order-details-report.csv');
}

/**
 * A failed order call: the spec's failure title with the server's detail, or, when the user lacks
 * the permission (403), the spec's dedicated forbidden sentence for that call.
 */
export function notifyOrderFailure(title: string, forbidden: string, error: unknown): void {
  if (isApiError(error) && error.status === 403) notifyError(forbidden);
  else notifyFailure(title, error);
}

/** After an order changed: its page, its history and every order list. */
function useApplyOrder() {
  const queryClient = useQueryClient();
  return (order: SalesOrder) => {
    queryClient.setQueryData(salesOrderKeys.detail(order.id), order);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: salesOrderKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: salesOrderKeys.history(order.id) }),
      // Confirming reserves stock and cancelling releases it.
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
  };
}

const TRANSITION_TEXTS = {
  confirm: {
    success: ORDER_MESSAGES.confirmed,
    failure: ORDER_MESSAGES.confirm_failed,
    forbidden: ORDER_MESSAGES.forbidden_confirm,
  },
  hold: {
    success: ORDER_MESSAGES.put_on_hold,
    failure: ORDER_MESSAGES.hold_failed,
    forbidden: ORDER_MESSAGES.forbidden_update,
  },
  cancel: {
    success: ORDER_MESSAGES.cancelled,
    failure: ORDER_MESSAGES.cancel_failed,
    forbidden: ORDER_MESSAGES.forbidden_cancel,
  },
} as const;

export type OrderTransitionAction = keyof typeof TRANSITION_TEXTS;

function useOrderTransition(action: OrderTransitionAction) {
  const apply = useApplyOrder();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      api.post<SalesOrder>(`admin/orders/${id}/${action}/`, action === 'cancel' && reason ? { reason } : {}),
    meta: { successMessage: TRANSITION_TEXTS[action].success },
    onSuccess: apply,
    onError: (error) =>
      notifyOrderFailure(TRANSITION_TEXTS[action].failure, TRANSITION_TEXTS[action].forbidden, error),
  });
}

export const useConfirmOrder = () => useOrderTransition('confirm');
export const useHoldOrder = () => useOrderTransition('hold');
export const useCancelOrder = () => useOrderTransition('cancel');

export function useAddOrderComment(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => api.post<OrderComment>(`admin/orders/${orderId}/comments`, { comment }),
    meta: { successMessage: ORDER_MESSAGES.comment_added },
    onError: (error) => notifyOrderFailure(ORDER_MESSAGES.comment_failed, ORDER_MESSAGES.forbidden, error),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: salesOrderKeys.detail(orderId) }),
        queryClient.invalidateQueries({ queryKey: salesOrderKeys.history(orderId) }),
      ]),
  });
}

/**
 * Edit and Re-order start from a quotation the server prepares from the order (purpose edit_order
 * or reorder); the quotation form takes it from there. Both are made by POST (their GETs only show
 * what they would be).
 */
export function useStartFromOrder(kind: 'edit' | 'reorder') {
  return useMutation({
    mutationFn: (orderId: number) =>
      kind === 'edit'
        ? api.post<QuotationOutput>(`admin/orders/${orderId}/initiate_edit_order`)
        : api.post<QuotationOutput>(`admin/orders/${orderId}/initiate_reorder`),
    onError: (error) =>
      kind === 'edit'
        ? notifyOrderFailure(ORDER_MESSAGES.edit_failed, ORDER_MESSAGES.forbidden_update, error)
        : notifyOrderFailure(ORDER_MESSAGES.create_failed, ORDER_MESSAGES.forbidden_place, error),
  });
}
