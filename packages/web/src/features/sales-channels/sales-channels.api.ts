import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';

/** A channel the company sells through (admin panel, web store, app...), active or not. */
export interface SalesChannelDetail {
  id: number;
  name: string;
  display_name: string;
  is_active: boolean;
  is_marketing_enabled: boolean;
}

export const salesChannelKeys = {
  all: ['sales-channels'] as const,
  list: () => [...salesChannelKeys.all, 'list'] as const,
};

/** Every sales channel of the signed-in user's company, the inactive ones included. */
export const salesChannelListQuery = queryOptions({
  queryKey: salesChannelKeys.list(),
  queryFn: ({ signal }) => api.get<Paged<SalesChannelDetail>>('admin/all_sales_channel/', undefined, signal),
});
