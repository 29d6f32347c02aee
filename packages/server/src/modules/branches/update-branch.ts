import type { AddressCreate } from '@b2b/domain/api/addresses';
import { BRANCH_MESSAGES, type BranchOutput, type BranchUpdate } from '@b2b/domain/api/branches';
import { notFound, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { addOwnedAddress } from '../addresses/addresses.service.ts';
import { lockInvoiceSeriesClaims } from '../document-numbers/document-numbers.service.ts';
import { recordHistory } from '../history/history.service.ts';
import {
  assertBranchWritable,
  assertGstinMatchesAddresses,
  assertNameFree,
  assertSeriesFree,
  explainUniqueViolation,
  findBranchOrFail,
} from './branch-checks.ts';
import { getBranch } from './branch-reads.ts';
import * as queries from './branches.queries.ts';

/** The history action of a PATCH: the verbs of the spec's flows, else a plain update. */
function actionOf(changes: BranchUpdate): string {
  const keys = Object.entries(changes)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  if (keys.length === 1 && keys[0] === 'status') return changes.status ? 'activated' : 'deactivated';
  if (keys.length === 1 && keys[0] === 'round_off_enabled') {
    return changes.round_off_enabled ? 'round_off_enabled' : 'round_off_disabled';
  }
  return 'updated';
}

/** At least one branch stays active: the company could not sell from anywhere otherwise. */
async function assertNotLastActive(tx: Executor, companyId: number, branchId: number) {
  const active = await queries.lockActiveBranches(tx, companyId);
  if (!active.some((b) => b.id !== branchId)) throw validationError('status', BRANCH_MESSAGES.last_active);
}

/**
 * PATCH branches/{id}: fields, round-off and status at once. An inactive branch takes no change
 * unless the same request activates it.
 */
export async function updateBranch(options: {
  db: Database;
  actor: Principal;
  branchId: number;
  changes: BranchUpdate;
}): Promise<BranchOutput> {
  const { db, actor, branchId, changes } = options;
  const { status, ...fields } = changes;
  await inTransaction(db, async (tx) => {
    // A change of series takes the company's lock on series claims before any branch row, in the
    // order an invoice takes them (the claims, then its branch), so the two cannot deadlock.
    if (fields.invoice_series) await lockInvoiceSeriesClaims(tx, actor.companyId);
    // Deactivating locks every active branch first (always in id order), then this one.
    if (status === false) {
      if (!(await queries.findBranch(tx, actor.companyId, branchId))) throw notFound('Branch');
      await assertNotLastActive(tx, actor.companyId, branchId);
    }
    const current = await queries.lockBranch(tx, actor.companyId, branchId);
    if (!current) throw notFound('Branch');
    if (!current.is_active && status !== true) {
      throw validationError('branch', BRANCH_MESSAGES.inactive(current.name));
    }
    if (fields.name !== undefined) await assertNameFree(tx, actor.companyId, fields.name, branchId);
    if (fields.invoice_series && fields.invoice_series !== current.invoice_series) {
      await assertSeriesFree(tx, actor.companyId, fields.invoice_series, branchId);
    }
    await queries
      .updateBranch(tx, actor.companyId, branchId, {
        ...fields,
        ...(status !== undefined ? { is_active: status } : {}),
      })
      .catch(explainUniqueViolation);
    if (fields.gstin) await assertGstinMatchesAddresses(tx, actor.companyId, branchId, 'gstin');
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'branch',
      entityId: branchId,
      action: actionOf(changes),
      userId: actor.userId,
      changes,
    });
  });
  return getBranch(db, actor.companyId, branchId, { addresses: true });
}

/**
 * POST branches/{id}/activate and /deactivate. Deactivation completes at once and from then on
 * blocks every operation on the branch (spec: an inactive branch blocks all operations); the
 * company's last active branch cannot be deactivated. Asking for the state it is in changes nothing.
 */
export async function setBranchActive(options: {
  db: Database;
  actor: Principal;
  branchId: number;
  active: boolean;
}): Promise<BranchOutput> {
  const { db, actor, branchId, active } = options;
  const current = await findBranchOrFail(db, actor.companyId, branchId);
  if (current.is_active === active) return getBranch(db, actor.companyId, branchId, { addresses: true });
  return updateBranch({ db, actor, branchId, changes: { status: active } });
}

export async function addBranchAddress(options: {
  db: Database;
  actor: Principal;
  branchId: number;
  input: AddressCreate;
}) {
  const { db, actor, branchId, input } = options;
  return inTransaction(db, async (tx) => {
    await assertBranchWritable(tx, actor.companyId, branchId);
    const address = await addOwnedAddress(tx, { actor, ownerType: 'branch', ownerId: branchId }, input);
    await assertGstinMatchesAddresses(tx, actor.companyId, branchId, 'state_id');
    return address;
  });
}
