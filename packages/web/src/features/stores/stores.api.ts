import type { StoreCreateBody, StoreOutput, StoreUpdateBody } from '@b2b/domain/api/stores';
import { STORE_MESSAGES } from '@b2b/domain/stores';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import { instoreKeys } from '../instore-orders/instore-orders.api';

export type Store = StoreOutput;

export const storeKeys = {
  all: ['stores'] as const,
  list: (companyId: number) => [...storeKeys.all, 'list', companyId] as const,
};

/** Every store of the user's branches, by name (one page holds them). */
export const storeListQuery = (companyId: number) =>
  queryOptions({
    queryKey: storeKeys.list(companyId),
    queryFn: ({ signal }) => api.get<Paged<Store>>(`companies/${companyId}/stores`, undefined, signal),
  });

/** The branches and warehouses a store can be placed in (active and inactive, to name a store's). */
export const storePlacesQuery = (companyId: number) =>
  queryOptions({
    queryKey: [...storeKeys.all, 'places', companyId] as const,
    queryFn: async ({ signal }) => {
      const [branches, warehouses] = await Promise.all([
        api.get<Paged<{ id: number; name: string; is_active: boolean }>>(
          `companies/${companyId}/branches`,
          { limit: -1 },
          signal,
        ),
        api.get<Paged<{ id: number; name: string; is_active: boolean; branch: { id: number } }>>(
          `companies/${companyId}/warehouses`,
          { limit: -1 },
          signal,
        ),
      ]);
      return { branches: branches.results, warehouses: warehouses.results };
    },
  });

function useStoreChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: storeKeys.all });
    // The counter offers the active stores.
    void queryClient.invalidateQueries({ queryKey: instoreKeys.all });
  };
}

export function useCreateStore(companyId: number) {
  const changed = useStoreChanged();
  return useMutation({
    mutationFn: (body: StoreCreateBody) => api.post<Store>(`companies/${companyId}/stores`, body),
    meta: { successMessage: STORE_MESSAGES.created, errorMessage: STORE_MESSAGES.create_failed },
    onSuccess: changed,
  });
}

export function useUpdateStore() {
  const changed = useStoreChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StoreUpdateBody }) =>
      api.patch<Store>(`stores/${id}`, body),
    meta: { errorMessage: STORE_MESSAGES.update_failed },
    onSuccess: changed,
  });
}
