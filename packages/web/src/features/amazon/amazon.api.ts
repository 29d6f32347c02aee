import type {
  AmazonConnectionOutput,
  AmazonSettingsInput,
  AmazonSyncLogOutput,
} from '@b2b/domain/api/amazon';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: string | null };
export type AmazonConnection = Dated<
  AmazonConnectionOutput,
  'connected_at' | 'orders_imported_through' | 'last_stock_push_at'
>;
export type AmazonSyncLog = Omit<AmazonSyncLogOutput, 'started_at' | 'finished_at'> & {
  started_at: string;
  finished_at: string | null;
};

export const amazonKeys = {
  all: ['amazon'] as const,
  connection: (companyId: number) => [...amazonKeys.all, 'connection', companyId] as const,
  logs: (companyId: number, page: number) => [...amazonKeys.all, 'logs', companyId, page] as const,
};

const base = (companyId: number) => `admin/companies/${companyId}/amazon_connection`;

export const amazonConnectionQuery = (companyId: number) =>
  queryOptions({
    queryKey: amazonKeys.connection(companyId),
    queryFn: ({ signal }) => api.get<AmazonConnection>(base(companyId), undefined, signal),
  });

export const AMAZON_LOG_PAGE = 10;

export const amazonSyncLogsQuery = (companyId: number, page: number) =>
  queryOptions({
    queryKey: amazonKeys.logs(companyId, page),
    queryFn: ({ signal }) =>
      api.get<Paged<AmazonSyncLog>>(
        `admin/companies/${companyId}/amazon_sync_logs`,
        { limit: AMAZON_LOG_PAGE, offset: (page - 1) * AMAZON_LOG_PAGE },
        signal,
      ),
  });

/** Asks for Seller Central's consent address and sends the browser there. */
export function useAuthorizeAmazon(companyId: number) {
  return useMutation({
    mutationFn: () => api.post<{ authorization_url: string }>(`${base(companyId)}/authorize`, {}),
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
    onError: (error) => notifyFailure('Amazon could not be connected.', error),
  });
}

export function useConnectAmazon(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { state: string; spapi_oauth_code: string; selling_partner_id: string }) =>
      api.post<AmazonConnection>(`${base(companyId)}/connect`, body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: amazonKeys.all });
      notifySuccess('Amazon seller account connected.');
    },
  });
}

export function useAmazonSettings(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AmazonSettingsInput) => api.patch<AmazonConnection>(base(companyId), body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: amazonKeys.all });
      notifySuccess('Amazon settings saved.');
    },
    onError: (error) => notifyFailure('The Amazon settings were not saved.', error),
  });
}

const summary = (log: AmazonSyncLog) =>
  log.kind === 'import_orders'
    ? `${log.orders_imported} order${log.orders_imported === 1 ? '' : 's'} imported, ${log.orders_skipped} already imported, ${log.orders_failed} not imported.`
    : `${log.listings_pushed} listing${log.listings_pushed === 1 ? '' : 's'} updated, ${log.listings_failed} refused.`;

function useSyncAction(companyId: number, action: 'import_orders' | 'sync_stock', failure: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AmazonSyncLog>(`${base(companyId)}/${action}`, {}),
    onSuccess: (log) => {
      client.invalidateQueries({ queryKey: amazonKeys.all });
      if (action === 'import_orders') client.invalidateQueries({ queryKey: ['sales-orders'] });
      notifySuccess(summary(log));
    },
    onError: (error) => {
      client.invalidateQueries({ queryKey: amazonKeys.all });
      notifyFailure(failure, error);
    },
  });
}

export const useImportAmazonOrders = (companyId: number) =>
  useSyncAction(companyId, 'import_orders', 'Amazon orders were not imported.');
export const useSyncAmazonStock = (companyId: number) =>
  useSyncAction(companyId, 'sync_stock', 'Stock was not pushed to Amazon.');

export function useDisconnectAmazon(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<AmazonConnection>(base(companyId)),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: amazonKeys.all });
      notifySuccess('Amazon was disconnected. Orders already imported stay.');
    },
    onError: (error) => notifyFailure('Amazon was not disconnected.', error),
  });
}
