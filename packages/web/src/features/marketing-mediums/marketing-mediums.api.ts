import type {
  MarketingConfigurationOutput,
  MarketingMedium,
  MediumOutput,
  MediumTestInput,
} from '@b2b/domain/api/marketing-mediums';
import { MEDIUM_LABELS, MEDIUM_MESSAGES } from '@b2b/domain/api/marketing-mediums';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { notifyError, notifyFailure, notifySuccess } from '../../components/notify';

export type Medium = Omit<MediumOutput, 'updated_at' | 'last_test'> & {
  updated_at: string | null;
  last_test: { ok: boolean; message: string; tested_at: string } | null;
};
export type MarketingConfiguration = Omit<MarketingConfigurationOutput, 'mediums'> & { mediums: Medium[] };

const mediumsPath = (companyId: number) => `v1/admin/companies/${companyId}/marketing_mediums`;

export const marketingConfigurationKey = (companyId: number) =>
  ['marketing-configuration', companyId] as const;

export const marketingConfigurationQuery = (companyId: number) =>
  queryOptions({
    queryKey: marketingConfigurationKey(companyId),
    queryFn: ({ signal }) =>
      api.get<MarketingConfiguration>(`admin/companies/${companyId}/configurations/`, undefined, signal),
  });

function useRefresh(companyId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: marketingConfigurationKey(companyId) });
}

/** Saves a medium whole; the dialog shows field errors itself, so only other failures are toasted. */
export function useSaveMedium(companyId: number) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: (body: Record<string, unknown> & { medium: MarketingMedium }) =>
      api.put<Medium>(mediumsPath(companyId), body),
    onSuccess: (medium) => {
      notifySuccess(MEDIUM_MESSAGES.saved(medium.medium));
      return refresh();
    },
  });
}

export function useRemoveMedium(companyId: number) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: (medium: MarketingMedium) => api.delete<void>(`${mediumsPath(companyId)}/${medium}`),
    onSuccess: (_, medium) => {
      notifySuccess(MEDIUM_MESSAGES.removed(medium));
      return refresh();
    },
    onError: (error) => notifyFailure('The medium was not removed.', error),
  });
}

export function useTestMedium(companyId: number) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: ({ medium, body }: { medium: MarketingMedium; body: MediumTestInput }) =>
      api.post<{ ok: boolean; message: string }>(`${mediumsPath(companyId)}/${medium}/test`, body),
    onSuccess: (result, { medium }) => {
      if (result.ok) notifySuccess(result.message, `${MEDIUM_LABELS[medium]} works`);
      else notifyError(result.message, `${MEDIUM_LABELS[medium]} test failed`);
      return refresh();
    },
  });
}

export function useGenerateVapidKeys(companyId: number) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: (subject: string) =>
      api.post<Medium>(`${mediumsPath(companyId)}/push_notification/vapid_keys`, { vapid_subject: subject }),
    onSuccess: () => {
      notifySuccess(MEDIUM_MESSAGES.saved('push_notification'));
      return refresh();
    },
  });
}
