import type { AddressOutput } from '@b2b/domain/api/common';
import type {
  CompanyOutput,
  companyUpdate,
  notificationContactInput,
  notificationContactOutput,
  termsOutput,
} from '@b2b/domain/api/companies';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, isApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { logoFileProblem } from './company-logo-file';

export type CompanyAddress = AddressOutput;
export type NotificationContact = z.output<typeof notificationContactOutput>;
export type Company = CompanyOutput;
/** The profile part of PATCH companies/{id}: null clears an optional field. */
export type CompanyProfileUpdate = z.input<typeof companyUpdate>;

export type CompanyToggle =
  | 'is_order_auto_confirm'
  | 'is_bill_auto_received'
  | 'apply_credit_limit_restriction';

export type NotificationContactBody = z.input<typeof notificationContactInput>;
export type Terms = z.output<typeof termsOutput>;

export const companyKeys = {
  all: ['companies'] as const,
  detail: (id: number) => [...companyKeys.all, 'detail', id] as const,
  terms: (id: number) => [...companyKeys.all, 'terms', id] as const,
};

export const companyQuery = (companyId: number) =>
  queryOptions({
    queryKey: companyKeys.detail(companyId),
    queryFn: ({ signal }) => api.get<Company>(`companies/${companyId}`, { expand: 'addresses' }, signal),
  });

/** The company's terms and conditions; none saved yet answers 404, shown as empty terms. */
export const termsQuery = (companyId: number) =>
  queryOptions({
    queryKey: companyKeys.terms(companyId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Terms>(`admin/companies/${companyId}/terms-and-conditions`, undefined, signal);
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

/** Spec: most company updates are accepted only if the answer carries the company's id. */
const NOT_CONFIRMED = 'The server did not confirm the change.';

function acceptedCompany(company: Company | undefined): Company {
  if (!company || typeof company.id !== 'number') throw new ApiError({ status: 200, detail: NOT_CONFIRMED });
  return company;
}

export function useUpdateCompany(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompanyProfileUpdate) =>
      acceptedCompany(await api.patch<Company>(`companies/${companyId}`, body)),
    meta: {
      successMessage: 'Company information updated successfully.',
      errorMessage: 'Failed to update company.',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
  });
}

const TOGGLE_TEXTS: Record<CompanyToggle, { on: string; off: string; failOn: string; failOff: string }> = {
  is_order_auto_confirm: {
    on: 'Orders auto confirmation activated successfully.',
    off: 'Orders auto confirmation deactivated successfully.',
    failOn: 'Failed to activate order auto confirmation.',
    failOff: 'Failed to deactivate order auto confirmation.',
  },
  is_bill_auto_received: {
    on: 'Bills auto receive activated successfully.',
    off: 'Bills auto receive deactivated successfully.',
    failOn: 'Failed to activate bill auto receive.',
    failOff: 'Failed to deactivate bill auto receive.',
  },
  apply_credit_limit_restriction: {
    on: 'Credit limit restriction will now be effective now onwards.',
    off: 'Credit limit restriction deactivated successfully.',
    failOn: 'Failed to activate Credit limit restriction.',
    failOff: 'Failed to deactivate Credit limit restriction.',
  },
};

export function toggleTexts(flag: CompanyToggle, value: boolean) {
  const texts = TOGGLE_TEXTS[flag];
  return value
    ? { success: texts.on, failure: texts.failOn }
    : { success: texts.off, failure: texts.failOff };
}

/**
 * A company switch is a PATCH of that flag alone. It counts as done only when the answer has the
 * company's id and, for order auto-confirmation, when the answer confirms the new value.
 */
export async function patchCompanyToggle(
  companyId: number,
  flag: CompanyToggle,
  value: boolean,
): Promise<Company> {
  const company = acceptedCompany(await api.patch<Company>(`companies/${companyId}`, { [flag]: value }));
  if (flag === 'is_order_auto_confirm' && company.is_order_auto_confirm !== value) {
    throw new ApiError({ status: 200, detail: NOT_CONFIRMED });
  }
  return company;
}

export function useToggleCompanyFlag(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flag, value }: { flag: CompanyToggle; value: boolean }) =>
      patchCompanyToggle(companyId, flag, value),
    onSuccess: (company, { flag, value }) => {
      notifySuccess(toggleTexts(flag, value).success);
      queryClient.setQueryData(companyKeys.detail(companyId), (current: Company | undefined) =>
        current ? { ...current, ...company, addresses: company.addresses ?? current.addresses } : company,
      );
    },
    onError: (error, { flag, value }) => notifyFailure(toggleTexts(flag, value).failure, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
  });
}

export function useSaveTerms(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ existing, terms }: { existing: Terms | null; terms: string }) =>
      existing
        ? api.patch<Terms>(`admin/companies/${companyId}/terms-and-conditions`, { terms })
        : api.post<Terms>(`admin/companies/${companyId}/terms-and-conditions`, { terms }),
    meta: {
      successMessage: 'Terms and conditions updated successfully.',
      errorMessage: 'Failed to update terms and conditions.',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.terms(companyId) }),
  });
}

/** After any change to the company, its profile is read again. */
function useInvalidateCompany(companyId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) });
}

export function useUploadLogo(companyId: number) {
  const invalidate = useInvalidateCompany(companyId);
  return useMutation({
    mutationFn: async (file: File) => {
      const problem = logoFileProblem(file);
      if (problem) throw new ApiError({ status: 400, detail: problem, errors: { file: [problem] } });
      const form = new FormData();
      form.append('file', file);
      return acceptedCompany(await api.upload<Company>(`companies/${companyId}/logo`, form));
    },
    meta: { successMessage: 'Logo uploaded successfully.', errorMessage: 'Failed to upload logo.' },
    onSuccess: invalidate,
  });
}

export function useDeleteLogo(companyId: number) {
  const invalidate = useInvalidateCompany(companyId);
  return useMutation({
    mutationFn: async () => acceptedCompany(await api.delete<Company>(`companies/${companyId}/logo`)),
    meta: { successMessage: 'Logo deleted successfully.', errorMessage: 'Failed to delete logo.' },
    onSuccess: invalidate,
  });
}

export function useAddNotificationContact(companyId: number) {
  const invalidate = useInvalidateCompany(companyId);
  return useMutation({
    mutationFn: (body: NotificationContactBody) =>
      api.post<NotificationContact>(`companies/${companyId}/notification_contacts`, body),
    meta: {
      successMessage: 'Notification contact person added successfully.',
      errorMessage: 'Failed to add notification contact person.',
    },
    onSuccess: invalidate,
  });
}

export function useUpdateNotificationContact(companyId: number) {
  const invalidate = useInvalidateCompany(companyId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: NotificationContactBody }) =>
      api.patch<NotificationContact>(`notification_contacts/${id}`, body),
    meta: {
      successMessage: 'Notification contact person updated successfully.',
      errorMessage: 'Failed to update notification contact person.',
    },
    onSuccess: invalidate,
  });
}

export function useDeleteNotificationContact(companyId: number) {
  const invalidate = useInvalidateCompany(companyId);
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`notification_contacts/${id}`),
    meta: {
      successMessage: 'Notification contact person deleted successfully.',
      errorMessage: 'Failed to delete notification contact person.',
    },
    onSuccess: invalidate,
  });
}
