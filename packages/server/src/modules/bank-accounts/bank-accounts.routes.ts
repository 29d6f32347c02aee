import { bankAccountCreate, bankAccountOutput, bankAccountUpdate } from '@b2b/domain/api/bank-accounts';
import { detailResponse, idParam } from '@b2b/domain/api/common';
import { booleanParam, listQuery } from '@b2b/domain/api/list-query';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams as params } from '../../http/path-params.ts';
import { recordRead } from '../../http/record-read.ts';
import { route } from '../../http/route.ts';
import * as service from './bank-accounts.service.ts';

const tags = ['bank accounts'];
const ORDERING = {
  created_at: 'ba.created_at',
  updated_at: 'ba.updated_at',
  bank_name: 'ba.bank_name',
  account_holder_name: 'ba.account_holder_name',
  is_default: 'ba.is_default',
  branch: 'b.name',
};

/** A branch's bank accounts (the v1 paths of the spec). */
export async function bankAccountsRoutes(app: Api) {
  const { db } = app.ctx;
  const list = { permission: 'view_bank_account', tags, item: bankAccountOutput };

  route(
    app,
    'POST /v1/branches/:id/bank_accounts',
    {
      permission: 'add_bank_account',
      tags,
      params,
      body: bankAccountCreate,
      response: bankAccountOutput,
      status: 201,
    },
    (request, actor) =>
      service.createBankAccount({ db, actor, branchId: request.params.id, input: request.body }),
  );

  listRoute(
    app,
    '/v1/branches/:id/bank_accounts',
    { ...list, params, querystring: listQuery, order: [ORDERING, '-created_at'] },
    (request, sort, window, actor) => {
      const filter = { branchId: request.params.id, search: request.query.search };
      return service.listBankAccounts({ db, companyId: actor.companyId, filter, sort, window });
    },
  );

  listRoute(
    app,
    '/v1/companies/:companyId/bank_accounts',
    {
      ...list,
      params: companyParams,
      querystring: listQuery.extend({ branch: idParam.optional(), is_default: booleanParam.optional() }),
      order: [ORDERING, '-created_at'],
    },
    (request, sort, window, actor) => {
      const { query } = request;
      const filter = {
        branches: branchScope(actor),
        branchId: query.branch,
        search: query.search,
        isDefault: query.is_default,
      };
      return service.listBankAccounts({ db, companyId: request.params.companyId, filter, sort, window });
    },
  );

  recordRead(
    app,
    '/v1/bank_accounts/:id',
    { permission: 'view_bank_account', tags, response: bankAccountOutput },
    service.getBankAccount,
  );

  route(
    app,
    'PATCH /v1/bank_accounts/:id',
    { permission: 'change_bank_account', tags, params, body: bankAccountUpdate, response: bankAccountOutput },
    (request, actor) =>
      service.updateBankAccount({ db, actor, bankAccountId: request.params.id, changes: request.body }),
  );

  route(
    app,
    'POST /v1/bank_accounts/:id/delete',
    { permission: 'delete_bank_account', tags, params, response: detailResponse },
    (request, actor) => service.deleteBankAccount({ db, actor, bankAccountId: request.params.id }),
  );
}
