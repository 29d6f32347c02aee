import type { TaxUpdate } from '@b2b/domain/api/taxes';
import { DEFAULT_TAXES } from '@b2b/domain/reference-data';
import { notFound } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './taxes.queries.ts';

const recordTaxHistory = historyWriter('tax');

/** Every new company starts with the same GST and cess taxes (part of sign-up: no history row). */
export const seedCompanyTaxes = (tx: Executor, companyId: number) =>
  queries.insertTaxes(
    tx,
    companyId,
    DEFAULT_TAXES.map((t) => ({ type: t.type, display_name: t.display_name, rate: t.rate })),
  );

export const listTaxes = (db: Executor, companyId: number, type?: 'gst' | 'cess') =>
  queries.listTaxes(db, companyId, type);

/** Renames a tax or (de)activates it; the rate is the law's and never changes. */
export async function updateTax(options: {
  db: Database;
  actor: Principal;
  taxId: number;
  changes: TaxUpdate;
}) {
  const { db, actor, taxId, changes } = options;
  return inTransaction(db, async (tx) => {
    const row = await queries.updateTax(tx, actor.companyId, taxId, changes);
    if (!row) throw notFound('Tax');
    await recordTaxHistory(tx, actor, taxId, 'updated', changes);
    return row;
  });
}
