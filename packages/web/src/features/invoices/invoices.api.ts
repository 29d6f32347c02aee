import type { BulkEmailOutput, BulkIdsInput } from '@b2b/domain/api/bulk-documents';
import type {
  GenerateInvoiceInput,
  InvoiceOutput,
  InvoicePreviewOutput,
  InvoiceSummaryOutput,
  initiateInvoiceOutput,
  invoiceListQuery as invoiceListSchema,
  writeOffRecordOutput,
} from '@b2b/domain/api/invoices';
import type { commentOutput, historyPageOutput } from '@b2b/domain/api/sales-orders';
import { INVOICE_MESSAGES } from '@b2b/domain/invoices';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { api, request } from '../../api/client';
import { dispositionFileName, downloadFile, saveBlob } from '../../api/download';
import type { Detail, FiltersOf, ListParams, Paged } from '../../api/types';
import { PATHS } from '../../session/paths';

export type Invoice = InvoiceOutput;
export type InvoiceSummary = InvoiceSummaryOutput;
export type InvoiceLine = Invoice['items'][number];
export type InitiateInvoice = z.infer<typeof initiateInvoiceOutput>;
/** initiate_edit_invoice: initiate_invoice's answer with what the invoice holds of each item now. */
export type InitiateEditInvoice = Omit<InitiateInvoice, 'items'> & {
  invoice: { id: number; invoice_number: string };
  items: (InitiateInvoice['items'][number] & { invoice_quantity: number })[];
};
export type WriteOffRecord = z.infer<typeof writeOffRecordOutput>;
export type InvoiceHistory = z.infer<typeof historyPageOutput>;
export type InvoiceComment = z.infer<typeof commentOutput>;
/** The body of generate_invoice and edit_invoice: quantities as numbers, dates as YYYY-MM-DD. */
export type InvoiceQuantitiesBody = Omit<GenerateInvoiceInput, 'items'> & {
  items: { order_item: number; quantity: number }[];
};

/** Filters of the invoice list and its CSV export (comma lists for the __in ones). */
export type InvoiceFilters = FiltersOf<typeof invoiceListSchema>;
export type InvoiceListParams = ListParams & InvoiceFilters;

export const INVOICE_DEFAULT_ORDERING = '-invoice_date';

/** The list the invoice screens lead back to. */
export const INVOICES_LIST = { to: PATHS.invoices, label: 'Invoices' };

/** A 403 on a load names what the user may not do (spec section 6); anything else is a load failure. */
export const invoiceLoadErrorTitle = (error: unknown, failed: string) =>
  isApiError(error) && error.status === 403 ? INVOICE_MESSAGES.forbidden_view : failed;

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (companyId: number, params: InvoiceListParams) =>
    [...invoiceKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...invoiceKeys.all, 'detail', id] as const,
  history: (id: number) => [...invoiceKeys.all, 'history', id] as const,
  writeOff: (id: number) => [...invoiceKeys.all, 'write-off', id] as const,
  initiateEdit: (id: number) => [...invoiceKeys.all, 'initiate-edit', id] as const,
  initiate: (orderId: number) => [...invoiceKeys.all, 'initiate', orderId] as const,
  preview: (orderId: number, items: InvoiceQuantitiesBody['items']) =>
    [...invoiceKeys.all, 'preview', orderId, items] as const,
};

/** Orders change with their invoices (quantities invoiced, status): their cache is read again. */
const ORDER_KEY = ['sales-orders'] as const;

export const invoiceListQuery = (companyId: number, params: InvoiceListParams) =>
  queryOptions({
    queryKey: invoiceKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<InvoiceSummary>>(`admin/companies/${companyId}/invoices`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => api.get<Invoice>(`admin/invoices/${id}`, undefined, signal),
    retry: false,
  });

export const invoiceHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.history(id),
    queryFn: ({ signal }) => api.get<InvoiceHistory>(`admin/invoices/${id}/history/`, undefined, signal),
  });

export const writeOffRecordQuery = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.writeOff(id),
    queryFn: ({ signal }) =>
      api.get<WriteOffRecord>(`admin/invoices/${id}/write_off_record`, undefined, signal),
    retry: false,
  });

/** What of the order can be invoiced now (GET admin/orders/{id}/initiate_invoice/). */
export const initiateInvoiceQuery = (orderId: number) =>
  queryOptions({
    queryKey: invoiceKeys.initiate(orderId),
    queryFn: ({ signal }) =>
      api.get<InitiateInvoice>(`admin/orders/${orderId}/initiate_invoice/`, undefined, signal),
    retry: false,
    staleTime: 0,
  });

export type InvoicePreview = InvoicePreviewOutput;

/**
 * The totals generate_invoice would give these quantities (POST admin/orders/{id}/preview_invoice/,
 * which writes nothing): priced by the server's own rules, so they are the invoice's to the paisa.
 */
export const invoicePreviewQuery = (orderId: number, items: InvoiceQuantitiesBody['items']) =>
  queryOptions({
    queryKey: invoiceKeys.preview(orderId, items),
    queryFn: ({ signal }) =>
      request<InvoicePreview>(`admin/orders/${orderId}/preview_invoice/`, {
        method: 'POST',
        body: { items },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });

/** The invoice's lines as an edit proposes them (GET admin/invoices/{id}/initiate_edit_invoice/). */
export const initiateEditInvoiceQuery = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.initiateEdit(id),
    queryFn: ({ signal }) =>
      api.get<InitiateEditInvoice>(`admin/invoices/${id}/initiate_edit_invoice/`, undefined, signal),
    retry: false,
    staleTime: 0,
  });

/** The tax invoice PDF, saved by the browser. */
export const downloadInvoicePdf = (invoice: Pick<Invoice, 'id' | 'invoice_number'>) =>
  downloadFile(
    `admin/invoices/${invoice.id}/pdf`,
    {},
    `invoice-${invoice.invoice_number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
  );

/** Every invoice matching the list's search and filters as a CSV file. */
export const downloadInvoicesCsv = (companyId: number, params: InvoiceListParams) => {
  const { limit: _limit, offset: _offset, ...rest } = params;
  return downloadFile(`admin/companies/${companyId}/invoices_export`, { ...rest }, 'invoices.csv');
};

// ---------------------------------------------------------------------------------------------
// Bulk actions of the list (issue 18)

/** 'Export selected': the list's CSV export of these invoices only. */
export const downloadSelectedInvoicesCsv = (companyId: number, ids: readonly number[]) =>
  downloadFile(`admin/companies/${companyId}/invoices_export`, { id__in: ids.join(',') }, 'invoices.csv');

/** 'Download PDF': the selected invoices in one PDF (POST .../invoices/bulk_pdf), saved by the browser. */
export async function downloadInvoicesPdf(companyId: number, ids: readonly number[]): Promise<string> {
  const response = await request<Response>(`admin/companies/${companyId}/invoices/bulk_pdf`, {
    method: 'POST',
    body: { ids: [...ids] } satisfies BulkIdsInput,
    raw: true,
  });
  const name = dispositionFileName(response.headers.get('content-disposition')) ?? 'invoices.pdf';
  saveBlob(await response.blob(), name);
  return name;
}

/** 'Send by e-mail': each selected invoice to its buyer; the answer says what was sent and skipped. */
export function useSendInvoicesByEmail(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      api.post<BulkEmailOutput>(`admin/companies/${companyId}/invoices/bulk_email`, {
        ids: [...ids],
      } satisfies BulkIdsInput),
    meta: { errorMessage: BULK_EMAIL_FAILED },
    // Each invoice sent has a new history row.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** Ours: the spec names no export failure. */
export const EXPORT_FAILED = 'Failed to export Invoices';
/** Ours: the spec names no bulk failures. */
export const BULK_PDF_FAILED = 'Failed to download the invoices';
export const BULK_EMAIL_FAILED = 'Failed to send the invoices';

/** After a change to one invoice: the invoice (answered by the call), its history, every list, the orders. */
function useInvoiceChanged() {
  const queryClient = useQueryClient();
  return (invoice: Invoice | null, id: number) => {
    if (invoice) queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice);
    return Promise.all([
      invoice ? undefined : queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.history(id) }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.writeOff(id) }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: ORDER_KEY }),
    ]);
  };
}

/** An invoice call answering the invoice (or nothing): the response replaces the cached invoice. */
function useInvoiceAction<V>(
  id: number,
  call: (variables: V) => Promise<Invoice | undefined>,
  meta: { successMessage?: string; errorMessage: string },
) {
  const changed = useInvoiceChanged();
  return useMutation({
    mutationFn: call,
    meta,
    onSuccess: (answer) => changed(answer && 'invoice_number' in answer ? answer : null, id),
  });
}

export function useGenerateInvoice(orderId: number) {
  const changed = useInvoiceChanged();
  return useMutation({
    mutationFn: (body: InvoiceQuantitiesBody) =>
      api.post<Invoice>(`admin/orders/${orderId}/generate_invoice/`, body),
    meta: { successMessage: INVOICE_MESSAGES.created, errorMessage: INVOICE_MESSAGES.create_failed },
    onSuccess: (invoice) => changed(invoice, invoice.id),
  });
}

export const useEditInvoice = (id: number) =>
  useInvoiceAction(
    id,
    (body: InvoiceQuantitiesBody) => api.post<Invoice>(`admin/invoices/${id}/edit_invoice`, body),
    { successMessage: INVOICE_MESSAGES.edited, errorMessage: INVOICE_MESSAGES.edit_failed },
  );

export const useCancelInvoice = (id: number) =>
  useInvoiceAction(id, () => api.post<Invoice>(`admin/invoices/${id}/cancel/`), {
    successMessage: INVOICE_MESSAGES.cancelled,
    errorMessage: INVOICE_MESSAGES.cancel_failed,
  });

export const useReadyToShip = (id: number) =>
  useInvoiceAction(id, () => api.post<Invoice>(`admin/invoices/${id}/ready_to_ship/`), {
    successMessage: INVOICE_MESSAGES.ready_to_ship,
    errorMessage: INVOICE_MESSAGES.status_change_failed,
  });

export const useGenerateEInvoice = (id: number) =>
  useInvoiceAction(id, () => api.post<Invoice>(`admin/invoices/${id}/e_invoice/`), {
    successMessage: INVOICE_MESSAGES.e_invoice_generated,
    errorMessage: INVOICE_MESSAGES.e_invoice_failed,
  });

export const useWriteOffBalance = (id: number) =>
  useInvoiceAction(
    id,
    (body: { write_off_amount: number; expense_ledger_name: string }) =>
      api.post<Invoice>(`admin/invoices/${id}/write_off_balance`, body),
    { successMessage: INVOICE_MESSAGES.written_off, errorMessage: INVOICE_MESSAGES.write_off_failed },
  );

export const useCancelWriteOff = (id: number) =>
  useInvoiceAction(id, () => api.post<Invoice>(`admin/invoices/${id}/cancel_write_off_balance`), {
    successMessage: INVOICE_MESSAGES.updated,
    errorMessage: INVOICE_MESSAGES.write_off_failed,
  });

export const useUpdateBankCharges = (id: number) =>
  useInvoiceAction(
    id,
    (body: { bank_charges: number; is_payment_mode_emi: boolean }) =>
      api.patch<Invoice>(`admin/invoices/${id}/bank_charges`, body),
    { successMessage: INVOICE_MESSAGES.updated, errorMessage: INVOICE_MESSAGES.bank_charges_failed },
  );

export const useUpdateShippingChargesPaid = (id: number) =>
  useInvoiceAction(
    id,
    (paid: boolean) =>
      api.patch<Invoice>(`admin/invoices/${id}/shipping_charges_paid_by_company`, {
        shipping_charges_paid_by_company: paid,
      }),
    { successMessage: INVOICE_MESSAGES.updated, errorMessage: INVOICE_MESSAGES.shipping_charges_failed },
  );

export const useAddInvoiceComment = (id: number) =>
  useInvoiceAction(id, (comment: string) => api.post<Invoice>(`admin/invoices/${id}/comments`, { comment }), {
    successMessage: INVOICE_MESSAGES.comment_added,
    errorMessage: INVOICE_MESSAGES.comment_failed,
  });

/** Resend notifications: the server's answer (whom it mailed) is the toast. */
export function useResendNotifications(id: number) {
  return useMutation({
    mutationFn: () => api.patch<Detail>(`admin/invoices/${id}/resend_notifications/`, {}),
    meta: { errorMessage: INVOICE_MESSAGES.update_failed },
  });
}
