import type { BuyerListItem } from '@b2b/domain/api/buyers';
import type { AddressOutput as Address } from '@b2b/domain/api/common';
import type {
  assignBuyersOutput,
  assignProductsOutput,
  UnassignedProductRow,
  WarehouseBuyerOutput,
  WarehouseInventoryRow,
  WarehouseOutput,
  warehouseAddressInput,
  warehouseCreate,
  warehouseInventoryFilters,
  warehouseListFilters,
  warehouseUpdate,
} from '@b2b/domain/api/warehouses';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { Detail, FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

export type { Address, UnassignedProductRow, WarehouseBuyerOutput as WarehouseBuyer, WarehouseInventoryRow };

/** A warehouse as the API answers it (the company list, a branch's list, one warehouse). */
export type Warehouse = WarehouseOutput;
export type WarehouseListParams = ListParams & FiltersOf<typeof warehouseListFilters>;
/** The PATCH body: null clears an optional field. */
export type WarehouseFieldsBody = z.input<typeof warehouseUpdate>;
export type AddressBody = z.input<typeof warehouseAddressInput>;
export type WarehouseCreateBody = z.input<typeof warehouseCreate>;
export type InventoryParams = ListParams & FiltersOf<typeof warehouseInventoryFilters>;
/** What the buyer picker reads of a buyer (GET companies/{companyId}/buyers). */
export type BuyerOption = Pick<BuyerListItem, 'id' | 'name' | 'phone' | 'gst_number'>;

/** The buyer picker reads at most this many buyers per search. */
export const BUYER_PICKER_LIMIT = 10;

/** Spec 2 section 8 (Warehouses), as full sentences. */
export const WAREHOUSE_TOASTS = {
  created: 'Warehouse created successfully.',
  create_failed: 'Failed to create warehouse.',
  load_failed: 'Failed to load warehouse.',
  updated: 'Warehouse updated successfully.',
  update_failed: 'Failed to update warehouse.',
  made_private: 'Warehouse made private successfully.',
  made_public: 'Warehouse made public successfully.',
  private_failed: 'Failed to make Warehouse private.',
  public_failed: 'Failed to make Warehouse public.',
  address_visible: 'Warehouse address visible to others.',
  address_invisible: 'Warehouse address invisible to others.',
  visible_failed: 'Failed to make address visible.',
  invisible_failed: 'Failed to make address invisible.',
  activated: 'Warehouse activated successfully.',
  deactivated: 'Warehouse deactivated successfully.',
  activate_failed: 'Failed to activate Warehouse.',
  deactivate_failed: 'Failed to deactivate Warehouse.',
  address_created: 'Address created successfully.',
  address_create_failed: 'Failed to update Warehouse address.',
  buyers_assigned: 'Buyers assigned successfully.',
  assign_buyers_failed: 'Failed to assign Buyers.',
  priority_updated: 'Buyer priority updated successfully.',
  priority_failed: 'Failed to update Buyers.',
  buyer_unassigned: 'Buyer unassigned successfully.',
  unassign_failed: 'Failed to unassign the Buyer.',
  products_assigned: 'Products assigned successfully.',
  assign_products_failed: 'Failed to assign products.',
} as const;

export const warehouseKeys = {
  all: ['warehouses'] as const,
  list: (companyId: number, params: WarehouseListParams) =>
    [...warehouseKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...warehouseKeys.all, 'detail', id] as const,
  /** Everything read about one warehouse's contents: inventory, buyers, unassigned products. */
  contents: (id: number) => [...warehouseKeys.all, 'contents', id] as const,
  inventory: (id: number, params: InventoryParams) =>
    [...warehouseKeys.contents(id), 'inventory', params] as const,
  buyers: (id: number, params: ListParams) => [...warehouseKeys.contents(id), 'buyers', params] as const,
  unassignedProducts: (id: number, search: string) =>
    [...warehouseKeys.contents(id), 'unassigned-products', search] as const,
  buyerPicker: (companyId: number, search: string) => ['buyers', 'picker', companyId, search] as const,
};

/** The company's active warehouses, all of them (limit -1), for pickers. */
export const activeWarehousesQuery = (companyId: number) =>
  queryOptions({
    queryKey: warehouseKeys.list(companyId, { is_active: true, limit: -1 }),
    queryFn: ({ signal }) =>
      api.get<Paged<Warehouse>>(`companies/${companyId}/warehouses`, { is_active: true, limit: -1 }, signal),
    staleTime: 5 * 60_000,
  });

export const warehouseListQuery = (companyId: number, params: WarehouseListParams) =>
  queryOptions({
    queryKey: warehouseKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Warehouse>>(`companies/${companyId}/warehouses`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const warehouseQuery = (id: number) =>
  queryOptions({
    queryKey: warehouseKeys.detail(id),
    queryFn: ({ signal }) => api.get<Warehouse>(`warehouses/${id}`, undefined, signal),
  });

export const warehouseInventoryQuery = (id: number, params: InventoryParams) =>
  queryOptions({
    queryKey: warehouseKeys.inventory(id, params),
    queryFn: ({ signal }) =>
      api.get<Paged<WarehouseInventoryRow>>(`warehouses/${id}/product_inventory`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const warehouseBuyersQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: warehouseKeys.buyers(id, params),
    queryFn: ({ signal }) =>
      api.get<Paged<WarehouseBuyerOutput>>(`warehouses/${id}/buyers`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const unassignedProductsQuery = (id: number, search: string) =>
  queryOptions({
    queryKey: warehouseKeys.unassignedProducts(id, search),
    queryFn: ({ signal }) =>
      api.get<Paged<UnassignedProductRow>>(
        `warehouses/${id}/unassigned_products`,
        { search, limit: 50 },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** The company's buyers matching `search`, ten at most, for the assign-buyers picker. */
export const buyerPickerQuery = (companyId: number, search: string) =>
  queryOptions({
    queryKey: warehouseKeys.buyerPicker(companyId, search),
    queryFn: ({ signal }) =>
      api.get<Paged<BuyerOption>>(
        `companies/${companyId}/buyers`,
        { search, limit: BUYER_PICKER_LIMIT, is_active: true },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** After a change to one warehouse: its detail, its contents and every warehouse list (pickers too). */
function useInvalidateWarehouse() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...warehouseKeys.all, 'list'] }),
      id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: warehouseKeys.detail(id) }),
      id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: warehouseKeys.contents(id) }),
    ]);
}

/** Puts the server's answer into the cached detail and lists at once, so a switch does not flick back. */
function useApplyWarehouse() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWarehouse();
  return (warehouse: Warehouse) => {
    queryClient.setQueryData(warehouseKeys.detail(warehouse.id), warehouse);
    replaceInLists(queryClient, [...warehouseKeys.all, 'list'], warehouse);
    return invalidate(warehouse.id);
  };
}

export function useCreateWarehouse() {
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: ({ branchId, body }: { branchId: number; body: WarehouseCreateBody }) =>
      api.post<Warehouse>(`branches/${branchId}/warehouses`, body),
    meta: { successMessage: WAREHOUSE_TOASTS.created, errorMessage: WAREHOUSE_TOASTS.create_failed },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateWarehouse() {
  const apply = useApplyWarehouse();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WarehouseFieldsBody }) =>
      api.patch<Warehouse>(`warehouses/${id}`, body),
    meta: { successMessage: WAREHOUSE_TOASTS.updated, errorMessage: WAREHOUSE_TOASTS.update_failed },
    onSuccess: apply,
  });
}

export function useSetWarehouseActive() {
  const apply = useApplyWarehouse();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post<Warehouse>(`warehouses/${id}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (warehouse, { active }) => {
      notifySuccess(active ? WAREHOUSE_TOASTS.activated : WAREHOUSE_TOASTS.deactivated);
      return apply(warehouse);
    },
    onError: (error, { active }) =>
      notifyFailure(active ? WAREHOUSE_TOASTS.activate_failed : WAREHOUSE_TOASTS.deactivate_failed, error),
  });
}

export function useSetWarehousePrivate() {
  const apply = useApplyWarehouse();
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: ({ id, isPrivate }: { id: number; isPrivate: boolean }) =>
      api.post<Warehouse>(`warehouses/${id}/${isPrivate ? 'private' : 'public'}`),
    onSuccess: (warehouse, { isPrivate }) => {
      notifySuccess(isPrivate ? WAREHOUSE_TOASTS.made_private : WAREHOUSE_TOASTS.made_public);
      return apply(warehouse);
    },
    onError: (error, { id, isPrivate }) => {
      notifyFailure(isPrivate ? WAREHOUSE_TOASTS.private_failed : WAREHOUSE_TOASTS.public_failed, error);
      return invalidate(id);
    },
  });
}

export function useAddWarehouseAddress(warehouseId: number) {
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: (body: AddressBody) => api.post<Address>(`warehouses/${warehouseId}/addresses`, body),
    meta: {
      successMessage: WAREHOUSE_TOASTS.address_created,
      errorMessage: WAREHOUSE_TOASTS.address_create_failed,
    },
    onSuccess: () => invalidate(warehouseId),
  });
}

/** Address visibility goes through the shared address routes (POST addresses/{id}/visible, /invisible). */
export function useSetAddressVisible(warehouseId: number) {
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: ({ addressId, visible }: { addressId: number; visible: boolean }) =>
      api.post<Address>(`addresses/${addressId}/${visible ? 'visible' : 'invisible'}`),
    onSuccess: (_address, { visible }) => {
      notifySuccess(visible ? WAREHOUSE_TOASTS.address_visible : WAREHOUSE_TOASTS.address_invisible);
      return invalidate(warehouseId);
    },
    onError: (error, { visible }) => {
      notifyFailure(visible ? WAREHOUSE_TOASTS.visible_failed : WAREHOUSE_TOASTS.invisible_failed, error);
      return invalidate(warehouseId);
    },
  });
}

export function useAssignBuyers(warehouseId: number) {
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: (body: { buyers: number[]; priority?: number }) =>
      api.post<z.output<typeof assignBuyersOutput>>(`warehouses/${warehouseId}/assign_buyers`, body),
    meta: {
      successMessage: WAREHOUSE_TOASTS.buyers_assigned,
      errorMessage: WAREHOUSE_TOASTS.assign_buyers_failed,
    },
    onSuccess: () => invalidate(warehouseId),
  });
}

export function useUpdateWarehouseBuyer(warehouseId: number) {
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: ({ id, priority }: { id: number; priority: number }) =>
      api.patch<WarehouseBuyerOutput>(`warehouse_buyers/${id}`, { priority }),
    meta: {
      successMessage: WAREHOUSE_TOASTS.priority_updated,
      errorMessage: WAREHOUSE_TOASTS.priority_failed,
    },
    onSuccess: () => invalidate(warehouseId),
  });
}

export function useUnassignWarehouseBuyer(warehouseId: number) {
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: (id: number) => api.post<Detail>(`warehouse_buyers/${id}/unassign`),
    meta: {
      successMessage: WAREHOUSE_TOASTS.buyer_unassigned,
      errorMessage: WAREHOUSE_TOASTS.unassign_failed,
    },
    onSuccess: () => invalidate(warehouseId),
  });
}

export function useAssignProducts(warehouseId: number) {
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: (products: number[]) =>
      api.post<z.output<typeof assignProductsOutput>>(`warehouses/${warehouseId}/assign_products`, {
        products,
      }),
    meta: {
      successMessage: WAREHOUSE_TOASTS.products_assigned,
      errorMessage: WAREHOUSE_TOASTS.assign_products_failed,
    },
    onSuccess: () => invalidate(warehouseId),
  });
}
