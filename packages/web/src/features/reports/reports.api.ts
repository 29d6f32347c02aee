import type { ReportOutput, ReportRow } from '@b2b/domain/api/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { downloadListCsv } from '../../components/download-list-csv';

export type { ReportOutput, ReportRow };

/** What a report page asks: paging, order, period and the report's filters and choices. */
export type ReportParams = Record<string, string | number | undefined>;

const reportPath = (companyId: number, key: string) => `admin/companies/${companyId}/reports/${key}`;

export const reportKeys = {
  all: ['reports'] as const,
  report: (companyId: number, key: string, params: ReportParams) =>
    [...reportKeys.all, key, companyId, params] as const,
};

/**
 * A report of the engine, read afresh on every visit (staleTime 0): documents change on other
 * screens, and real-time figures move by the minute.
 */
export const reportQuery = (companyId: number, key: string, params: ReportParams) =>
  queryOptions({
    queryKey: reportKeys.report(companyId, key, params),
    queryFn: ({ signal }) => api.get<ReportOutput>(reportPath(companyId, key), { ...params }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Every row of the report with the page's period, filters and order, as the server streams it. */
export const downloadReport = (companyId: number, key: string, params: ReportParams) =>
  downloadListCsv(reportPath(companyId, key), params, `${key.replaceAll('_', '-')}.csv`);
