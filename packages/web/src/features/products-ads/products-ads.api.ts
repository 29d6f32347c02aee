import type { BulkJobOutput } from '@b2b/domain/api/contacts';
import type {
  AdAccountOutput,
  AdAccountsOutput,
  AdFiguresDryRunOutput,
  CompetitivenessOutput,
  OrganicStatOutput,
  SpendRevenueOutput,
} from '@b2b/domain/api/products-ads';
import type { AdFactPlatform, AdPlatform } from '@b2b/domain/products-ads';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { notifyFailure, notifySuccess } from '../../components/notify';

export type SpendRevenue = SpendRevenueOutput;
export type OrganicStat = OrganicStatOutput;
export type Competitiveness = CompetitivenessOutput;
export type AdAccounts = AdAccountsOutput;
export type AdAccount = Omit<AdAccountOutput, 'last_synced_at' | 'connected_at'> & {
  last_synced_at: string | null;
  connected_at: string | null;
};
export type AdFiguresDryRun = AdFiguresDryRunOutput;
export type AdImportJob = Omit<BulkJobOutput, 'started_at' | 'finished_at' | 'created_at'>;

export interface AdsPeriod {
  start_date: string;
  end_date: string;
  platform?: AdFactPlatform;
}

export const productsAdsKeys = {
  all: ['products-ads'] as const,
  spendRevenue: (companyId: number, period: AdsPeriod) =>
    [...productsAdsKeys.all, 'spend-revenue', companyId, period] as const,
  organic: (companyId: number, period: AdsPeriod) =>
    [...productsAdsKeys.all, 'organic', companyId, period] as const,
  competitiveness: (companyId: number, period: AdsPeriod) =>
    [...productsAdsKeys.all, 'competitiveness', companyId, period] as const,
  accounts: (companyId: number) => [...productsAdsKeys.all, 'accounts', companyId] as const,
  job: (id: number) => [...productsAdsKeys.all, 'job', id] as const,
};

const periodQuery = (period: AdsPeriod) => ({ ...period });

export const spendRevenueQuery = (companyId: number, period: AdsPeriod) =>
  queryOptions({
    queryKey: productsAdsKeys.spendRevenue(companyId, period),
    queryFn: ({ signal }) =>
      api.get<SpendRevenue>(
        `admin/companies/${companyId}/products_ads/spend_revenue`,
        periodQuery(period),
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const organicStatQuery = (companyId: number, period: AdsPeriod) =>
  queryOptions({
    queryKey: productsAdsKeys.organic(companyId, period),
    queryFn: ({ signal }) =>
      api.get<OrganicStat>(
        `admin/companies/${companyId}/products_ads/organic_non_organic_stat`,
        periodQuery(period),
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** The prices (latest), with the search impression share of the period. */
export const competitivenessQuery = (companyId: number, period: AdsPeriod) =>
  queryOptions({
    queryKey: productsAdsKeys.competitiveness(companyId, period),
    queryFn: ({ signal }) =>
      api.get<Competitiveness>(
        `admin/companies/${companyId}/products_ads/competitiveness_overall`,
        periodQuery(period),
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const adAccountsQuery = (companyId: number) =>
  queryOptions({
    queryKey: productsAdsKeys.accounts(companyId),
    queryFn: ({ signal }) =>
      api.get<AdAccounts>(`admin/companies/${companyId}/ads_accounts`, undefined, signal),
  });

export const adImportJobQuery = (id: number) =>
  queryOptions({
    queryKey: productsAdsKeys.job(id),
    queryFn: ({ signal }) => api.get<AdImportJob>(`bulk_jobs/${id}`, undefined, signal),
    // The progress follows the job until it ends.
    refetchInterval: (query) =>
      query.state.data && !['to_be_processed', 'in_process'].includes(query.state.data.status) ? false : 1000,
  });

/** Asks the server for the platform's consent address and sends the browser there. */
export function useAuthorizeAdAccount(companyId: number) {
  return useMutation({
    mutationFn: ({
      platform,
      accountId,
      merchantCenterId,
    }: {
      platform: AdPlatform;
      accountId: string;
      /** Google Ads only: blank for none. */
      merchantCenterId?: string;
    }) =>
      api.post<{ authorization_url: string }>(
        `admin/companies/${companyId}/ads_accounts/${platform}/authorize`,
        {
          account_id: accountId,
          ...(platform === 'google_ads' && { merchant_center_id: merchantCenterId ?? '' }),
        },
      ),
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
  });
}

export function useConnectAdAccount(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { state: string; code: string }) =>
      api.post<AdAccount>(`admin/companies/${companyId}/ads_accounts/connect`, body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: productsAdsKeys.all });
      notifySuccess('Ad account connected.');
    },
  });
}

export function useSyncAdAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ detail: string }>(`admin/ads_accounts/${id}/sync`, {}),
    onSuccess: ({ detail }) => {
      client.invalidateQueries({ queryKey: productsAdsKeys.all });
      notifySuccess(detail);
    },
    onError: (error) => {
      client.invalidateQueries({ queryKey: productsAdsKeys.all });
      notifyFailure('The figures were not synced.', error);
    },
  });
}

export function useDisconnectAdAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<AdAccount>(`admin/ads_accounts/${id}`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: productsAdsKeys.all });
      notifySuccess('The ad account was disconnected. Figures already synced stay.');
    },
    onError: (error) => notifyFailure('The ad account was not disconnected.', error),
  });
}

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

export const dryRunAdFigures = (companyId: number, file: File) =>
  request<AdFiguresDryRun>(`companies/${companyId}/ad_figure_imports/dry_run`, {
    method: 'POST',
    body: fileForm(file),
  });

export const startAdFiguresImport = (companyId: number, file: File, importValidRows: boolean) =>
  request<AdImportJob>(`companies/${companyId}/ad_figure_imports`, {
    method: 'POST',
    body: fileForm(file),
    query: { import_valid_rows: importValidRows },
  });
