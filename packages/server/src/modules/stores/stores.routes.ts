import { listQuery, pageOf } from '@b2b/domain/api/list-query';
import { storeCreate, storeListFilters, storeOutput, storeUpdate } from '@b2b/domain/api/stores';
import { wholePage } from '../../core/paging.ts';
import type { Api } from '../../http/api-types.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import * as service from './stores.service.ts';

const tags = ['stores'];

/** /stores (issue 26): the company's physical stores and counters, list, create and edit. */
export async function storesRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /companies/:companyId/stores',
    {
      permission: 'view_store',
      cache: true,
      tags,
      description:
        "The stores of the caller's branches by name, all on one page; `is_active`, `branch` and `search` (name) narrow them.",
      params: companyParams,
      querystring: listQuery.extend(storeListFilters.shape),
      response: pageOf(storeOutput),
    },
    async (request, actor) =>
      wholePage(
        await service.listStores(db, actor, {
          isActive: request.query.is_active,
          branchId: request.query.branch,
          search: request.query.search,
        }),
      ),
  );

  route(
    app,
    'POST /companies/:companyId/stores',
    {
      permission: 'add_store',
      tags,
      description:
        'A store: its name, its branch and a warehouse of that branch it sells from, the sales channel its sales count under (null: instore) and its receipt printer width (58 or 80 mm).',
      params: companyParams,
      body: storeCreate,
      response: storeOutput,
      status: 201,
    },
    (request, actor) => service.createStore({ db, actor, input: request.body }),
  );

  recordRead(app, '/stores/:id', { permission: 'view_store', tags, response: storeOutput }, service.getStore);

  route(
    app,
    'PATCH /stores/:id',
    {
      permission: 'change_store',
      tags,
      description: 'Changes a store; `is_active: false` deactivates it (the counter stops offering it).',
      params: recordParams,
      body: storeUpdate,
      response: storeOutput,
    },
    (request, actor) => service.updateStore({ db, actor, storeId: request.params.id, changes: request.body }),
  );
}
