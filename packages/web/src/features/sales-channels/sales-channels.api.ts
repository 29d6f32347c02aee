import type { salesChannelOutput } from '@b2b/domain/api/sales-channels';
import { queryOptions } from '@tanstack/react-query';
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
