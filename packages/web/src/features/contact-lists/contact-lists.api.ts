import type { ContactListOutput, contactListCreate, contactListFilterInput } from '@b2b/domain/api/contacts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';
import type { Contact } from '../contacts/contacts.api';

export type ContactList = Omit<ContactListOutput, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};
export type ContactListFilterBody = z.input<typeof contactListFilterInput>;
export type ContactListCreateBody = z.input<typeof contactListCreate>;
export type ContactListParams = ListParams & { kind?: 'static' | 'dynamic' };

export const contactListKeys = {
  all: ['contact-lists'] as const,
  list: (companyId: number, params: ContactListParams) =>
    [...contactListKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...contactListKeys.all, 'detail', id] as const,
  members: (id: number, params: ListParams) => [...contactListKeys.all, 'members', id, params] as const,
  preview: (companyId: number, filter: ContactListFilterBody) =>
    [...contactListKeys.all, 'preview', companyId, filter] as const,
};

export const contactListsQuery = (companyId: number, params: ContactListParams) =>
  queryOptions({
    queryKey: contactListKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<ContactList>>(`companies/${companyId}/contact_lists`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const contactListQuery = (id: number) =>
  queryOptions({
    queryKey: contactListKeys.detail(id),
    queryFn: ({ signal }) => api.get<ContactList>(`contact_lists/${id}`, undefined, signal),
  });

export const contactListMembersQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: contactListKeys.members(id, params),
    queryFn: ({ signal }) => api.get<Paged<Contact>>(`contact_lists/${id}/contacts`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** The filter builder's live count (a read: it writes nothing). */
export const contactListPreviewQuery = (companyId: number, filter: ContactListFilterBody) =>
  queryOptions({
    queryKey: contactListKeys.preview(companyId, filter),
    queryFn: () => api.post<{ count: number }>(`companies/${companyId}/contact_lists/preview`, filter),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useSaveContactList(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: number;
      body: ContactListCreateBody | Partial<ContactListCreateBody>;
    }) =>
      id === undefined
        ? api.post<ContactList>(`companies/${companyId}/contact_lists`, body)
        : api.patch<ContactList>(`contact_lists/${id}`, body),
    onSuccess: (list, { id }) => {
      client.invalidateQueries({ queryKey: contactListKeys.all });
      notifySuccess(
        id === undefined ? `Contact list ${list.name} created.` : `Contact list ${list.name} saved.`,
      );
    },
  });
}

export function useChangeListMembers(listId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contacts, action }: { contacts: number[]; action: 'add' | 'remove' }) =>
      api.post<ContactList>(`contact_lists/${listId}/${action === 'add' ? 'contacts' : 'remove_contacts'}`, {
        contacts,
      }),
    onSuccess: (_list, { action }) => {
      client.invalidateQueries({ queryKey: contactListKeys.all });
      notifySuccess(action === 'add' ? 'Contacts added to the list.' : 'Contact removed from the list.');
    },
    onError: (error) => notifyFailure('The list was not changed.', error),
  });
}

export function useDeleteContactList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`contact_lists/${id}`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: contactListKeys.all });
      notifySuccess('Contact list deleted.');
    },
    onError: (error) => notifyFailure('The contact list was not deleted.', error),
  });
}
