import type { BranchConfigurationType } from '@b2b/domain/api/branches';
import { sql } from 'kysely';
import type { SortKey } from '../../core/paging.ts';
import { type BranchScope, scopeIds } from '../../db/branch-scope.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containing } from '../../db/like-pattern.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import type { Executor } from '../../db/transaction.ts';

export interface BranchValues {
  name: string;
  gstin?: string | null;
  contact_person_name?: string | null;
  contact_person_email?: string | null;
  contact_person_phone?: string | null;
  round_off_enabled?: boolean;
  invoice_series?: string | null;
  is_active?: boolean;
}

export const insertBranch = (db: Executor, values: BranchValues & { company_id: number }) =>
  db.insertInto('branches').values(values).returning(['id', 'name']).executeTakeFirstOrThrow();

export const findBranchesByIds = (db: Executor, companyId: number, ids: number[]) =>
  db
    .selectFrom('branches')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();

const branchColumns = [
  'b.id',
  'b.name',
  'b.gstin',
  'b.is_active',
  'b.round_off_enabled',
  'b.invoice_series',
  'b.contact_person_name',
  'b.contact_person_email',
  'b.contact_person_phone',
  'b.created_at',
  'b.updated_at',
] as const;

const branchSelect = (db: Executor, companyId: number) =>
  db.selectFrom('branches as b').select(branchColumns).where('b.company_id', '=', companyId);

export type BranchRow = NonNullable<Awaited<ReturnType<typeof findBranch>>>;

export const findBranch = (db: Executor, companyId: number, id: number) =>
  branchSelect(db, companyId).where('b.id', '=', id).executeTakeFirst();

export interface BranchFilter {
  /** The caller's branches (null: every branch); see db/branch-scope.ts. */
  branches?: BranchScope;
  search?: string;
  isActive?: boolean;
}

function filtered(db: Executor, companyId: number, filter: BranchFilter) {
  let query = branchSelect(db, companyId);
  if (filter.branches) query = query.where('b.id', 'in', scopeIds(filter.branches));
  if (filter.search) {
    const pattern = containing(filter.search);
    query = query.where((eb) =>
      eb.or([
        eb('b.name', 'ilike', pattern),
        eb('b.gstin', 'ilike', pattern),
        eb('b.contact_person_name', 'ilike', pattern),
      ]),
    );
  }
  if (filter.isActive !== undefined) query = query.where('b.is_active', '=', filter.isActive);
  return query;
}

export function listBranches(
  db: Executor,
  companyId: number,
  filter: BranchFilter,
  sort: SortKey[],
  window: { limit: number; offset: number },
) {
  let rows = filtered(db, companyId, filter);
  // Names sort as people read them, whatever their case ('beta' between 'Alpha' and 'Pune').
  for (const key of sort) {
    rows = rows.orderBy(key.column === 'b.name' ? sql`lower(b.name)` : sql.ref(key.column), key.direction);
  }
  return Promise.all([
    filtered(db, companyId, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    rows.orderBy('b.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
}

export const findBranchByName = (db: Executor, companyId: number, name: string, exceptId?: number) =>
  findRowByName(db, 'branches', { companyId, name, exceptId });

/** The branch row locked for a change of the branch itself. */
export const lockBranch = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('branches')
    .select(['id', 'name', 'gstin', 'is_active', 'round_off_enabled', 'invoice_series'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/**
 * The branch row locked while something under it changes (its bank accounts, settings,
 * addresses): a deactivation, which locks it for update, waits until that change commits. A
 * change that must also take turns with its siblings (the branch's one default bank account)
 * locks it for update.
 */
export const shareLockBranch = (db: Executor, companyId: number, id: number, mode: 'share' | 'update') => {
  const query = db
    .selectFrom('branches')
    .select(['id', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .where('id', '=', id);
  return (mode === 'share' ? query.forShare() : query.forUpdate()).executeTakeFirst();
};

/**
 * Every active branch of the company, locked in id order: two deactivations at once then take
 * turns, and the second sees the first's result (it cannot leave the company with none).
 */
export const lockActiveBranches = (db: Executor, companyId: number) =>
  db
    .selectFrom('branches')
    .select('id')
    .where('company_id', '=', companyId)
    .where('is_active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();

export const updateBranch = (db: Executor, companyId: number, id: number, changes: Partial<BranchValues>) =>
  db
    .updateTable('branches')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

/** The database's own refusal of a duplicate name (a race the check before missed). */
export const isBranchNameTaken = (error: unknown) => isUniqueViolation(error, 'branches_name_key');
export const isInvoiceSeriesTaken = (error: unknown) =>
  isUniqueViolation(error, 'branches_invoice_series_key');

/** The invoice series the company's branches use. */
export const invoiceSeriesInUse = async (db: Executor, companyId: number) =>
  new Set(
    (
      await db
        .selectFrom('branches')
        .select('invoice_series')
        .where('company_id', '=', companyId)
        .where('invoice_series', 'is not', null)
        .execute()
    ).map((row) => row.invoice_series as string),
  );

/** Company users whose e-mail is a branch's contact e-mail (citext: case does not matter). */
export const findContactUsers = (db: Executor, companyId: number, branchIds: number[]) =>
  branchIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('branches as b')
        .innerJoin('users as u', (j) =>
          j.onRef('u.company_id', '=', 'b.company_id').onRef('u.email', '=', 'b.contact_person_email'),
        )
        .select(['b.id as branch_id', 'u.id', 'u.first_name', 'u.last_name', 'u.email'])
        .where('b.company_id', '=', companyId)
        .where('b.id', 'in', branchIds)
        .execute();

// ---------------------------------------------------------------------------------------------
// Notification contacts of a branch (the company's own have no branch_id).

const contactColumns = ['id', 'name', 'email', 'phone'] as const;

export const listBranchContacts = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('notification_contacts')
    .select(contactColumns)
    .where('company_id', '=', companyId)
    .where('branch_id', '=', branchId)
    .orderBy('id')
    .execute();

export const insertBranchContact = (
  db: Executor,
  companyId: number,
  branchId: number,
  contact: { name: string; email?: string | null; phone?: string | null },
) =>
  db
    .insertInto('notification_contacts')
    .values({
      company_id: companyId,
      branch_id: branchId,
      name: contact.name,
      email: contact.email ?? null,
      phone: contact.phone ?? null,
    })
    .returning(contactColumns)
    .executeTakeFirstOrThrow();

export const findBranchContact = (db: Executor, companyId: number, branchId: number, id: number) =>
  db
    .selectFrom('notification_contacts')
    .select(contactColumns)
    .where('company_id', '=', companyId)
    .where('branch_id', '=', branchId)
    .where('id', '=', id)
    .executeTakeFirst();

export const updateBranchContact = (
  db: Executor,
  companyId: number,
  branchId: number,
  id: number,
  changes: { name?: string; email?: string | null; phone?: string | null },
) =>
  db
    .updateTable('notification_contacts')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('branch_id', '=', branchId)
    .where('id', '=', id)
    .returning(contactColumns)
    .executeTakeFirst();

export const deleteBranchContact = (db: Executor, companyId: number, branchId: number, id: number) =>
  db
    .deleteFrom('notification_contacts')
    .where('company_id', '=', companyId)
    .where('branch_id', '=', branchId)
    .where('id', '=', id)
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Branch configurations and Tally settings.

/** Only the branch configuration types are ever written (the API's enum checks them). */
type StoredConfigurationType = { configuration_type: BranchConfigurationType };
const configurationColumns = ['configuration_type', 'configurations', 'is_enabled', 'updated_at'] as const;

export const listBranchConfigurations = (
  db: Executor,
  companyId: number,
  branchId: number,
  type?: string,
) => {
  let query = db
    .selectFrom('branch_configurations')
    .select(configurationColumns)
    .where('company_id', '=', companyId)
    .where('branch_id', '=', branchId);
  if (type) query = query.where('configuration_type', '=', type);
  return query.orderBy('configuration_type').$narrowType<StoredConfigurationType>().execute();
};

export const upsertBranchConfiguration = (
  db: Executor,
  companyId: number,
  branchId: number,
  values: { configuration_type: string; configurations: Record<string, unknown>; is_enabled?: boolean },
) => {
  const configurations = JSON.stringify(values.configurations);
  return db
    .insertInto('branch_configurations')
    .values({
      company_id: companyId,
      branch_id: branchId,
      configuration_type: values.configuration_type,
      configurations,
      ...(values.is_enabled !== undefined ? { is_enabled: values.is_enabled } : {}),
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'branch_id', 'configuration_type']).doUpdateSet({
        configurations,
        ...(values.is_enabled !== undefined ? { is_enabled: values.is_enabled } : {}),
        updated_at: sql`now()`,
      }),
    )
    .returning(configurationColumns)
    .$narrowType<StoredConfigurationType>()
    .executeTakeFirstOrThrow();
};

export const findTallySettings = (db: Executor, companyId: number, branchId: number) =>
  db
    .selectFrom('branch_tally_settings')
    .select(['voucher_types', 'ledger_mappings', 'updated_at'])
    .where('company_id', '=', companyId)
    .where('branch_id', '=', branchId)
    .executeTakeFirst();

/** Replaces one of the two maps (voucher_types or ledger_mappings), creating the row if needed. */
export const upsertTallySetting = (
  db: Executor,
  companyId: number,
  branchId: number,
  column: 'voucher_types' | 'ledger_mappings',
  value: Record<string, string>,
) => {
  const json = JSON.stringify(value);
  return db
    .insertInto('branch_tally_settings')
    .values({ company_id: companyId, branch_id: branchId, [column]: json })
    .onConflict((oc) =>
      oc.columns(['company_id', 'branch_id']).doUpdateSet({ [column]: json, updated_at: sql`now()` }),
    )
    .execute();
};
