import type {
  GroupedProductDetail,
  GroupedProductOutput,
  groupedProductCreate,
  groupedProductListFilters,
  groupedProductUpdate,
} from '@b2b/domain/api/grouped-products';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { Detail, FiltersOf, ListParams, Paged } from '../../api/types';

export type GroupedProduct = GroupedProductOutput;
export type GroupedProductDetails = GroupedProductDetail;
/** What a form sends: the domain's input shapes (rupees as numbers). */
export type GroupedProductCreateBody = z.input<typeof groupedProductCreate>;
export type GroupedProductUpdateBody = z.input<typeof groupedProductUpdate>;

export type GroupedProductListParams = ListParams & FiltersOf<typeof groupedProductListFilters>;

export const groupedProductKeys = {
  all: ['grouped-products'] as const,
  list: (companyId: number, params: GroupedProductListParams) =>
    [...groupedProductKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...groupedProductKeys.all, 'detail', id] as const,
};

export const groupedProductListQuery = (companyId: number, params: GroupedProductListParams) =>
  queryOptions({
    queryKey: groupedProductKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<GroupedProduct>>(`companies/${companyId}/grouped_products`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const groupedProductQuery = (id: number) =>
  queryOptions({
    queryKey: groupedProductKeys.detail(id),
    queryFn: ({ signal }) => api.get<GroupedProductDetails>(`grouped_products/${id}`, undefined, signal),
  });

/** After a change to one bundle: its detail and every bundle list. */
function useInvalidateGroupedProduct() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...groupedProductKeys.all, 'list'] }),
      id === undefined
        ? undefined
        : queryClient.invalidateQueries({ queryKey: groupedProductKeys.detail(id) }),
    ]);
}

/** Puts the server's answer into the cached lists at once, so a switch does not flick back. */
function useApplyGroupedProduct() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateGroupedProduct();
  return (bundle: GroupedProductDetails) => {
    const { items: _items, items_selling_price: _sum, available_bundles: _n, ...summary } = bundle;
    replaceInLists(queryClient, [...groupedProductKeys.all, 'list'], summary);
    queryClient.setQueryData(groupedProductKeys.detail(bundle.id), bundle);
    return invalidate(bundle.id);
  };
}

export function useCreateGroupedProduct(companyId: number) {
  const invalidate = useInvalidateGroupedProduct();
  return useMutation({
    mutationFn: (body: GroupedProductCreateBody) =>
      api.post<GroupedProductDetails>(`companies/${companyId}/grouped_products`, body),
    meta: {
      successMessage: 'Grouped Product created Successfully.',
      errorMessage: 'Failed to create Grouped Product.',
    },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateGroupedProduct() {
  const apply = useApplyGroupedProduct();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: GroupedProductUpdateBody }) =>
      api.patch<GroupedProductDetails>(`grouped_products/${id}`, body),
    meta: {
      successMessage: 'Grouped Product updated Successfully.',
      errorMessage: 'Failed to update Grouped Product.',
    },
    onSuccess: apply,
  });
}

export function useSetGroupedProductActive() {
  const apply = useApplyGroupedProduct();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post<GroupedProductDetails>(`grouped_products/${id}/${active ? 'activate' : 'deactivate'}`),
    meta: {
      successMessage: 'Grouped Product updated Successfully.',
      errorMessage: 'Failed to update Grouped Product.',
    },
    onSuccess: apply,
  });
}

/** Bundles are deleted softly: orders that name one keep it. */
export function useDeleteGroupedProduct() {
  const invalidate = useInvalidateGroupedProduct();
  return useMutation({
    mutationFn: (id: number) => api.post<Detail>(`grouped_products/${id}/delete`),
    meta: {
      successMessage: 'Grouped Product deleted Successfully.',
      errorMessage: 'Failed to delete Grouped Product.',
    },
    onSuccess: (_answer, id) => invalidate(id),
  });
}
