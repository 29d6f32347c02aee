import type { GstReturnGstin, Gstr1SummaryOutput } from '@b2b/domain/api/gst-returns';
import type { Gstr1CsvSection } from '@b2b/domain/gst/gstr1';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';

/** The GSTR-1 API (packages/server/src/modules/gst-returns/gstr1.routes.ts), shapes from the domain. */
export type Gstr1Summary = Gstr1SummaryOutput;
export type { GstReturnGstin };

export const GSTR1_TOASTS = {
  load_failed: 'Failed to load GSTR-1.',
  gstins_failed: 'Failed to load the GSTINs.',
  json_failed: 'Failed to download the GSTR-1 JSON.',
  csv_failed: 'Failed to download the CSV file.',
  json_done: 'GSTR-1 JSON downloaded.',
} as const;

const base = (companyId: number) => `admin/companies/${companyId}/gst_returns`;

export const gstr1Keys = {
  all: ['gst-returns', 'gstr1'] as const,
  gstins: (companyId: number) => [...gstr1Keys.all, 'gstins', companyId] as const,
  summary: (companyId: number, gstin: string, period: string) =>
    [...gstr1Keys.all, 'summary', companyId, gstin, period] as const,
};

export const gstinsQuery = (companyId: number) =>
  queryOptions({
    queryKey: gstr1Keys.gstins(companyId),
    queryFn: ({ signal }) =>
      api.get<{ results: GstReturnGstin[] }>(`${base(companyId)}/gstins`, undefined, signal),
  });

/** Always read afresh: the page is where documents are fixed and checked again. */
export const gstr1SummaryQuery = (companyId: number, gstin: string, period: string) =>
  queryOptions({
    queryKey: gstr1Keys.summary(companyId, gstin, period),
    queryFn: ({ signal }) => api.get<Gstr1Summary>(`${base(companyId)}/gstr1`, { gstin, period }, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const downloadGstr1Json = (companyId: number, gstin: string, period: string) =>
  downloadFile(`${base(companyId)}/gstr1/json`, { gstin, period }, `GSTR1_${gstin}_${period}.json`);

export const downloadGstr1Csv = (
  companyId: number,
  gstin: string,
  period: string,
  section: Gstr1CsvSection,
) =>
  downloadFile(
    `${base(companyId)}/gstr1/csv`,
    { gstin, period, section },
    `GSTR1_${section}_${gstin}_${period}.csv`,
  );
