import {
  INVENTORY_TRANSFER_MESSAGES,
  type InventoryTransferHistory,
  type InventoryTransferOutput,
  type InventoryTransferSummary,
  type inventoryTransferCreate,
  type inventoryTransferListQuery as inventoryTransferListSchema,
  type inventoryTransferReceive,
  type StockMovement,
  type stockMovementListQuery as stockMovementListSchema,
} from '@b2b/domain/api/inventory-transfers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { productKeys } from '../products/products.api';
import { warehouseKeys } from '../warehouses/warehouses.api';

export type InventoryTransfer = InventoryTransferOutput;
export type { InventoryTransferSummary, StockMovement };

export type InventoryTransferBody = z.input<typeof inventoryTransferCreate>;
export type InventoryTransferListParams = ListParams & FiltersOf<typeof inventoryTransferListSchema>;
export type StockMovementParams = ListParams & FiltersOf<typeof stockMovementListSchema>;

/** Spec 2 section 8 style. */
export const INVENTORY_TRANSFER_TOASTS = {
  ...INVENTORY_TRANSFER_MESSAGES,
  load_one_failed: 'Failed to load inventory transfer.',
  movements_failed: 'Failed to load stock movements.',
} as const;

export const inventoryTransferKeys = {
  all: ['inventory-transfers'] as const,
  lists: () => [...inventoryTransferKeys.all, 'list'] as const,
  list: (companyId: number, params: InventoryTransferListParams) =>
    [...inventoryTransferKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...inventoryTransferKeys.all, 'detail', id] as const,
  history: (id: number) => [...inventoryTransferKeys.all, 'history', id] as const,
  movements: (productId: number, params: StockMovementParams) =>
    ['stock-movements', productId, params] as const,
};

export const inventoryTransferListQuery = (companyId: number, params: InventoryTransferListParams) =>
  queryOptions({
    queryKey: inventoryTransferKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<InventoryTransferSummary>>(
        `companies/${companyId}/inventory_transfers`,
        { ...params },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const inventoryTransferQuery = (id: number) =>
  queryOptions({
    queryKey: inventoryTransferKeys.detail(id),
    queryFn: ({ signal }) => api.get<InventoryTransfer>(`inventory_transfers/${id}`, undefined, signal),
  });

export const inventoryTransferHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: inventoryTransferKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<InventoryTransferHistory>(`inventory_transfers/${id}/history`, undefined, signal),
  });

/** GET products/{id}/stock_movements: the product's ledger, newest first. */
export const stockMovementsQuery = (productId: number, params: StockMovementParams) =>
  queryOptions({
    queryKey: inventoryTransferKeys.movements(productId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<StockMovement>>(`products/${productId}/stock_movements`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** After anything that moved stock: transfers, products (stock card, movements) and warehouses are read again. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return (transfer: InventoryTransfer) => {
    queryClient.setQueryData(inventoryTransferKeys.detail(transfer.id), transfer);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: inventoryTransferKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: inventoryTransferKeys.history(transfer.id) }),
      queryClient.invalidateQueries({ queryKey: ['stock-movements'] }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
    ]);
  };
}

export function useCreateInventoryTransfer(companyId: number) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: InventoryTransferBody) =>
      api.post<InventoryTransfer>(`companies/${companyId}/inventory_transfers`, body),
    meta: {
      successMessage: INVENTORY_TRANSFER_MESSAGES.created,
      errorMessage: INVENTORY_TRANSFER_MESSAGES.create_failed,
    },
    onSuccess: after,
  });
}

const ACTION_TOASTS = {
  dispatch: [INVENTORY_TRANSFER_MESSAGES.dispatched, INVENTORY_TRANSFER_MESSAGES.dispatch_failed],
  cancel: [INVENTORY_TRANSFER_MESSAGES.cancelled, INVENTORY_TRANSFER_MESSAGES.cancel_failed],
} as const;

/** Dispatch or cancel: POST inventory_transfers/{id}/{action}. */
export function useTransferAction(id: number, action: 'dispatch' | 'cancel') {
  const after = useAfterChange();
  const [successMessage, errorMessage] = ACTION_TOASTS[action];
  return useMutation({
    mutationFn: () => api.post<InventoryTransfer>(`inventory_transfers/${id}/${action}`),
    meta: { successMessage, errorMessage },
    onSuccess: after,
  });
}

export function useReceiveInventoryTransfer(id: number) {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (lines: z.input<typeof inventoryTransferReceive>['lines']) =>
      api.post<InventoryTransfer>(`inventory_transfers/${id}/receive`, { lines }),
    meta: {
      successMessage: INVENTORY_TRANSFER_MESSAGES.received,
      errorMessage: INVENTORY_TRANSFER_MESSAGES.receive_failed,
    },
    onSuccess: after,
  });
}
