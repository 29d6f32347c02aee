import type { historyPageOutput } from '@b2b/domain/api/sales-orders';
import type {
  CreateSalesReturnInput,
  InitiateSalesReturnOutput,
  SalesReturnOutput,
  SalesReturnSummaryOutput,
  salesReturnListQuery as salesReturnListSchema,
} from '@b2b/domain/api/sales-returns';
import { SALES_RETURN_MESSAGES } from '@b2b/domain/sales-returns';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { PATHS } from '../../session/paths';

export type SalesReturn = SalesReturnOutput;
export type SalesReturnSummary = SalesReturnSummaryOutput;
export type InitiateSalesReturn = InitiateSalesReturnOutput;
export type SalesReturnHistory = z.infer<typeof historyPageOutput>;
/** The body of POST admin/invoices/{id}/sales_returns as the form sends it. */
export type CreateSalesReturnBody = Omit<CreateSalesReturnInput, 'items'> & {
  items: { invoice_item: number; return_quantity: number; serial_numbers?: string[] }[];
};

export type SalesReturnFilters = FiltersOf<typeof salesReturnListSchema>;
export type SalesReturnListParams = ListParams & SalesReturnFilters;

export const SALES_RETURN_DEFAULT_ORDERING = '-return_date';
export const SALES_RETURNS_LIST = { to: PATHS.salesReturns, label: 'Sales Returns' };

export const salesReturnLoadErrorTitle = (error: unknown, failed: string) =>
  isApiError(error) && error.status === 403 ? SALES_RETURN_MESSAGES.forbidden_view : failed;

export const salesReturnKeys = {
  all: ['sales-returns'] as const,
  lists: () => [...salesReturnKeys.all, 'list'] as const,
  list: (companyId: number, params: SalesReturnListParams) =>
    [...salesReturnKeys.lists(), companyId, params] as const,
  ofOrder: (orderId: number) => [...salesReturnKeys.lists(), 'order', orderId] as const,
  detail: (id: number) => [...salesReturnKeys.all, 'detail', id] as const,
  history: (id: number) => [...salesReturnKeys.all, 'history', id] as const,
  initiate: (invoiceId: number) => [...salesReturnKeys.all, 'initiate', invoiceId] as const,
};

/** Returns change stock, their invoice's history and credit notes: those are read again. */
const RELATED = [['invoices'], ['sales-orders'], ['credit-notes']] as const;

export const salesReturnListQuery = (companyId: number, params: SalesReturnListParams) =>
  queryOptions({
    queryKey: salesReturnKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<SalesReturnSummary>>(`admin/companies/${companyId}/sales_returns`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** The spec: an order's sales returns, limit 1000. */
export const orderSalesReturnsQuery = (orderId: number) =>
  queryOptions({
    queryKey: salesReturnKeys.ofOrder(orderId),
    queryFn: ({ signal }) =>
      api.get<Paged<SalesReturnSummary>>(`admin/orders/${orderId}/sales_returns`, { limit: 1000 }, signal),
  });

export const salesReturnQuery = (id: number) =>
  queryOptions({
    queryKey: salesReturnKeys.detail(id),
    queryFn: ({ signal }) => api.get<SalesReturn>(`admin/sales_returns/${id}`, undefined, signal),
    retry: false,
  });

export const salesReturnHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: salesReturnKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<SalesReturnHistory>(`admin/sales_returns/${id}/history`, undefined, signal),
  });

export const initiateSalesReturnQuery = (invoiceId: number) =>
  queryOptions({
    queryKey: salesReturnKeys.initiate(invoiceId),
    queryFn: ({ signal }) =>
      api.get<InitiateSalesReturn>(`admin/invoices/${invoiceId}/initiate_sales_return`, undefined, signal),
    retry: false,
    staleTime: 0,
  });

function useSalesReturnChanged() {
  const queryClient = useQueryClient();
  return (salesReturn: SalesReturn) => {
    queryClient.setQueryData(salesReturnKeys.detail(salesReturn.id), salesReturn);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: salesReturnKeys.history(salesReturn.id) }),
      queryClient.invalidateQueries({ queryKey: salesReturnKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: salesReturnKeys.initiate(salesReturn.invoice.id) }),
      ...RELATED.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  };
}

export function useCreateSalesReturn(invoiceId: number) {
  const changed = useSalesReturnChanged();
  return useMutation({
    mutationFn: (body: CreateSalesReturnBody) =>
      api.post<SalesReturn>(`admin/invoices/${invoiceId}/sales_returns`, body),
    meta: {
      successMessage: SALES_RETURN_MESSAGES.created,
      errorMessage: SALES_RETURN_MESSAGES.create_failed,
    },
    onSuccess: changed,
  });
}

export function useCancelSalesReturn(id: number) {
  const changed = useSalesReturnChanged();
  return useMutation({
    mutationFn: () => api.post<SalesReturn>(`admin/sales_returns/${id}/cancel`, {}),
    meta: {
      successMessage: SALES_RETURN_MESSAGES.cancelled,
      errorMessage: SALES_RETURN_MESSAGES.cancel_failed,
    },
    onSuccess: changed,
  });
}
