import { idParam } from '@b2b/domain/api/common';
import { QUOTATION_CSV_COLUMNS } from '@b2b/domain/api/list-csv';
import { csvList, pageOf } from '@b2b/domain/api/list-query';
import {
  availableOfferOutput,
  couponInput,
  type QUOTATION_ORDERINGS,
  QUOTATION_STATUSES,
  quotationEdit,
  quotationInput,
  quotationListQuery,
  quotationOutput,
  quotationSummaryOutput,
} from '@b2b/domain/api/sales-orders';
import { z } from 'zod';
import type { KeysetSort } from '../../db/keyset-paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { documentListRoutes } from '../sales-documents/document-list-routes.ts';
import { documentHistoryRoute } from '../sales-documents/document-routes.ts';
import {
  applyCoupon,
  deleteQuotation,
  editQuotation,
  removeCoupon,
  submitQuotation,
} from './change-quotation.ts';
import { createQuotation } from './create-quotation.ts';
import {
  availableOffers,
  getQuotation,
  listQuotations,
  quotationHistory,
  quotationToPrint,
} from './quotation-reads.ts';
import type { QuotationFilter } from './quotations.queries.ts';
import { salesDocumentDeliveryRoutes } from './sales-document-delivery.routes.ts';

const tags = ['quotations'];
const companyParams = z.object({ companyId: idParam });
const quotationParams = z.object({ id: idParam });

/** API ordering field -> SQL expression over the quotations alias `q` and its type (for cursors). */
const ORDERING: Record<(typeof QUOTATION_ORDERINGS)[number], Omit<KeysetSort, 'direction'>> = {
  date: { expression: 'q.quotation_date', type: 'date' },
  created_at: { expression: 'q.created_at', type: 'timestamptz' },
  quotation_number: { expression: 'q.quotation_number', type: 'text' },
  total: { expression: 'q.total_paise', type: 'bigint' },
};

const statusList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const statuses = csvList(value);
    const unknown = statuses.find((s) => !(QUOTATION_STATUSES as readonly string[]).includes(s));
    if (unknown) {
      ctx.addIssue({ code: 'custom', message: `Unknown status '${unknown}'.` });
      return z.NEVER;
    }
    return statuses;
  });

/**
 * Quotations (spec 1, section 7 "Orders and quotations"): the priced drafts orders are made from.
 * generate_order, generate_fulfilment_order and edit_order make orders and live with the orders
 * (sales-orders.routes.ts).
 */
export async function quotationsRoutes(app: Api) {
  const { db } = app.ctx;

  app.post(
    '/admin/companies/:companyId/generate_quotation',
    {
      config: { permission: 'add_quotation' },
      schema: { tags, params: companyParams, body: quotationInput, response: { 201: quotationOutput } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createQuotation({ db, actor: requirePrincipal(request), input: request.body })),
  );

  app.post(
    '/admin/companies/:companyId/edit_quotation',
    {
      config: { permission: 'change_quotation' },
      schema: { tags, params: companyParams, body: quotationEdit, response: { 200: quotationOutput } },
    },
    async (request) => editQuotation({ db, actor: requirePrincipal(request), input: request.body }),
  );

  documentListRoutes(app, {
    documents: 'quotations',
    csv: { filename: 'quotations', columns: QUOTATION_CSV_COLUMNS },
    tags,
    config: { permission: 'view_quotation' },
    description:
      'Quotations, newest date first; search by quotation number, buyer or reference; filters status__in, buyer, start_date, end_date.',
    output: quotationSummaryOutput,
    filters: quotationListQuery.extend({ status__in: statusList }),
    filterOf: (query): QuotationFilter => ({
      statuses: query.status__in,
      buyerId: query.buyer,
      startDate: query.start_date,
      endDate: query.end_date,
      search: query.search,
    }),
    ordering: ORDERING,
    defaultOrdering: '-date',
    list: (companyId, filter, sort, window) => listQuotations(db, companyId, filter, sort, window),
  });

  app.get(
    '/admin/quotations/:id',
    {
      config: { cache: true, permission: 'view_quotation' },
      schema: { tags, params: quotationParams, response: { 200: quotationOutput } },
    },
    async (request) => getQuotation(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.delete(
    '/admin/quotations/:id',
    {
      config: { permission: 'delete_quotation' },
      schema: { tags, params: quotationParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteQuotation({ db, actor: requirePrincipal(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/admin/quotations/:id/submit',
    {
      config: { permission: 'change_quotation' },
      schema: { tags, params: quotationParams, response: { 200: quotationOutput } },
    },
    async (request) => submitQuotation({ db, actor: requirePrincipal(request), id: request.params.id }),
  );

  app.get(
    '/quotations/:id/available_offers',
    {
      config: { cache: true, permission: 'view_quotation' },
      schema: { tags, params: quotationParams, response: { 200: pageOf(availableOfferOutput) } },
    },
    async (request) => availableOffers(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.post(
    '/admin/quotations/:id/apply_coupon_code',
    {
      config: { permission: 'change_quotation' },
      schema: { tags, params: quotationParams, body: couponInput, response: { 200: quotationOutput } },
    },
    async (request) =>
      applyCoupon({
        db,
        actor: requirePrincipal(request),
        id: request.params.id,
        couponCode: request.body.coupon_code,
      }),
  );

  app.post(
    '/admin/quotations/:id/remove_coupon_code',
    {
      config: { permission: 'change_quotation' },
      schema: { tags, params: quotationParams, response: { 200: quotationOutput } },
    },
    async (request) => removeCoupon({ db, actor: requirePrincipal(request), id: request.params.id }),
  );

  salesDocumentDeliveryRoutes(app, {
    kind: 'quotation',
    path: '/admin/quotations',
    sharedPath: '/shared/quotations',
    notFound: 'Quotation Not Found',
    tags,
    view: { permission: 'view_quotation' },
    change: { permission: 'change_quotation' },
    read: quotationToPrint,
  });

  documentHistoryRoute(app, {
    path: '/admin/quotations',
    tags,
    config: { permission: 'view_quotation' },
    history: (companyId, id) => quotationHistory(db, companyId, id),
  });
}
