import type { addressCreate, addressUpdate } from '@b2b/domain/api/addresses';
import {
  BRANCH_MESSAGES,
  type BranchOutput,
  type branchConfigurationInput,
  type branchConfigurationOutput,
  type branchCreate,
  type branchListFilters,
  type branchUpdate,
  TALLY_MESSAGES,
  type TallySettingsOutput,
} from '@b2b/domain/api/branches';
import type { AddressOutput } from '@b2b/domain/api/common';
import type { notificationContactInput, notificationContactOutput } from '@b2b/domain/api/companies';
import type { TallyLedgerPurposeName, TallyVoucherKindName } from '@b2b/domain/tally';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { replaceInLists } from '../../api/paged-cache';
import type { Detail, FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

export type Branch = BranchOutput;
/** What the pickers read of a branch. */
export type BranchSummary = Pick<BranchOutput, 'id' | 'name' | 'is_active' | 'gstin'>;
export type BranchAddress = AddressOutput;
export type BranchListParams = ListParams & FiltersOf<typeof branchListFilters>;
export type AddressBody = z.input<typeof addressCreate>;
/** PATCH addresses/{id}: any of the fields; null clears an optional line. */
export type AddressUpdateBody = z.input<typeof addressUpdate>;
/** The PATCH body: null clears an optional field. */
export type BranchFieldsBody = z.input<typeof branchUpdate>;
export type BranchCreateBody = z.input<typeof branchCreate>;
export type NotificationContact = z.output<typeof notificationContactOutput>;
export type ContactBody = z.input<typeof notificationContactInput>;
export type BranchConfiguration = z.output<typeof branchConfigurationOutput>;
export type BranchConfigurationBody = z.input<typeof branchConfigurationInput>;
export type TallySettings = TallySettingsOutput;

export const branchKeys = {
  all: ['branches'] as const,
  list: (companyId: number, params: object) => [...branchKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...branchKeys.all, 'detail', id] as const,
  contacts: (id: number) => [...branchKeys.all, 'contacts', id] as const,
  configurations: (id: number) => [...branchKeys.all, 'configurations', id] as const,
  tally: (id: number) => [...branchKeys.all, 'tally', id] as const,
};

/** The branches the signed-in user works in (a Company Admin: all; the server scopes the list), for pickers. */
export const allBranchesQuery = (companyId: number) =>
  queryOptions({
    queryKey: branchKeys.list(companyId, { limit: -1 }),
    queryFn: ({ signal }) =>
      api.get<Paged<BranchSummary>>(
        `companies/${companyId}/branches`,
        { limit: -1, ordering: 'name' },
        signal,
      ),
    staleTime: 5 * 60_000,
  });

/** The /branches list: one page with the addresses and the contact user of each branch. */
export const branchListQuery = (companyId: number, params: BranchListParams) =>
  queryOptions({
    queryKey: branchKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Branch>>(
        `companies/${companyId}/branches`,
        { ...params, expand: 'addresses,user' },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const branchQuery = (id: number) =>
  queryOptions({
    queryKey: branchKeys.detail(id),
    queryFn: ({ signal }) => api.get<Branch>(`branches/${id}`, { expand: 'addresses,user' }, signal),
  });

/** After a change to one branch: its page and every branch list (pickers included). */
function useInvalidateBranch() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...branchKeys.all, 'list'] }),
      id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: branchKeys.detail(id) }),
    ]);
}

/** Puts the server's answer into the cached page and lists at once, so a switch does not flick back. */
function useApplyBranch() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBranch();
  return (branch: Branch) => {
    replaceInLists(queryClient, [...branchKeys.all, 'list'], branch);
    queryClient.setQueryData<Branch>(branchKeys.detail(branch.id), (current) =>
      current ? { ...current, ...branch, user: branch.user ?? current.user } : current,
    );
    return invalidate(branch.id);
  };
}

export function useCreateBranch(companyId: number) {
  const invalidate = useInvalidateBranch();
  return useMutation({
    mutationFn: (body: BranchCreateBody) => api.post<Branch>(`companies/${companyId}/branches`, body),
    meta: { successMessage: BRANCH_MESSAGES.created, errorMessage: BRANCH_MESSAGES.create_failed },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateBranch() {
  const apply = useApplyBranch();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BranchFieldsBody }) =>
      api.patch<Branch>(`branches/${id}`, body),
    meta: { successMessage: BRANCH_MESSAGES.updated, errorMessage: BRANCH_MESSAGES.update_failed },
    onSuccess: apply,
  });
}

/** POST branches/{id}/activate or /deactivate, with the spec's own toasts for each. */
export function useSetBranchActive() {
  const apply = useApplyBranch();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.post<Branch>(`branches/${id}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (branch, { active }) => {
      notifySuccess(active ? BRANCH_MESSAGES.activated : BRANCH_MESSAGES.deactivated);
      return apply(branch);
    },
    onError: (error, { active }) =>
      notifyFailure(active ? BRANCH_MESSAGES.activate_failed : BRANCH_MESSAGES.deactivate_failed, error),
  });
}

/** Round off is a PATCH of round_off_enabled alone (enableRoundOff in the spec's flow). */
export function useSetRoundOff() {
  const apply = useApplyBranch();
  const invalidate = useInvalidateBranch();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.patch<Branch>(`branches/${id}`, { round_off_enabled: enabled }),
    onSuccess: (branch, { enabled }) => {
      notifySuccess(enabled ? BRANCH_MESSAGES.round_off_enabled : BRANCH_MESSAGES.round_off_disabled);
      return apply(branch);
    },
    onError: (error, { id, enabled }) => {
      notifyFailure(
        enabled ? BRANCH_MESSAGES.round_off_enable_failed : BRANCH_MESSAGES.round_off_disable_failed,
        error,
      );
      return invalidate(id);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Addresses (added under the branch, changed through the shared address routes)

export function useAddBranchAddress(branchId: number) {
  const invalidate = useInvalidateBranch();
  return useMutation({
    mutationFn: (body: AddressBody) => api.post<BranchAddress>(`branches/${branchId}/addresses`, body),
    // The spec has no text for a new branch address; this follows its branch address wording.
    meta: { successMessage: 'Branch address added successfully.', errorMessage: 'Failed to add address.' },
    onSuccess: () => invalidate(branchId),
  });
}

export function useUpdateBranchAddress(branchId: number) {
  const invalidate = useInvalidateBranch();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AddressUpdateBody }) =>
      api.patch<BranchAddress>(`addresses/${id}`, body),
    meta: {
      successMessage: BRANCH_MESSAGES.address_updated,
      errorMessage: BRANCH_MESSAGES.address_update_failed,
    },
    onSuccess: () => invalidate(branchId),
  });
}

export function useSetBranchAddressVisible(branchId: number) {
  const invalidate = useInvalidateBranch();
  return useMutation({
    mutationFn: ({ id, visible }: { id: number; visible: boolean }) =>
      api.post<BranchAddress>(`addresses/${id}/${visible ? 'visible' : 'invisible'}`),
    onSuccess: (_address, { visible }) => {
      notifySuccess(visible ? BRANCH_MESSAGES.address_visible : BRANCH_MESSAGES.address_invisible);
      return invalidate(branchId);
    },
    onError: (error, { visible }) =>
      notifyFailure(
        visible ? BRANCH_MESSAGES.address_visible_failed : BRANCH_MESSAGES.address_invisible_failed,
        error,
      ),
  });
}

export function useDeleteBranchAddress(branchId: number) {
  const invalidate = useInvalidateBranch();
  return useMutation({
    mutationFn: (id: number) => api.post<Detail>(`addresses/${id}/delete`),
    meta: { successMessage: 'Address deleted successfully.', errorMessage: 'Failed to delete address.' },
    onSuccess: () => invalidate(branchId),
  });
}

// ---------------------------------------------------------------------------------------------
// Notification contacts

export const branchContactsQuery = (branchId: number) =>
  queryOptions({
    queryKey: branchKeys.contacts(branchId),
    queryFn: ({ signal }) =>
      api.get<NotificationContact[]>(`branches/${branchId}/notification_contacts`, undefined, signal),
  });

function useInvalidateContacts(branchId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: branchKeys.contacts(branchId) });
}

export function useAddBranchContact(branchId: number) {
  const invalidate = useInvalidateContacts(branchId);
  return useMutation({
    mutationFn: (body: ContactBody) =>
      api.post<NotificationContact>(`branches/${branchId}/notification_contacts`, body),
    meta: { successMessage: BRANCH_MESSAGES.contact_added, errorMessage: BRANCH_MESSAGES.contact_add_failed },
    onSuccess: invalidate,
  });
}

export function useUpdateBranchContact(branchId: number) {
  const invalidate = useInvalidateContacts(branchId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ContactBody }) =>
      api.patch<NotificationContact>(`branches/${branchId}/notification_contacts/${id}`, body),
    meta: {
      successMessage: BRANCH_MESSAGES.contact_updated,
      errorMessage: BRANCH_MESSAGES.contact_update_failed,
    },
    onSuccess: invalidate,
  });
}

export function useDeleteBranchContact(branchId: number) {
  const invalidate = useInvalidateContacts(branchId);
  return useMutation({
    mutationFn: (id: number) => api.delete<undefined>(`branches/${branchId}/notification_contacts/${id}`),
    meta: {
      successMessage: BRANCH_MESSAGES.contact_deleted,
      errorMessage: BRANCH_MESSAGES.contact_delete_failed,
    },
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------------------------------------
// Configurations and Tally

export const branchConfigurationsQuery = (branchId: number) =>
  queryOptions({
    queryKey: branchKeys.configurations(branchId),
    queryFn: ({ signal }) =>
      api.get<BranchConfiguration[]>(`branches/${branchId}/configurations`, undefined, signal),
  });

export function useSaveBranchConfiguration(branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchConfigurationBody) =>
      api.put<BranchConfiguration>(`branches/${branchId}/configurations`, body),
    meta: {
      successMessage: BRANCH_MESSAGES.configurations_updated,
      errorMessage: BRANCH_MESSAGES.configurations_failed,
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.configurations(branchId) }),
  });
}

export const branchTallyQuery = (branchId: number) =>
  queryOptions({
    queryKey: branchKeys.tally(branchId),
    queryFn: ({ signal }) =>
      api.get<TallySettings>(`v1/branches/${branchId}/tally-voucher-types/`, undefined, signal),
  });

export function useSaveTallyVoucherTypes(branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (voucherTypes: Partial<Record<TallyVoucherKindName, string>>) =>
      api.put<TallySettings>(`v1/branches/${branchId}/tally-voucher-types/update/`, {
        voucher_types: voucherTypes,
      }),
    meta: {
      successMessage: TALLY_MESSAGES.voucher_types_updated,
      errorMessage: TALLY_MESSAGES.voucher_types_failed,
    },
    onSuccess: (settings) => queryClient.setQueryData(branchKeys.tally(branchId), settings),
  });
}

export function useSaveTallyLedgerMappings(branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ledgerMappings: Partial<Record<TallyLedgerPurposeName, string>>) =>
      api.put<TallySettings>(`v1/branches/${branchId}/ledger-mappings/update/`, {
        ledger_mappings: ledgerMappings,
      }),
    meta: {
      successMessage: TALLY_MESSAGES.ledger_mappings_updated,
      errorMessage: TALLY_MESSAGES.ledger_mappings_failed,
    },
    onSuccess: (settings) => queryClient.setQueryData(branchKeys.tally(branchId), settings),
  });
}
