import type { taxListFilters, taxOutput } from '@b2b/domain/api/taxes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

export type Tax = z.output<typeof taxOutput>;
export type TaxType = Tax['type'];
/** The server filters the whole list by type; this app always reads one type. */
export type TaxListParams = Required<z.input<typeof taxListFilters>>;

export const taxKeys = {
  all: ['taxes'] as const,
  list: (companyId: number, params: TaxListParams) => [...taxKeys.all, 'list', companyId, params] as const,
};

/** The company's taxes of one type, answered whole (the server filters by type). */
export const taxListQuery = (companyId: number, params: TaxListParams) =>
  queryOptions({
    queryKey: taxKeys.list(companyId, params),
    queryFn: ({ signal }) => api.get<Paged<Tax>>(`companies/${companyId}/taxes`, { ...params }, signal),
  });

/** '18%', '0.25%': a rate as the GST notifications write it. */
export function formatRate(rate: number): string {
  return `${rate.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;
}

export function useRenameTax(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tax, display_name }: { tax: Tax; display_name: string }) =>
      api.patch<Tax>(`companies/${companyId}/taxes/${tax.id}`, { display_name }),
    meta: { successMessage: 'Tax updated successfully.', errorMessage: 'Failed to update Tax.' },
    onSuccess: (tax) => {
      replaceInLists(queryClient, [...taxKeys.all, 'list'], tax);
      return queryClient.invalidateQueries({ queryKey: [...taxKeys.all, 'list'] });
    },
  });
}

export function useSetTaxActive(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tax, active }: { tax: Tax; active: boolean }) =>
      api.patch<Tax>(`companies/${companyId}/taxes/${tax.id}`, { is_active: active }),
    onSuccess: (tax, { active }) => {
      replaceInLists(queryClient, [...taxKeys.all, 'list'], tax);
      notifySuccess(active ? 'Tax activated successfully.' : 'Tax deactivated successfully.');
    },
    onError: (error, { active }) =>
      notifyFailure(active ? 'Failed to activate Tax.' : 'Failed to deactivate Tax.', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...taxKeys.all, 'list'] }),
  });
}
