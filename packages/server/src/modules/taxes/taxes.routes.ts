import { idParam } from '@b2b/domain/api/common';
import { pageOf } from '@b2b/domain/api/list-query';
import { taxListFilters, taxOutput, taxUpdate } from '@b2b/domain/api/taxes';
import { z } from 'zod';
import { wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { companyRowPatch } from '../../http/company-row-patch.ts';
import * as service from './taxes.service.ts';

const tags = ['taxes'];

export async function taxesRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/companies/:companyId/taxes',
    {
      config: { cache: true },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: taxListFilters,
        response: { 200: pageOf(taxOutput) },
      },
    },
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
