import type {
  CollectionOutput,
  CollectionProductOutput,
  collectionCreate,
  collectionListFilters,
  collectionUpdate,
} from '@b2b/domain/api/product-collections';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { FiltersOf, ListParams, Paged } from '../../api/types';

export type ProductCollection = CollectionOutput;
export type CollectionProduct = CollectionProductOutput;
export type CollectionCreateBody = z.input<typeof collectionCreate>;
export type CollectionUpdateBody = z.input<typeof collectionUpdate>;

export type CollectionListParams = ListParams & FiltersOf<typeof collectionListFilters>;

export const collectionKeys = {
  all: ['product-collections'] as const,
  list: (companyId: number, params: CollectionListParams) =>
    [...collectionKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...collectionKeys.all, 'detail', id] as const,
  products: (id: number, params: ListParams) => [...collectionKeys.detail(id), 'products', params] as const,
};

export const collectionListQuery = (companyId: number, params: CollectionListParams) =>
  queryOptions({
    queryKey: collectionKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<ProductCollection>>(`companies/${companyId}/product_collections`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const collectionProductsQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: collectionKeys.products(id, params),
    queryFn: ({ signal }) =>
      api.get<Paged<CollectionProduct>>(`product_collections/${id}/products`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** After a change to one collection: its detail (its products too) and every collection list. */
function useApplyCollection() {
  const queryClient = useQueryClient();
  return (collection?: ProductCollection) => {
    if (collection) replaceInLists(queryClient, [...collectionKeys.all, 'list'], collection);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: [...collectionKeys.all, 'list'] }),
      collection
        ? queryClient.invalidateQueries({ queryKey: collectionKeys.detail(collection.id) })
        : undefined,
    ]);
  };
}

export function useCreateCollection(companyId: number) {
  const apply = useApplyCollection();
  return useMutation({
    mutationFn: (body: CollectionCreateBody) =>
      api.post<ProductCollection>(`companies/${companyId}/product_collections`, body),
    meta: {
      successMessage: 'Product Collection created Successfully.',
      errorMessage: 'Failed to create Product Collection.',
    },
    onSuccess: () => apply(),
  });
}

export function useUpdateCollection() {
  const apply = useApplyCollection();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CollectionUpdateBody }) =>
      api.patch<ProductCollection>(`product_collections/${id}`, body),
    meta: {
      successMessage: 'Product Collection updated Successfully.',
      errorMessage: 'Failed to update Product Collection.',
    },
    onSuccess: apply,
  });
}

export function useSetCollectionActive() {
  const apply = useApplyCollection();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post<ProductCollection>(`product_collections/${id}/${active ? 'activate' : 'deactivate'}`),
    meta: {
      successMessage: 'Product Collection updated Successfully.',
      errorMessage: 'Failed to update Product Collection.',
    },
    onSuccess: apply,
  });
}

export function useAddCollectionProducts() {
  const apply = useApplyCollection();
  return useMutation({
    mutationFn: ({ id, products }: { id: number; products: number[] }) =>
      api.post<ProductCollection>(`product_collections/${id}/products`, { products }),
    meta: { successMessage: 'Products added successfully.', errorMessage: 'Failed to add products.' },
    onSuccess: apply,
  });
}

export function useRemoveCollectionProducts() {
  const apply = useApplyCollection();
  return useMutation({
    mutationFn: ({ id, products }: { id: number; products: number[] }) =>
      api.post<ProductCollection>(`product_collections/${id}/remove_products`, { products }),
    meta: { successMessage: 'Products removed successfully.', errorMessage: 'Failed to remove products.' },
    onSuccess: apply,
  });
}

export function useReorderCollectionProducts() {
  const apply = useApplyCollection();
  return useMutation({
    mutationFn: ({ id, products }: { id: number; products: number[] }) =>
      api.patch<ProductCollection>(`product_collections/${id}/products/order`, { products }),
    meta: { successMessage: 'Order saved successfully.', errorMessage: 'Failed to save the order.' },
    onSuccess: apply,
  });
}
