import { pageOf } from '@b2b/domain/api/list-query';
import { taxListFilters, taxOutput, taxUpdate } from '@b2b/domain/api/taxes';
import { wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { companyRowPatch } from '../../http/company-row-patch.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './taxes.service.ts';

const tags = ['taxes'];

export async function taxesRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /companies/:companyId/taxes',
    { cache: true, tags, params: companyParams, querystring: taxListFilters, response: pageOf(taxOutput) },
    async (request) => wholePage(await service.listTaxes(db, request.params.companyId, request.query.type)),
  );

  companyRowPatch(app, {
    path: '/companies/:companyId/taxes/:id',
    permission: 'change_tax',
    tags,
    body: taxUpdate,
    response: taxOutput,
    update: (actor, taxId, changes) => service.updateTax({ db, actor, taxId, changes }),
  });
}
