import type { ShortLinkClicksOutput, ShortLinkCreate, ShortLinkOutput } from '@b2b/domain/api/short-links';
import type { ShortLinkStatus } from '@b2b/domain/short-links';
import { SHORT_LINK_MESSAGES } from '@b2b/domain/short-links';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

export type ShortLink = Omit<
  ShortLinkOutput,
  'created_at' | 'updated_at' | 'expires_at' | 'last_clicked_at'
> & {
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  last_clicked_at: string | null;
};
export type ShortLinkClicks = ShortLinkClicksOutput;
export type ShortLinkBody = ShortLinkCreate;
export type ShortLinkParams = ListParams & { status?: ShortLinkStatus };

export const shortLinkKeys = {
  all: ['short-links'] as const,
  list: (companyId: number, params: ShortLinkParams) =>
    [...shortLinkKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...shortLinkKeys.all, 'detail', id] as const,
  clicks: (id: number, range: { start_date?: string; end_date?: string }) =>
    [...shortLinkKeys.all, 'clicks', id, range] as const,
};

export const shortLinksQuery = (companyId: number, params: ShortLinkParams) =>
  queryOptions({
    queryKey: shortLinkKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<ShortLink>>(`admin/companies/${companyId}/short_links`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const shortLinkQuery = (id: number) =>
  queryOptions({
    queryKey: shortLinkKeys.detail(id),
    queryFn: ({ signal }) => api.get<ShortLink>(`admin/short_links/${id}`, undefined, signal),
  });

export const shortLinkClicksQuery = (id: number, range: { start_date?: string; end_date?: string }) =>
  queryOptions({
    queryKey: shortLinkKeys.clicks(id, range),
    queryFn: ({ signal }) =>
      api.get<ShortLinkClicks>(`admin/short_links/${id}/clicks`, { interval: 'day', ...range }, signal),
    placeholderData: keepPreviousData,
  });

/** Create or change a link, then (when one was chosen) upload its favicon. Field errors are left to the form. */
export function useSaveShortLink(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      favicon,
    }: {
      id?: number;
      body: Partial<ShortLinkBody>;
      favicon?: File | null;
    }) => {
      const saved =
        id === undefined
          ? await api.post<ShortLink>(`admin/companies/${companyId}/short_links`, body)
          : await api.patch<ShortLink>(`admin/short_links/${id}`, body);
      if (!favicon) return saved;
      const form = new FormData();
      form.append('file', favicon, favicon.name);
      return api.upload<ShortLink>(`admin/short_links/${saved.id}/favicon`, form);
    },
    onSuccess: (_link, { id }) => {
      client.invalidateQueries({ queryKey: shortLinkKeys.all });
      notifySuccess(id === undefined ? SHORT_LINK_MESSAGES.created : SHORT_LINK_MESSAGES.updated);
    },
  });
}

export function useDeleteShortLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`admin/short_links/${id}`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: shortLinkKeys.all });
      notifySuccess(SHORT_LINK_MESSAGES.deleted);
    },
    onError: (error) => notifyFailure('The short link was not deleted.', error),
  });
}
