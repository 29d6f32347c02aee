import { idParam } from '@b2b/domain/api/common';
import { pageOf } from '@b2b/domain/api/list-query';
import { taxListFilters, taxOutput, taxUpdate } from '@b2b/domain/api/taxes';
import { z } from 'zod';
import { wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
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

  app.patch(
    '/companies/:companyId/taxes/:id',
    {
      config: { permission: 'change_tax' },
      schema: {
        tags,
        params: z.object({ companyId: idParam, id: idParam }),
        body: taxUpdate,
        response: { 200: taxOutput },
      },
    },
    async (request) =>
      service.updateTax({
        db,
        actor: requirePrincipal(request),
        taxId: request.params.id,
        changes: request.body,
      }),
  );
}
