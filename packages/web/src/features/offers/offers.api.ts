import {
  type CouponCodeOutput,
  OFFER_MESSAGES,
  type OfferCreate,
  type OfferKind,
  type OfferOutput,
  type OfferStatus,
  type OfferUpdate,
  type RedemptionOutput,
} from '@b2b/domain/api/offers';
import type { historyPageOutput } from '@b2b/domain/api/sales-orders';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import type { ListParams, Paged } from '../../api/types';
import { downloadListCsv } from '../../components/download-list-csv';

/** The shapes of the offers API, as the domain declares them (packages/domain/src/api/offers.ts). */
export type Offer = OfferOutput;
export type CouponCode = CouponCodeOutput;
export type Redemption = RedemptionOutput;
export type { OfferKind, OfferStatus };
/** Who created, changed or generated codes for the offer (GET offers/{id}/history). */
export type OfferHistory = z.infer<typeof historyPageOutput>;
/** POST companies/{companyId}/offers. */
export type OfferCreateBody = OfferCreate;
/** PATCH offers/{id}. */
export type OfferUpdateBody = OfferUpdate;

export interface OfferFilters {
  status?: OfferStatus;
}
export type OfferListParams = ListParams & OfferFilters;

export const OFFER_DEFAULT_ORDERING = '-created_at';

export const OFFER_TOASTS = {
  ...OFFER_MESSAGES,
  create_failed: 'Failed to create the offer.',
  update_failed: 'Failed to update the offer.',
  activated: 'Offer activated successfully.',
  deactivated: 'Offer deactivated successfully.',
  generate_failed: 'Failed to generate the coupon codes.',
  list_load_failed: 'Failed to load the offers.',
  load_failed: 'Failed to load the offer.',
  codes_load_failed: 'Failed to load the coupon codes.',
  redemptions_load_failed: 'Failed to load the redemptions.',
  export_failed: 'Failed to download the CSV file.',
} as const;

export const offerKeys = {
  all: ['offers'] as const,
  lists: () => [...offerKeys.all, 'list'] as const,
  list: (companyId: number, kind: OfferKind | undefined, params: OfferListParams) =>
    [...offerKeys.lists(), companyId, kind, params] as const,
  detail: (id: number) => [...offerKeys.all, 'detail', id] as const,
  history: (id: number) => [...offerKeys.all, 'history', id] as const,
  codes: (id: number) => [...offerKeys.all, 'codes', id] as const,
  codePage: (id: number, params: ListParams) => [...offerKeys.codes(id), params] as const,
  redemptions: (id: number, params: ListParams) => [...offerKeys.all, 'redemptions', id, params] as const,
};

const listPath = (companyId: number) => `companies/${companyId}/offers`;
const offerPath = (id: number) => `offers/${id}`;

/** The offers of one kind, or (no kind) of every kind the user may see. */
export const offerListQuery = (companyId: number, kind: OfferKind | undefined, params: OfferListParams) =>
  queryOptions({
    queryKey: offerKeys.list(companyId, kind, params),
    queryFn: ({ signal }) => api.get<Paged<Offer>>(listPath(companyId), { ...params, kind }, signal),
    placeholderData: keepPreviousData,
  });

export const offerQuery = (id: number) =>
  queryOptions({
    queryKey: offerKeys.detail(id),
    queryFn: ({ signal }) => api.get<Offer>(offerPath(id), undefined, signal),
    retry: false,
  });

export const offerHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: offerKeys.history(id),
    queryFn: ({ signal }) => api.get<OfferHistory>(`${offerPath(id)}/history`, undefined, signal),
  });

export const couponCodesQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: offerKeys.codePage(id, params),
    queryFn: ({ signal }) =>
      api.get<Paged<CouponCode>>(`${offerPath(id)}/coupon_codes`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

export const redemptionsQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: offerKeys.redemptions(id, params),
    queryFn: ({ signal }) =>
      api.get<Paged<Redemption>>(`${offerPath(id)}/redemptions`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/** Every code of the offer as a CSV file (GET offers/{id}/coupon_codes/export). */
export const downloadCouponCodesCsv = (id: number) =>
  downloadFile(`${offerPath(id)}/coupon_codes/export`, {}, `offer-${id}-coupon-codes.csv`);

/** Every redemption of the offer as a CSV file (GET offers/{id}/redemptions?format=csv). */
export const downloadRedemptionsCsv = (id: number, params: ListParams) =>
  downloadListCsv(`${offerPath(id)}/redemptions`, params, `offer-${id}-redemptions.csv`);

function useOfferChanged() {
  const queryClient = useQueryClient();
  return (offer: Offer) => {
    queryClient.setQueryData(offerKeys.detail(offer.id), offer);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: offerKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: offerKeys.codes(offer.id) }),
      queryClient.invalidateQueries({ queryKey: offerKeys.history(offer.id) }),
    ]);
  };
}

export function useCreateOffer(companyId: number) {
  const changed = useOfferChanged();
  return useMutation({
    mutationFn: (body: OfferCreateBody) => api.post<Offer>(listPath(companyId), body),
    meta: { successMessage: OFFER_TOASTS.created, errorMessage: OFFER_TOASTS.create_failed },
    onSuccess: changed,
  });
}

export function useUpdateOffer(id: number) {
  const changed = useOfferChanged();
  return useMutation({
    mutationFn: (body: OfferUpdateBody) => api.patch<Offer>(offerPath(id), body),
    meta: { successMessage: OFFER_TOASTS.updated, errorMessage: OFFER_TOASTS.update_failed },
    onSuccess: changed,
  });
}

/** Activate / Deactivate: PATCH offers/{id} {is_active}, with its own toast. */
export function useSetOfferActive(id: number) {
  const changed = useOfferChanged();
  return useMutation({
    mutationFn: (isActive: boolean) => api.patch<Offer>(offerPath(id), { is_active: isActive }),
    meta: { errorMessage: OFFER_TOASTS.update_failed },
    onSuccess: changed,
  });
}

/** Generate More Codes: POST offers/{id}/coupon_codes {count}. */
export function useGenerateCouponCodes(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (count: number) => api.post<unknown>(`${offerPath(id)}/coupon_codes`, { count }),
    meta: { successMessage: OFFER_TOASTS.codes_generated, errorMessage: OFFER_TOASTS.generate_failed },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.codes(id) }),
        queryClient.invalidateQueries({ queryKey: offerKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: offerKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: offerKeys.history(id) }),
      ]),
  });
}
