import type {
  AccountGroupOutput,
  AccountOutput,
  accountCreate,
  accountListFilters,
  accountUpdate,
} from '@b2b/domain/api/accounts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { Detail, Expanded, FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

export type AccountGroup = AccountGroupOutput;
/** An account as the chart reads it: with its type (and group), parent and branch expanded. */
export type Account = Expanded<AccountOutput, 'account_type' | 'parent_account' | 'branch'>;
export type AccountFilter = Pick<ListParams, 'search'> & FiltersOf<typeof accountListFilters>;
export type AccountBody = z.input<typeof accountCreate>;
/** The PATCH body: null clears an optional field. */
export type AccountUpdateBody = z.input<typeof accountUpdate>;

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
    mutationFn: ({ id, body }: { id: number; body: AccountUpdateBody }) =>
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
    mutationFn: (id: number) => api.delete<Detail>(`admin/accounts/${id}`),
    meta: { successMessage: ACCOUNT_TOASTS.deleted, errorMessage: ACCOUNT_TOASTS.delete_failed },
    onSuccess: () => invalidate(),
  });
}
