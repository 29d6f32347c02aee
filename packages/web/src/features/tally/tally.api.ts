import type { TallyCheck, TallyPost, TallyStatus } from '@b2b/domain/api/tally';
import { queryOptions } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { dispositionFileName, saveBlob } from '../../api/download';

/** The Tally export API (packages/server/src/modules/tally/tally.routes.ts), shapes from the domain. */
export type { TallyCheck, TallyPost, TallyStatus };

export interface TallyRange {
  branch_id: number;
  start_date: string;
  end_date: string;
}

export const TALLY_TOASTS = {
  check_failed: 'Failed to check the documents for Tally.',
  status_failed: 'Failed to load the last post to Tally.',
  download_failed: 'Failed to download the Tally file.',
  downloaded: 'Tally file downloaded.',
  post_failed: 'Failed to post to Tally.',
} as const;

const base = (companyId: number) => `admin/companies/${companyId}/tally`;

export const tallyKeys = {
  all: ['tally'] as const,
  check: (companyId: number, range: TallyRange) => [...tallyKeys.all, 'check', companyId, range] as const,
  status: (companyId: number, branchId: number) => [...tallyKeys.all, 'status', companyId, branchId] as const,
};

/** Always read afresh: the page is where names are fixed and checked again. */
export const tallyCheckQuery = (companyId: number, range: TallyRange) =>
  queryOptions({
    queryKey: tallyKeys.check(companyId, range),
    queryFn: ({ signal }) => api.get<TallyCheck>(`${base(companyId)}/check`, { ...range }, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const tallyStatusQuery = (companyId: number, branchId: number) =>
  queryOptions({
    queryKey: tallyKeys.status(companyId, branchId),
    queryFn: ({ signal }) =>
      api.get<TallyStatus>(`${base(companyId)}/status`, { branch_id: branchId }, signal),
  });

/** Downloads the masters or the vouchers file (a POST: the server records the vouchers it hands over). */
export async function downloadTallyXml(companyId: number, range: TallyRange, part: 'masters' | 'vouchers') {
  const response = await request<Response>(`${base(companyId)}/export`, {
    method: 'POST',
    body: { ...range, part },
    raw: true,
  });
  const blob = await response.blob();
  const name =
    dispositionFileName(response.headers.get('content-disposition')) ??
    `tally-${part}-${range.start_date}-to-${range.end_date}.xml`;
  saveBlob(blob, name);
  return name;
}

export const postToTally = (companyId: number, range: TallyRange) =>
  api.post<TallyPost>(`${base(companyId)}/post`, range);
