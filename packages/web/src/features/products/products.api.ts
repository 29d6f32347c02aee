import {
  MAX_PRODUCT_FILE_BYTES,
  MAX_PRODUCT_IMAGES,
  PRODUCT_MESSAGES,
  type ProductCreate,
  type ProductFileOutput,
  type ProductImageOutput,
  type ProductOutput,
  type ProductSummaryOutput,
  type ProductUpdate,
  type productHistoryOutput,
  type productListFilters,
} from '@b2b/domain/api/products';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { Detail, FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { logoFileProblem } from '../companies/company-logo-file';

export type Product = ProductOutput;
export type ProductSummary = ProductSummaryOutput;
export type ProductImage = ProductImageOutput;
export type ProductFile = ProductFileOutput;
export type ProductCreateBody = ProductCreate;
export type ProductUpdateBody = ProductUpdate;

export type ProductListParams = ListParams & FiltersOf<typeof productListFilters>;
export type ProductHistory = z.output<typeof productHistoryOutput>;
export type ProductHistoryEntry = ProductHistory['results'][number];

/** The spec reads history lists whole, newest first, up to 1000 entries. */
export const HISTORY_LIMIT = 1000;
/** A related-product picker reads this many matches per search. */
export const PRODUCT_PICKER_LIMIT = 10;

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (companyId: number, params: ProductListParams) =>
    [...productKeys.lists(), companyId, params] as const,
  /** The related-product pickers' searches: lists too, so every product change refreshes them. */
  picker: (companyId: number, search: string) =>
    [...productKeys.lists(), 'picker', companyId, search] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  history: (id: number) => [...productKeys.all, 'history', id] as const,
};

export const productListQuery = (companyId: number, params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<ProductSummary>>(`companies/${companyId}/products`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** Products matching `search` by name or SKU, ten at most, for the related-product pickers. */
export const productPickerQuery = (companyId: number, search: string) =>
  queryOptions({
    queryKey: productKeys.picker(companyId, search),
    queryFn: ({ signal }) =>
      api.get<Paged<ProductSummary>>(
        `companies/${companyId}/products`,
        { search, limit: PRODUCT_PICKER_LIMIT, ordering: 'name' },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api.get<Product>(`products/${id}`, undefined, signal),
  });

export const productHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<ProductHistory>(`products/${id}/history`, { limit: HISTORY_LIMIT }, signal),
  });

/** After a change to one product: its detail, its history and every product list. */
function invalidateProduct(queryClient: QueryClient, id?: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
    id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: productKeys.detail(id) }),
    id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: productKeys.history(id) }),
  ]);
}

/** Puts the server's answer into the detail cache at once, then reads the lists again. */
function useApplyProduct() {
  const queryClient = useQueryClient();
  return (product: Product) => {
    queryClient.setQueryData(productKeys.detail(product.id), product);
    replaceInLists(queryClient, productKeys.lists(), {
      id: product.id,
      name: product.name,
      is_active: product.is_active,
    });
    return invalidateProduct(queryClient, product.id);
  };
}

export function useCreateProduct(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductCreateBody) => api.post<Product>(`companies/${companyId}/products`, body),
    meta: { successMessage: 'Product created successfully.', errorMessage: 'Failed to create Product.' },
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      return invalidateProduct(queryClient);
    },
  });
}

export function useUpdateProduct() {
  const apply = useApplyProduct();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductUpdateBody }) =>
      api.patch<Product>(`products/${id}`, body),
    meta: { successMessage: 'Product updated successfully.', errorMessage: 'Failed to update Product.' },
    onSuccess: apply,
  });
}

export function useSetProductActive() {
  const apply = useApplyProduct();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post<Product>(`products/${id}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (product, { active }) => {
      notifySuccess(active ? 'Product activated successfully.' : 'Product deactivated successfully.');
      return apply(product);
    },
    onError: (error, { id, active }) => {
      notifyFailure(active ? 'Failed to activate Product.' : 'Failed to deactivate Product.', error);
      return invalidateProduct(queryClient, id);
    },
  });
}

/** Products are deleted softly: orders and invoices that name one keep it. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Detail>(`products/${id}/delete`),
    meta: { successMessage: PRODUCT_MESSAGES.deleted, errorMessage: 'Failed to delete Product.' },
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}

/** Why this file cannot be a product image, or null (the server checks the bytes again). */
export function productImageProblem(file: Pick<File, 'type' | 'size'>, imageCount: number): string | null {
  if (imageCount >= MAX_PRODUCT_IMAGES) return PRODUCT_MESSAGES.too_many_images;
  // The company logo's limits hold for product images: PNG, JPEG or WebP up to 2 MB.
  return logoFileProblem(file);
}

/** Why this file cannot be a downloadable product file, or null: PDF up to 10 MB. */
export function productFileProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  const pdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!pdf) return PRODUCT_MESSAGES.file_not_pdf;
  if (file.size > MAX_PRODUCT_FILE_BYTES) return PRODUCT_MESSAGES.file_too_large;
  return null;
}

const refused = (problem: string) =>
  new ApiError({ status: 400, detail: problem, errors: { file: [problem] } });

/** Uploads one image; `imageCount` is how many the product has already (ten at most). */
export function uploadProductImage(productId: number, file: File, imageCount: number) {
  const problem = productImageProblem(file, imageCount);
  if (problem) return Promise.reject(refused(problem));
  const form = new FormData();
  form.append('file', file);
  return api.upload<ProductImage>(`products/${productId}/images`, form);
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `imageCount`: how many images the product has before this one. */
    mutationFn: ({ productId, file, imageCount }: { productId: number; file: File; imageCount: number }) =>
      uploadProductImage(productId, file, imageCount),
    meta: { successMessage: 'Image uploaded successfully.', errorMessage: 'Failed to upload image.' },
    onSuccess: (_image, { productId }) => invalidateProduct(queryClient, productId),
  });
}

export function useDeleteProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, imageId }: { productId: number; imageId: number }) =>
      api.delete<undefined>(`products/${productId}/images/${imageId}`),
    meta: { successMessage: 'Image deleted successfully.', errorMessage: 'Failed to delete image.' },
    onSuccess: (_answer, { productId }) => invalidateProduct(queryClient, productId),
  });
}

export function useUploadProductFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, file }: { productId: number; file: File }) => {
      const problem = productFileProblem(file);
      if (problem) return Promise.reject(refused(problem));
      const form = new FormData();
      form.append('file', file);
      return api.upload<ProductFile>(`products/${productId}/files`, form);
    },
    meta: { successMessage: 'File uploaded successfully.', errorMessage: 'Failed to upload file.' },
    onSuccess: (_file, { productId }) => invalidateProduct(queryClient, productId),
  });
}

export function useDeleteProductFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, fileId }: { productId: number; fileId: number }) =>
      api.delete<undefined>(`products/${productId}/files/${fileId}`),
    meta: { successMessage: 'File deleted successfully.', errorMessage: 'Failed to delete file.' },
    onSuccess: (_answer, { productId }) => invalidateProduct(queryClient, productId),
  });
}
