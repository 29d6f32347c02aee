import type { BankAccountOutput, bankAccountCreate, bankAccountUpdate } from '@b2b/domain/api/bank-accounts';
import { BANK_ACCOUNT_MESSAGES } from '@b2b/domain/bank-accounts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { Detail, Paged } from '../../api/types';

export type BankAccount = BankAccountOutput;
export type BankAccountBody = z.input<typeof bankAccountCreate>;
/** The PATCH body: a blank optional field clears it. */
export type BankAccountUpdateBody = z.input<typeof bankAccountUpdate>;

export const bankAccountKeys = {
  all: ['bank-accounts'] as const,
  ofBranch: (branchId: number) => [...bankAccountKeys.all, 'branch', branchId] as const,
};

/** A branch's accounts, all of them, newest first (spec: limit -1, ordering -created_at). */
export const branchBankAccountsQuery = (branchId: number) =>
  queryOptions({
    queryKey: bankAccountKeys.ofBranch(branchId),
    queryFn: ({ signal }) =>
      api.get<Paged<BankAccount>>(
        `v1/branches/${branchId}/bank_accounts`,
        { ordering: '-created_at', limit: -1 },
        signal,
      ),
  });

/** Any change to one account can move the branch's default: its whole list is read again. */
function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bankAccountKeys.all });
}

export function useCreateBankAccount(branchId: number) {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: BankAccountBody) =>
      api.post<BankAccount>(`v1/branches/${branchId}/bank_accounts`, body),
    meta: {
      successMessage: BANK_ACCOUNT_MESSAGES.created,
      errorMessage: BANK_ACCOUNT_MESSAGES.create_failed,
    },
    onSuccess: invalidate,
  });
}

export function useUpdateBankAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BankAccountUpdateBody }) =>
      api.patch<BankAccount>(`v1/bank_accounts/${id}`, body),
    meta: {
      successMessage: BANK_ACCOUNT_MESSAGES.updated,
      errorMessage: BANK_ACCOUNT_MESSAGES.update_failed,
    },
    onSuccess: invalidate,
  });
}

/** Making an account the default is an update of is_default alone, with its own toast. */
export function useMakeDefaultBankAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (id: number) => api.patch<BankAccount>(`v1/bank_accounts/${id}`, { is_default: true }),
    meta: {
      successMessage: BANK_ACCOUNT_MESSAGES.made_default,
      errorMessage: BANK_ACCOUNT_MESSAGES.update_failed,
    },
    onSuccess: invalidate,
  });
}

export function useDeleteBankAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (id: number) => api.post<Detail>(`v1/bank_accounts/${id}/delete`),
    meta: {
      successMessage: BANK_ACCOUNT_MESSAGES.deleted,
      errorMessage: BANK_ACCOUNT_MESSAGES.delete_failed,
    },
    onSuccess: invalidate,
  });
}
