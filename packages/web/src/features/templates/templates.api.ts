import type {
  TemplateCreateInput,
  TemplateOutput,
  TemplatePreviewOutput,
  TemplateStatusSyncOutput,
  templateListFilters,
  templateUpdate,
} from '@b2b/domain/api/templates';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

export type Template = Omit<TemplateOutput, 'created_at' | 'updated_at' | 'archived_at'> & {
  created_at: string;
  updated_at: string;
  archived_at: string | null;
};
export type TemplateListParams = ListParams & FiltersOf<typeof templateListFilters>;
export type TemplateUpdateBody = z.input<typeof templateUpdate>;
export type TemplatePreview = TemplatePreviewOutput;

export const templateKeys = {
  all: ['templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (companyId: number, params: TemplateListParams) =>
    [...templateKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...templateKeys.all, 'detail', id] as const,
};

export const templateListQuery = (companyId: number, params: TemplateListParams) =>
  queryOptions({
    queryKey: templateKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Template>>(`v1/admin/companies/${companyId}/templates`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const templateQuery = (id: number) =>
  queryOptions({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) => api.get<Template>(`v1/admin/templates/${id}`, undefined, signal),
  });

export function useSaveTemplate(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TemplateCreateInput | TemplateUpdateBody }) =>
      id === undefined
        ? api.post<Template>(`v1/admin/companies/${companyId}/templates`, body)
        : api.patch<Template>(`v1/admin/templates/${id}`, body),
    onSuccess: (_template, { id }) => {
      client.invalidateQueries({ queryKey: templateKeys.all });
      notifySuccess(id === undefined ? 'Template created successfully.' : 'Template updated successfully.');
    },
  });
}

export function useArchiveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`v1/admin/templates/${id}`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: templateKeys.all });
      notifySuccess('Template deleted successfully.');
    },
    onError: (error) => notifyFailure('Failed to delete Template.', error),
  });
}

/**
 * Reads the WhatsApp templates' statuses back from Meta; the lists show the new statuses. The
 * toast says how many were checked and changed; a failure shows the server's sentence (WhatsApp
 * not configured, or Meta's own answer).
 */
export function useSyncWhatsappStatus(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<TemplateStatusSyncOutput>(`v1/admin/companies/${companyId}/templates/whatsapp_status/sync`),
    onSuccess: (result) => {
      client.invalidateQueries({ queryKey: templateKeys.all });
      notifySuccess(
        result.not_found.length === 0
          ? result.message
          : `${result.message} Not found at Meta: ${result.not_found.join(', ')}.`,
      );
    },
    onError: (error) => notifyFailure('Failed to sync WhatsApp template statuses.', error),
  });
}
