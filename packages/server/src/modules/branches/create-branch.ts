import type { BranchCreate, BranchOutput } from '@b2b/domain/api/branches';
import { defaultInvoiceSeries } from '@b2b/domain/invoices';
import { AppError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { addAddress } from '../addresses/addresses.service.ts';
import { usedInvoiceSeries } from '../document-numbers/document-numbers.service.ts';
import { recordHistory } from '../history/history.service.ts';
import {
  assertGstinMatchesAddresses,
  assertNameFree,
  assertSeriesFree,
  explainUniqueViolation,
} from './branch-checks.ts';
import { getBranch } from './branch-reads.ts';
import * as queries from './branches.queries.ts';

export { insertBranch } from './branches.queries.ts';

export async function createBranch(options: {
  db: Database;
  actor: Principal;
  input: BranchCreate;
}): Promise<BranchOutput> {
  const { db, actor, input } = options;
  const { address, status, ...fields } = input;
  const id = await inTransaction(db, async (tx) => {
    await assertNameFree(tx, actor.companyId, fields.name);
    if (fields.invoice_series) await assertSeriesFree(tx, actor.companyId, fields.invoice_series);
    const invoiceSeries =
      fields.invoice_series ??
      defaultInvoiceSeries(
        fields.name,
        new Set([
          ...(await queries.invoiceSeriesInUse(tx, actor.companyId)),
          ...(await usedInvoiceSeries(tx, actor.companyId)),
        ]),
      );
    const row = await queries
      .insertBranch(tx, {
        company_id: actor.companyId,
        ...fields,
        invoice_series: invoiceSeries,
        is_active: status ?? true,
      })
      .catch(explainUniqueViolation);
    if (address) {
      await addAddress(
        tx,
        { companyId: actor.companyId, ownerType: 'branch', ownerId: row.id },
        address,
      ).catch((error) => {
        // The address's own field errors are reported under `address.`, as the body nests it.
        if (error instanceof AppError && error.errors) {
          const errors = Object.fromEntries(
            Object.entries(error.errors).map(([k, v]) => [`address.${k}`, v]),
          );
          throw new AppError(error.code, error.message, { errors });
        }
        throw error;
      });
    }
    await assertGstinMatchesAddresses(tx, actor.companyId, row.id, 'gstin');
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'branch',
      entityId: row.id,
      action: 'created',
      userId: actor.userId,
      changes: { ...fields, is_active: status ?? true, ...(address ? { address } : {}) },
    });
    return row.id;
  });
  return getBranch(db, actor.companyId, id, { addresses: true });
}
