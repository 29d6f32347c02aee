import type { AddressCreate } from '@b2b/domain/api/addresses';
import {
  BRANCH_MESSAGES,
  type BranchConfigurationInput,
  type BranchConfigurationType,
  type BranchCreate,
  type BranchOutput,
  type BranchUpdate,
  MAX_BRANCH_CONTACTS,
  type TallySettingsOutput,
} from '@b2b/domain/api/branches';
import { GSTIN_STATE_MISMATCH, gstinMatchesState } from '@b2b/domain/gstin';
import { defaultInvoiceSeries } from '@b2b/domain/invoices';
import { effectiveLedgerMappings, effectiveVoucherTypes } from '@b2b/domain/tally';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import {
  addAddress,
  addOwnedAddress,
  addressesByOwner,
  registerAddressOwnerRules,
} from '../addresses/addresses.service.ts';
import { validSettings } from '../companies/companies.service.ts';
import {
  invoiceSeriesOwner,
  lockInvoiceSeriesClaims,
  usedInvoiceSeries,
} from '../document-numbers/document-numbers.service.ts';
import { recordHistory } from '../history/history.service.ts';
import * as queries from './branches.queries.ts';

export { insertBranch } from './branches.queries.ts';

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
async function assertGstinMatchesAddresses(db: Executor, companyId: number, branchId: number, field: string) {
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

export interface BranchExpand {
  addresses?: boolean;
  user?: boolean;
}

async function present(
  db: Executor,
  companyId: number,
  rows: queries.BranchRow[],
  expand: BranchExpand,
): Promise<BranchOutput[]> {
  const ids = rows.map((r) => r.id);
  const addresses = expand.addresses ? await addressesByOwner(db, companyId, 'branch', ids) : undefined;
  const users = expand.user
    ? new Map(
        (await queries.findContactUsers(db, companyId, ids)).map(({ branch_id, ...user }) => [
          branch_id,
          user,
        ]),
      )
    : undefined;
  return rows.map((row) => ({
    ...row,
    ...(addresses ? { addresses: addresses.get(row.id) ?? [] } : {}),
    ...(users ? { user: users.get(row.id) ?? null } : {}),
  }));
}

export async function getBranch(
  db: Executor,
  companyId: number,
  id: number,
  expand: BranchExpand = {},
): Promise<BranchOutput> {
  const row = await findBranchOrFail(db, companyId, id);
  const [branch] = await present(db, companyId, [row], expand);
  return branch;
}

export async function listBranches(options: {
  db: Executor;
  companyId: number;
  filter: queries.BranchFilter;
  sort: SortKey[];
  window: PageWindow;
  expand: BranchExpand;
}) {
  const { db, companyId, filter, sort, window, expand } = options;
  const [{ n }, rows] = await queries.listBranches(db, companyId, filter, sort, window);
  return { count: Number(n), results: await present(db, companyId, rows, expand) };
}

async function assertNameFree(tx: Executor, companyId: number, name: string, exceptId?: number) {
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
async function assertSeriesFree(tx: Tx, companyId: number, series: string, branchId?: number) {
  await lockInvoiceSeriesClaims(tx, companyId);
  const owner = await invoiceSeriesOwner(tx, companyId, series);
  if (!owner || owner.branchId === branchId) return;
  const ownerBranch = await queries.findBranch(tx, companyId, owner.branchId);
  throw validationError(
    'invoice_series',
    BRANCH_MESSAGES.invoice_series_used(series, ownerBranch?.name ?? '', owner.firstInvoiceNumber),
  );
}

function explainUniqueViolation(error: unknown): never {
  if (queries.isBranchNameTaken(error)) throw validationError('name', BRANCH_MESSAGES.name_taken);
  if (queries.isInvoiceSeriesTaken(error)) {
    throw validationError('invoice_series', BRANCH_MESSAGES.invoice_series_taken);
  }
  throw error;
}

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

// ---------------------------------------------------------------------------------------------
// Notification contacts

export async function listBranchContacts(db: Executor, companyId: number, branchId: number) {
  await findBranchOrFail(db, companyId, branchId);
  return queries.listBranchContacts(db, companyId, branchId);
}

type ContactInput = { name: string; email?: string | null; phone?: string | null };

async function changeBranch<T>(
  db: Database,
  actor: Principal,
  branchId: number,
  action: string,
  work: (tx: Executor) => Promise<T>,
  changes: (result: T) => Record<string, unknown>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    await assertBranchWritable(tx, actor.companyId, branchId);
    const result = await work(tx);
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'branch',
      entityId: branchId,
      action,
      userId: actor.userId,
      changes: changes(result),
    });
    return result;
  });
}

export const addBranchContact = (options: {
  db: Database;
  actor: Principal;
  branchId: number;
  contact: ContactInput;
}) =>
  changeBranch(
    options.db,
    options.actor,
    options.branchId,
    'notification_contact_added',
    async (tx) => {
      const existing = await queries.listBranchContacts(tx, options.actor.companyId, options.branchId);
      if (existing.length >= MAX_BRANCH_CONTACTS) {
        throw validationError('non_field_errors', BRANCH_MESSAGES.too_many_contacts);
      }
      return queries.insertBranchContact(tx, options.actor.companyId, options.branchId, options.contact);
    },
    (contact) => ({ ...contact }),
  );

export const updateBranchContact = (options: {
  db: Database;
  actor: Principal;
  branchId: number;
  contactId: number;
  changes: Partial<ContactInput>;
}) =>
  changeBranch(
    options.db,
    options.actor,
    options.branchId,
    'notification_contact_updated',
    async (tx) => {
      const { companyId } = options.actor;
      const nothingToChange = Object.values(options.changes).every((v) => v === undefined);
      const row = nothingToChange
        ? await queries.findBranchContact(tx, companyId, options.branchId, options.contactId)
        : await queries.updateBranchContact(
            tx,
            companyId,
            options.branchId,
            options.contactId,
            options.changes,
          );
      if (!row) throw new AppError('not_found', BRANCH_MESSAGES.contact_not_found);
      return row;
    },
    (contact) => ({ id: contact.id, ...options.changes }),
  );

export const deleteBranchContact = (options: {
  db: Database;
  actor: Principal;
  branchId: number;
  contactId: number;
}) =>
  changeBranch(
    options.db,
    options.actor,
    options.branchId,
    'notification_contact_deleted',
    async (tx) => {
      const result = await queries.deleteBranchContact(
        tx,
        options.actor.companyId,
        options.branchId,
        options.contactId,
      );
      if (!result.numDeletedRows) throw new AppError('not_found', BRANCH_MESSAGES.contact_not_found);
    },
    () => ({ id: options.contactId }),
  );

// ---------------------------------------------------------------------------------------------
// Configurations

export async function listBranchConfigurations(
  db: Executor,
  companyId: number,
  branchId: number,
  type?: BranchConfigurationType,
) {
  await findBranchOrFail(db, companyId, branchId);
  return queries.listBranchConfigurations(db, companyId, branchId, type);
}

/** PUT branches/{id}/configurations: one type's settings, checked by that type's schema. */
export const saveBranchConfiguration = (options: {
  db: Database;
  actor: Principal;
  branchId: number;
  input: BranchConfigurationInput;
}) => {
  const { input } = options;
  const configurations = validSettings(input.configuration_type, input.configurations);
  return changeBranch(
    options.db,
    options.actor,
    options.branchId,
    'configuration_updated',
    (tx) =>
      queries.upsertBranchConfiguration(tx, options.actor.companyId, options.branchId, {
        ...input,
        configurations,
      }),
    () => ({ ...input, configurations }),
  );
};

// ---------------------------------------------------------------------------------------------
// Tally voucher types and ledger mappings

export async function getTallySettings(
  db: Executor,
  companyId: number,
  branchId: number,
): Promise<TallySettingsOutput> {
  await findBranchOrFail(db, companyId, branchId);
  const row = await queries.findTallySettings(db, companyId, branchId);
  return {
    branch: branchId,
    voucher_types: effectiveVoucherTypes(row?.voucher_types),
    ledger_mappings: effectiveLedgerMappings(row?.ledger_mappings),
    updated_at: row?.updated_at ?? null,
  };
}

/** Only the names given are stored: a kind or purpose left out goes back to its default. */
const namesGiven = (names: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(names).filter(([, v]) => v !== undefined)) as Record<string, string>;

export async function saveTallySetting(options: {
  db: Database;
  actor: Principal;
  branchId: number;
  setting: 'voucher_types' | 'ledger_mappings';
  names: Record<string, string | undefined>;
}): Promise<TallySettingsOutput> {
  const { db, actor, branchId, setting } = options;
  const names = namesGiven(options.names);
  await changeBranch(
    db,
    actor,
    branchId,
    setting === 'voucher_types' ? 'tally_voucher_types_updated' : 'tally_ledger_mappings_updated',
    (tx) => queries.upsertTallySetting(tx, actor.companyId, branchId, setting, names),
    () => names,
  );
  return getTallySettings(db, actor.companyId, branchId);
}
