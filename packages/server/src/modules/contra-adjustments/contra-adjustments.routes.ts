import { historyPageOutput } from '@b2b/domain/api/sales-orders';
import { adjustAgainstPurchaseInput, contraAdjustmentOutput, contraBillsOutput } from '@b2b/domain/contra';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { idempotently } from '../../http/idempotency.ts';
import { recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { withdrawLinksAfterCommit } from '../razorpay/withdraw-links-routes.ts';
import * as service from './contra-adjustments.service.ts';

const tags = ['contra adjustments'];

const cancelInput = z
  .object({
    reason: z.string().trim().max(500, 'Ensure this field has no more than 500 characters.').optional(),
  })
  .strict()
  .optional();

/**
 * Contra adjustments (issue 19): an invoice set off against the same party's bills. Adjusting and
 * cancelling need change_invoice (the route's permission) and add_payment_made (checked beside it).
 */
export async function contraAdjustmentsRoutes(app: Api) {
  const { db } = app.ctx;

  app.post(
    '/admin/invoices/:id/adjust_against_purchase',
    {
      config: { permission: 'change_invoice' },
      schema: {
        tags,
        description:
          'Sets the invoice off against bills of the same party (same GSTIN; unregistered: same PAN or phone): `bills: [{bill, amount}]`, each no more than the bill’s balance and in all no more than the invoice’s balance. The invoice is credited and the bills settled in one transaction. Needs change_invoice and add_payment_made. Send an `Idempotency-Key` header to make retries safe.',
        params: recordParams,
        body: adjustAgainstPurchaseInput,
        response: { 201: contraAdjustmentOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      const answer = await idempotently(db, request, reply, actor, async (executor) => ({
        status: 201,
        body: await service.adjustAgainstPurchase({
          db: executor,
          actor,
          invoiceId: request.params.id,
          input: request.body,
        }),
      }));
      // After the commit (the answer is sent): a live Razorpay link on the invoice it settled is withdrawn.
      await withdrawLinksAfterCommit(app.ctx, request, actor, { invoiceId: request.params.id });
      return answer;
    },
  );

  route(
    app,
    'GET /admin/invoices/:id/contra_bills',
    {
      permission: 'change_invoice',
      tags,
      description:
        'For the Adjust Against Purchase dialog (change_invoice and add_payment_made): the seller that is this invoice’s buyer, its open bills with balances, and the invoice’s balance.',
      params: recordParams,
      response: contraBillsOutput,
    },
    async (request, actor) => service.contraBillsOf(db, actor, request.params.id),
  );

  route(
    app,
    'GET /admin/contra_adjustments/:id',
    { permission: 'view_invoice', tags, params: recordParams, response: contraAdjustmentOutput },
    async (request, actor) => service.getContra(db, actor, request.params.id),
  );

  route(
    app,
    'GET /admin/contra_adjustments/:id/history',
    { permission: 'view_invoice', tags, params: recordParams, response: historyPageOutput },
    async (request, actor) => service.contraHistory(db, actor, request.params.id),
  );

  route(
    app,
    'POST /admin/contra_adjustments/:id/cancel',
    {
      permission: 'change_invoice',
      tags,
      description: 'Undoes a contra adjustment: the invoice and the bills are due again by what it settled.',
      params: recordParams,
      body: cancelInput,
      response: contraAdjustmentOutput,
    },
    async (request, actor) =>
      service.cancelContra({ db, actor, id: request.params.id, reason: request.body?.reason }),
  );
}
