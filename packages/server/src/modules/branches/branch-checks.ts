import { BRANCH_MESSAGES } from '@b2b/domain/api/branches';
import { GSTIN_STATE_MISMATCH, gstinMatchesState } from '@b2b/domain/gstin';
import { notFound, validationError } from '../../core/errors.ts';
import type { Executor, Tx } from '../../db/transaction.ts';
import { addressesByOwner, registerAddressOwnerRules } from '../addresses/addresses.service.ts';
import { invoiceSeriesOwner, lockInvoiceSeriesClaims } from '../document-numbers/document-numbers.service.ts';
import * as queries from './branches.queries.ts';

/** Every id must be a branch of this company; inactive branches block all operations on them. */
export async function assertActiveBranches(
  db: Executor,
  companyId: number,
  ids: number[],
  field = 'branches',
) {
  const unique = [...new Set(ids)];
  const rows = await queries.findBranchesByIds(db, companyId, unique);
  if (rows.length !== unique.length) throw validationError(field, 'Branch Not Found');
  const inactive = rows.find((b) => !b.is_active);
  if (inactive) throw validationError(field, BRANCH_MESSAGES.inactive(inactive.name));
  return rows;
}

/**
 * Before a change under one branch (its bank accounts, settings, addresses, contacts): a foreign
 * id is Not Found, an inactive branch refuses. The row stays share-locked until the change
 * commits, so a deactivation cannot slip in between the check and the change; 'update' also makes
 * changes under the branch take turns (its single default bank account).
 */
export async function assertBranchWritable(
  db: Executor,
  companyId: number,
  branchId: number,
  lock: 'share' | 'update' = 'share',
) {
  const branch = await queries.shareLockBranch(db, companyId, branchId, lock);
  if (!branch) throw notFound('Branch');
  if (!branch.is_active) throw validationError('branch', BRANCH_MESSAGES.inactive(branch.name));
  return branch;
}

/** The branch, or 404; for reads under a branch (bank accounts, settings). */
export async function findBranchOrFail(db: Executor, companyId: number, branchId: number) {
  const branch = await queries.findBranch(db, companyId, branchId);
  if (!branch) throw notFound('Branch');
  return branch;
}

/** Addresses that carry the GST registration: a shipping address may be anywhere. */
const REGISTERED_ADDRESS_TYPES = new Set(['billing_address', 'office']);

/** A branch's GSTIN was issued in one state: its billing and office addresses must be there. */
export async function assertGstinMatchesAddresses(
  db: Executor,
  companyId: number,
  branchId: number,
  field: string,
) {
  const branch = await queries.findBranch(db, companyId, branchId);
  const gstin = branch?.gstin;
  if (!gstin) return;
  const addresses = (await addressesByOwner(db, companyId, 'branch', [branchId])).get(branchId) ?? [];
  const elsewhere = addresses.some(
    (address) =>
      REGISTERED_ADDRESS_TYPES.has(address.address_type) && !gstinMatchesState(gstin, address.state.gst_code),
  );
  if (elsewhere) throw validationError(field, GSTIN_STATE_MISMATCH);
}

/** The shared address routes (PATCH addresses/{id}...) apply the branch's rules to its addresses. */
export function registerBranchAddressRules() {
  registerAddressOwnerRules('branch', {
    permission: 'change_branch',
    assertOwnerWritable: async (db, companyId, branchId) => {
      await assertBranchWritable(db, companyId, branchId);
    },
    afterChange: (db, companyId, branchId) =>
      assertGstinMatchesAddresses(db, companyId, branchId, 'state_id'),
  });
}

export async function assertNameFree(tx: Executor, companyId: number, name: string, exceptId?: number) {
  if (await queries.findBranchByName(tx, companyId, name, exceptId)) {
    throw validationError('name', BRANCH_MESSAGES.name_taken);
  }
}

/**
 * A series that has issued an invoice belongs to its branch for good (issue 16): given to another
 * branch, the two would count the same numbers, and every invoice of the other branch would be
 * refused. Checked under the company's lock on series claims, which an invoice issuing the first
 * number of a series also holds, so the check cannot miss a series being used at that moment.
 */
export async function assertSeriesFree(tx: Tx, companyId: number, series: string, branchId?: number) {
  await lockInvoiceSeriesClaims(tx, companyId);
  const owner = await invoiceSeriesOwner(tx, companyId, series);
  if (!owner || owner.branchId === branchId) return;
  const ownerBranch = await queries.findBranch(tx, companyId, owner.branchId);
  throw validationError(
    'invoice_series',
    BRANCH_MESSAGES.invoice_series_used(series, ownerBranch?.name ?? '', owner.firstInvoiceNumber),
  );
}

export function explainUniqueViolation(error: unknown): never {
  if (queries.isBranchNameTaken(error)) throw validationError('name', BRANCH_MESSAGES.name_taken);
  if (queries.isInvoiceSeriesTaken(error)) {
    throw validationError('invoice_series', BRANCH_MESSAGES.invoice_series_taken);
  }
  throw error;
}
