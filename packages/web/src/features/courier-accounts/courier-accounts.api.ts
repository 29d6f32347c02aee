import type {
  CourierAccountCreateBody,
  CourierAccountOutput,
  CourierAccountUpdateBody,
  CourierCheckOutput,
} from '@b2b/domain/api/courier-accounts';
import { COURIER_ACCOUNT_MESSAGES } from '@b2b/domain/courier-accounts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import { shipmentKeys } from '../shipments/shipments.api';

export type CourierAccount = CourierAccountOutput;

export const courierAccountKeys = {
  all: ['courier-accounts'] as const,
  list: (companyId: number) => [...courierAccountKeys.all, 'list', companyId] as const,
};

/** The company's courier accounts (the token is never read back). */
export const courierAccountListQuery = (companyId: number) =>
  queryOptions({
    queryKey: courierAccountKeys.list(companyId),
    queryFn: ({ signal }) =>
      api.get<Paged<CourierAccount>>(`companies/${companyId}/courier_accounts`, undefined, signal),
  });

/** After a change: the accounts and which carrier books shipments. */
function useCourierChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: courierAccountKeys.all });
    void queryClient.invalidateQueries({ queryKey: shipmentKeys.all });
  };
}

export function useCreateCourierAccount(companyId: number) {
  const changed = useCourierChanged();
  return useMutation({
    mutationFn: (body: CourierAccountCreateBody) =>
      api.post<CourierAccount>(`companies/${companyId}/courier_accounts`, body),
    meta: { successMessage: COURIER_ACCOUNT_MESSAGES.created },
    onSuccess: changed,
  });
}

export function useUpdateCourierAccount() {
  const changed = useCourierChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CourierAccountUpdateBody }) =>
      api.patch<CourierAccount>(`courier_accounts/${id}`, body),
    onSuccess: changed,
  });
}

/** Check connection: one authenticated call to the courier; the answer says how it went. */
export function useCheckCourierConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<CourierCheckOutput>(`courier_accounts/${id}/check_connection`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courierAccountKeys.all }),
  });
}
