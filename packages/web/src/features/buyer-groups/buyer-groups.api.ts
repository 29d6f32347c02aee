import type {
  BuyerGroupBuyerOutput,
  BuyerGroupOutput,
  buyerGroupConditionsUpdate,
  buyerGroupCreate,
  buyerGroupListFilters,
  buyerGroupProductFilters,
  buyerGroupUpdate,
} from '@b2b/domain/api/buyer-groups';
import type { ProductSummaryOutput, productHistoryOutput } from '@b2b/domain/api/products';
import { BUYER_GROUP_MESSAGES as M } from '@b2b/domain/buyer-groups';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

type Dated<T> = Omit<T, 'created_at' | 'updated_at' | 'evaluated_at' | 'assigned_at'> & {
  created_at: string;
  updated_at: string;
};

export type BuyerGroup = Dated<BuyerGroupOutput> & { evaluated_at: string | null };
export type BuyerGroupBuyer = Omit<BuyerGroupBuyerOutput, 'created_at' | 'assigned_at'> & {
  created_at: string;
  assigned_at?: string;
};
export type BuyerGroupProduct = ProductSummaryOutput;

export type BuyerGroupListParams = ListParams & FiltersOf<typeof buyerGroupListFilters>;
export type BuyerGroupProductParams = ListParams & FiltersOf<typeof buyerGroupProductFilters>;
export type BuyerGroupCreateBody = z.input<typeof buyerGroupCreate>;
/** The PATCH body: '' or null clears the description. */
export type BuyerGroupUpdateBody = z.input<typeof buyerGroupUpdate>;
export type BuyerGroupConditionsBody = z.input<typeof buyerGroupConditionsUpdate>;
/** The group's history: the same page of entries as a product's. */
export type BuyerGroupHistory = z.output<typeof productHistoryOutput>;
export type BuyerGroupHistoryEntry = BuyerGroupHistory['results'][number];

export const buyerGroupKeys = {
  all: ['buyer-groups'] as const,
  lists: () => [...buyerGroupKeys.all, 'list'] as const,
  list: (companyId: number, params: BuyerGroupListParams) =>
    [...buyerGroupKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...buyerGroupKeys.all, 'detail', id] as const,
  /** Everything under one group: members, the unassigned list, products, history. */
  of: (id: number) => [...buyerGroupKeys.all, 'of', id] as const,
  buyers: (id: number, params: ListParams) => [...buyerGroupKeys.of(id), 'buyers', params] as const,
  unassigned: (id: number, params: ListParams) => [...buyerGroupKeys.of(id), 'unassigned', params] as const,
  products: (id: number, params: BuyerGroupProductParams) =>
    [...buyerGroupKeys.of(id), 'products', params] as const,
  history: (id: number) => [...buyerGroupKeys.of(id), 'history'] as const,
};

export const buyerGroupHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: buyerGroupKeys.history(id),
    queryFn: ({ signal }) => api.get<BuyerGroupHistory>(`buyer_groups/${id}/history`, undefined, signal),
  });

export const buyerGroupListQuery = (companyId: number, params: BuyerGroupListParams) =>
  queryOptions({
    queryKey: buyerGroupKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<BuyerGroup>>(`companies/${companyId}/buyer_groups`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const buyerGroupQuery = (id: number) =>
  queryOptions({
    queryKey: buyerGroupKeys.detail(id),
    queryFn: ({ signal }) => api.get<BuyerGroup>(`buyer_groups/${id}`, undefined, signal),
  });

export const buyerGroupBuyersQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: buyerGroupKeys.buyers(id, params),
    queryFn: ({ signal }) =>
      api.get<Paged<BuyerGroupBuyer>>(`buyer_groups/${id}/buyers/`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const unassignedBuyersQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: buyerGroupKeys.unassigned(id, params),
    queryFn: ({ signal }) =>
      api.get<Paged<BuyerGroupBuyer>>(`v1/buyer_groups/${id}/unassigned_buyers`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const buyerGroupProductsQuery = (id: number, params: BuyerGroupProductParams) =>
  queryOptions({
    queryKey: buyerGroupKeys.products(id, params),
    queryFn: ({ signal }) =>
      api.get<Paged<BuyerGroupProduct>>(`buyer_groups/${id}/products`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** After a change to one group: its detail, what hangs under it, and every group list. */
function useApplyBuyerGroup() {
  const queryClient = useQueryClient();
  return (group: BuyerGroup) => {
    replaceInLists(queryClient, buyerGroupKeys.lists(), group);
    queryClient.setQueryData(buyerGroupKeys.detail(group.id), group);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: buyerGroupKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: buyerGroupKeys.of(group.id) }),
    ]);
  };
}

export function useCreateBuyerGroup(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyerGroupCreateBody) =>
      api.post<BuyerGroup>(`companies/${companyId}/buyer_groups`, body),
    // The spec words the toasts by the group's type.
    onSuccess: (_group, body) => {
      notifySuccess(body.is_dynamic_group ? M.created_dynamic : M.created_static);
      return queryClient.invalidateQueries({ queryKey: buyerGroupKeys.lists() });
    },
    onError: (error, body) =>
      notifyFailure(body.is_dynamic_group ? M.create_dynamic_failed : M.create_static_failed, error),
  });
}

export function useUpdateBuyerGroup(id: number) {
  const apply = useApplyBuyerGroup();
  return useMutation({
    mutationFn: (body: BuyerGroupUpdateBody) => api.patch<BuyerGroup>(`buyer_groups/${id}`, body),
    meta: { successMessage: M.updated, errorMessage: M.update_failed },
    onSuccess: apply,
  });
}

export function useSetBuyerGroupActive() {
  const apply = useApplyBuyerGroup();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post<BuyerGroup>(`buyer_groups/${id}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (group, { active }) => {
      notifySuccess(active ? M.activated : M.deactivated);
      return apply(group);
    },
    onError: (error, { active }) => notifyFailure(active ? M.activate_failed : M.deactivate_failed, error),
  });
}

export function useUpdateBuyerGroupConditions(id: number) {
  const apply = useApplyBuyerGroup();
  return useMutation({
    mutationFn: (body: BuyerGroupConditionsBody) =>
      api.patch<BuyerGroup>(`buyer_groups/${id}/conditions`, body),
    meta: { successMessage: M.conditions_updated, errorMessage: M.conditions_failed },
    onSuccess: apply,
  });
}

export function useAssignGroupBuyers(id: number) {
  const apply = useApplyBuyerGroup();
  return useMutation({
    mutationFn: (buyers: number[]) =>
      buyers.length === 1
        ? api.post<BuyerGroup>(`buyer_groups/${id}/buyers/`, { buyer: buyers[0] })
        : api.post<BuyerGroup>(`buyer_groups/${id}/assign_buyers/`, { buyers }),
    meta: { successMessage: M.buyers_assigned, errorMessage: M.buyers_update_failed },
    onSuccess: apply,
  });
}

export function useUnassignGroupBuyer(id: number) {
  const apply = useApplyBuyerGroup();
  return useMutation({
    mutationFn: (buyer: number) => api.post<BuyerGroup>(`buyer_groups/${id}/unassign_buyer/`, { buyer }),
    meta: { successMessage: M.buyer_unassigned, errorMessage: M.buyer_unassign_failed },
    onSuccess: apply,
  });
}

export function useAssignGroupBranches(id: number) {
  const apply = useApplyBuyerGroup();
  return useMutation({
    mutationFn: (branches: number[]) =>
      api.post<BuyerGroup>(`buyer_groups/${id}/assign_branches`, { branches }),
    meta: { successMessage: M.branch_assigned, errorMessage: M.branch_assign_failed },
    onSuccess: apply,
  });
}

export function useUnassignGroupBranches(id: number) {
  const apply = useApplyBuyerGroup();
  return useMutation({
    mutationFn: (branches: number[]) =>
      api.post<BuyerGroup>(`buyer_groups/${id}/unassign_branches`, { branches }),
    meta: { successMessage: M.branch_unassigned, errorMessage: M.branch_unassign_failed },
    onSuccess: apply,
  });
}
