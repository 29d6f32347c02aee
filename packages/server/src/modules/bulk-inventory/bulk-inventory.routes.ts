import { bulkInventoryQuery, bulkInventoryResultOutput } from '@b2b/domain/api/bulk-inventory';
import { idParam } from '@b2b/domain/api/common';
import type { BulkInventoryKind } from '@b2b/domain/bulk-inventory';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Api } from '../../http/api-types.ts';
import { sendCsv } from '../../http/csv.ts';
import { requirePrincipal } from '../../http/guard.ts';
import * as service from './bulk-inventory.service.ts';
import { readCsvUpload } from './bulk-upload.ts';

const tags = ['inventory'];
const params = z.object({ id: idParam });

/**
 * Spec 2's bulk warehouse calls: a CSV file in the multipart field `file`, applied all or nothing.
 * A refused file answers 400 with `row_errors` (row, column, message), or with
 * `?error_report=csv` the same list as a CSV download.
 *
 * - POST admin/warehouses/{id}/bulk_inventory_adjustment/ (add_inventory_adjustment): sku,
 *   quantity, reason, notes; one adjustment document per reason.
 * - PATCH admin/warehouses/{id}/bulk_inventory_update/ (change_inventory): sku, stock.
 * - POST admin/warehouses/{id}/bulk_adjustment_as_per_tally/ (change_inventory): Tally's stock
 *   summary ('Name of Item', 'Quantity').
 */
export async function bulkInventoryRoutes(app: Api) {
  const { db } = app.ctx;

  const handler =
    (kind: BulkInventoryKind) =>
    async (
      request: FastifyRequest<{ Params: { id: number }; Querystring: z.infer<typeof bulkInventoryQuery> }>,
      reply: FastifyReply,
    ) => {
      const actor = requirePrincipal(request);
      const warehouseId = request.params.id;
      // A foreign or inactive warehouse is refused before the upload is read.
      await service.assertBulkWarehouse(db, actor.companyId, warehouseId);
      const text = await readCsvUpload(request);
      try {
        return reply.send(await service.applyBulkFile({ db, actor, warehouseId, kind, text }));
      } catch (error) {
        if (!(error instanceof service.BulkFileError)) throw error;
        if (request.query.error_report === 'csv') {
          reply.status(400);
          return sendCsv(
            reply,
            `bulk-${kind}-errors.csv`,
            ['row', 'column', 'message'],
            error.rowErrors.map((e) => [e.row, e.column, e.message]),
          );
        }
        return reply.status(400).send({
          detail: error.message,
          code: 'validation_error',
          errors: { file: [error.message] },
          row_errors: error.rowErrors,
        });
      }
    };

  const schema = {
    tags,
    params,
    querystring: bulkInventoryQuery,
    consumes: ['multipart/form-data'],
    response: { 200: bulkInventoryResultOutput },
  };

  app.post(
    '/admin/warehouses/:id/bulk_inventory_adjustment',
    { config: { permission: 'add_inventory_adjustment' }, schema },
    handler('adjustment'),
  );
  app.patch(
    '/admin/warehouses/:id/bulk_inventory_update',
    { config: { permission: 'change_inventory' }, schema },
    handler('update'),
  );
  app.post(
    '/admin/warehouses/:id/bulk_adjustment_as_per_tally',
    { config: { permission: 'change_inventory' }, schema },
    handler('tally'),
  );
}
