import type { addressUpdate } from '@b2b/domain/api/addresses';
import type { AddressOutput, addressInput } from '@b2b/domain/api/common';
import type {
  assignProductsOutput,
  SellerDetailOutput,
  SellerOutput,
  SellerProductOutput,
  sellerAddressCreate,
  sellerCreate,
  sellerHistoryOutput,
  sellerListFilters,
  sellerUpdate,
} from '@b2b/domain/api/sellers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import { replaceInLists } from '../../api/paged-cache';
import type { Detail, FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { productKeys } from '../products/products.api';

export type SellerAddress = Omit<AddressOutput, 'address_type'> & { address_type: string };

export type Seller = SellerOutput;
export type SellerDetail = SellerDetailOutput;
export type SellerProduct = SellerProductOutput;
export type SellerHistory = z.output<typeof sellerHistoryOutput>;
export type SellerHistoryEntry = SellerHistory['results'][number];
export type SellerListParams = ListParams & FiltersOf<typeof sellerListFilters>;

export type AddressBody = z.input<typeof addressInput>;
/** PATCH addresses/{id}: null clears an optional line. */
export type AddressUpdateBody = z.input<typeof addressUpdate>;
/** The PATCH body: null clears an optional field. */
export type SellerFieldsBody = z.input<typeof sellerUpdate>;
export type SellerCreateBody = z.input<typeof sellerCreate>;
export type AddSellerAddressBody = z.input<typeof sellerAddressCreate>;

/** The spec's section 8 texts for sellers, word for word; the rest follow their style. */
export const SELLER_TOASTS = {
  not_found: 'Seller Not Found',
  created: 'Seller created successfully.',
  create_failed: 'Failed to Create Seller.',
  updated: 'Seller updated successfully.',
  update_failed: 'Failed to update Seller.',
  activated: 'Seller activated successfully.',
  activate_failed: 'Failed to activate Seller.',
  deactivated: 'Seller deactivated successfully.',
  deactivate_failed: 'Failed to deactivate Seller.',
  addresses_created: 'Billing and Shipping address created successfully.',
  billing_created: 'Billing address created successfully.',
  shipping_created: 'Shipping address created successfully.',
  billing_updated: 'Billing address updated successfully.',
  shipping_updated: 'Shipping address updated successfully.',
  addresses_failed: 'Failed to update seller addresses.',
  address_deleted: 'Address deleted successfully.',
  address_delete_failed: 'Failed to delete address.',
  assigned: 'Products assigned successfully.',
  assign_failed: 'Failed to assign products.',
  reassigned: 'Products reassigned successfully.',
  reassign_failed: 'Failed to reassign product.',
  load_failed: 'Load Error',
  list_failed: 'List Load Error',
  download_failed: 'Failed to download the products file.',
} as const;

export const sellerKeys = {
  all: ['sellers'] as const,
  lists: () => [...sellerKeys.all, 'list'] as const,
  list: (companyId: number, params: SellerListParams) => [...sellerKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...sellerKeys.all, 'detail', id] as const,
  history: (id: number) => [...sellerKeys.all, 'history', id] as const,
  products: (id: number, params: ListParams) => [...sellerKeys.all, 'products', id, params] as const,
  unassigned: (id: number, params: ListParams) => [...sellerKeys.all, 'unassigned', id, params] as const,
};

export const sellerListQuery = (companyId: number, params: SellerListParams) =>
  queryOptions({
    queryKey: sellerKeys.list(companyId, params),
    queryFn: ({ signal }) => api.get<Paged<Seller>>(`companies/${companyId}/sellers`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const sellerQuery = (id: number) =>
  queryOptions({
    queryKey: sellerKeys.detail(id),
    queryFn: ({ signal }) => api.get<SellerDetail>(`v2/sellers/${id}`, undefined, signal),
  });

export const sellerHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: sellerKeys.history(id),
    queryFn: ({ signal }) => api.get<SellerHistory>(`sellers/${id}/history/`, undefined, signal),
  });

export const sellerProductsQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: sellerKeys.products(id, params),
    queryFn: ({ signal }) => api.get<Paged<SellerProduct>>(`sellers/${id}/products`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const unassignedProductsQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: sellerKeys.unassigned(id, params),
    queryFn: ({ signal }) =>
      api.get<Paged<SellerProduct>>(`v1/sellers/${id}/unassigned_products`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** All of the seller's products (matching the search) as a CSV file, saved by the browser. */
export const downloadSellerProducts = (id: number, search: string) =>
  downloadFile(
    `sellers/${id}/products`,
    { extract_as_csv: true, search, ordering: 'name' },
    'seller-products.csv',
  );

/** After a change to one seller: its detail, history and product lists, and every seller list. */
function useInvalidateSeller() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sellerKeys.lists() }),
      id === undefined
        ? undefined
        : Promise.all(
            (['detail', 'history', 'products', 'unassigned'] as const).map((part) =>
              queryClient.invalidateQueries({ queryKey: [...sellerKeys.all, part, id] }),
            ),
          ),
    ]);
}

function useApplySeller() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateSeller();
  return (seller: SellerDetail) => {
    replaceInLists(queryClient, sellerKeys.lists(), seller);
    queryClient.setQueryData(sellerKeys.detail(seller.id), seller);
    return invalidate(seller.id);
  };
}

export function useCreateSeller(companyId: number) {
  const invalidate = useInvalidateSeller();
  return useMutation({
    mutationFn: (body: SellerCreateBody) => api.post<SellerDetail>(`companies/${companyId}/sellers`, body),
    meta: { successMessage: SELLER_TOASTS.created, errorMessage: SELLER_TOASTS.create_failed },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateSeller() {
  const apply = useApplySeller();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SellerFieldsBody }) =>
      api.patch<SellerDetail>(`sellers/${id}`, body),
    meta: { successMessage: SELLER_TOASTS.updated, errorMessage: SELLER_TOASTS.update_failed },
    onSuccess: apply,
  });
}

/** Two mutations, so each action ends in its own toast. */
export function useSetSellerActive() {
  const apply = useApplySeller();
  const activate = useMutation({
    mutationFn: (id: number) => api.post<SellerDetail>(`sellers/${id}/activate`),
    meta: { successMessage: SELLER_TOASTS.activated, errorMessage: SELLER_TOASTS.activate_failed },
    onSuccess: apply,
  });
  const deactivate = useMutation({
    mutationFn: (id: number) => api.post<SellerDetail>(`sellers/${id}/deactivate`),
    meta: { successMessage: SELLER_TOASTS.deactivated, errorMessage: SELLER_TOASTS.deactivate_failed },
    onSuccess: apply,
  });
  return {
    mutate: (id: number, active: boolean, options?: { onSettled?: () => void }) =>
      (active ? activate : deactivate).mutate(id, options),
    isPending: activate.isPending || deactivate.isPending,
  };
}

export function useAddSellerAddress(sellerId: number) {
  const invalidate = useInvalidateSeller();
  return useMutation({
    mutationFn: (body: AddSellerAddressBody) =>
      api.post<SellerAddress[]>(`sellers/${sellerId}/addresses`, body),
    meta: { errorMessage: SELLER_TOASTS.addresses_failed },
    onSuccess: (_created, body) => {
      notifyCreated(body);
      return invalidate(sellerId);
    },
  });
}

function notifyCreated(body: AddSellerAddressBody) {
  if (body.addSameAsBilling) notifySuccess(SELLER_TOASTS.addresses_created);
  else
    notifySuccess(
      body.address_type === 'billing_address'
        ? SELLER_TOASTS.billing_created
        : SELLER_TOASTS.shipping_created,
    );
}

export function useUpdateSellerAddress(sellerId: number) {
  const invalidate = useInvalidateSeller();
  return useMutation({
    mutationFn: ({ addressId, body }: { addressId: number; body: AddressUpdateBody }) =>
      api.patch<SellerAddress>(`addresses/${addressId}`, body),
    meta: { errorMessage: SELLER_TOASTS.addresses_failed },
    onSuccess: (address) => {
      notifySuccess(
        address.address_type === 'billing_address'
          ? SELLER_TOASTS.billing_updated
          : SELLER_TOASTS.shipping_updated,
      );
      return invalidate(sellerId);
    },
  });
}

export function useDeleteSellerAddress(sellerId: number) {
  const invalidate = useInvalidateSeller();
  return useMutation({
    mutationFn: (addressId: number) => api.post<Detail>(`addresses/${addressId}/delete`),
    meta: {
      successMessage: SELLER_TOASTS.address_deleted,
      errorMessage: SELLER_TOASTS.address_delete_failed,
    },
    onSuccess: () => invalidate(sellerId),
  });
}

export function useAssignProducts(sellerId: number) {
  const invalidate = useInvalidateSeller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ products, reassign }: { products: number[]; reassign: boolean }) =>
      api.post<z.output<typeof assignProductsOutput>>(`v1/sellers/${sellerId}/assign_products`, {
        products,
        reassign,
      }),
    onSuccess: (_answer, { reassign }) => {
      notifySuccess(reassign ? SELLER_TOASTS.reassigned : SELLER_TOASTS.assigned);
      // Products now show their seller in the products area too.
      queryClient.invalidateQueries({ queryKey: productKeys.all });
      return invalidate(sellerId);
    },
    onError: (error, { reassign }) =>
      notifyFailure(reassign ? SELLER_TOASTS.reassign_failed : SELLER_TOASTS.assign_failed, error),
  });
}
