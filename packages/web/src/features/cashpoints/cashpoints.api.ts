import type { buyerSalesChannelOutput } from '@b2b/domain/api/buyers';
import type {
  CashpointChangeOutput,
  CashpointEntryOutput,
  CashpointSummaryOutput,
  cashpointChannelFilters,
  cashpointCreditInput,
  cashpointDebitInput,
} from '@b2b/domain/api/cashpoints';
import { CASHPOINT_HISTORY_LIMIT, CASHPOINT_MESSAGES } from '@b2b/domain/cashpoints';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';

export type CashpointEntry = Omit<CashpointEntryOutput, 'created_at'> & { created_at: string };
export type CashpointSummary = CashpointSummaryOutput;
export type CashpointMode = 'Credit' | 'Debit';

/** One of the buyer's enabled sales channels. */
export type CashpointSalesChannel = Pick<
  z.output<typeof buyerSalesChannelOutput>,
  'id' | 'name' | 'display_name'
>;

/** A page of the history; `sales_channel` is a channel's name ('web_store'), absent for every channel. */
export type CashpointHistoryParams = Required<Pick<ListParams, 'limit' | 'offset'>> &
  FiltersOf<typeof cashpointChannelFilters>;

export const DEFAULT_HISTORY_PARAMS: CashpointHistoryParams = { limit: CASHPOINT_HISTORY_LIMIT, offset: 0 };

export const cashpointKeys = {
  all: ['cashpoints'] as const,
  buyer: (buyerId: number) => [...cashpointKeys.all, buyerId] as const,
  summary: (buyerId: number) => [...cashpointKeys.buyer(buyerId), 'summary'] as const,
  history: (buyerId: number, params: CashpointHistoryParams) =>
    [...cashpointKeys.buyer(buyerId), 'history', params] as const,
};

export const cashpointSummaryQuery = (buyerId: number) =>
  queryOptions({
    queryKey: cashpointKeys.summary(buyerId),
    queryFn: ({ signal }) =>
      api.get<CashpointSummary>(`admin/buyers/${buyerId}/cash_point`, undefined, signal),
  });

export const cashpointHistoryQuery = (buyerId: number, params: CashpointHistoryParams) =>
  queryOptions({
    queryKey: cashpointKeys.history(buyerId, params),
    queryFn: ({ signal }) =>
      api.get<Paged<CashpointEntry>>(
        `buyers/${buyerId}/cash_points_history/`,
        { ordering: '-created_at', ...params },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** A credit (with its expiry day) or a debit. */
export type CashpointChangeBody = z.input<typeof cashpointCreditInput> | z.input<typeof cashpointDebitInput>;

/** Credit or debit; afterwards the summary and the history of the buyer are read again. */
export function useChangeCashpoints(buyerId: number, mode: CashpointMode) {
  const queryClient = useQueryClient();
  const credit = mode === 'Credit';
  return useMutation({
    mutationFn: (body: CashpointChangeBody) =>
      api.post<CashpointChangeOutput>(
        `buyers/${buyerId}/${credit ? 'credit_cash_points' : 'debit_cash_points'}`,
        body,
      ),
    meta: credit
      ? { successMessage: CASHPOINT_MESSAGES.credited, errorMessage: CASHPOINT_MESSAGES.credit_failed }
      : { successMessage: CASHPOINT_MESSAGES.debited, errorMessage: CASHPOINT_MESSAGES.debit_failed },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashpointKeys.buyer(buyerId) }),
  });
}
