import type {
  AudiencePreviewOutput,
  CampaignInput,
  CampaignMessageOutput,
  CampaignOutput,
  CampaignSummaryOutput,
  campaignListQuery as campaignListFilters,
  MarketingSettingsOutput,
  marketingSettingsInput,
  messageListQuery,
} from '@b2b/domain/api/campaigns';
import { CAMPAIGN_MESSAGES } from '@b2b/domain/campaigns';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

/** A row as JSON brings it: the timestamps as text. */
type Wire<T> = { [K in keyof T]: Date extends T[K] ? Exclude<T[K], Date> : T[K] };

export type Campaign = Wire<CampaignOutput>;
export type CampaignSummary = Wire<CampaignSummaryOutput>;
export type CampaignMessage = Wire<CampaignMessageOutput>;
export type AudiencePreview = AudiencePreviewOutput;
export type MarketingSettings = Wire<MarketingSettingsOutput>;
export type MarketingSettingsBody = z.input<typeof marketingSettingsInput>;
export type CampaignListParams = ListParams & FiltersOf<typeof campaignListFilters>;
export type MessageListParams = ListParams & FiltersOf<typeof messageListQuery>;
export type CampaignBody = CampaignInput;

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (companyId: number, params: CampaignListParams) =>
    [...campaignKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...campaignKeys.all, 'detail', id] as const,
  summary: (id: number) => [...campaignKeys.all, 'summary', id] as const,
  messages: (id: number, params: MessageListParams) => [...campaignKeys.all, 'messages', id, params] as const,
  audience: (companyId: number, body: unknown) => [...campaignKeys.all, 'audience', companyId, body] as const,
  settings: (companyId: number) => ['marketing-settings', companyId] as const,
};

/** A campaign being processed (or waiting for its time) changes by itself: its screens poll. */
export const isLive = (status: Campaign['status'] | undefined) =>
  status === 'processing' || status === 'scheduled';

export const campaignListQuery = (companyId: number, params: CampaignListParams) =>
  queryOptions({
    queryKey: campaignKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Campaign>>(`admin/companies/${companyId}/campaigns`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const campaignQuery = (id: number) =>
  queryOptions({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => api.get<Campaign>(`admin/campaigns/${id}`, { expand: 'sales_channel' }, signal),
    refetchInterval: (query) => (isLive(query.state.data?.status) ? 5000 : false),
  });

export const campaignSummaryQuery = (id: number, live: boolean) =>
  queryOptions({
    queryKey: campaignKeys.summary(id),
    queryFn: ({ signal }) => api.get<CampaignSummary>(`admin/campaigns/${id}/summary`, undefined, signal),
    refetchInterval: live ? 5000 : false,
  });

export const campaignMessagesQuery = (id: number, params: MessageListParams, live: boolean) =>
  queryOptions({
    queryKey: campaignKeys.messages(id, params),
    queryFn: ({ signal }) =>
      api.get<Paged<CampaignMessage>>(`admin/campaigns/${id}/messages`, { ...params }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 5000 : false,
  });

/** The live audience of the form (a read: it writes nothing). */
export const audiencePreviewQuery = (companyId: number, body: Partial<CampaignBody>) =>
  queryOptions({
    queryKey: campaignKeys.audience(companyId, body),
    queryFn: () => api.post<AudiencePreview>(`admin/companies/${companyId}/campaigns/audience`, body),
    placeholderData: keepPreviousData,
    retry: false,
  });

/**
 * Creates the campaign (a draft) and, with `run`, runs it: it sends now or waits for its time.
 * Field errors are left to the form; other failures get the spec's toast.
 */
export function useCreateCampaign(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, run }: { body: CampaignBody; run: boolean }) => {
      const created = await api.post<Campaign>(`admin/companies/${companyId}/campaigns`, body);
      if (!run) return { campaign: created, runError: null as unknown };
      try {
        return { campaign: await api.post<Campaign>(`admin/campaigns/${created.id}/run`), runError: null };
      } catch (runError) {
        return { campaign: created, runError };
      }
    },
    onSuccess: ({ runError }, { run }) => {
      client.invalidateQueries({ queryKey: campaignKeys.all });
      notifySuccess(CAMPAIGN_MESSAGES.created);
      if (run && runError) notifyFailure(CAMPAIGN_MESSAGES.run_failed, runError);
      else if (run) notifySuccess(CAMPAIGN_MESSAGES.will_run);
    },
  });
}

export function useRunCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Campaign>(`admin/campaigns/${id}/run`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: campaignKeys.all });
      notifySuccess(CAMPAIGN_MESSAGES.will_run);
    },
    onError: (error) => notifyFailure(CAMPAIGN_MESSAGES.run_failed, error),
  });
}

export function useCancelCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Campaign>(`admin/campaigns/${id}/cancel`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: campaignKeys.all });
      notifySuccess(CAMPAIGN_MESSAGES.cancelled);
    },
    onError: (error) => notifyFailure(CAMPAIGN_MESSAGES.cancel_failed, error),
  });
}

export const marketingSettingsQuery = (companyId: number) =>
  queryOptions({
    queryKey: campaignKeys.settings(companyId),
    queryFn: ({ signal }) =>
      api.get<MarketingSettings>(`admin/companies/${companyId}/marketing_settings`, undefined, signal),
  });

export function useSaveMarketingSettings(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarketingSettingsBody) =>
      api.put<MarketingSettings>(`admin/companies/${companyId}/marketing_settings`, body),
    onSuccess: (saved) => {
      client.setQueryData(campaignKeys.settings(companyId), saved);
      notifySuccess('Sending rules saved.');
    },
  });
}
