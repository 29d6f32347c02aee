import type { shippingMethodOutput } from '@b2b/domain/api/reference';
import type {
  availableOfferOutput,
  QuotationInput,
  QuotationOutput,
  quotationListQuery as quotationListSchema,
  quotationSummaryOutput,
  SalesOrderOutput,
} from '@b2b/domain/api/sales-orders';
import { QUOTATION_MESSAGES } from '@b2b/domain/api/sales-orders';
import { ORDER_MESSAGES } from '@b2b/domain/sales-orders';
import type { StatusOption } from '@b2b/domain/statuses';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { notifySuccess } from '../../components/notify';
import { notifyOrderFailure, salesOrderKeys } from '../sales-orders/sales-orders.api';

export type Quotation = QuotationOutput;
export type QuotationSummary = z.infer<typeof quotationSummaryOutput>;
export type AvailableOffer = z.infer<typeof availableOfferOutput>;
export type QuotationBody = Omit<QuotationInput, 'date' | 'shipment_date'> & {
  date?: string;
  shipment_date?: string;
};

export type QuotationListParams = ListParams & FiltersOf<typeof quotationListSchema>;

/** Badges of a quotation's status: a draft, sent to the buyer, turned into an order. */
export const QUOTATION_STATUS_OPTIONS: readonly StatusOption[] = [
  { value: 'draft', label: 'Draft', color: 'gray' },
  { value: 'submitted', label: 'Submitted', color: 'blue' },
  { value: 'ordered', label: 'Ordered', color: 'green' },
];

/**
 * Quotation texts. The spec's order catalogue (ORDER_MESSAGES) has no quotation successes, list or
 * delete texts: these follow its pattern.
 */
/** The quotation texts, from the domain. */
export const QUOTATION_TOASTS = QUOTATION_MESSAGES;

export const quotationKeys = {
  all: ['quotations'] as const,
  lists: () => [...quotationKeys.all, 'list'] as const,
  list: (companyId: number, params: QuotationListParams) =>
    [...quotationKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...quotationKeys.all, 'detail', id] as const,
  offers: (id: number) => [...quotationKeys.all, 'offers', id] as const,
};

export const quotationListQuery = (companyId: number, params: QuotationListParams) =>
  queryOptions({
    queryKey: quotationKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<QuotationSummary>>(`admin/companies/${companyId}/quotations`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const quotationQuery = (id: number) =>
  queryOptions({
    queryKey: quotationKeys.detail(id),
    queryFn: ({ signal }) => api.get<Quotation>(`admin/quotations/${id}`, undefined, signal),
    retry: false,
  });

/** The offers a saved quotation qualifies for (a plain list or a page, both read). */
export const availableOffersQuery = (id: number) =>
  queryOptions({
    queryKey: quotationKeys.offers(id),
    queryFn: async ({ signal }) => {
      const answer = await api.get<AvailableOffer[] | Paged<AvailableOffer>>(
        `quotations/${id}/available_offers`,
        undefined,
        signal,
      );
      return Array.isArray(answer) ? answer : answer.results;
    },
    staleTime: 0,
  });

/** The saved quotation goes into the cache; lists and its offers are read again. */
function useApplyQuotation() {
  const queryClient = useQueryClient();
  return (quotation: Quotation) => {
    queryClient.setQueryData(quotationKeys.detail(quotation.id), quotation);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: quotationKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: quotationKeys.offers(quotation.id) }),
    ]);
  };
}

/** Saves the form: a new quotation (generate_quotation) or the one being edited (edit_quotation). */
export function useSaveQuotation(companyId: number) {
  const apply = useApplyQuotation();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QuotationBody }) =>
      id === null
        ? api.post<Quotation>(`admin/companies/${companyId}/generate_quotation`, body)
        : api.post<Quotation>(`admin/companies/${companyId}/edit_quotation/`, { ...body, id }),
    onSuccess: apply,
  });
}

/** Draft -> submitted: the quotation is sent to the buyer as it is. */
export function useSubmitQuotation() {
  const apply = useApplyQuotation();
  return useMutation({
    mutationFn: (id: number) => api.patch<Quotation>(`admin/quotations/${id}/submit/`, {}),
    meta: { successMessage: QUOTATION_TOASTS.created, errorMessage: ORDER_MESSAGES.create_quotation_failed },
    onSuccess: apply,
  });
}

/** After an order is made from a quotation: the quotation, the order lists and the stock changed. */
function useAfterOrder() {
  const queryClient = useQueryClient();
  return (order: SalesOrderOutput, quotationId: number) => {
    queryClient.setQueryData(salesOrderKeys.detail(order.id), order);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: quotationKeys.detail(quotationId) }),
      queryClient.invalidateQueries({ queryKey: quotationKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: salesOrderKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
  };
}

/** Place Order (and Place Instant Order: `instant` invoices it at once). */
export function useGenerateOrder() {
  const after = useAfterOrder();
  return useMutation({
    mutationFn: ({ id, instant }: { id: number; instant: boolean }) =>
      api.post<SalesOrderOutput>(`admin/quotations/${id}/generate_order/`, instant ? { instant } : {}),
    meta: { successMessage: ORDER_MESSAGES.created },
    onSuccess: (order, { id }) => after(order, id),
    onError: (error) =>
      notifyOrderFailure(ORDER_MESSAGES.create_failed, ORDER_MESSAGES.forbidden_place, error),
  });
}

/**
 * Place Order (or Place Instant Order) of a form not saved yet: one step, so that a refused order
 * leaves no draft quotation behind (issue 18); its quotation is kept for the record, not listed.
 */
export function useGenerateDirectOrder(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, instant }: { body: QuotationBody; instant: boolean }) =>
      api.post<SalesOrderOutput>(
        `admin/companies/${companyId}/generate_order`,
        instant ? { ...body, instant } : body,
      ),
    meta: { successMessage: ORDER_MESSAGES.created },
    onSuccess: (order) => {
      queryClient.setQueryData(salesOrderKeys.detail(order.id), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: salesOrderKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
    onError: (error) =>
      notifyOrderFailure(ORDER_MESSAGES.create_failed, ORDER_MESSAGES.forbidden_place, error),
  });
}

/** The edit-order quotation becomes the order's next version. */
export function useEditOrder() {
  const after = useAfterOrder();
  return useMutation({
    mutationFn: (id: number) => api.post<SalesOrderOutput>(`admin/quotations/${id}/edit_order/`, {}),
    meta: { successMessage: ORDER_MESSAGES.updated },
    onSuccess: (order, id) => after(order, id),
    onError: (error) =>
      notifyOrderFailure(ORDER_MESSAGES.edit_failed, ORDER_MESSAGES.forbidden_update, error),
  });
}

/** Apply or remove a coupon; an invalid coupon's message goes under the field (no toast). */
export function useCoupon(quotationId: number) {
  const apply = useApplyQuotation();
  return useMutation({
    mutationFn: (code: string | null) =>
      code === null
        ? api.post<Quotation>(`admin/quotations/${quotationId}/remove_coupon_code/`, {})
        : api.post<Quotation>(`admin/quotations/${quotationId}/apply_coupon_code/`, { coupon_code: code }),
    onSuccess: (quotation, code) => {
      notifySuccess(code === null ? ORDER_MESSAGES.coupon_removed : ORDER_MESSAGES.coupon_applied);
      return apply(quotation);
    },
  });
}

export function useDeleteQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`admin/quotations/${id}`),
    meta: { successMessage: QUOTATION_TOASTS.deleted, errorMessage: QUOTATION_TOASTS.delete_failed },
    // The deleted quotation's page is left at once; its cached copy simply goes stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotationKeys.lists() }),
  });
}

export type ShippingMethod = z.output<typeof shippingMethodOutput>;

/** The company's delivery methods, answered whole; they change rarely. */
export const shippingMethodsQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['reference', 'shipping-methods', companyId] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<ShippingMethod>>(`companies/${companyId}/shipping_methods`, undefined, signal),
    staleTime: 60 * 60_000,
  });
