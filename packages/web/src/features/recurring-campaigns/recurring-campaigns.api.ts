import type {
  RecurringCampaignInput,
  RecurringCampaignOutput,
  recurringListQuery,
} from '@b2b/domain/api/campaigns';
import { CAMPAIGN_MESSAGES } from '@b2b/domain/campaigns';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';
import type { Campaign } from '../campaigns/campaigns.api';

type Wire<T> = { [K in keyof T]: Date extends T[K] ? Exclude<T[K], Date> : T[K] };

export type RecurringCampaign = Wire<RecurringCampaignOutput>;
export type RecurringBody = RecurringCampaignInput;
export type RecurringListParams = ListParams & FiltersOf<typeof recurringListQuery>;
export type RecurringAction = 'pause' | 'resume' | 'stop';

export const recurringKeys = {
  all: ['recurring-campaigns'] as const,
  list: (companyId: number, params: RecurringListParams) =>
    [...recurringKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...recurringKeys.all, 'detail', id] as const,
  runs: (id: number, params: ListParams) => [...recurringKeys.all, 'runs', id, params] as const,
};

export const recurringListQueryOptions = (companyId: number, params: RecurringListParams) =>
  queryOptions({
    queryKey: recurringKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<RecurringCampaign>>(
        `v1/admin/companies/${companyId}/recurring_campaigns/`,
        { ...params },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const recurringQuery = (id: number) =>
  queryOptions({
    queryKey: recurringKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<RecurringCampaign>(`v1/admin/recurring_campaigns/${id}`, { expand: 'sales_channel' }, signal),
  });

/** The runs (one campaign each), newest first. */
export const recurringRunsQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: recurringKeys.runs(id, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Campaign>>(`v1/admin/recurring_campaigns/${id}/campaigns`, { ...params }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((run) => run.status === 'processing') ? 5000 : false,
  });

export function useCreateRecurring(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecurringBody) =>
      api.post<RecurringCampaign>(`v1/admin/companies/${companyId}/recurring_campaigns/`, body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: recurringKeys.all });
      notifySuccess(CAMPAIGN_MESSAGES.recurring_created);
    },
  });
}

const DONE: Record<RecurringAction, string> = {
  pause: CAMPAIGN_MESSAGES.recurring_paused,
  resume: CAMPAIGN_MESSAGES.recurring_resumed,
  stop: CAMPAIGN_MESSAGES.recurring_stopped,
};
const FAILED: Record<RecurringAction, string> = {
  pause: 'Failed to pause the recurring campaign.',
  resume: 'Failed to resume the recurring campaign.',
  stop: 'Failed to stop the recurring campaign.',
};

export function useRecurringAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      salesChannelId,
    }: {
      id: number;
      action: RecurringAction;
      salesChannelId: number | null;
    }) =>
      api.post<RecurringCampaign>(`v1/admin/recurring_campaigns/${id}/${action}`, {
        sales_channel_id: salesChannelId,
      }),
    onSuccess: (saved, { action }) => {
      client.setQueryData(recurringKeys.detail(saved.id), (old: RecurringCampaign | undefined) =>
        old ? { ...old, ...saved, sales_channel: saved.sales_channel ?? old.sales_channel } : saved,
      );
      client.invalidateQueries({ queryKey: recurringKeys.all });
      notifySuccess(DONE[action]);
    },
    onError: (error, { action }) => notifyFailure(FAILED[action], error),
  });
}
