import type {
  FeedbackFormCreateInput,
  FeedbackFormOutput,
  FeedbackRequestOutput,
  FeedbackSettingsOutput,
  FeedbackSettingsUpdate,
  FeedbackSummaryOutput,
} from '@b2b/domain/api/customer-feedback';
import type { FeedbackStatus } from '@b2b/domain/customer-feedback';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ListParams, Paged } from '../../api/types';
import { notifySuccess } from '../../components/notify';

type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };

export type FeedbackForm = Dated<FeedbackFormOutput, 'created_at' | 'updated_at'>;
export type FeedbackRequest = Omit<FeedbackRequestOutput, 'expires_at' | 'answered_at' | 'created_at'> & {
  expires_at: string;
  answered_at: string | null;
  created_at: string;
};
export type FeedbackSummary = FeedbackSummaryOutput;
export type FeedbackSettings = FeedbackSettingsOutput;

export interface FeedbackFilters {
  status?: FeedbackStatus;
  rating__in?: string;
  buyer?: number;
  form?: number;
  start_date?: string;
  end_date?: string;
}
export type FeedbackRequestParams = ListParams & FeedbackFilters;

export const feedbackKeys = {
  all: ['customer-feedback'] as const,
  requests: (companyId: number, params: FeedbackRequestParams) =>
    [...feedbackKeys.all, 'requests', companyId, params] as const,
  request: (id: number) => [...feedbackKeys.all, 'request', id] as const,
  summary: (companyId: number, filters: FeedbackFilters) =>
    [...feedbackKeys.all, 'summary', companyId, filters] as const,
  forms: (companyId: number, params: ListParams) =>
    [...feedbackKeys.all, 'forms', companyId, params] as const,
  settings: (companyId: number) => [...feedbackKeys.all, 'settings', companyId] as const,
};

export const feedbackRequestsQuery = (companyId: number, params: FeedbackRequestParams) =>
  queryOptions({
    queryKey: feedbackKeys.requests(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<FeedbackRequest>>(
        `admin/companies/${companyId}/feedback_requests`,
        { ...params },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const feedbackRequestQuery = (id: number) =>
  queryOptions({
    queryKey: feedbackKeys.request(id),
    queryFn: ({ signal }) => api.get<FeedbackRequest>(`admin/feedback_requests/${id}`, undefined, signal),
  });

export const feedbackSummaryQuery = (companyId: number, filters: FeedbackFilters) =>
  queryOptions({
    queryKey: feedbackKeys.summary(companyId, filters),
    queryFn: ({ signal }) =>
      api.get<FeedbackSummary>(
        `admin/companies/${companyId}/feedback_requests/summary`,
        {
          buyer: filters.buyer,
          form: filters.form,
          start_date: filters.start_date,
          end_date: filters.end_date,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const feedbackFormsQuery = (companyId: number, params: ListParams = { limit: -1, offset: 0 }) =>
  queryOptions({
    queryKey: feedbackKeys.forms(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<FeedbackForm>>(`admin/companies/${companyId}/feedback_forms`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const feedbackSettingsQuery = (companyId: number) =>
  queryOptions({
    queryKey: feedbackKeys.settings(companyId),
    queryFn: ({ signal }) =>
      api.get<FeedbackSettings>(`admin/companies/${companyId}/feedback_settings`, undefined, signal),
  });

/** Create or change a form; field errors are left to the form. */
export function useSaveFeedbackForm(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Partial<FeedbackFormCreateInput> }) =>
      id === undefined
        ? api.post<{ detail: string; form: FeedbackForm }>(
            `admin/companies/${companyId}/feedback_forms`,
            body,
          )
        : api.patch<{ detail: string; form: FeedbackForm }>(`admin/feedback_forms/${id}`, body),
    onSuccess: (saved) => {
      client.invalidateQueries({ queryKey: feedbackKeys.all });
      notifySuccess(saved.detail);
    },
  });
}

export interface FeedbackRequestBody {
  form: number | null;
  buyer: number | null;
  invoice?: number | null;
  send_email: boolean;
}

export function useRequestFeedback(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackRequestBody) =>
      api.post<{ detail: string; request: FeedbackRequest }>(
        `admin/companies/${companyId}/feedback_requests`,
        body,
      ),
    onSuccess: (made) => {
      client.invalidateQueries({ queryKey: feedbackKeys.all });
      notifySuccess(made.detail);
    },
  });
}

export function useSaveFeedbackSettings(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<FeedbackSettingsUpdate>) =>
      api.put<{ detail: string; settings: FeedbackSettings }>(
        `admin/companies/${companyId}/feedback_settings`,
        body,
      ),
    onSuccess: (saved) => {
      client.setQueryData(feedbackKeys.settings(companyId), saved.settings);
      client.invalidateQueries({ queryKey: feedbackKeys.all });
      notifySuccess(saved.detail);
    },
  });
}
