import type { AccountNature } from '@b2b/domain/accounts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

export interface AccountGroup {
  id: number;
  name: string;
  nature: AccountNature;
  position: number;
  account_types: { id: number; name: string; code: string }[];
}

/** An account as the chart reads it: with its type (and group), parent and branch expanded. */
export interface Account {
  id: number;
  name: string;
  code: string | null;
  description: string | null;
  is_system: boolean;
  is_active: boolean;
  account_type: {
    id: number;
    name: string;
    code: string;
    account_group: { id: number; name: string; nature: AccountNature };
  };
  parent_account: { id: number; name: string; code: string | null } | null;
  branch: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
}

export interface AccountFilter {
  search?: string;
  account_type?: number;
  branch?: number;
}

export interface AccountBody {
  name: string;
  account_type: number;
  parent_account: number | null;
  branch: number | null;
  code: string | null;
  description: string | null;
}

/** The spec's section 8 texts for accounts; those it does not give follow their style. */
export const ACCOUNT_TOASTS = {
  created: 'Account created successfully.',
  create_failed: 'Failed to Create Account.',
  updated: 'Account updated successfully.',
  update_failed: 'Failed to update account.',
  deleted: 'Account deleted successfully.',
  delete_failed: 'Failed to delete account.',
  activated: 'Account activated successfully.',
  deactivated: 'Account deactivated successfully.',
  load_failed: 'Load Error',
  list_failed: 'List Load Error',
} as const;

const EXPAND = 'account_type,branch,parent_account';

export const accountKeys = {
  all: ['accounts'] as const,
  groups: (companyId: number) => [...accountKeys.all, 'groups', companyId] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  list: (companyId: number, filter: AccountFilter) => [...accountKeys.lists(), companyId, filter] as const,
};

/** Account groups with their types (spec: limit 1000, ordering name). */
export const accountGroupsQuery = (companyId: number) =>
  queryOptions({
    queryKey: accountKeys.groups(companyId),
    queryFn: ({ signal }) =>
      api.get<Paged<AccountGroup>>(
        `v1/admin/companies/${companyId}/account_groups`,
        { limit: 1000, ordering: 'name' },
        signal,
      ),
    staleTime: 5 * 60_000,
  });

/** The whole chart (a company has tens or hundreds of accounts), filtered by the server. */
export const accountsQuery = (companyId: number, filter: AccountFilter) =>
  queryOptions({
    queryKey: accountKeys.list(companyId, filter),
    queryFn: ({ signal }) =>
      api.get<Paged<Account>>(
        `admin/companies/${companyId}/accounts`,
        { ...filter, limit: -1, ordering: 'name', expand: EXPAND },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.lists() });
}

export function useCreateAccount(companyId: number) {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: AccountBody) =>
      api.post<Account>(`admin/companies/${companyId}/accounts`, body, { expand: EXPAND }),
    meta: { successMessage: ACCOUNT_TOASTS.created, errorMessage: ACCOUNT_TOASTS.create_failed },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<AccountBody> }) =>
      api.patch<Account>(`admin/accounts/${id}`, body, { expand: 'account_type,parent_account' }),
    meta: { successMessage: ACCOUNT_TOASTS.updated, errorMessage: ACCOUNT_TOASTS.update_failed },
    onSuccess: () => invalidate(),
  });
}

export function useSetAccountActive() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post<Account>(`admin/accounts/${id}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (_account, { active }) => {
      notifySuccess(active ? ACCOUNT_TOASTS.activated : ACCOUNT_TOASTS.deactivated);
      return invalidate();
    },
    onError: (error) => notifyFailure(ACCOUNT_TOASTS.update_failed, error),
  });
}

export function useDeleteAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ detail: string }>(`admin/accounts/${id}`),
    meta: { successMessage: ACCOUNT_TOASTS.deleted, errorMessage: ACCOUNT_TOASTS.delete_failed },
    onSuccess: () => invalidate(),
  });
}
