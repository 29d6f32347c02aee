import {
  BULK_LIMIT,
  bulkShipmentStatusInput,
  bulkShipmentStatusOutput,
} from '@b2b/domain/api/bulk-documents';
import { idParam } from '@b2b/domain/api/common';
import { SHIPMENT_CSV_COLUMNS } from '@b2b/domain/api/list-csv';
import { type ListQuery, listQuery, pageOf, valueList } from '@b2b/domain/api/list-query';
import {
  createShipmentInput,
  initiateShipmentOutput,
  type SHIPMENT_ORDERINGS,
  SHIPMENT_STATUSES,
  shipmentIntegrationsOutput,
  shipmentListQuery,
  shipmentOutput,
  shipmentStatusInput,
  shipmentSummaryOutput,
  shipmentUpdate,
} from '@b2b/domain/api/shipments';
import { SHIPMENT_MESSAGES } from '@b2b/domain/shipments';
import { z } from 'zod';
import { cursorParam, type KeysetSort, keysetSort } from '../../db/keyset-paging.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { offsetOrKeysetPage } from '../../http/page-links.ts';
import { sendPdf } from '../../http/pdf-download.ts';
import { courierDirectory } from '../courier-accounts/courier-accounts.service.ts';
import { feedbackOutbox } from '../customer-feedback/customer-feedback.service.ts';
import { documentListRoutes } from '../sales-documents/document-list-routes.ts';
import {
  documentCommentRoute,
  documentHistoryRoute,
  documentPermissions,
} from '../sales-documents/document-routes.ts';
import { addComment, changeShipmentStatus, trackShipment, updateShipment } from './change-shipment.ts';
import { createShipment } from './create-shipment.ts';
import { bulkShipmentStatus } from './shipment-bulk.ts';
import { bookingCarrier, type ShipmentContext } from './shipment-context.ts';
import { shipmentDeliveryNote } from './shipment-delivery-note.ts';
import {
  assertInvoiceExists,
  getShipment,
  initiateShipment,
  listShipments,
  shipmentHistory,
  shipmentIntegrations,
} from './shipment-reads.ts';
import type { ShipmentFilter } from './shipments.queries.ts';

const tags = ['shipments'];
const companyParams = z.object({ companyId: idParam });
const idParams = z.object({ id: idParam });

/** API ordering field -> SQL expression over the shipments alias `s` and its type (for cursors). */
const ORDERING: Record<(typeof SHIPMENT_ORDERINGS)[number], Omit<KeysetSort, 'direction'>> = {
  shipment_date: { expression: 's.shipment_date', type: 'date' },
  created_at: { expression: 's.created_at', type: 'timestamptz' },
  shipment_number: { expression: 's.shipment_number', type: 'text' },
  status: { expression: 's.status', type: 'text' },
};
/** Newest shipment date first; an invoice's and an order's shipments newest created first (spec: lists limit 1000, newest created_at first). */
const DEFAULT_ORDERING = '-shipment_date';

const listFilterQuery = z.object({ ...shipmentListQuery.shape, status__in: valueList(SHIPMENT_STATUSES) });

const filterOf = (q: z.infer<typeof listFilterQuery> & ListQuery): ShipmentFilter => ({
  search: q.search,
  statuses: q.status__in,
  direction: q.direction,
  carrier: q.carrier,
  buyerId: q.buyer,
  invoiceId: q.invoice,
  orderId: q.order,
  startDate: q.start_date,
  endDate: q.end_date,
});

const { VIEW, CREATE, UPDATE } = documentPermissions('shipment', SHIPMENT_MESSAGES);

const trackOutput = z.object({
  tracking_number: z.string(),
  carrier_status: z.string().nullable(),
  applied: z.boolean(),
  events: z.array(z.object({ at: z.string(), description: z.string() })),
  shipment: shipmentOutput,
});

/**
 * Shipments (spec 1: Shipment and its fifteen statuses; calls initiate_shipment, an invoice's and
 * an order's shipments): made from an invoice, moved through the domain's status table, tracked
 * by hand or through a carrier integration when one is configured.
 */
export async function shipmentsRoutes(app: Api) {
  const { db } = app.ctx;
  const ctx: ShipmentContext = {
    db,
    carrier: app.ctx.shipmentCarrier,
    carriers: courierDirectory(app.ctx),
    feedback: feedbackOutbox(app.ctx),
  };

  // -------------------------------------------------------------------------------------------
  // From an invoice

  app.get(
    '/admin/invoices/:id/initiate_shipment',
    {
      config: CREATE,
      schema: {
        tags,
        description: 'What each line of the invoice has left to ship; 409 when it cannot be shipped.',
        params: idParams,
        response: { 200: initiateShipmentOutput },
      },
    },
    async (request) => initiateShipment(ctx, requirePrincipal(request).companyId, request.params.id),
  );

  app.post(
    '/admin/invoices/:id/shipments',
    {
      config: CREATE,
      schema: {
        tags,
        description:
          'Ships the given quantities of the invoice’s lines (each at most what is left to ship); partial shipments are allowed.',
        params: idParams,
        body: createShipmentInput,
        response: { 201: shipmentOutput },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createShipment({
          ctx,
          actor: requirePrincipal(request),
          invoiceId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.get(
    '/admin/invoices/:id/shipments',
    {
      config: { ...VIEW, cache: true },
      schema: {
        tags,
        description: 'The invoice’s shipments, newest first.',
        params: idParams,
        querystring: listQuery.extend({ cursor: cursorParam }),
        response: { 200: pageOf(shipmentSummaryOutput) },
      },
    },
    async (request) => {
      const { companyId } = requirePrincipal(request);
      await assertInvoiceExists(db, companyId, request.params.id);
      const q = request.query;
      const sort = keysetSort(q.ordering, ORDERING, '-created_at');
      return offsetOrKeysetPage(request, q, sort, (window) =>
        listShipments(db, companyId, { invoiceId: request.params.id }, sort, window),
      );
    },
  );

  // -------------------------------------------------------------------------------------------
  // The list and the integrations

  documentListRoutes(app, {
    documents: 'shipments',
    csv: { filename: 'shipments', columns: SHIPMENT_CSV_COLUMNS },
    tags,
    config: VIEW,
    description:
      'Shipments, newest shipment date first; search by shipment number, tracking number or buyer; filters status__in, direction, carrier, buyer, invoice, order, start_date, end_date.',
    output: shipmentSummaryOutput,
    filters: listFilterQuery,
    filterOf,
    ordering: ORDERING,
    defaultOrdering: DEFAULT_ORDERING,
    list: (companyId, filter, sort, window) => listShipments(db, companyId, filter, sort, window),
    ofOrder: (orderId): ShipmentFilter => ({ orderId }),
  });

  app.post(
    '/admin/companies/:companyId/shipments/bulk_status',
    {
      config: UPDATE,
      schema: {
        tags,
        description: `Moves each selected shipment (1 to ${BULK_LIMIT}) to the status as POST admin/shipments/{id}/status does, each in its own transaction: answers the shipments changed and the ones refused with the reason; 404 when any id is not one of the company's shipments.`,
        params: companyParams,
        body: bulkShipmentStatusInput,
        response: { 200: bulkShipmentStatusOutput },
      },
    },
    async (request) =>
      bulkShipmentStatus({
        db,
        actor: requirePrincipal(request),
        ids: request.body.ids,
        status: request.body.status,
        feedback: ctx.feedback,
      }),
  );

  app.get(
    '/admin/companies/:companyId/shipment_integrations',
    {
      // The settings panel's Shipment Integrations screen: the spec names no permission, but a
      // read of the company's integrations is a read of its configuration.
      config: { permission: 'view_configuration' },
      schema: {
        tags,
        description:
          "The carrier that books the company's shipments: its active courier account, else the server's own (none: tracking is entered by hand).",
        params: companyParams,
        response: { 200: shipmentIntegrationsOutput },
      },
    },
    async (request) => shipmentIntegrations(await bookingCarrier(ctx, request.params.companyId)),
  );

  // -------------------------------------------------------------------------------------------
  // One shipment

  app.get(
    '/admin/shipments/:id',
    {
      config: { ...VIEW, cache: true },
      schema: {
        tags,
        description: 'The shipment with its lines, comments and the statuses it may move to now.',
        params: idParams,
        querystring: z.object({ expand: listQuery.shape.expand }),
        response: { 200: shipmentOutput },
      },
    },
    async (request) => getShipment(db, requirePrincipal(request).companyId, request.params.id),
  );

  app.get(
    '/admin/shipments/:id/delivery_note',
    {
      config: VIEW,
      schema: {
        tags,
        description:
          'The delivery note and packing slip as a PDF download: consignor, consignee, invoice, e-way bill, vehicle, transporter and the goods (no prices).',
        params: idParams,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await shipmentDeliveryNote(
          db,
          requirePrincipal(request).companyId,
          request.params.id,
          app.ctx.storage,
        ),
      ),
  );

  app.patch(
    '/admin/shipments/:id',
    {
      config: UPDATE,
      schema: {
        tags,
        description:
          'Tracking number and link, carrier, shipping method, e-way bill number, vehicle number, transporter id and name, dates and notes.',
        params: idParams,
        body: shipmentUpdate,
        response: { 200: shipmentOutput },
      },
    },
    async (request) =>
      updateShipment({
        db,
        actor: requirePrincipal(request),
        shipmentId: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/admin/shipments/:id/status',
    {
      config: UPDATE,
      schema: {
        tags,
        description:
          'Moves the shipment to a status its current one allows (409 with the reason otherwise); delivered, cancelled and returned shipments update the order and the invoice.',
        params: idParams,
        body: shipmentStatusInput,
        response: { 200: shipmentOutput },
      },
    },
    async (request) =>
      changeShipmentStatus({
        db,
        actor: requirePrincipal(request),
        shipmentId: request.params.id,
        status: request.body.status,
        feedback: ctx.feedback,
      }),
  );

  app.post(
    '/admin/shipments/:id/track',
    {
      config: UPDATE,
      schema: {
        tags,
        description:
          'Asks the carrier integration that booked the shipment where it is, and applies its status when allowed.',
        params: idParams,
        response: { 200: trackOutput },
      },
    },
    async (request) =>
      trackShipment({ ctx, actor: requirePrincipal(request), shipmentId: request.params.id }),
  );

  documentHistoryRoute(app, {
    path: '/admin/shipments',
    tags,
    config: VIEW,
    history: (companyId, id) => shipmentHistory(db, companyId, id),
  });

  documentCommentRoute(app, {
    path: '/admin/shipments',
    tags,
    config: UPDATE,
    addComment: (actor, shipmentId, comment) => addComment({ db, actor, shipmentId, comment }),
  });
}
