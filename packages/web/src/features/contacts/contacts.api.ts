import type {
  BulkJobOutput,
  ContactOutput,
  contactCreate,
  contactImportDryRunOutput,
  contactListQueryFilters,
  contactUpdate,
} from '@b2b/domain/api/contacts';
import type { productHistoryOutput } from '@b2b/domain/api/products';
import type { ContactImportMapping, ContactMedium, OptOutWay } from '@b2b/domain/contacts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

export type Contact = Omit<ContactOutput, 'created_at' | 'updated_at' | 'consents'> & {
  created_at: string;
  updated_at: string;
  consents: (Omit<ContactOutput['consents'][number], 'consented_at' | 'opted_out_at'> & {
    consented_at: string | null;
    opted_out_at: string | null;
  })[];
};
export type ContactListParams = ListParams & FiltersOf<typeof contactListQueryFilters>;
export type ContactCreateBody = z.input<typeof contactCreate>;
export type ContactUpdateBody = z.input<typeof contactUpdate>;
export type ContactHistory = z.output<typeof productHistoryOutput>;
export type BulkJob = Omit<BulkJobOutput, 'created_at' | 'started_at' | 'finished_at'> & {
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
};
export type ContactImportDryRun = z.output<typeof contactImportDryRunOutput>;

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (companyId: number, params: ContactListParams) =>
    [...contactKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...contactKeys.all, 'detail', id] as const,
  history: (id: number) => [...contactKeys.all, 'history', id] as const,
  facets: (companyId: number) => [...contactKeys.all, 'facets', companyId] as const,
  job: (id: number) => [...contactKeys.all, 'job', id] as const,
};

export const contactListQuery = (companyId: number, params: ContactListParams) =>
  queryOptions({
    queryKey: contactKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Contact>>(`companies/${companyId}/contacts`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const contactQuery = (id: number) =>
  queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => api.get<Contact>(`contacts/${id}`, undefined, signal),
  });

export const contactHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: contactKeys.history(id),
    queryFn: ({ signal }) => api.get<ContactHistory>(`contacts/${id}/history`, undefined, signal),
  });

export const contactFacetsQuery = (companyId: number) =>
  queryOptions({
    queryKey: contactKeys.facets(companyId),
    queryFn: ({ signal }) =>
      api.get<{ tags: string[]; cities: string[] }>(
        `companies/${companyId}/contact_facets`,
        undefined,
        signal,
      ),
  });

export const bulkJobQuery = (id: number) =>
  queryOptions({
    queryKey: contactKeys.job(id),
    queryFn: ({ signal }) => api.get<BulkJob>(`bulk_jobs/${id}`, undefined, signal),
    // The progress bar follows the job until it ends.
    refetchInterval: (query) =>
      query.state.data && !['to_be_processed', 'in_process'].includes(query.state.data.status) ? false : 1000,
  });

export function useSaveContact(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ContactCreateBody | ContactUpdateBody }) =>
      id === undefined
        ? api.post<Contact>(`companies/${companyId}/contacts`, body)
        : api.patch<Contact>(`contacts/${id}`, body),
    onSuccess: (contact, { id }) => {
      client.invalidateQueries({ queryKey: contactKeys.all });
      client.invalidateQueries({ queryKey: ['contact-lists'] });
      notifySuccess(id === undefined ? `Contact ${contact.name} added.` : `Contact ${contact.name} saved.`);
    },
  });
}

export function useDeleteContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`contacts/${id}`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: contactKeys.all });
      client.invalidateQueries({ queryKey: ['contact-lists'] });
      notifySuccess('Contact deleted.');
    },
    onError: (error) => notifyFailure('The contact was not deleted.', error),
  });
}

export function useOptOutContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, medium, way }: { id: number; medium: ContactMedium; way: OptOutWay }) =>
      api.post<Contact>(`contacts/${id}/opt_out`, { medium, way }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: contactKeys.all });
      notifySuccess('Opt-out recorded.');
    },
    onError: (error) => notifyFailure('The opt-out was not recorded.', error),
  });
}

const importQuery = (mapping: ContactImportMapping, extra: Record<string, string | boolean> = {}) => ({
  mapping: JSON.stringify(mapping),
  ...extra,
});

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

export const dryRunContactImport = (companyId: number, file: File, mapping: ContactImportMapping) =>
  request<ContactImportDryRun>(`companies/${companyId}/contact_imports/dry_run`, {
    method: 'POST',
    body: fileForm(file),
    query: importQuery(mapping),
  });

export const startContactImport = (
  companyId: number,
  file: File,
  mapping: ContactImportMapping,
  importValidRows: boolean,
) =>
  request<BulkJob>(`companies/${companyId}/contact_imports`, {
    method: 'POST',
    body: fileForm(file),
    query: importQuery(mapping, { import_valid_rows: importValidRows }),
  });
