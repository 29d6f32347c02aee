import type { historyPageOutput } from '@b2b/domain/api/sales-orders';
import {
  type ApplyDebitNoteInput,
  DEBIT_NOTE_MESSAGES,
  type DebitNoteInputDraft,
  type DebitNoteOpenBillsOutput,
  type DebitNoteOutput,
  type DebitNoteRefundInputDraft,
  type DebitNoteSummaryOutput,
  type debitNoteListQuery as debitNoteListSchema,
} from '@b2b/domain/debit-notes';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '../../api/client';
import { downloadFile } from '../../api/download';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import type { DocumentComment } from '../../components/document-comments';
import { PATHS } from '../../session/paths';
import { usePurchasesChanged } from '../purchase-returns/purchase-returns.api';

export type DebitNote = DebitNoteSummaryOutput;
export type DebitNoteDetail = DebitNoteOutput;
export type DebitNoteFilters = FiltersOf<typeof debitNoteListSchema>;
export type DebitNoteListParams = ListParams & DebitNoteFilters;
export type DebitNoteHistory = z.infer<typeof historyPageOutput>;

export const DEBIT_NOTE_DEFAULT_ORDERING = '-debit_note_date';
export const DEBIT_NOTES_LIST = { to: PATHS.debitNotes, label: 'Debit Notes' };
export const DEBIT_NOTE_PDF_FAILED = 'Failed to download Debit Note';

export const debitNoteKeys = {
  all: ['debit-notes'] as const,
  list: (companyId: number, params: DebitNoteListParams) =>
    [...debitNoteKeys.all, 'list', companyId, params] as const,
  detail: (id: number) => [...debitNoteKeys.all, 'detail', id] as const,
  history: (id: number) => [...debitNoteKeys.all, 'history', id] as const,
  openBills: (id: number) => [...debitNoteKeys.all, 'open-bills', id] as const,
  comments: (id: number) => [...debitNoteKeys.all, 'comments', id] as const,
};

export const debitNoteListQuery = (companyId: number, params: DebitNoteListParams) =>
  queryOptions({
    queryKey: debitNoteKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<DebitNote>>(`admin/companies/${companyId}/debit_notes`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const debitNoteQuery = (id: number) =>
  queryOptions({
    queryKey: debitNoteKeys.detail(id),
    queryFn: ({ signal }) => api.get<DebitNoteDetail>(`admin/debit_notes/${id}`, undefined, signal),
    retry: false,
  });

export const debitNoteHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: debitNoteKeys.history(id),
    queryFn: ({ signal }) => api.get<DebitNoteHistory>(`admin/debit_notes/${id}/history`, undefined, signal),
  });

export const debitNoteOpenBillsQuery = (id: number) =>
  queryOptions({
    queryKey: debitNoteKeys.openBills(id),
    queryFn: ({ signal }) =>
      api.get<DebitNoteOpenBillsOutput>(`admin/debit_notes/${id}/open_bills`, undefined, signal),
  });

/** The debit note PDF, saved by the browser. */
export const downloadDebitNotePdf = (note: Pick<DebitNote, 'id' | 'debit_note_number'>) =>
  downloadFile(
    `admin/debit_notes/${note.id}/pdf`,
    {},
    `debit-note-${note.debit_note_number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
  );

export function useCreateDebitNote(companyId: number) {
  const changed = usePurchasesChanged();
  return useMutation({
    mutationFn: ({ body, key }: { body: DebitNoteInputDraft; key: string }) =>
      request<DebitNoteDetail>(`admin/companies/${companyId}/debit_notes`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    meta: { successMessage: DEBIT_NOTE_MESSAGES.created, errorMessage: DEBIT_NOTE_MESSAGES.create_failed },
    onSuccess: changed,
  });
}

export function useApplyDebitNote() {
  const changed = usePurchasesChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ApplyDebitNoteInput }) =>
      api.post<DebitNoteDetail>(`admin/debit_notes/${id}/apply`, body),
    meta: { successMessage: DEBIT_NOTE_MESSAGES.applied, errorMessage: DEBIT_NOTE_MESSAGES.apply_failed },
    onSuccess: changed,
  });
}

export function useRefundDebitNote() {
  const changed = usePurchasesChanged();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: number; body: DebitNoteRefundInputDraft; key: string }) =>
      request<DebitNoteDetail>(`admin/debit_notes/${id}/record_refund`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    meta: { successMessage: DEBIT_NOTE_MESSAGES.refunded, errorMessage: DEBIT_NOTE_MESSAGES.refund_failed },
    onSuccess: changed,
  });
}

export function useVoidDebitNote() {
  const changed = usePurchasesChanged();
  return useMutation({
    mutationFn: (id: number) => api.post<DebitNoteDetail>(`admin/debit_notes/${id}/void`, {}),
    meta: { successMessage: DEBIT_NOTE_MESSAGES.voided, errorMessage: DEBIT_NOTE_MESSAGES.void_failed },
    onSuccess: changed,
  });
}

export const debitNoteCommentsQuery = (id: number) =>
  queryOptions({
    queryKey: debitNoteKeys.comments(id),
    queryFn: ({ signal }) =>
      api.get<DocumentComment[]>(`admin/debit_notes/${id}/comments`, undefined, signal),
  });

export function useAddDebitNoteComment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) =>
      api.post<DocumentComment>(`admin/debit_notes/${id}/comments`, { comment }),
    meta: { successMessage: 'Comment added.', errorMessage: 'Failed to add comment' },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: debitNoteKeys.comments(id) }),
        client.invalidateQueries({ queryKey: debitNoteKeys.history(id) }),
      ]),
  });
}
