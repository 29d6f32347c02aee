import type {
  ReferralCodeOutput,
  ReferralInviteInput,
  ReferralOutput,
  ReferralProgramInput,
  ReferralProgramOutput,
  referralListQuery,
} from '@b2b/domain/api/referrals';
import { REFERRAL_MESSAGES } from '@b2b/domain/referrals';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { FiltersOf, ListParams, Paged } from '../../api/types';
import { cashpointKeys } from '../cashpoints/cashpoints.api';

/** Timestamps arrive as ISO strings. */
export type Referral = Omit<ReferralOutput, `${string}_at`> & {
  invited_at: string;
  signed_up_at: string | null;
  first_order_at: string | null;
  rewarded_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
};
export type ReferralProgram = Omit<ReferralProgramOutput, 'updated_at'> & { updated_at: string | null };
export type ReferralListParams = ListParams & FiltersOf<typeof referralListQuery>;

export const REFERRAL_TOASTS = {
  program_save_failed: 'Failed to save the referral program.',
  invite_failed: 'Failed to record the invite.',
  link_failed: 'Failed to link the buyer.',
  reward_failed: 'Failed to give the rewards.',
  cancel_failed: 'Failed to cancel the referral.',
  code_failed: 'Failed to create the referral code.',
  list_load_failed: 'Failed to load referrals',
} as const;

export const referralKeys = {
  all: ['referrals'] as const,
  program: (companyId: number) => [...referralKeys.all, 'program', companyId] as const,
  lists: () => [...referralKeys.all, 'list'] as const,
  list: (companyId: number, params: ReferralListParams) =>
    [...referralKeys.lists(), companyId, params] as const,
  code: (buyerId: number) => [...referralKeys.all, 'code', buyerId] as const,
};

export const referralProgramQuery = (companyId: number) =>
  queryOptions({
    queryKey: referralKeys.program(companyId),
    queryFn: ({ signal }) =>
      api.get<ReferralProgram>(`companies/${companyId}/referral-program`, undefined, signal),
  });

export const referralListQueryOptions = (companyId: number, params: ReferralListParams) =>
  queryOptions({
    queryKey: referralKeys.list(companyId, params),
    queryFn: ({ signal }) => api.get<Paged<Referral>>(`companies/${companyId}/referrals`, params, signal),
    placeholderData: keepPreviousData,
  });

export const referralCodeQuery = (buyerId: number) =>
  queryOptions({
    queryKey: referralKeys.code(buyerId),
    queryFn: ({ signal }) =>
      api.get<ReferralCodeOutput>(`buyers/${buyerId}/referral-code`, undefined, signal),
  });

export function useSaveReferralProgram(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralProgramInput) =>
      api.put<ReferralProgram>(`companies/${companyId}/referral-program`, body),
    meta: {
      successMessage: REFERRAL_MESSAGES.program_saved,
      errorMessage: REFERRAL_TOASTS.program_save_failed,
    },
    onSuccess: (program) => queryClient.setQueryData(referralKeys.program(companyId), program),
  });
}

/** Any change of a referral: the lists, the buyers' codes (their counts) and the cashpoints it credited. */
function useReferralChange<B>(
  request: (body: B) => Promise<Referral>,
  meta: { successMessage: string; errorMessage: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    meta,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referralKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: [...referralKeys.all, 'code'] }),
        queryClient.invalidateQueries({ queryKey: cashpointKeys.all }),
      ]),
  });
}

export const useRecordInvite = (companyId: number) =>
  useReferralChange(
    (body: ReferralInviteInput) => api.post<Referral>(`companies/${companyId}/referrals`, body),
    { successMessage: REFERRAL_MESSAGES.invite_recorded, errorMessage: REFERRAL_TOASTS.invite_failed },
  );

export const useLinkBuyer = () =>
  useReferralChange(
    ({ id, buyer }: { id: number; buyer: number }) =>
      api.post<Referral>(`referrals/${id}/link_buyer`, { buyer }),
    { successMessage: REFERRAL_MESSAGES.buyer_linked, errorMessage: REFERRAL_TOASTS.link_failed },
  );

export const useRewardReferral = () =>
  useReferralChange((id: number) => api.post<Referral>(`referrals/${id}/reward`), {
    successMessage: REFERRAL_MESSAGES.rewarded,
    errorMessage: REFERRAL_TOASTS.reward_failed,
  });

export const useCancelReferral = () =>
  useReferralChange((id: number) => api.post<Referral>(`referrals/${id}/cancel`), {
    successMessage: REFERRAL_MESSAGES.cancelled,
    errorMessage: REFERRAL_TOASTS.cancel_failed,
  });

export function useCreateReferralCode(buyerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReferralCodeOutput>(`buyers/${buyerId}/referral-code`),
    meta: { successMessage: REFERRAL_MESSAGES.code_created, errorMessage: REFERRAL_TOASTS.code_failed },
    onSuccess: (code) => queryClient.setQueryData(referralKeys.code(buyerId), code),
  });
}

/** The company's offers to choose a coupon reward from (the offers area's list, titles only). */
export const rewardOfferOptionsQuery = (companyId: number) =>
  queryOptions({
    queryKey: [...referralKeys.all, 'offers', companyId] as const,
    queryFn: async ({ signal }) => {
      const page = await api.get<Paged<{ id: number; title: string }>>(
        `companies/${companyId}/offers`,
        { limit: -1, ordering: 'title' },
        signal,
      );
      return page.results.map((offer) => ({ value: String(offer.id), label: offer.title }));
    },
  });
