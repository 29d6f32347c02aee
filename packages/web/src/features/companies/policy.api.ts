import { POLICY_MESSAGES, type PolicyOutput, type policyInput } from '@b2b/domain/api/companies';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { companyKeys } from './companies.api';

export type Policy = PolicyOutput;
export type PolicyBody = z.input<typeof policyInput>;

export const policyKeys = {
  all: ['company-policy'] as const,
  detail: (companyId: number) => [...policyKeys.all, companyId] as const,
};

/** The Policy page's texts (blank until written); every member reads them. */
export const policyQuery = (companyId: number) =>
  queryOptions({
    queryKey: policyKeys.detail(companyId),
    queryFn: ({ signal }) => api.get<Policy>(`admin/companies/${companyId}/policy`, undefined, signal),
  });

/** Saves both texts; the terms are the Company page's too, so its card reads them again. */
export function useSavePolicy(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PolicyBody) => api.put<Policy>(`admin/companies/${companyId}/policy`, body),
    meta: { successMessage: POLICY_MESSAGES.saved, errorMessage: POLICY_MESSAGES.save_failed },
    onSuccess: (saved) => {
      queryClient.setQueryData(policyKeys.detail(companyId), saved);
      void queryClient.invalidateQueries({ queryKey: companyKeys.terms(companyId) });
    },
  });
}
