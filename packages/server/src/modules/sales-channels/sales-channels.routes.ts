import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { salesChannelOutput } from '@b2b/domain/api/sales-channels';
import { wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import * as service from './sales-channels.service.ts';

const tags = ['sales-channels'];

export async function salesChannelsRoutes(app: Api) {
  const { db } = app.ctx;

  // admin/sales_channel: the active channels (the order forms' choice); admin/all_sales_channel: all.
  for (const [path, activeOnly] of [
    ['/admin/sales_channel', true],
    ['/admin/all_sales_channel', false],
  ] as const) {
    app.get(
      path,
      {
        config: { cache: true },
        schema: { tags, querystring: listQuery, response: { 200: pageOf(salesChannelOutput) } },
      },
      async (request) =>
        wholePage(await service.listSalesChannels(db, requirePrincipal(request).companyId, activeOnly)),
    );
  }
}
