import { addressOutput, idParam, timestamp } from '@b2b/domain/api/common';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { booleanParam, csvList, listQuery, page, pageOf, pageWindow } from '../../http/list-params.ts';
import { addressesByOwner } from '../addresses/addresses.service.ts';
import * as service from './branches.service.ts';

const branchOutput = z.object({
  id: z.number(),
  name: z.string(),
  gstin: z.string().nullable(),
  is_active: z.boolean(),
  round_off_enabled: z.boolean(),
  contact_person_name: z.string().nullable(),
  contact_person_email: z.string().nullable(),
  contact_person_phone: z.string().nullable(),
  addresses: z.array(addressOutput).optional(),
  created_at: timestamp,
  updated_at: timestamp,
});

export async function branchesRoutes(app: Api) {
  const { db } = app.ctx;
  // Read-only here; the parties-and-places issue adds create, edit and the rest.
  app.get(
    '/companies/:companyId/branches',
    {
      config: { cache: true },
      schema: {
        tags: ['branches'],
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend({ is_active: booleanParam.optional() }),
        response: { 200: pageOf(branchOutput) },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const window = pageWindow(request.query);
      const [{ n }, rows] = await service.listBranches(
        db,
        companyId,
        { search: request.query.search, isActive: request.query.is_active },
        window,
      );
      const addresses = csvList(request.query.expand).includes('addresses')
        ? await addressesByOwner(
            db,
            companyId,
            'branch',
            rows.map((r) => r.id),
          )
        : undefined;
      return page(
        request,
        window,
        Number(n),
        rows.map((r) => (addresses ? { ...r, addresses: addresses.get(r.id) ?? [] } : r)),
      );
    },
  );
}
