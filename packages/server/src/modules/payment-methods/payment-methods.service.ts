import type { PaymentMethodPosition, PaymentMethodUpdate } from '@b2b/domain/api/payment-methods';
import { DEFAULT_PAYMENT_METHODS } from '@b2b/domain/reference-data';
import { notFound, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyWriter, recordHistoryEntries } from '../history/history.service.ts';
import * as queries from './payment-methods.queries.ts';

const ENTITY_TYPE = 'payment_method';
const recordPaymentMethodHistory = historyWriter(ENTITY_TYPE);

/** Every new company starts with the same payment methods, in order (part of sign-up: no history row). */
export const seedCompanyPaymentMethods = (tx: Executor, companyId: number) =>
  queries.insertPaymentMethods(
    tx,
    companyId,
    DEFAULT_PAYMENT_METHODS.map((m) => ({ code: m.code, name: m.name, position: m.position })),
  );

export const listPaymentMethods = (db: Executor, companyId: number) =>
  queries.listPaymentMethods(db, companyId);

export async function updatePaymentMethod(options: {
  db: Database;
  actor: Principal;
  methodId: number;
  changes: PaymentMethodUpdate;
}) {
  const { db, actor, methodId, changes } = options;
  return inTransaction(db, async (tx) => {
    const row = await queries.updatePaymentMethod(tx, actor.companyId, methodId, changes);
    if (!row) throw notFound('Payment Method');
    await recordPaymentMethodHistory(tx, actor, methodId, 'updated', changes);
    return row;
  });
}

/**
 * Applies a batch of position changes in one transaction; every id must be a method of the company.
 * Each method moved gets its own history row.
 */
export async function reorderPaymentMethods(options: {
  db: Database;
  actor: Principal;
  positions: PaymentMethodPosition[];
}) {
  const { db, actor, positions } = options;
  return inTransaction(db, async (tx) => {
    for (const { id, position } of positions) {
      const row = await queries.updatePaymentMethod(tx, actor.companyId, id, { position });
      if (!row) throw validationError('positions', 'Payment Method Not Found');
    }
    await recordHistoryEntries(
      tx,
      positions.map(({ id, position }) => ({
        companyId: actor.companyId,
        entityType: ENTITY_TYPE,
        entityId: id,
        action: 'reordered',
        userId: actor.userId,
        changes: { position },
      })),
    );
    return queries.listPaymentMethods(tx, actor.companyId);
  });
}
