import {
  DELIVERY_CHALLAN_MESSAGES,
  type DeliveryChallanCreate,
  type DeliveryChallanOutput,
  type DeliveryChallanSummaryOutput,
  type deliveryChallanInvoiceInput,
  type deliveryChallanListQuery as deliveryChallanListSchema,
} from '@b2b/domain/api/delivery-challans';
import type { historyPageOutput } from '@b2b/domain/api/sales-orders';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { PATHS } from '../../session/paths';
import { productKeys } from '../products/products.api';
import { warehouseKeys } from '../warehouses/warehouses.api';

export type DeliveryChallan = DeliveryChallanOutput;
export type DeliveryChallanSummary = DeliveryChallanSummaryOutput;
export type DeliveryChallanLine = DeliveryChallan['items'][number];
export type DeliveryChallanHistory = z.infer<typeof historyPageOutput>;
/** The body of POST admin/companies/{companyId}/delivery_challans: numbers as numbers, dates as YYYY-MM-DD. */
export type DeliveryChallanBody = Omit<DeliveryChallanCreate, 'items'> & {
  items: { product: number; quantity: number; rate?: number }[];
};
/** The body of POST admin/delivery_challans/{id}/invoice: what the buyer keeps of each line. */
export type ChallanInvoiceBody = z.input<typeof deliveryChallanInvoiceInput>;

/** Filters of the challan list (status__in as a comma list). */
export type DeliveryChallanFilters = FiltersOf<typeof deliveryChallanListSchema>;
export type DeliveryChallanListParams = ListParams & DeliveryChallanFilters;

export const DELIVERY_CHALLAN_DEFAULT_ORDERING = '-challan_date';

/** The list the challan screens lead back to. */
export const DELIVERY_CHALLANS_LIST = { to: PATHS.deliveryChallans, label: 'Delivery Challans' };

/** The messages of the domain, and the few the screens need besides (ours: the spec names none). */
export const DELIVERY_CHALLAN_TOASTS = {
  ...DELIVERY_CHALLAN_MESSAGES,
  load_one_failed: 'Failed to load delivery challan.',
  history_failed: 'Failed to load history.',
  warehouse_required: 'Please select the warehouse sending the goods.',
  product_required: 'Please select a product.',
} as const;

export const deliveryChallanKeys = {
  all: ['delivery-challans'] as const,
  lists: () => [...deliveryChallanKeys.all, 'list'] as const,
  list: (companyId: number, params: DeliveryChallanListParams) =>
    [...deliveryChallanKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...deliveryChallanKeys.all, 'detail', id] as const,
  history: (id: number) => [...deliveryChallanKeys.all, 'history', id] as const,
};

export const deliveryChallanListQuery = (companyId: number, params: DeliveryChallanListParams) =>
  queryOptions({
    queryKey: deliveryChallanKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<DeliveryChallanSummary>>(
        `admin/companies/${companyId}/delivery_challans`,
        { ...params, expand: 'seller_branch,buyer_branch' },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const deliveryChallanQuery = (id: number) =>
  queryOptions({
    queryKey: deliveryChallanKeys.detail(id),
    queryFn: ({ signal }) => api.get<DeliveryChallan>(`admin/delivery_challans/${id}`, undefined, signal),
    retry: false,
  });

export const deliveryChallanHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: deliveryChallanKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<DeliveryChallanHistory>(`admin/delivery_challans/${id}/history`, undefined, signal),
  });

/**
 * After anything a challan did: the challan (answered by the call), its history and every list;
 * stock moved (products, warehouses), and a conversion made an order and an invoice.
 */
function useChallanChanged() {
  const queryClient = useQueryClient();
  return (challan: DeliveryChallan) => {
    queryClient.setQueryData(deliveryChallanKeys.detail(challan.id), challan);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: deliveryChallanKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: deliveryChallanKeys.history(challan.id) }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['stock-movements'] }),
      queryClient.invalidateQueries({ queryKey: ['invoices'] }),
      queryClient.invalidateQueries({ queryKey: ['sales-orders'] }),
    ]);
  };
}

export function useCreateDeliveryChallan(companyId: number) {
  const changed = useChallanChanged();
  return useMutation({
    mutationFn: (body: DeliveryChallanBody) =>
      api.post<DeliveryChallan>(`admin/companies/${companyId}/delivery_challans`, body),
    meta: {
      successMessage: DELIVERY_CHALLAN_MESSAGES.created,
      errorMessage: DELIVERY_CHALLAN_MESSAGES.create_failed,
    },
    onSuccess: changed,
  });
}

export type ChallanStatusAction = 'deliver' | 'return' | 'cancel';

const ACTION_SUCCESS: Record<ChallanStatusAction, string> = {
  deliver: DELIVERY_CHALLAN_MESSAGES.delivered,
  return: DELIVERY_CHALLAN_MESSAGES.returned,
  cancel: DELIVERY_CHALLAN_MESSAGES.cancelled,
};

/** Mark Delivered, Record Return, Cancel Challan: POST admin/delivery_challans/{id}/{action}. */
export function useChallanAction(id: number, action: ChallanStatusAction) {
  const changed = useChallanChanged();
  return useMutation({
    mutationFn: () => api.post<DeliveryChallan>(`admin/delivery_challans/${id}/${action}`),
    meta: { successMessage: ACTION_SUCCESS[action], errorMessage: DELIVERY_CHALLAN_MESSAGES.action_failed },
    onSuccess: changed,
  });
}

/** Convert to Invoice: the buyer keeps part or all of each line; the rest comes back. */
export function useInvoiceChallan(id: number) {
  const changed = useChallanChanged();
  return useMutation({
    mutationFn: (body: ChallanInvoiceBody) =>
      api.post<DeliveryChallan>(`admin/delivery_challans/${id}/invoice`, body),
    meta: {
      successMessage: DELIVERY_CHALLAN_MESSAGES.invoiced,
      errorMessage: DELIVERY_CHALLAN_MESSAGES.action_failed,
    },
    onSuccess: changed,
  });
}
