import type {
  CreditNoteOutput,
  CreditNoteSummaryOutput,
  createCreditNoteInput,
  creditNoteListQuery as creditNoteListSchema,
  InitiateCreditNoteOutput,
  OpenInvoicesOutput,
  refundCreditNoteInput,
} from '@b2b/domain/api/credit-notes';
import type { historyPageOutput } from '@b2b/domain/api/sales-orders';
import { CREDIT_NOTE_MESSAGES } from '@b2b/domain/credit-notes';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { PATHS } from '../../session/paths';

export type CreditNote = CreditNoteOutput;
export type CreditNoteSummary = CreditNoteSummaryOutput;
export type InitiateCreditNote = InitiateCreditNoteOutput;
export type OpenInvoices = OpenInvoicesOutput;
export type CreditNoteHistory = z.infer<typeof historyPageOutput>;

/** The body of POST admin/invoices/{id}/credit_notes as the form sends it. */
export type CreateCreditNoteBody = z.input<typeof createCreditNoteInput>;
export type RefundCreditNoteBody = z.input<typeof refundCreditNoteInput>;
export type CreditNoteFilters = FiltersOf<typeof creditNoteListSchema>;
export type CreditNoteListParams = ListParams & CreditNoteFilters;

export const CREDIT_NOTE_DEFAULT_ORDERING = '-credit_note_date';
export const CREDIT_NOTES_LIST = { to: PATHS.creditNotes, label: 'Credit Notes' };

/** The GST credit note PDF, saved by the browser. */
export const downloadCreditNotePdf = (note: Pick<CreditNote, 'id' | 'credit_note_number'>) =>
  downloadFile(
    `admin/credit_notes/${note.id}/pdf`,
    {},
    `credit-note-${note.credit_note_number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
  );

/** Ours: the spec names no PDF failure. */
export const CREDIT_NOTE_PDF_FAILED = 'Failed to download Credit Note';

export const creditNoteLoadErrorTitle = (error: unknown, failed: string) =>
  isApiError(error) && error.status === 403 ? CREDIT_NOTE_MESSAGES.forbidden_view : failed;

export const creditNoteKeys = {
  all: ['credit-notes'] as const,
  lists: () => [...creditNoteKeys.all, 'list'] as const,
  list: (companyId: number, params: CreditNoteListParams) =>
    [...creditNoteKeys.lists(), companyId, params] as const,
  ofOrder: (orderId: number) => [...creditNoteKeys.lists(), 'order', orderId] as const,
  detail: (id: number) => [...creditNoteKeys.all, 'detail', id] as const,
  history: (id: number) => [...creditNoteKeys.all, 'history', id] as const,
  openInvoices: (id: number) => [...creditNoteKeys.all, 'open-invoices', id] as const,
  initiate: (invoiceId: number) => [...creditNoteKeys.all, 'initiate', invoiceId] as const,
};

/** Credit notes change invoices (credited, due, payment status), orders, returns, buyers' outstanding, refunds. */
const RELATED = [
  ['invoices'],
  ['sales-orders'],
  ['sales-returns'],
  ['buyers'],
  ['payments'],
  ['refunds'],
] as const;

export const creditNoteListQuery = (companyId: number, params: CreditNoteListParams) =>
  queryOptions({
    queryKey: creditNoteKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<CreditNoteSummary>>(`admin/companies/${companyId}/credit_notes`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** The spec: an order's credit notes, limit 1000. */
export const orderCreditNotesQuery = (orderId: number) =>
  queryOptions({
    queryKey: creditNoteKeys.ofOrder(orderId),
    queryFn: ({ signal }) =>
      api.get<Paged<CreditNoteSummary>>(`admin/orders/${orderId}/credit_notes`, { limit: 1000 }, signal),
  });

export const creditNoteQuery = (id: number) =>
  queryOptions({
    queryKey: creditNoteKeys.detail(id),
    queryFn: ({ signal }) => api.get<CreditNote>(`admin/credit_notes/${id}`, undefined, signal),
    retry: false,
  });

export const creditNoteHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: creditNoteKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<CreditNoteHistory>(`admin/credit_notes/${id}/history`, undefined, signal),
  });

export const openInvoicesQuery = (id: number) =>
  queryOptions({
    queryKey: creditNoteKeys.openInvoices(id),
    queryFn: ({ signal }) =>
      api.get<OpenInvoices>(`admin/credit_notes/${id}/open_invoices`, undefined, signal),
    staleTime: 0,
  });

export const initiateCreditNoteQuery = (invoiceId: number) =>
  queryOptions({
    queryKey: creditNoteKeys.initiate(invoiceId),
    queryFn: ({ signal }) =>
      api.get<InitiateCreditNote>(`admin/invoices/${invoiceId}/initiate_credit_note`, undefined, signal),
    retry: false,
    staleTime: 0,
  });

function useCreditNoteChanged() {
  const queryClient = useQueryClient();
  return (note: CreditNote) => {
    queryClient.setQueryData(creditNoteKeys.detail(note.id), note);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: creditNoteKeys.history(note.id) }),
      queryClient.invalidateQueries({ queryKey: creditNoteKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: creditNoteKeys.openInvoices(note.id) }),
      queryClient.invalidateQueries({ queryKey: creditNoteKeys.initiate(note.invoice.id) }),
      ...RELATED.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  };
}

export function useCreateCreditNote(invoiceId: number) {
  const changed = useCreditNoteChanged();
  return useMutation({
    mutationFn: (body: CreateCreditNoteBody) =>
      api.post<CreditNote>(`admin/invoices/${invoiceId}/credit_notes`, body),
    meta: { successMessage: CREDIT_NOTE_MESSAGES.created, errorMessage: CREDIT_NOTE_MESSAGES.create_failed },
    onSuccess: changed,
  });
}

export function useApplyCreditNote(id: number) {
  const changed = useCreditNoteChanged();
  return useMutation({
    mutationFn: (applications: { invoice: number; amount: number }[]) =>
      api.post<CreditNote>(`admin/credit_notes/${id}/apply`, { applications }),
    meta: { successMessage: CREDIT_NOTE_MESSAGES.applied, errorMessage: CREDIT_NOTE_MESSAGES.apply_failed },
    onSuccess: changed,
  });
}

export function useCancelApplication(id: number) {
  const changed = useCreditNoteChanged();
  return useMutation({
    mutationFn: (applicationId: number) =>
      api.post<CreditNote>(`admin/credit_notes/${id}/applications/${applicationId}/cancel`, {}),
    meta: {
      successMessage: CREDIT_NOTE_MESSAGES.application_cancelled,
      errorMessage: CREDIT_NOTE_MESSAGES.apply_failed,
    },
    onSuccess: changed,
  });
}

export function useRefundCreditNote(id: number) {
  const changed = useCreditNoteChanged();
  return useMutation({
    mutationFn: (body: RefundCreditNoteBody) => api.post<CreditNote>(`admin/credit_notes/${id}/refund`, body),
    meta: { successMessage: CREDIT_NOTE_MESSAGES.refunded, errorMessage: 'Failed to refund Credit Note' },
    onSuccess: changed,
  });
}

export function useCancelCreditNote(id: number) {
  const changed = useCreditNoteChanged();
  return useMutation({
    mutationFn: () => api.post<CreditNote>(`admin/credit_notes/${id}/cancel`, {}),
    meta: {
      successMessage: CREDIT_NOTE_MESSAGES.cancelled,
      errorMessage: CREDIT_NOTE_MESSAGES.cancel_failed,
    },
    onSuccess: changed,
  });
}
