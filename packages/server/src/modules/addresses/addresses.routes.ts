import { addressUpdate, ownedAddressOutput } from '@b2b/domain/api/addresses';
import { detailResponse, idParam } from '@b2b/domain/api/common';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import * as service from './addresses.service.ts';

const tags = ['addresses'];
const params = z.object({ id: idParam });

/**
 * The address routes every owner shares (branches, warehouses, buyers, sellers...). The route
 * only needs a signed-in user: the permission depends on the address's owner, so the service
 * checks it once the address is found (see DEFAULT_PERMISSIONS and registerAddressOwnerRules).
 */
export async function addressesRoutes(app: Api) {
  const { db } = app.ctx;

  app.patch(
    '/addresses/:id',
    { schema: { tags, params, body: addressUpdate, response: { 200: ownedAddressOutput } } },
    async (request) =>
      service.updateAddress({
        db,
        actor: requirePrincipal(request),
        addressId: request.params.id,
        changes: request.body,
      }),
  );

  app.post(
    '/addresses/:id/delete',
    { schema: { tags, params, response: { 200: detailResponse } } },
    async (request) =>
      service.deleteAddress({ db, actor: requirePrincipal(request), addressId: request.params.id }),
  );

  for (const [path, visible] of [
    ['visible', true],
    ['invisible', false],
  ] as const) {
    app.post(
      `/addresses/:id/${path}`,
      { schema: { tags, params, response: { 200: ownedAddressOutput } } },
      async (request) =>
        service.setAddressVisible({
          db,
          actor: requirePrincipal(request),
          addressId: request.params.id,
          visible,
        }),
    );
  }
}
