import type {
  BiActionMark,
  BiInsights,
  BiSection,
  BusinessPerformance,
  BuyerPerformance,
  InventoryPerformance,
  ProductPerformance,
  SalesPerformance,
} from '@b2b/domain/api/business-intelligence';
import { BI_MESSAGES } from '@b2b/domain/api/business-intelligence';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { notifyFailure, notifySuccess } from '../../components/notify';

export interface SectionOutputs {
  'business-performance': BusinessPerformance;
  'buyer-performance': BuyerPerformance;
  'product-performance': ProductPerformance;
  'inventory-performance': InventoryPerformance;
  'sales-performance': SalesPerformance;
}

const base = (companyId: number) => `admin/companies/${companyId}/business-intelligence`;

export const biKeys = {
  all: ['business-intelligence'] as const,
  section: (companyId: number, section: BiSection) => [...biKeys.all, companyId, section] as const,
  insights: (companyId: number, section: BiSection) =>
    [...biKeys.all, companyId, section, 'insights'] as const,
};

/** A section's figures, read afresh on each visit: the windows follow today's date. */
export const sectionQuery = <S extends BiSection>(companyId: number, section: S) =>
  queryOptions({
    queryKey: biKeys.section(companyId, section),
    queryFn: ({ signal }) => api.get<SectionOutputs[S]>(`${base(companyId)}/${section}`, {}, signal),
    staleTime: 0,
  });

export const insightsQuery = (companyId: number, section: BiSection) =>
  queryOptions({
    queryKey: biKeys.insights(companyId, section),
    queryFn: ({ signal }) =>
      api.get<BiInsights>(`${base(companyId)}/${section}/actionable-insights`, {}, signal),
    staleTime: 0,
  });

interface MarkAnswer {
  key: string;
  period: string;
  status: BiActionMark['status'];
  message: string;
}

/** Marks an action done, dismissed or open again; the insights are read again. */
export function useMarkAction(companyId: number, section: BiSection) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, status }: { key: string; status: BiActionMark['status'] }) =>
      api.post<MarkAnswer>(`${base(companyId)}/actions/${key}`, { status }),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyFailure(BI_MESSAGES.mark_failed, error),
    onSettled: () => client.invalidateQueries({ queryKey: biKeys.insights(companyId, section) }),
  });
}

/**
 * Does an action that asks the team, which marks it done: 'call lapsed buyers' opens follow-ups
 * (leads due today), the others raise a notification.
 */
export function usePerformAction(companyId: number, section: BiSection) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api.post<MarkAnswer>(`${base(companyId)}/actions/${key}/perform`),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyFailure(BI_MESSAGES.mark_failed, error),
    onSettled: () => {
      client.invalidateQueries({ queryKey: biKeys.insights(companyId, section) });
      client.invalidateQueries({ queryKey: ['notifications'] });
      // The follow-ups made are leads: their lists and the day's follow-up counts.
      client.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}
