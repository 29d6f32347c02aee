import type { ZohoStatusOutput, ZohoSyncLogOutput } from '@b2b/domain/api/zoho';
import type { ZohoSettings } from '@b2b/domain/zoho';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { notifyFailure, notifySuccess, notifyWarning } from '../../components/notify';

type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: string | null };

export type ZohoStatus = Omit<ZohoStatusOutput, 'connection'> & {
  connection: Dated<NonNullable<ZohoStatusOutput['connection']>, 'connected_at' | 'last_synced_at'> | null;
};
export type ZohoSyncLogEntry = Omit<ZohoSyncLogOutput, 'created_at'> & { created_at: string };
export interface ZohoSyncLogPage {
  count: number;
  results: ZohoSyncLogEntry[];
}

export const zohoKeys = {
  all: ['zoho'] as const,
  status: (companyId: number) => [...zohoKeys.all, 'status', companyId] as const,
  log: (companyId: number, offset: number) => [...zohoKeys.all, 'log', companyId, offset] as const,
};

export const zohoStatusQuery = (companyId: number) =>
  queryOptions({
    queryKey: zohoKeys.status(companyId),
    queryFn: ({ signal }) => api.get<ZohoStatus>(`companies/${companyId}/zoho`, undefined, signal),
  });

export const LOG_PAGE = 20;

export const zohoSyncLogQuery = (companyId: number, offset: number) =>
  queryOptions({
    queryKey: zohoKeys.log(companyId, offset),
    queryFn: ({ signal }) =>
      api.get<ZohoSyncLogPage>(`companies/${companyId}/zoho/sync_log`, { limit: LOG_PAGE, offset }, signal),
    placeholderData: keepPreviousData,
  });

/** Asks the server for Zoho's consent address and sends the browser there. */
export function useAuthorizeZoho(companyId: number) {
  return useMutation({
    mutationFn: () => api.post<{ authorization_url: string }>(`companies/${companyId}/zoho/authorize`, {}),
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
    onError: (error) => notifyFailure('Zoho Books could not be connected.', error),
  });
}

export function useConnectZoho(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; state: string }) =>
      api.post<ZohoStatus>(`companies/${companyId}/zoho/connect`, body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: zohoKeys.all });
      notifySuccess('Zoho Books connected.');
    },
  });
}

export function useSaveZohoSettings(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ZohoSettings) =>
      api.put<ZohoStatus>(`companies/${companyId}/zoho/settings`, settings),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: zohoKeys.all });
      notifySuccess('Zoho Books settings saved.');
    },
  });
}

export function useSyncZoho(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ detail: string; failed: number }>(`companies/${companyId}/zoho/sync`, {}),
    onSuccess: ({ detail, failed }) => {
      client.invalidateQueries({ queryKey: zohoKeys.all });
      if (failed > 0) notifyWarning(detail);
      else notifySuccess(detail);
    },
    onError: (error) => {
      client.invalidateQueries({ queryKey: zohoKeys.all });
      notifyFailure('The sync with Zoho Books did not run.', error);
    },
  });
}

export function useDisconnectZoho(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ZohoStatus>(`companies/${companyId}/zoho/disconnect`, {}),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: zohoKeys.all });
      notifySuccess('Zoho Books was disconnected. The records pushed stay in Zoho.');
    },
    onError: (error) => notifyFailure('Zoho Books was not disconnected.', error),
  });
}
