import {
  SUPPORT_CENTER_MESSAGES,
  type SupportCenterOutput,
  type supportCenterInput,
} from '@b2b/domain/api/whatsapp-support';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { notifyFailure, notifySuccess } from '../../components/notify';

export type SupportCenter = SupportCenterOutput;
export type SupportCenterBody = z.input<typeof supportCenterInput>;

export const supportCenterKeys = {
  all: ['support-center'] as const,
  detail: (companyId: number) => [...supportCenterKeys.all, companyId] as const,
};

export const supportCenterQuery = (companyId: number) =>
  queryOptions({
    queryKey: supportCenterKeys.detail(companyId),
    queryFn: ({ signal }) =>
      api.get<SupportCenter>(`v1/admin/companies/${companyId}/support_center`, undefined, signal),
  });

export function useSaveSupportCenter(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SupportCenterBody) =>
      api.put<{ detail: string; support_center: SupportCenter }>(
        `v1/admin/companies/${companyId}/support_center`,
        body,
      ),
    onSuccess: (answer) => {
      client.setQueryData(supportCenterKeys.detail(companyId), answer.support_center);
      notifySuccess(answer.detail ?? SUPPORT_CENTER_MESSAGES.saved);
    },
    onError: (error) => notifyFailure('Failed to save the support center.', error),
  });
}
