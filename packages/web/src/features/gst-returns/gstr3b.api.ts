import type { FiledPeriodOutput, Gstr3bDocumentOutput, Gstr3bOutput } from '@b2b/domain/api/gstr3b';
import type { GstReturnType, Gstr3bHead } from '@b2b/domain/gst/gstr3b';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';

/** GSTR-3B and the filed periods: query keys, reads and the two changes (issue 22). */

export type Gstr3b = Gstr3bOutput;
export type Gstr3bDocument = Gstr3bDocumentOutput;
export type FiledPeriod = FiledPeriodOutput;

const base = (companyId: number) => `admin/companies/${companyId}/gst_returns`;

export const gstr3bKeys = {
  all: ['gst-returns', 'gstr3b'] as const,
  summary: (companyId: number, gstin: string, period: string) =>
    [...gstr3bKeys.all, 'summary', companyId, gstin, period] as const,
  documents: (companyId: number, gstin: string, period: string, head: Gstr3bHead, page: number) =>
    [...gstr3bKeys.all, 'documents', companyId, gstin, period, head, page] as const,
};

export const filedPeriodKeys = {
  all: ['gst-returns', 'filed-periods'] as const,
  of: (companyId: number, gstin: string, period: string) =>
    [...filedPeriodKeys.all, companyId, gstin, period] as const,
};

export const gstr3bQuery = (companyId: number, gstin: string, period: string) =>
  queryOptions({
    queryKey: gstr3bKeys.summary(companyId, gstin, period),
    queryFn: ({ signal }) => api.get<Gstr3b>(`${base(companyId)}/gstr3b`, { gstin, period }, signal),
    placeholderData: keepPreviousData,
  });

export const GSTR3B_DOCUMENTS_PAGE = 25;

export const gstr3bDocumentsQuery = (
  companyId: number,
  gstin: string,
  period: string,
  head: Gstr3bHead,
  page: number,
) =>
  queryOptions({
    queryKey: gstr3bKeys.documents(companyId, gstin, period, head, page),
    queryFn: ({ signal }) =>
      api.get<Paged<Gstr3bDocument>>(
        `${base(companyId)}/gstr3b/documents`,
        { gstin, period, head, limit: GSTR3B_DOCUMENTS_PAGE, offset: (page - 1) * GSTR3B_DOCUMENTS_PAGE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** The returns of a GSTIN's period marked filed (GSTR-1, GSTR-3B). */
export const filedPeriodsQuery = (companyId: number, gstin: string, period: string) =>
  queryOptions({
    queryKey: filedPeriodKeys.of(companyId, gstin, period),
    queryFn: ({ signal }) =>
      api.get<Paged<FiledPeriod>>(`${base(companyId)}/filed_periods`, { gstin, period, limit: -1 }, signal),
  });

function useInvalidateFiled() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: filedPeriodKeys.all }),
      queryClient.invalidateQueries({ queryKey: gstr3bKeys.all }),
    ]);
}

export function useMarkPeriodFiled(companyId: number) {
  const invalidate = useInvalidateFiled();
  return useMutation({
    mutationFn: (body: { gstin: string; period: string; return_type: GstReturnType }) =>
      api.post<FiledPeriod>(`${base(companyId)}/filed_periods`, body),
    onSuccess: invalidate,
  });
}

export function useReopenPeriod(companyId: number) {
  const invalidate = useInvalidateFiled();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${base(companyId)}/filed_periods/${id}`),
    onSuccess: invalidate,
  });
}
