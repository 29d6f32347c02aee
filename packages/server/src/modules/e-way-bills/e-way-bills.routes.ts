import { idParam } from '@b2b/domain/api/common';
import {
  type EwbDocumentKind,
  eWayBillStateOutput,
  ewbCancelInput,
  ewbExtendInput,
  ewbGenerateInput,
  ewbVehicleInput,
} from '@b2b/domain/eway-bill';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import * as service from './e-way-bills.service.ts';

const tags = ['e-way bills'];
const params = z.object({ companyId: idParam, id: idParam });

/** The documents that carry e-way bills, by the path segment of their routes. */
const DOCUMENTS: [string, EwbDocumentKind][] = [
  ['invoices', 'invoice'],
  ['delivery_challans', 'delivery_challan'],
  ['inventory_transfers', 'inventory_transfer'],
];

/**
 * E-way bills (issue 22): for an invoice, a delivery challan or an inventory transfer,
 * admin/companies/{companyId}/<documents>/{id}/e_way_bill reads it (and whether the portal is
 * configured), POST generates it, PUT part_b changes the vehicle, POST extend and POST cancel.
 * One implementation, registered for each of the three documents.
 */
export async function eWayBillsRoutes(app: Api) {
  const { db } = app.ctx;
  const response = { 200: eWayBillStateOutput };

  for (const [segment, kind] of DOCUMENTS) {
    const path = `/admin/companies/:companyId/${segment}/:id/e_way_bill`;
    const action = (request: FastifyRequest & { params: { id: number } }) => ({
      db,
      ewb: app.ctx.ewb,
      actor: requirePrincipal(request),
      kind,
      id: request.params.id,
    });

    app.get(
      path,
      {
        config: { permission: 'view_e_way_bill' },
        schema: {
          tags,
          description: `The ${kind.replaceAll('_', ' ')}'s e-way bill, whether one is required (goods value against the threshold) and whether the portal is configured.`,
          params,
          response,
        },
      },
      async (request) =>
        service.eWayBillState({
          db,
          ewb: app.ctx.ewb,
          companyId: requirePrincipal(request).companyId,
          kind,
          id: request.params.id,
        }),
    );

    app.post(
      path,
      {
        config: { permission: 'add_e_way_bill' },
        schema: {
          tags,
          description:
            'Generates the e-way bill at the portal (part A from the document, part B from the body). Goods worth no more than the threshold are refused unless `force` asks for a voluntary e-way bill.',
          params,
          body: ewbGenerateInput,
          response,
        },
      },
      async (request) => service.generateEWayBill({ ...action(request), input: request.body }),
    );

    app.put(
      `${path}/part_b`,
      {
        config: { permission: 'change_e_way_bill' },
        schema: {
          tags,
          description: 'Updates part B: a new vehicle for the goods.',
          params,
          body: ewbVehicleInput,
          response,
        },
      },
      async (request) => service.updateEWayBillVehicle({ ...action(request), input: request.body }),
    );

    app.post(
      `${path}/extend`,
      {
        config: { permission: 'change_e_way_bill' },
        schema: {
          tags,
          description: 'Extends the validity of the e-way bill.',
          params,
          body: ewbExtendInput,
          response,
        },
      },
      async (request) => service.extendEWayBill({ ...action(request), input: request.body }),
    );

    app.post(
      `${path}/cancel`,
      {
        config: { permission: 'change_e_way_bill' },
        schema: {
          tags,
          description: 'Cancels the e-way bill (the portal allows it within 24 hours of generating it).',
          params,
          body: ewbCancelInput,
          response,
        },
      },
      async (request) => service.cancelEWayBill({ ...action(request), input: request.body }),
    );
  }
}
