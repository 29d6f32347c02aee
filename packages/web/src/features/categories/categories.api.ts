import type {
  CategoryOutput,
  categoryCreate,
  categoryListFilters,
  categorySeoUpdate,
  categoryUpdate,
} from '@b2b/domain/api/categories';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { logoFileProblem } from '../companies/company-logo-file';

export type Category = CategoryOutput;
export type CategoryListParams = ListParams & FiltersOf<typeof categoryListFilters>;
/** Without a parent the server puts the category under the root. */
export type CategoryCreateBody = z.input<typeof categoryCreate>;
/** A null parent moves the category directly under the root. */
export type CategoryUpdateBody = z.input<typeof categoryUpdate>;
export type CategorySeoBody = z.input<typeof categorySeoUpdate>;

export const categoryKeys = {
  all: ['categories'] as const,
  list: (companyId: number, params: CategoryListParams) =>
    [...categoryKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...categoryKeys.all, 'detail', id] as const,
};

/** Every category of the company, the root included, for building the tree (limit=-1 reads all). */
export const ALL_CATEGORIES: CategoryListParams = { limit: -1 };

export const categoryListQuery = (companyId: number, params: CategoryListParams) =>
  queryOptions({
    queryKey: categoryKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Category>>(`companies/${companyId}/categories`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** The whole list the category tree and the category tree select are built from. */
export const categoryTreeQuery = (companyId: number) => categoryListQuery(companyId, ALL_CATEGORIES);

/** After a change to one category: its detail and every category list (the tree is one of them). */
function useInvalidateCategory() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...categoryKeys.all, 'list'] }),
      id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: categoryKeys.detail(id) }),
    ]);
}

/** Puts the server's answer into the cached lists at once, so a badge does not flick back. */
function useApplyCategory() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCategory();
  return (category: Category) => {
    replaceInLists(queryClient, [...categoryKeys.all, 'list'], category);
    return invalidate(category.id);
  };
}

export function useCreateCategory(companyId: number) {
  const invalidate = useInvalidateCategory();
  return useMutation({
    mutationFn: (body: CategoryCreateBody) => api.post<Category>(`companies/${companyId}/categories/`, body),
    meta: { successMessage: 'Category created successfully.', errorMessage: 'Failed to Create Category.' },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCategory();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CategoryUpdateBody }) =>
      api.patch<Category>(`categories/${id}`, body),
    meta: { successMessage: 'Category updated successfully.', errorMessage: 'Failed to update category.' },
    onSuccess: (_category, { id }) => invalidate(id),
  });
}

export function useSetCategoryActive() {
  const apply = useApplyCategory();
  const invalidate = useInvalidateCategory();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post<Category>(`categories/${id}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (category, { active }) => {
      notifySuccess(active ? 'Category activated successfully.' : 'Category deactivated successfully.');
      return apply(category);
    },
    onError: (error, { id, active }) => {
      notifyFailure(active ? 'Failed to activate Category.' : 'Failed to deactivate Category.', error);
      return invalidate(id);
    },
  });
}

export function useSetCategoryInMenu() {
  const apply = useApplyCategory();
  const invalidate = useInvalidateCategory();
  return useMutation({
    mutationFn: ({ id, included }: { id: number; included: boolean }) =>
      api.patch<Category>(`categories/${id}`, { is_included_in_menu: included }),
    onSuccess: (category, { included }) => {
      notifySuccess(
        included ? 'Category included in menu successfully.' : 'Category excluded from menu successfully.',
      );
      return apply(category);
    },
    onError: (error, { id, included }) => {
      notifyFailure(included ? 'Failed to include in menu.' : 'Failed to exclude from menu.', error);
      return invalidate(id);
    },
  });
}

/** The spec's "Category section": the SEO fields. */
export function useUpdateCategorySeo() {
  const apply = useApplyCategory();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CategorySeoBody }) =>
      api.patch<Category>(`categories/${id}/seo`, body),
    meta: {
      successMessage: 'Category section updated successfully.',
      errorMessage: 'Failed to update Category section.',
    },
    onSuccess: apply,
  });
}

export function useUploadCategoryImage() {
  const apply = useApplyCategory();
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: File }) => {
      // The company logo's limits hold for category images too: PNG, JPEG or WebP up to 2 MB.
      const problem = logoFileProblem(file);
      if (problem) throw new ApiError({ status: 400, detail: problem, errors: { file: [problem] } });
      const form = new FormData();
      form.append('file', file);
      return api.upload<Category>(`categories/${id}/image`, form);
    },
    meta: { successMessage: 'Image uploaded successfully.', errorMessage: 'Failed to upload image.' },
    onSuccess: apply,
  });
}

export function useDeleteCategoryImage() {
  const apply = useApplyCategory();
  const invalidate = useInvalidateCategory();
  return useMutation({
    mutationFn: (id: number) => api.delete<Category | undefined>(`categories/${id}/image`),
    meta: { successMessage: 'Image deleted successfully.', errorMessage: 'Failed to delete image.' },
    // The answer may be the category or nothing (204); either way the lists are read again.
    onSuccess: (category, id) => (category?.id ? apply(category) : invalidate(id)),
  });
}
