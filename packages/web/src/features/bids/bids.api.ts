import type {
  BidOutput,
  BuyerGroupPriceOutput,
  BuyerPricesOutput,
  QuotationBidsOutput,
} from '@b2b/domain/api/bids';
import { BUYER_GROUP_PRICE_MESSAGES as PM } from '@b2b/domain/api/bids';
import { BID_MESSAGES } from '@b2b/domain/buyer-prices';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import { notifySuccess } from '../../components/notify';
import { buyerGroupKeys } from '../buyer-groups/buyer-groups.api';
import { quotationKeys } from '../quotations/quotations.api';

type Dated<T> = Omit<T, 'created_at' | 'decided_at' | 'updated_at'> & {
  created_at: string;
  decided_at: string | null;
};

export type Bid = Dated<BidOutput>;
export type QuotationBids = Omit<QuotationBidsOutput, 'results'> & { results: Bid[] };
export type BuyerGroupPrice = Omit<BuyerGroupPriceOutput, 'updated_at'> & { updated_at: string };

export const bidKeys = {
  all: ['bids'] as const,
  quotation: (quotationId: number) => [...bidKeys.all, 'quotation', quotationId] as const,
  groupPrices: (groupId: number) => [...bidKeys.all, 'group-prices', groupId] as const,
  buyerPrices: (buyerId: number, productIds: readonly number[]) =>
    [...bidKeys.all, 'buyer-prices', buyerId, productIds] as const,
};

// ---- Buyer-group prices

export const groupPricesQuery = (groupId: number) =>
  queryOptions({
    queryKey: bidKeys.groupPrices(groupId),
    queryFn: ({ signal }) =>
      api.get<Paged<BuyerGroupPrice>>(`buyer_groups/${groupId}/prices`, undefined, signal),
  });

function useApplyGroupPrices(groupId: number) {
  const client = useQueryClient();
  return (page: Paged<BuyerGroupPrice>) => {
    client.setQueryData(bidKeys.groupPrices(groupId), page);
    void client.invalidateQueries({ queryKey: buyerGroupKeys.history(groupId) });
    void client.invalidateQueries({ queryKey: [...bidKeys.all, 'quotation'] });
  };
}

export function useSetGroupPrice(groupId: number) {
  const apply = useApplyGroupPrices(groupId);
  return useMutation({
    mutationFn: (body: { product: number; price: number }) =>
      api.put<Paged<BuyerGroupPrice>>(`buyer_groups/${groupId}/prices`, body),
    meta: { successMessage: PM.price_set, errorMessage: 'Failed to save the price.' },
    onSuccess: apply,
  });
}

export function useRemoveGroupPrice(groupId: number) {
  const apply = useApplyGroupPrices(groupId);
  return useMutation({
    mutationFn: (product: number) =>
      api.post<Paged<BuyerGroupPrice>>(`buyer_groups/${groupId}/remove_price`, { product }),
    meta: { successMessage: PM.price_removed, errorMessage: 'Failed to remove the price.' },
    onSuccess: apply,
  });
}

// ---- Buyer prices

export const buyerPricesQuery = (buyerId: number, productIds: readonly number[]) =>
  queryOptions({
    queryKey: bidKeys.buyerPrices(buyerId, productIds),
    queryFn: ({ signal }) =>
      api.get<BuyerPricesOutput>(
        `admin/buyers/${buyerId}/buyer_prices`,
        { products: productIds.join(',') },
        signal,
      ),
  });

/**
 * The buyer price of a product for a buyer (its groups' lowest price, else the selling price), or
 * null when it cannot be read: a new quotation line's rate then stays the selling price.
 */
export function useBuyerPriceOf() {
  const client = useQueryClient();
  return async (buyerId: number, productId: number): Promise<number | null> => {
    try {
      const answer = await client.fetchQuery(buyerPricesQuery(buyerId, [productId]));
      return answer.results.find((r) => r.product === productId)?.buyer_price ?? null;
    } catch {
      return null;
    }
  };
}

// ---- Bids on a quotation

export const quotationBidsQuery = (quotationId: number) =>
  queryOptions({
    queryKey: bidKeys.quotation(quotationId),
    queryFn: ({ signal }) =>
      api.get<QuotationBids>(`admin/quotations/${quotationId}/bids`, undefined, signal),
  });

/** A bid changes the quotation's lines: its bids, the quotation and the lists are read again. */
function useAfterBid(quotationId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: bidKeys.all });
    void client.invalidateQueries({ queryKey: quotationKeys.detail(quotationId) });
    void client.invalidateQueries({ queryKey: quotationKeys.lists() });
  };
}

export function usePlaceBid(quotationId: number) {
  const after = useAfterBid(quotationId);
  return useMutation({
    mutationFn: (body: { product: number; rate: number }) =>
      api.post<Bid>(`admin/quotations/${quotationId}/bids`, body),
    meta: { errorMessage: BID_MESSAGES.failed },
    onSuccess: (bid) => {
      notifySuccess(bid.status === 'accepted' ? BID_MESSAGES.accepted : BID_MESSAGES.pending);
      after();
    },
  });
}

export function useApproveBid(quotationId: number) {
  const after = useAfterBid(quotationId);
  return useMutation({
    mutationFn: (bidId: number) => api.post<Bid>(`admin/bids/${bidId}/approve`),
    meta: { successMessage: BID_MESSAGES.approved, errorMessage: 'Failed to approve the bid.' },
    onSuccess: after,
  });
}

export function useRefuseBid(quotationId: number) {
  const after = useAfterBid(quotationId);
  return useMutation({
    mutationFn: ({ bidId, reason }: { bidId: number; reason: string }) =>
      api.post<Bid>(`admin/bids/${bidId}/refuse`, { reason }),
    meta: { successMessage: BID_MESSAGES.refused, errorMessage: 'Failed to refuse the bid.' },
    onSuccess: after,
  });
}
