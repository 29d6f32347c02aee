import type { BrandOutput, brandCreate, brandListFilters, brandUpdate } from '@b2b/domain/api/brands';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { Detail, FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { logoFileProblem } from '../companies/company-logo-file';

export type Brand = BrandOutput;
export type BrandListParams = ListParams & FiltersOf<typeof brandListFilters>;
export type BrandCreateBody = z.input<typeof brandCreate>;
export type BrandUpdateBody = z.input<typeof brandUpdate>;

/** The picker reads at most this many brands per search. */
export const BRAND_PICKER_LIMIT = 10;

export const brandKeys = {
  all: ['brands'] as const,
  list: (companyId: number, params: BrandListParams) =>
    [...brandKeys.all, 'list', companyId, params] as const,
  /** The picker's search (GET brands): a list too, so every brand change refreshes it. */
  picker: (search: string) => [...brandKeys.all, 'list', 'picker', search] as const,
  detail: (id: number) => [...brandKeys.all, 'detail', id] as const,
};

export const brandListQuery = (companyId: number, params: BrandListParams) =>
  queryOptions({
    queryKey: brandKeys.list(companyId, params),
    queryFn: ({ signal }) => api.get<Paged<Brand>>(`companies/${companyId}/brands`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** The signed-in company's brands matching `search`, ten at most, for a brand picker. */
export const brandPickerQuery = (search: string) =>
  queryOptions({
    queryKey: brandKeys.picker(search),
    queryFn: ({ signal }) => api.get<Paged<Brand>>('brands', { search, limit: BRAND_PICKER_LIMIT }, signal),
    placeholderData: keepPreviousData,
  });

export const brandQuery = (id: number) =>
  queryOptions({
    queryKey: brandKeys.detail(id),
    queryFn: ({ signal }) => api.get<Brand>(`brands/${id}`, undefined, signal),
  });

/** After a change to one brand: its detail and every brand list (the picker's searches included). */
function useInvalidateBrand() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...brandKeys.all, 'list'] }),
      id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: brandKeys.detail(id) }),
    ]);
}

/** Puts the server's answer into the cached lists at once, so a switch does not flick back. */
function useApplyBrand() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBrand();
  return (brand: Brand) => {
    replaceInLists(queryClient, [...brandKeys.all, 'list'], brand);
    return invalidate(brand.id);
  };
}

export function useCreateBrand(companyId: number) {
  const invalidate = useInvalidateBrand();
  return useMutation({
    mutationFn: (body: BrandCreateBody) => api.post<Brand>(`companies/${companyId}/brands`, body),
    meta: { successMessage: 'Brand created Successfully.', errorMessage: 'Failed to create Brand.' },
    onSuccess: () => invalidate(),
  });
}

/** Name and status; a status change alone is an update as well. */
export function useUpdateBrand() {
  const apply = useApplyBrand();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BrandUpdateBody }) =>
      api.patch<Brand>(`brands/${id}`, body),
    meta: { successMessage: 'Brand updated Successfully.', errorMessage: 'Failed to update Brand.' },
    onSuccess: apply,
  });
}

export function useSetBrandIgnoreForBi() {
  const apply = useApplyBrand();
  const invalidate = useInvalidateBrand();
  return useMutation({
    mutationFn: ({ id, ignore }: { id: number; ignore: boolean }) =>
      api.patch<Brand>(`brands/${id}/ignore_for_bi`, { ignore_for_bi: ignore }),
    onSuccess: (brand, { ignore }) => {
      notifySuccess(ignore ? 'This Brand will be ignored for BI' : 'This Brand will not be ignored for BI');
      return apply(brand);
    },
    // The spec does not give this failure's wording; the brand's general update failure fits.
    onError: (error, { id }) => {
      notifyFailure('Failed to update Brand.', error);
      return invalidate(id);
    },
  });
}

/** Brands are deleted softly: orders and reports that name one keep it. */
export function useDeleteBrand() {
  const invalidate = useInvalidateBrand();
  return useMutation({
    mutationFn: (id: number) => api.post<Detail>(`brands/${id}/delete`),
    meta: { successMessage: 'Brand deleted Successfully.', errorMessage: 'Failed to delete Brand.' },
    onSuccess: (_answer, id) => invalidate(id),
  });
}

export function useUploadBrandLogo() {
  const apply = useApplyBrand();
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: File }) => {
      // The company logo's limits hold for brand logos too: PNG, JPEG or WebP up to 2 MB.
      const problem = logoFileProblem(file);
      if (problem) throw new ApiError({ status: 400, detail: problem, errors: { file: [problem] } });
      const form = new FormData();
      form.append('file', file);
      return api.upload<Brand>(`brands/${id}/logo`, form);
    },
    meta: { successMessage: 'Logo uploaded successfully.', errorMessage: 'Failed to upload logo.' },
    onSuccess: apply,
  });
}

export function useDeleteBrandLogo() {
  const apply = useApplyBrand();
  const invalidate = useInvalidateBrand();
  return useMutation({
    mutationFn: (id: number) => api.delete<Brand | undefined>(`brands/${id}/logo`),
    meta: { successMessage: 'Logo deleted successfully.', errorMessage: 'Failed to delete logo.' },
    // The answer may be the brand or nothing (204); either way the lists are read again.
    onSuccess: (brand, id) => (brand?.id ? apply(brand) : invalidate(id)),
  });
}
