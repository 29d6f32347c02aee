import {
  BULK_MESSAGES,
  type BulkShipmentStatusOutput,
  type BulkSkippedRow,
} from '@b2b/domain/api/bulk-documents';
import type { ShipmentStatus } from '@b2b/domain/shipments';
import { AppError } from '../../core/errors.ts';
import { branchScope, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { FeedbackOutbox } from '../customer-feedback/customer-feedback.service.ts';
import { moveShipment } from './change-shipment.ts';
import { notFound } from './shipment-context.ts';
import * as queries from './shipments.queries.ts';

/**
 * POST admin/companies/{companyId}/shipments/bulk_status: moves each selected shipment to
 * `status` by the same rule and with the same effects as POST admin/shipments/{id}/status.
 *
 * Per-shipment results, not all-or-nothing: each move runs in its own transaction and a refused
 * one (the domain's table does not allow it from that shipment's status) is reported with its
 * sentence while the others go through, because a user marking 30 shipments delivered expects
 * the valid ones to be delivered, not to hunt for the one that was already cancelled. Every id
 * must still be one the caller sees (404 'Shipment Not Found' for the whole request otherwise,
 * before anything changes).
 */
export async function bulkShipmentStatus(options: {
  db: Database;
  actor: Principal;
  ids: readonly number[];
  status: ShipmentStatus;
  feedback?: FeedbackOutbox;
}): Promise<BulkShipmentStatusOutput> {
  const { db, actor, ids, status, feedback } = options;
  const companyId = actor.companyId;
  const found = await queries.visibleShipmentNumbers(db, companyId, ids, branchScope(actor));
  if (found.length !== ids.length) throw notFound();
  const numberOf = new Map(found.map((row) => [row.id, row.shipment_number]));
  const changed: BulkShipmentStatusOutput['changed'] = [];
  const refused: BulkSkippedRow[] = [];
  for (const id of ids) {
    const number = numberOf.get(id) ?? String(id);
    try {
      await inTransaction(db, (tx) =>
        moveShipment(tx, { companyId, shipmentId: id, status, userId: actor.userId, feedback }),
      );
      changed.push({ id, number });
    } catch (error) {
      // The rule's refusals (409 with the sentence); anything else is a fault and stops here.
      if (!(error instanceof AppError)) throw error;
      refused.push({ id, number, reason: error.message });
    }
  }
  return { detail: BULK_MESSAGES.shipments_changed(changed.length, refused.length), changed, refused };
}
