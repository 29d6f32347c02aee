import type {
  ShippingRuleBody,
  ShippingRuleOutput,
  ShippingSuggestionBody,
  ShippingSuggestionOutput,
} from '@b2b/domain/api/shipping-charges';
import { SHIPPING_MESSAGES } from '@b2b/domain/shipping-charges';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';

export type ShippingRule = ShippingRuleOutput;
export type ShippingSuggestion = ShippingSuggestionOutput;

export const shippingKeys = {
  all: ['shipping-charges'] as const,
  list: (companyId: number) => [...shippingKeys.all, 'list', companyId] as const,
  suggestion: (companyId: number, body: ShippingSuggestionBody) =>
    [...shippingKeys.all, 'suggestion', companyId, body] as const,
};

export const shippingRuleListQuery = (companyId: number) =>
  queryOptions({
    queryKey: shippingKeys.list(companyId),
    queryFn: ({ signal }) =>
      api.get<Paged<ShippingRule>>(`admin/companies/${companyId}/shipping_rules`, undefined, signal),
  });

/** The charge the rules suggest for a draft (a read, by POST); the previous answer stays meanwhile. */
export const shippingSuggestionQuery = (companyId: number, body: ShippingSuggestionBody) =>
  queryOptions({
    queryKey: shippingKeys.suggestion(companyId, body),
    queryFn: () =>
      api.post<ShippingSuggestion>(`admin/companies/${companyId}/shipping_charges/suggest`, body),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

export function useSaveShippingRule(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ShippingRuleBody }) =>
      id === null
        ? api.post<ShippingRule>(`admin/companies/${companyId}/shipping_rules`, body)
        : api.patch<ShippingRule>(`admin/shipping_rules/${id}`, body),
    meta: { errorMessage: SHIPPING_MESSAGES.update_failed },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
  });
}

export function useDeleteShippingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ detail: string }>(`admin/shipping_rules/${id}`),
    meta: { successMessage: SHIPPING_MESSAGES.deleted, errorMessage: SHIPPING_MESSAGES.delete_failed },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
  });
}
