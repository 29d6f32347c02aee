import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { salesChannelOutput } from '@b2b/domain/api/sales-channels';
import { wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { route } from '../../http/route.ts';
import * as service from './sales-channels.service.ts';

const tags = ['sales-channels'];

export async function salesChannelsRoutes(app: Api) {
  const { db } = app.ctx;

  // admin/sales_channel: the active channels (the order forms' choice); admin/all_sales_channel: all.
  for (const [endpoint, activeOnly] of [
    ['GET /admin/sales_channel', true],
    ['GET /admin/all_sales_channel', false],
  ] as const) {
    route(
      app,
      endpoint,
      { cache: true, tags, querystring: listQuery, response: pageOf(salesChannelOutput) },
      async (_request, actor) => wholePage(await service.listSalesChannels(db, actor.companyId, activeOnly)),
    );
  }
}
