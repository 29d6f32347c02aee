import type { AppDownloadOutput } from '@b2b/domain/api/companies';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { configurationKeys } from '../company-configurations/company-configurations.api';

export type AppDownload = AppDownloadOutput;

/**
 * The /download-app card: the company's store links with their QR codes. Keyed under the
 * configurations list, so saving the links (a configuration) reads the card again.
 */
export const appDownloadQuery = (companyId: number) =>
  queryOptions({
    queryKey: [...configurationKeys.list(companyId), 'app-download-card'] as const,
    queryFn: ({ signal }) =>
      api.get<AppDownload>(`admin/companies/${companyId}/app_download`, undefined, signal),
  });
