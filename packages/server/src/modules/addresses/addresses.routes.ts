import { addressUpdate, ownedAddressOutput } from '@b2b/domain/api/addresses';
import { detailResponse } from '@b2b/domain/api/common';
import type { Api } from '../../http/api-types.ts';
import { recordParams as params } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './addresses.service.ts';

const tags = ['addresses'];

/**
 * The address routes every owner shares (branches, warehouses, buyers, sellers...). The route
 * only needs a signed-in user: the permission depends on the address's owner, so the service
 * checks it once the address is found (see DEFAULT_PERMISSIONS and registerAddressOwnerRules).
 */
export async function addressesRoutes(app: Api) {
  const { db } = app.ctx;
  const address = { tags, params, response: ownedAddressOutput };

  route(app, 'PATCH /addresses/:id', { ...address, body: addressUpdate }, (request, actor) =>
    service.updateAddress({ db, actor, addressId: request.params.id, changes: request.body }),
  );

  route(app, 'POST /addresses/:id/delete', { tags, params, response: detailResponse }, (request, actor) =>
    service.deleteAddress({ db, actor, addressId: request.params.id }),
  );

  for (const [endpoint, visible] of [
    ['POST /addresses/:id/visible', true],
    ['POST /addresses/:id/invisible', false],
  ] as const) {
    route(app, endpoint, address, (request, actor) =>
      service.setAddressVisible({ db, actor, addressId: request.params.id, visible }),
    );
  }
}
