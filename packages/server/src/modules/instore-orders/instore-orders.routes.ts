import { idParam } from '@b2b/domain/api/common';
import {
  counterContextOutput,
  counterOffersInput,
  counterOffersOutput,
  counterProductOutput,
  counterProductsOutput,
  instoreOrderInput,
  instoreOrderOutput,
  productLookupQuery,
  productSearchQuery,
} from '@b2b/domain/api/instore-orders';
import { INSTORE_MESSAGES } from '@b2b/domain/instore-orders';
import { z } from 'zod';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { idempotently } from '../../http/idempotency.ts';
import { feedbackOutbox } from '../customer-feedback/customer-feedback.service.ts';
import * as service from './instore-orders.service.ts';

const tags = ['instore orders'];
const companyParams = z.object({ companyId: idParam });

const VIEW = { permission: 'view_instore_order' } as const;
const SELL = { permission: 'add_instore_order', forbidden: INSTORE_MESSAGES.forbidden_sell } as const;

/** The instore counter (point of sale): product look-ups by barcode and the one-call sale. */
export async function instoreOrdersRoutes(app: Api) {
  const { ctx } = app;
  const { db } = ctx;
  const invoiceContext = { db, eInvoicingConfigured: ctx.irp !== undefined };

  app.get(
    '/admin/companies/:companyId/instore/counter',
    {
      config: VIEW,
      schema: {
        tags,
        description:
          'What the counter screen starts from: the company, the active warehouses with their branch (round-off, address) and the active payment methods with the tender each one is (cash, card, upi, other).',
        params: companyParams,
        response: { 200: counterContextOutput },
      },
    },
    async (request) =>
      service.counterContext(db, request.params.companyId, branchScope(requirePrincipal(request))),
  );

  app.post(
    '/admin/companies/:companyId/instore/offers',
    {
      config: SELL,
      schema: {
        tags,
        description:
          "What the counter's cart gets from the offers before the sale (each line's product offer, the cart offer, cashpoints), by the rule every order follows; a coupon that does not apply is a 400 saying why. Writes nothing.",
        params: companyParams,
        body: counterOffersInput,
        response: { 200: counterOffersOutput },
      },
    },
    async (request) => service.counterOffers(db, request.params.companyId, request.body),
  );

  app.get(
    '/admin/companies/:companyId/instore/product_lookup',
    {
      config: VIEW,
      schema: {
        tags,
        description:
          'The product whose UPC or SKU equals `code` (trimmed, case ignored), with its tax-inclusive price, GST and sellable stock in `warehouse`; 404 when none.',
        params: companyParams,
        querystring: productLookupQuery,
        response: { 200: counterProductOutput },
      },
    },
    async (request) =>
      service.lookupProduct(db, request.params.companyId, request.query.code, request.query.warehouse),
  );

  app.get(
    '/admin/companies/:companyId/instore/products',
    {
      config: VIEW,
      schema: {
        tags,
        description: 'Products whose name, SKU or UPC contains `search`, by name, as the counter sells them.',
        params: companyParams,
        querystring: productSearchQuery,
        response: { 200: counterProductsOutput },
      },
    },
    async (request) =>
      service.searchProducts(db, request.params.companyId, {
        search: request.query.search,
        warehouseId: request.query.warehouse,
        limit: request.query.limit,
      }),
  );

  app.post(
    '/admin/companies/:companyId/instore_orders',
    {
      config: SELL,
      schema: {
        tags,
        description:
          'A counter sale in one transaction: the buyer (or a walk-in customer), an order confirmed and invoiced in full, and one payment per tender. Tenders must pay the invoice total exactly; cash may exceed it by the change (`change_due`). Send an `Idempotency-Key` header to make retries safe.',
        params: companyParams,
        body: instoreOrderInput,
        response: { 201: instoreOrderOutput },
      },
    },
    async (request, reply) => {
      const actor = requirePrincipal(request);
      return idempotently(db, request, reply, actor, async (executor) => ({
        status: 201,
        body: await service.createInstoreOrder({
          ctx: { ...invoiceContext, db: executor },
          actor,
          input: request.body,
          feedback: feedbackOutbox(ctx),
        }),
      }));
    },
  );
}
