import type {
  AttributeCreate,
  AttributeOutput,
  AttributeUpdate,
  ProductGroupOutput,
  ProductGroupUpdate,
  productGroupCreate,
  productGroupListFilters,
} from '@b2b/domain/api/product-groups';
import { PRODUCT_GROUP_MESSAGES as M } from '@b2b/domain/api/product-groups';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { Detail, FiltersOf, ListParams, Paged } from '../../api/types';

export type ProductGroup = Omit<ProductGroupOutput, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};
export type ProductAttribute = AttributeOutput;

export type ProductGroupListParams = ListParams & FiltersOf<typeof productGroupListFilters>;
export type ProductGroupCreateBody = z.input<typeof productGroupCreate>;

export const productGroupKeys = {
  all: ['product-groups'] as const,
  list: (companyId: number, params: ProductGroupListParams) =>
    [...productGroupKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...productGroupKeys.all, 'detail', id] as const,
};

export const productGroupListQuery = (companyId: number, params: ProductGroupListParams) =>
  queryOptions({
    queryKey: productGroupKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<ProductGroup>>(`companies/${companyId}/product_groups`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const productGroupQuery = (id: number) =>
  queryOptions({
    queryKey: productGroupKeys.detail(id),
    queryFn: ({ signal }) => api.get<ProductGroup>(`product_groups/${id}`, undefined, signal),
  });

/** After a change to one group: its detail and every list. */
function useInvalidateGroup() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...productGroupKeys.all, 'list'] }),
      id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: productGroupKeys.detail(id) }),
    ]);
}

function useApplyGroup() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateGroup();
  return (group: ProductGroup) => {
    replaceInLists(queryClient, [...productGroupKeys.all, 'list'], group);
    return invalidate(group.id);
  };
}

export function useCreateProductGroup(companyId: number) {
  const invalidate = useInvalidateGroup();
  return useMutation({
    mutationFn: (body: ProductGroupCreateBody) =>
      api.post<ProductGroup>(`companies/${companyId}/product_groups`, body),
    meta: { successMessage: M.created, errorMessage: M.create_failed },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateProductGroup() {
  const apply = useApplyGroup();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductGroupUpdate }) =>
      api.patch<ProductGroup>(`product_groups/${id}`, body),
    meta: { successMessage: M.updated, errorMessage: M.update_failed },
    onSuccess: apply,
  });
}

export function useActivateProductGroup() {
  const apply = useApplyGroup();
  return useMutation({
    mutationFn: (id: number) => api.post<ProductGroup>(`product_groups/${id}/activate`),
    meta: { successMessage: M.activated, errorMessage: M.activate_failed },
    onSuccess: apply,
  });
}

export function useDeactivateProductGroup() {
  const apply = useApplyGroup();
  return useMutation({
    mutationFn: (id: number) => api.post<ProductGroup>(`product_groups/${id}/deactivate`),
    meta: { successMessage: M.deactivated, errorMessage: M.deactivate_failed },
    onSuccess: apply,
  });
}

export function useAddAttribute(groupId: number) {
  const apply = useApplyGroup();
  return useMutation({
    mutationFn: (body: AttributeCreate) =>
      api.post<ProductGroup>(`product_groups/${groupId}/attributes`, body),
    meta: { successMessage: M.added, errorMessage: M.add_failed },
    onSuccess: apply,
  });
}

export function useUpdateAttribute(groupId: number) {
  const invalidate = useInvalidateGroup();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AttributeUpdate }) =>
      api.patch<ProductAttribute>(`attributes/${id}`, body),
    meta: { successMessage: M.updated, errorMessage: M.update_failed },
    onSuccess: () => invalidate(groupId),
  });
}

export function useDeleteAttribute(groupId: number) {
  const invalidate = useInvalidateGroup();
  return useMutation({
    mutationFn: (id: number) => api.post<Detail>(`attributes/${id}/delete`),
    meta: { successMessage: M.attribute_deleted, errorMessage: M.delete_failed },
    onSuccess: () => invalidate(groupId),
  });
}
