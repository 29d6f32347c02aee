import type {
  BuyerAddressCreate,
  BuyerCreateInput,
  BuyerDetailOutput,
  BuyerListItem,
  BuyerSummaryOutput,
  BuyerUpdate,
  buyerHistoryOutput,
  buyerListFilters,
  PartySearchResult,
  partySearchInput,
  TransactionCreateInput,
  TransactionOutput,
  transactionCreated,
  transactionListFilters,
} from '@b2b/domain/api/buyers';
import type { AddressOutput } from '@b2b/domain/api/common';
import type { paymentTermOutput } from '@b2b/domain/api/reference';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import { replaceInLists } from '../../api/paged-cache';
import type { Detail, FiltersOf, ListParams, Paged } from '../../api/types';
import { notifyFailure, notifySuccess } from '../../components/notify';

/** Dates and times arrive as ISO strings. */
type Wire<T> = { [K in keyof T]: Date extends T[K] ? Exclude<T[K], Date> : T[K] };

export type Buyer = Wire<BuyerListItem>;
export type BuyerDetail = Omit<Wire<BuyerDetailOutput>, 'addresses'> & { addresses: AddressOutput[] };
export type BuyerSummary = BuyerSummaryOutput;
export type BuyerTransaction = Wire<TransactionOutput>;
export type BuyerAddressBody = Omit<BuyerAddressCreate, 'addSameAsBilling'> & { addSameAsBilling?: boolean };

export type BuyerHistory = z.output<typeof buyerHistoryOutput>;
export type BuyerHistoryEntry = BuyerHistory['results'][number];
export type BuyerListParams = ListParams & FiltersOf<typeof buyerListFilters>;
export type TransactionListParams = ListParams & FiltersOf<typeof transactionListFilters>;

export const buyerKeys = {
  all: ['buyers'] as const,
  lists: () => [...buyerKeys.all, 'list'] as const,
  list: (companyId: number, params: BuyerListParams) => [...buyerKeys.lists(), companyId, params] as const,
  detail: (id: number) => [...buyerKeys.all, 'detail', id] as const,
  summary: (id: number) => [...buyerKeys.all, 'summary', id] as const,
  history: (id: number) => [...buyerKeys.all, 'history', id] as const,
  transactions: (companyId: number, params: TransactionListParams) =>
    [...buyerKeys.all, 'transactions', companyId, params] as const,
};

export const buyerListQuery = (companyId: number, params: BuyerListParams) =>
  queryOptions({
    queryKey: buyerKeys.list(companyId, params),
    queryFn: ({ signal }) => api.get<Paged<Buyer>>(`companies/${companyId}/buyers`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** v2: addresses, sales channels, payment term, groups and the credit figures. */
export const buyerQuery = (id: number) =>
  queryOptions({
    queryKey: buyerKeys.detail(id),
    queryFn: ({ signal }) => api.get<BuyerDetail>(`v2/buyers/${id}`, undefined, signal),
    retry: false,
  });

export const buyerSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: buyerKeys.summary(id),
    queryFn: ({ signal }) => api.get<BuyerSummary>(`buyers/${id}/summary`, undefined, signal),
  });

export const buyerHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: buyerKeys.history(id),
    queryFn: ({ signal }) => api.get<BuyerHistory>(`buyers/${id}/history/`, undefined, signal),
  });

export const transactionListQuery = (companyId: number, params: TransactionListParams) =>
  queryOptions({
    queryKey: buyerKeys.transactions(companyId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<BuyerTransaction>>(`admin/companies/${companyId}/transactions/`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** After a change to one buyer: its detail, summary, history, ledger and every buyer list. */
function useInvalidateBuyer() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: buyerKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: [...buyerKeys.all, 'transactions'] }),
      ...(id === undefined
        ? []
        : [
            queryClient.invalidateQueries({ queryKey: buyerKeys.detail(id) }),
            queryClient.invalidateQueries({ queryKey: buyerKeys.summary(id) }),
            queryClient.invalidateQueries({ queryKey: buyerKeys.history(id) }),
          ]),
    ]);
}

/** Puts the server's answer in the caches at once (a switch does not flick back), then re-reads. */
function useApplyBuyer() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateBuyer();
  return (buyer: BuyerDetail) => {
    queryClient.setQueryData(buyerKeys.detail(buyer.id), buyer);
    const { addresses: _a, sales_channels: _c, buyer_groups: _g, summary: _s, payment_term, ...row } = buyer;
    replaceInLists(queryClient, buyerKeys.lists(), { ...row, payment_term: payment_term?.id ?? null });
    return invalidate(buyer.id);
  };
}

export function useCreateBuyer(companyId: number) {
  const invalidate = useInvalidateBuyer();
  return useMutation({
    mutationFn: (body: BuyerCreateInput) => api.post<BuyerDetail>(`companies/${companyId}/buyers`, body),
    meta: { successMessage: 'Buyer created successfully.', errorMessage: 'Failed to Create Buyer.' },
    onSuccess: () => invalidate(),
  });
}

export function useUpdateBuyer() {
  const apply = useApplyBuyer();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BuyerUpdate }) =>
      api.patch<BuyerDetail>(`buyers/${id}`, body),
    meta: { successMessage: 'Buyer updated successfully.', errorMessage: 'Failed to update buyer.' },
    onSuccess: apply,
  });
}

export type BuyerSwitch = 'active' | 'inventory' | 'ignore_for_bi';

/** The spec's texts for each switch, on and off (section 8, Buyers). */
const SWITCH_TEXTS: Record<BuyerSwitch, { on: [string, string]; off: [string, string] }> = {
  active: {
    on: ['Buyer activated successfully.', 'Failed to activate Buyer.'],
    off: ['Buyer deactivated successfully.', 'Failed to deactivate Buyer.'],
  },
  inventory: {
    on: ['Inventory exposed to buyer successfully.', 'Failed to update expose inventory.'],
    off: ['Inventory hidden from buyer successfully.', 'Failed to update expose inventory.'],
  },
  ignore_for_bi: {
    on: [
      'This Buyer will be ignored for BI.',
      'Failed to activate ignore this buyer for Business Intelligence.',
    ],
    off: [
      'This Buyer will not be ignored for BI.',
      'Failed to deactivate ignore this buyer for Business Intelligence.',
    ],
  },
};

function switchCall(id: number, which: BuyerSwitch, on: boolean) {
  if (which === 'active') return api.post<BuyerDetail>(`buyers/${id}/${on ? 'activate' : 'deactivate'}`);
  if (which === 'inventory') {
    return api.post<BuyerDetail>(`buyers/${id}/${on ? 'expose_inventory' : 'hide_inventory'}`);
  }
  return api.patch<BuyerDetail>(`buyers/${id}/ignore_for_bi`, { ignore_for_bi: on });
}

/** Activate/deactivate, expose/hide inventory, ignore for BI or not. */
export function useSetBuyerSwitch() {
  const apply = useApplyBuyer();
  const invalidate = useInvalidateBuyer();
  return useMutation({
    mutationFn: ({ id, which, on }: { id: number; which: BuyerSwitch; on: boolean }) =>
      switchCall(id, which, on),
    onSuccess: (buyer, { which, on }) => {
      notifySuccess(SWITCH_TEXTS[which][on ? 'on' : 'off'][0]);
      return apply(buyer);
    },
    onError: (error, { id, which, on }) => {
      notifyFailure(SWITCH_TEXTS[which][on ? 'on' : 'off'][1], error);
      return invalidate(id);
    },
  });
}

export function useSetBuyerSalesChannel(companyId: number) {
  const apply = useApplyBuyer();
  return useMutation({
    mutationFn: ({ id, channel, enabled }: { id: number; channel: number; enabled: boolean }) =>
      api.post<BuyerDetail>(
        `v2/companies/${companyId}/buyers/${id}/${enabled ? 'enable' : 'disable'}-sales-channel/`,
        { sales_channel: channel },
      ),
    // The spec has no sales-channel texts; the buyer's general update ones fit.
    meta: { successMessage: 'Buyer updated successfully.', errorMessage: 'Failed to update buyer.' },
    onSuccess: apply,
  });
}

const addressTypeLabel = (type: string) => (type === 'shipping_address' ? 'Shipping' : 'Billing');

export function useAddBuyerAddress(buyerId: number) {
  const invalidate = useInvalidateBuyer();
  return useMutation({
    mutationFn: (body: BuyerAddressBody) => api.post<AddressOutput>(`buyers/${buyerId}/addresses`, body),
    onSuccess: (_address, body) => {
      notifySuccess(
        body.addSameAsBilling
          ? 'Billing and Shipping address created successfully.'
          : `${addressTypeLabel(body.address_type)} address created successfully.`,
      );
      return invalidate(buyerId);
    },
    onError: (error) => notifyFailure('Failed to create address.', error),
  });
}

export function useUpdateBuyerAddress(buyerId: number) {
  const invalidate = useInvalidateBuyer();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) =>
      api.patch<AddressOutput>(`addresses/${id}`, body),
    onSuccess: (address) => {
      notifySuccess(`${addressTypeLabel(address.address_type)} address updated successfully.`);
      return invalidate(buyerId);
    },
    onError: (error) => notifyFailure('Failed to update buyer addresses.', error),
  });
}

export function useDeleteBuyerAddress(buyerId: number) {
  const invalidate = useInvalidateBuyer();
  return useMutation({
    mutationFn: (id: number) => api.post<Detail>(`addresses/${id}/delete`),
    meta: { successMessage: 'Address deleted successfully.', errorMessage: 'Failed to delete address.' },
    onSuccess: () => invalidate(buyerId),
  });
}

export function useRecordTransaction(companyId: number) {
  const invalidate = useInvalidateBuyer();
  return useMutation({
    mutationFn: (body: TransactionCreateInput) =>
      api.post<Wire<z.output<typeof transactionCreated>>>(`admin/companies/${companyId}/transactions`, body),
    meta: {
      successMessage: 'Transaction Recorded Successfully.',
      errorMessage: 'Failed to Record Transaction.',
    },
    onSuccess: (_entry, body) => invalidate(Number(body.buyer)),
  });
}

export type PartyMatch = PartySearchResult;
export type PartySearchBody = z.input<typeof partySearchInput>;

/** POST companies/search: an existing buyer or seller with this GSTIN, phone or e-mail. */
export const searchParties = (body: PartySearchBody) => api.post<Paged<PartyMatch>>('companies/search', body);

export type PaymentTerm = z.output<typeof paymentTermOutput>;

/** The company's payment terms (Net 30...), answered whole; they change rarely. */
export const paymentTermsQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['reference', 'payment-terms', companyId] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<PaymentTerm>>(`companies/${companyId}/payment_terms`, undefined, signal),
    staleTime: 60 * 60_000,
  });

/** One buyer activated or deactivated, without a toast of its own (the bulk action sums them up). */
export const setBuyerActive = (id: number, on: boolean) => switchCall(id, 'active', on);

/** Every buyer of the list's search and filters as a CSV file (the list route's format=csv). */
export const downloadBuyersCsv = (companyId: number, { limit: _l, offset: _o, ...params }: BuyerListParams) =>
  downloadFile(`companies/${companyId}/buyers`, { ...params, format: 'csv' }, 'buyers.csv');
