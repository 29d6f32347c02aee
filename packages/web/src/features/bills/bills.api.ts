import type { historyPageOutput } from '@b2b/domain/api/sales-orders';
import {
  BILL_ATTACHMENT_MESSAGES,
  BILL_MESSAGES,
  type BillInput,
  type BillOutput,
  type BillStatus,
  type BillSummaryOutput,
  type billListQuery as billListSchema,
} from '@b2b/domain/bills';
import type { LastRateOutput } from '@b2b/domain/purchase-orders';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { downloadListCsv } from '../../components/download-list-csv';
import { PATHS } from '../../session/paths';
import { productKeys } from '../products/products.api';
import { warehouseKeys } from '../warehouses/warehouses.api';

export type { BillStatus };

/** The shapes of the bills API, as the domain declares them for the server's responses. */
export type Bill = BillOutput;
export type BillSummary = BillSummaryOutput;
export type BillLine = Bill['items'][number];
/** POST admin/companies/{companyId}/bills and PATCH admin/bills/{id}: the parsed BillInput. */
export type BillBody = BillInput;
export type BillFilters = FiltersOf<typeof billListSchema>;
export type BillListParams = ListParams & BillFilters;

export type BillHistory = z.infer<typeof historyPageOutput>;
export type LastRate = LastRateOutput;

export const BILL_DEFAULT_ORDERING = '-bill_date';

/** The list the bill screens lead back to. */
export const BILLS_LIST = { to: PATHS.bills, label: 'Bills' };

/** The domain's bill messages, and the few the screens need besides. */
export const BILL_TOASTS = {
  ...BILL_MESSAGES,
  saved_received: 'Bill saved and received: the goods are in stock.',
  history_failed: 'Failed to load history.',
  export_failed: 'Failed to download the bills CSV file.',
  attachment_delete_failed: 'Failed to delete attachment.',
} as const;

export const billKeys = {
  all: ['bills'] as const,
  lists: () => [...billKeys.all, 'list'] as const,
  list: (companyId: number, params: BillListParams) => [...billKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...billKeys.all, 'detail', id] as const,
  history: (id: number) => [...billKeys.all, 'history', id] as const,
};

export const billListQuery = (companyId: number, params: BillListParams) =>
  queryOptions({
    queryKey: billKeys.list(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<BillSummary>>(`admin/companies/${companyId}/bills`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const billQuery = (id: number) =>
  queryOptions({
    queryKey: billKeys.detail(id),
    queryFn: ({ signal }) => api.get<Bill>(`admin/bills/${id}`, undefined, signal),
    retry: false,
  });

export const billHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: billKeys.history(id),
    queryFn: ({ signal }) => api.get<BillHistory>(`admin/bills/${id}/history`, undefined, signal),
  });

/** The last purchase rate of a product: the seller's own, else any seller's (GET bills/last_rates). */
export const lastRateQuery = (companyId: number, sellerId: number | null, productId: number) =>
  queryOptions({
    queryKey: [...billKeys.all, 'last-rate', companyId, sellerId, productId] as const,
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ results: LastRate[] }>(
        `admin/companies/${companyId}/bills/last_rates`,
        { products: String(productId), ...(sellerId === null ? {} : { seller: sellerId }) },
        signal,
      );
      return answer.results[0] ?? null;
    },
    staleTime: 60_000,
  });

/** Every bill of the current search and filters as the server writes the CSV. */
export const downloadBillsCsv = (companyId: number, params: BillListParams) =>
  downloadListCsv(`admin/companies/${companyId}/bills`, params, 'bills.csv');

/** A new Idempotency-Key per form opening: a retried or double-pressed Save records one bill. */
export const newBillKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** After anything a bill did: the bill itself, its history, every list; receiving and voiding move stock. */
function useBillChanged() {
  const queryClient = useQueryClient();
  return (bill: Bill) => {
    queryClient.setQueryData(billKeys.detail(bill.id), bill);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: billKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: billKeys.history(bill.id) }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['stock-movements'] }),
    ]);
  };
}

/** Save as draft (or received at once when the company receives bills automatically). */
export function useCreateBill(companyId: number) {
  const changed = useBillChanged();
  return useMutation({
    mutationFn: ({ body, key }: { body: BillBody; key: string }) =>
      request<Bill>(`admin/companies/${companyId}/bills`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    meta: { errorMessage: BILL_TOASTS.create_failed },
    onSuccess: changed,
  });
}

export function useUpdateBill(id: number) {
  const changed = useBillChanged();
  return useMutation({
    mutationFn: (body: BillBody) => api.patch<Bill>(`admin/bills/${id}`, body),
    meta: { successMessage: BILL_TOASTS.edited, errorMessage: BILL_TOASTS.edit_failed },
    onSuccess: changed,
  });
}

export type BillStatusAction = 'receive' | 'void';

const ACTION_TOASTS: Record<BillStatusAction, { successMessage: string; errorMessage: string }> = {
  receive: { successMessage: BILL_TOASTS.received, errorMessage: BILL_TOASTS.receive_failed },
  void: { successMessage: BILL_TOASTS.voided, errorMessage: BILL_TOASTS.void_failed },
};

/** Receive (draft → open, goods into stock) and Void: POST admin/bills/{id}/{action}. */
export function useBillAction(action: BillStatusAction) {
  const changed = useBillChanged();
  return useMutation({
    mutationFn: (id: number) => api.post<Bill>(`admin/bills/${id}/${action}`),
    meta: ACTION_TOASTS[action],
    onSuccess: changed,
  });
}

export type BillAttachment = Bill['attachments'][number];

/** After an attachment came or went: the bill (its attachments) and its history. */
function useAttachmentsChanged(billId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billKeys.detail(billId) }),
      queryClient.invalidateQueries({ queryKey: billKeys.history(billId) }),
    ]);
}

/** POST admin/bills/{id}/attachments: the seller's bill as a PDF or a photo (multipart field `file`). */
export function useUploadBillAttachment(billId: number) {
  const changed = useAttachmentsChanged(billId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload<BillAttachment>(`admin/bills/${billId}/attachments`, form);
    },
    meta: {
      successMessage: BILL_ATTACHMENT_MESSAGES.uploaded,
      errorMessage: BILL_ATTACHMENT_MESSAGES.upload_failed,
    },
    onSuccess: changed,
  });
}

export function useDeleteBillAttachment(billId: number) {
  const changed = useAttachmentsChanged(billId);
  return useMutation({
    mutationFn: (attachmentId: number) => api.delete(`admin/bills/${billId}/attachments/${attachmentId}`),
    meta: {
      successMessage: BILL_ATTACHMENT_MESSAGES.deleted,
      errorMessage: BILL_TOASTS.attachment_delete_failed,
    },
    onSuccess: changed,
  });
}
