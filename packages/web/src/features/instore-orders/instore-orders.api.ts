import type {
  CounterContextOutput,
  CounterOffersOutput,
  CounterProductOutput,
  counterProductsOutput,
  InstoreOrderBody,
  InstoreOrderOutput,
} from '@b2b/domain/api/instore-orders';
import { INSTORE_MESSAGES } from '@b2b/domain/instore-orders';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '../../api/client';

export type CounterContext = CounterContextOutput;
export type CounterWarehouse = CounterContextOutput['warehouses'][number];
export type CounterProduct = CounterProductOutput;
export type InstoreSale = InstoreOrderOutput;

export const instoreKeys = {
  all: ['instore'] as const,
  counter: (companyId: number) => [...instoreKeys.all, 'counter', companyId] as const,
  search: (companyId: number, warehouseId: number, search: string) =>
    [...instoreKeys.all, 'search', companyId, warehouseId, search] as const,
};

/** A new Idempotency-Key per sale: a retried or double-pressed Complete Sale sells once. */
export const newSaleKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const counterQuery = (companyId: number) =>
  queryOptions({
    queryKey: instoreKeys.counter(companyId),
    queryFn: ({ signal }) =>
      api.get<CounterContext>(`admin/companies/${companyId}/instore/counter`, undefined, signal),
    staleTime: 5 * 60_000,
  });

/** Products whose name, SKU or UPC contains the text (ten), as the counter sells them. */
export const counterSearchQuery = (companyId: number, warehouseId: number, search: string) =>
  queryOptions({
    queryKey: instoreKeys.search(companyId, warehouseId, search),
    queryFn: ({ signal }) =>
      api.get<z.output<typeof counterProductsOutput>>(
        `admin/companies/${companyId}/instore/products`,
        { search, warehouse: warehouseId, limit: 10 },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The product whose UPC or SKU is the code; the server answers 404 'Product Not Found' otherwise. */
export const lookupProduct = (companyId: number, warehouseId: number, code: string) =>
  api.get<CounterProduct>(`admin/companies/${companyId}/instore/product_lookup`, {
    code,
    warehouse: warehouseId,
  });

export type CounterOffers = CounterOffersOutput;

/**
 * What the offers take off the cart (POST .../instore/offers, a read): fetched again whenever the
 * cart, the buyer or the coupon changes; the previous answer stays shown meanwhile.
 */
export const counterOffersQuery = (
  companyId: number,
  body: {
    buyer?: number;
    items: { product: number; quantity: number; discount?: number }[];
    coupon_code?: string;
  },
) =>
  queryOptions({
    queryKey: [...instoreKeys.all, 'offers', companyId, body] as const,
    queryFn: () =>
      request<CounterOffers>(`admin/companies/${companyId}/instore/offers`, { method: 'POST', body }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

/** POST admin/companies/{companyId}/instore_orders with the sale's Idempotency-Key. */
export function useCompleteSale(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: InstoreOrderBody; key: string }) =>
      request<InstoreSale>(`admin/companies/${companyId}/instore_orders`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    meta: { errorMessage: INSTORE_MESSAGES.sale_failed },
    onSuccess: () => {
      // Stock, orders, invoices, payments and buyers all moved.
      for (const key of [
        instoreKeys.all,
        ['sales-orders'],
        ['invoices'],
        ['payments'],
        ['buyers'],
        ['products'],
      ]) {
        void client.invalidateQueries({ queryKey: [...key] });
      }
    },
  });
}
