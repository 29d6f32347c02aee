import { idParam, timestamp } from '@b2b/domain/api/common';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { booleanParam, listQuery, page, pageOf, pageWindow } from '../../http/list-params.ts';
import * as service from './warehouses.service.ts';

const warehouseOutput = z.object({
  id: z.number(),
  name: z.string(),
  tally_warehouse_name: z.string().nullable(),
  position: z.number(),
  is_active: z.boolean(),
  is_private: z.boolean(),
  branch: z.object({ id: z.number(), name: z.string() }),
  created_at: timestamp,
  updated_at: timestamp,
});

export async function warehousesRoutes(app: Api) {
  const { db } = app.ctx;
  // Read-only here (pickers need it); the parties-and-places issue adds create, edit and the rest.
  app.get(
    '/companies/:companyId/warehouses',
    {
      config: { cache: true },
      schema: {
        tags: ['warehouses'],
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend({ is_active: booleanParam.optional(), branch: idParam.optional() }),
        response: { 200: pageOf(warehouseOutput) },
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.listWarehouses(
        db,
        request.params.companyId,
        { search: request.query.search, isActive: request.query.is_active, branchId: request.query.branch },
        window,
      );
      return page(request, window, count, results);
    },
  );
}
