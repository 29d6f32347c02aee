import type {
  VariantGroupCreate,
  VariantGroupOutput,
  VariantGroupUpdate,
  VariantProductsInput,
  variantGroupListFilters,
} from '@b2b/domain/api/variant-groups';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { FiltersOf, ListParams, Paged } from '../../api/types';

export type VariantGroup = Omit<VariantGroupOutput, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};

export type VariantGroupListParams = ListParams & FiltersOf<typeof variantGroupListFilters>;

export const variantGroupKeys = {
  all: ['variant-groups'] as const,
  list: (companyId: number, params: VariantGroupListParams) =>
    [...variantGroupKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...variantGroupKeys.all, 'detail', id] as const,
};

export const variantGroupListQuery = (companyId: number, params: VariantGroupListParams) =>
  queryOptions({
    queryKey: variantGroupKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<VariantGroup>>(`companies/${companyId}/variant_groups`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** Puts the server's answer into the cached lists at once, then reads the lists and detail again. */
function useApplyGroup() {
  const queryClient = useQueryClient();
  return (group?: VariantGroup) => {
    if (group) replaceInLists(queryClient, [...variantGroupKeys.all, 'list'], group);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: [...variantGroupKeys.all, 'list'] }),
      group ? queryClient.invalidateQueries({ queryKey: variantGroupKeys.detail(group.id) }) : undefined,
    ]);
  };
}

export function useCreateVariantGroup(companyId: number) {
  const apply = useApplyGroup();
  return useMutation({
    mutationFn: (body: VariantGroupCreate) =>
      api.post<VariantGroup>(`companies/${companyId}/variant_groups`, body),
    meta: {
      successMessage: 'Variant group created successfully.',
      errorMessage: 'Failed to create Variant group.',
    },
    onSuccess: () => apply(),
  });
}

export function useUpdateVariantGroup() {
  const apply = useApplyGroup();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VariantGroupUpdate }) =>
      api.patch<VariantGroup>(`variant_groups/${id}`, body),
    meta: {
      successMessage: 'Variant group updated successfully.',
      errorMessage: 'Failed to update Variant group.',
    },
    onSuccess: apply,
  });
}

export function useSetVariantGroupActive() {
  const apply = useApplyGroup();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post<VariantGroup>(`variant_groups/${id}/${active ? 'activate' : 'deactivate'}`),
    meta: {
      successMessage: 'Variant group updated successfully.',
      errorMessage: 'Failed to update Variant group.',
    },
    onSuccess: apply,
  });
}

/** Replaces the group's variants with the list sent. */
export function useSetVariants(groupId: number) {
  const apply = useApplyGroup();
  return useMutation({
    mutationFn: (body: VariantProductsInput) =>
      api.post<VariantGroup>(`variant_groups/${groupId}/products`, body),
    meta: { successMessage: 'Variants saved successfully.', errorMessage: 'Failed to save variants.' },
    onSuccess: apply,
  });
}
