import { bankAccountCreate, bankAccountOutput, bankAccountUpdate } from '@b2b/domain/api/bank-accounts';
import { detailResponse, idParam } from '@b2b/domain/api/common';
import { booleanParam, listQuery, pageOf } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { orderedPage } from '../../http/page-links.ts';
import * as service from './bank-accounts.service.ts';

const tags = ['bank accounts'];
const params = z.object({ id: idParam });
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

  app.post(
    '/v1/branches/:id/bank_accounts',
    {
      config: { permission: 'add_bank_account' },
      schema: { tags, params, body: bankAccountCreate, response: { 201: bankAccountOutput } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createBankAccount({
          db,
          actor: requirePrincipal(request),
          branchId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.get(
    '/v1/branches/:id/bank_accounts',
    {
      config: { permission: 'view_bank_account', cache: true },
      schema: { tags, params, querystring: listQuery, response: { 200: pageOf(bankAccountOutput) } },
    },
    async (request) =>
      orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        service.listBankAccounts({
          db,
          companyId: requirePrincipal(request).companyId,
          filter: { branchId: request.params.id, search: request.query.search },
          sort,
          window,
        }),
      ),
  );

  app.get(
    '/v1/companies/:companyId/bank_accounts',
    {
      config: { permission: 'view_bank_account', cache: true },
      schema: {
        tags,
        params: z.object({ companyId: idParam }),
        querystring: listQuery.extend({ branch: idParam.optional(), is_default: booleanParam.optional() }),
        response: { 200: pageOf(bankAccountOutput) },
      },
    },
    async (request) =>
      orderedPage(request, ORDERING, '-created_at', (sort, window) =>
        service.listBankAccounts({
          db,
          companyId: request.params.companyId,
          filter: {
            branches: branchScope(requirePrincipal(request)),
            branchId: request.query.branch,
            search: request.query.search,
            isDefault: request.query.is_default,
          },
          sort,
          window,
        }),
      ),
  );

  app.get(
    '/v1/bank_accounts/:id',
    {
      config: { permission: 'view_bank_account', cache: true },
      schema: { tags, params, response: { 200: bankAccountOutput } },
    },
    async (request) => service.getBankAccount(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.patch(
    '/v1/bank_accounts/:id',
    {
      config: { permission: 'change_bank_account' },
      schema: { tags, params, body: bankAccountUpdate, response: { 200: bankAccountOutput } },
    },
    async (request) =>
      service.updateBankAccount({
        db,
        actor: requirePrincipal(request),
        bankAccountId: request.params.id,
        changes: request.body,
      }),
  );

  app.post(
    '/v1/bank_accounts/:id/delete',
    {
      config: { permission: 'delete_bank_account' },
      schema: { tags, params, response: { 200: detailResponse } },
    },
    async (request) =>
      service.deleteBankAccount({ db, actor: requirePrincipal(request), bankAccountId: request.params.id }),
  );
}
