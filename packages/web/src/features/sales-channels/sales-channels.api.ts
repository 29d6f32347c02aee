import type { salesChannelOutput } from '@b2b/domain/api/sales-channels';
import { STOREFRONT_MESSAGES, type salesChannelCredentialsOutput } from '@b2b/domain/api/storefront';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';

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

/** Generates (or replaces) the channel's client secret; the list shows the new date. */
export function useGenerateCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<SalesChannelCredentials>(`sales_channels/${id}/credentials`),
    meta: { errorMessage: STOREFRONT_MESSAGES.credentials_failed },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesChannelKeys.all }),
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
