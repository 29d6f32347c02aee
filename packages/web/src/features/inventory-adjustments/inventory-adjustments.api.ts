import {
  INVENTORY_ADJUSTMENT_MESSAGES,
  type InventoryAdjustmentHistory,
  type InventoryAdjustmentOutput,
  type InventoryAdjustmentSummary,
  type inventoryAdjustmentCreate,
  type inventoryAdjustmentListQuery as inventoryAdjustmentListSchema,
} from '@b2b/domain/api/inventory-adjustments';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { productKeys } from '../products/products.api';
import { warehouseKeys } from '../warehouses/warehouses.api';

export type InventoryAdjustment = InventoryAdjustmentOutput;
export type { InventoryAdjustmentSummary };

/** The body of POST companies/{companyId}/inventory_adjustments (quantities signed). */
export type InventoryAdjustmentBody = z.input<typeof inventoryAdjustmentCreate>;

export type InventoryAdjustmentListParams = ListParams & FiltersOf<typeof inventoryAdjustmentListSchema>;

/** Spec 2 section 8 style. */
export const INVENTORY_ADJUSTMENT_TOASTS = {
  created: INVENTORY_ADJUSTMENT_MESSAGES.created,
  create_failed: INVENTORY_ADJUSTMENT_MESSAGES.create_failed,
  load_failed: 'Failed to load inventory adjustment.',
  list_failed: INVENTORY_ADJUSTMENT_MESSAGES.load_failed,
} as const;

export const inventoryAdjustmentKeys = {
  all: ['inventory-adjustments'] as const,
  lists: () => [...inventoryAdjustmentKeys.all, 'list'] as const,
  list: (companyId: number, params: InventoryAdjustmentListParams) =>
    [...inventoryAdjustmentKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...inventoryAdjustmentKeys.all, 'detail', id] as const,
  history: (id: number) => [...inventoryAdjustmentKeys.all, 'history', id] as const,
};

export const inventoryAdjustmentListQuery = (companyId: number, params: InventoryAdjustmentListParams) =>
  queryOptions({
    queryKey: inventoryAdjustmentKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<InventoryAdjustmentSummary>>(
        `companies/${companyId}/inventory_adjustments`,
        { ...params },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const inventoryAdjustmentQuery = (id: number) =>
  queryOptions({
    queryKey: inventoryAdjustmentKeys.detail(id),
    queryFn: ({ signal }) => api.get<InventoryAdjustment>(`inventory_adjustments/${id}`, undefined, signal),
  });

export const inventoryAdjustmentHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: inventoryAdjustmentKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<InventoryAdjustmentHistory>(`inventory_adjustments/${id}/history`, undefined, signal),
  });

/** Makes an adjustment; stock changed, so products and warehouse contents are read again. */
export function useCreateInventoryAdjustment(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryAdjustmentBody) =>
      api.post<InventoryAdjustment>(`companies/${companyId}/inventory_adjustments`, body),
    meta: {
      successMessage: INVENTORY_ADJUSTMENT_TOASTS.created,
      errorMessage: INVENTORY_ADJUSTMENT_TOASTS.create_failed,
    },
    onSuccess: (adjustment) => {
      queryClient.setQueryData(inventoryAdjustmentKeys.detail(adjustment.id), adjustment);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryAdjustmentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
      ]);
    },
  });
}
