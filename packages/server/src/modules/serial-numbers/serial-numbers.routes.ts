import { idParam } from '@b2b/domain/api/common';
import { listQuery } from '@b2b/domain/api/list-query';
import {
  availableSerialNumbersOutput,
  availableSerialNumbersQuery,
  invoiceSerialNumbersOutput,
  serialNumberListQuery,
  serialNumberOutput,
  serialNumberTraceOutput,
} from '@b2b/domain/api/serial-numbers';
import { branchScope } from '../../core/principal.ts';
import type { Api } from '../../http/api-types.ts';
import { listRoute } from '../../http/list-route.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './serial-numbers.service.ts';

const tags = ['serial numbers'];
const ORDERING = {
  serial_number: 's.serial_number',
  updated_at: 's.updated_at',
  status: 's.status',
  product: 'p.name',
};
const companyRecord = companyParams.extend({ id: idParam });

/**
 * Serial numbers of the products that track them (issue 22). GET invoices/{id}/serial_numbers is
 * spec 1's call; the company-scoped invoice call, the list, the trace and the picker's call follow
 * the API's style. All reads: units are written by the documents that move them.
 */
export async function serialNumbersRoutes(app: Api) {
  const { db } = app.ctx;

  route(
    app,
    'GET /invoices/:id/serial_numbers',
    {
      permission: 'view_invoice',
      tags,
      description: 'The serial numbers sold on the invoice, by line.',
      params: recordParams,
      response: invoiceSerialNumbersOutput,
    },
    (request, actor) =>
      service.invoiceSerialNumbers(db, actor.companyId, request.params.id, branchScope(actor)),
  );

  route(
    app,
    'GET /admin/companies/:companyId/invoices/:id/serial_numbers',
    {
      permission: 'view_invoice',
      tags,
      description: 'The serial numbers sold on the invoice, by line.',
      params: companyRecord,
      response: invoiceSerialNumbersOutput,
    },
    (request, actor) =>
      service.invoiceSerialNumbers(db, request.params.companyId, request.params.id, branchScope(actor)),
  );

  listRoute(
    app,
    '/admin/companies/:companyId/serial_numbers',
    {
      permission: 'view_inventory',
      tags,
      description: 'Serial numbers, searched by serial (from its start) or product name.',
      params: companyParams,
      querystring: listQuery.extend(serialNumberListQuery.shape),
      item: serialNumberOutput,
      order: [ORDERING, '-updated_at'],
    },
    (request, sort, window, actor) => {
      const { query } = request;
      return service.listSerialNumbers(
        db,
        request.params.companyId,
        {
          branches: branchScope(actor),
          search: query.search,
          productId: query.product_id,
          warehouseId: query.warehouse_id,
          status: query.status,
        },
        sort,
        window,
      );
    },
  );

  route(
    app,
    'GET /admin/companies/:companyId/serial_numbers/:id/trace',
    {
      permission: 'view_inventory',
      tags,
      description: 'A serial number and its history: where it came in, the invoice it was sold on, returns.',
      params: companyRecord,
      response: serialNumberTraceOutput,
    },
    (request, actor) =>
      service.traceSerialNumber(db, request.params.companyId, request.params.id, branchScope(actor)),
  );

  route(
    app,
    'GET /admin/companies/:companyId/products/:id/serial_numbers/available',
    {
      // The invoice form's picker: who makes invoices chooses the units.
      permission: 'add_invoice',
      tags,
      description: 'The product’s serial numbers that may be sold from a warehouse (in stock or returned).',
      params: companyRecord,
      querystring: availableSerialNumbersQuery,
      response: availableSerialNumbersOutput,
    },
    (request, actor) =>
      service.availableSerialNumbers(
        db,
        request.params.companyId,
        request.params.id,
        request.query,
        branchScope(actor),
      ),
  );
}
