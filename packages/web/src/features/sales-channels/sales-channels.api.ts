import type {
  SalesChannelCreateBody,
  SalesChannelCreated,
  SalesChannelUpdateBody,
  salesChannelOutput,
} from '@b2b/domain/api/sales-channels';
import { STOREFRONT_MESSAGES, type salesChannelCredentialsOutput } from '@b2b/domain/api/storefront';
import { SALES_CHANNEL_MESSAGES } from '@b2b/domain/sales-channels';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import { referenceKeys } from '../reference/reference.api';

/** A channel the company sells through (admin panel, web store, app...), active or not. */
export type SalesChannelDetail = z.output<typeof salesChannelOutput>;

export const salesChannelKeys = {
  all: ['sales-channels'] as const,
  list: () => [...salesChannelKeys.all, 'list'] as const,
};

/** Every sales channel of the signed-in user's company, the inactive ones included. */
export const salesChannelListQuery = queryOptions({
  queryKey: salesChannelKeys.list(),
  queryFn: ({ signal }) => api.get<Paged<SalesChannelDetail>>('admin/all_sales_channel/', undefined, signal),
});

/** The new credentials: the client secret is in this answer only. */
export type SalesChannelCredentials = z.output<typeof salesChannelCredentialsOutput>;

/** After a change: this screen's list and the channels the order forms offer. */
function useChannelsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: salesChannelKeys.all });
    void queryClient.invalidateQueries({ queryKey: referenceKeys.salesChannels() });
  };
}

/** Generates (or replaces) the channel's client secret; the list shows the new date. */
export function useGenerateCredentials() {
  const changed = useChannelsChanged();
  return useMutation({
    mutationFn: (id: number) => api.post<SalesChannelCredentials>(`sales_channels/${id}/credentials`),
    meta: { errorMessage: STOREFRONT_MESSAGES.credentials_failed },
    onSuccess: changed,
  });
}

/** A new channel; the answer carries its client secret, this once. */
export function useCreateSalesChannel(companyId: number) {
  const changed = useChannelsChanged();
  return useMutation({
    mutationFn: (body: SalesChannelCreateBody) =>
      api.post<SalesChannelCreated>(`companies/${companyId}/sales_channels`, body),
    meta: { successMessage: SALES_CHANNEL_MESSAGES.created },
    onSuccess: changed,
  });
}

/** Its name, type, marketing enablement or active switch. */
export function useUpdateSalesChannel() {
  const changed = useChannelsChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SalesChannelUpdateBody }) =>
      api.patch<SalesChannelDetail>(`sales_channels/${id}`, body),
    onSuccess: changed,
  });
}

/** Sets the hours after which an untouched cart of the channel is abandoned. */
export function useUpdateCartSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hours }: { id: number; hours: number }) =>
      api.patch<SalesChannelDetail>(`sales_channels/${id}/cart_settings`, {
        cart_abandon_after_hours: hours,
      }),
    meta: { successMessage: STOREFRONT_MESSAGES.settings_updated },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesChannelKeys.all }),
  });
}
