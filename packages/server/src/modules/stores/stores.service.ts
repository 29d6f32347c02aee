import type { StoreCreate, StoreOutput, StoreUpdate } from '@b2b/domain/api/stores';
import { STORE_MESSAGES } from '@b2b/domain/stores';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import { assertBranchAccess, branchScope, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { uniqueName } from '../../db/unique-name.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './stores.queries.ts';

/**
 * Stores (issue 26): the company's physical shops and counters, each selling from one warehouse
 * of its branch. A store is its branch's: a user sees and changes the stores of their branches
 * only (the route guard answers 404 for another branch's store, 403 for a body naming another
 * branch). Every change leaves a history row; a store is deactivated, never deleted.
 */

const recordStoreHistory = historyWriter('store');

export const present = (row: queries.StoreRow): StoreOutput => ({
  id: row.id,
  name: row.name,
  branch: { id: row.branch_id, name: row.branch_name },
  warehouse: { id: row.warehouse_id, name: row.warehouse_name },
  sales_channel:
    row.sales_channel_id === null
      ? null
      : {
          id: row.sales_channel_id,
          name: row.sales_channel_name ?? '',
          display_name: row.sales_channel_display_name ?? '',
        },
  receipt_width_mm: Number(row.receipt_width_mm) === 58 ? 58 : 80,
  is_active: row.is_active,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const storeName = uniqueName({
  find: queries.findStoreByName,
  isTaken: queries.isStoreNameTaken,
  message: STORE_MESSAGES.name_taken,
});

export async function getStore(db: Executor, companyId: number, id: number): Promise<StoreOutput> {
  const row = await queries.findStore(db, companyId, id);
  if (!row) throw notFound('Store');
  return present(row);
}

export async function listStores(
  db: Executor,
  actor: Principal,
  filter: Omit<queries.StoreFilter, 'branches'>,
): Promise<StoreOutput[]> {
  const rows = await queries.listStores(db, actor.companyId, { ...filter, branches: branchScope(actor) });
  return rows.map(present);
}

/**
 * The branch, warehouse and channel of a store, checked together: the branch exists and is the
 * caller's, the warehouse is that branch's, and both are active when newly chosen.
 */
async function checkPlace(
  tx: Executor,
  actor: Principal,
  place: { branchId: number; warehouseId: number; salesChannelId: number | null },
  changed: { branch: boolean; warehouse: boolean; salesChannel: boolean },
) {
  const { companyId } = actor;
  const branch = await queries.findBranch(tx, companyId, place.branchId);
  if (!branch) throw validationError('branch', STORE_MESSAGES.branch_not_found);
  assertBranchAccess(actor, place.branchId);
  if (changed.branch && !branch.is_active) throw validationError('branch', STORE_MESSAGES.branch_inactive);
  const warehouse = await queries.findWarehouse(tx, companyId, place.warehouseId);
  if (!warehouse) throw validationError('warehouse', STORE_MESSAGES.warehouse_not_found);
  if (Number(warehouse.branch_id) !== place.branchId) {
    throw validationError('warehouse', STORE_MESSAGES.warehouse_of_branch);
  }
  if (changed.warehouse && !warehouse.is_active) {
    throw validationError('warehouse', STORE_MESSAGES.warehouse_inactive);
  }
  if (changed.salesChannel && place.salesChannelId !== null) {
    const channel = await queries.findSalesChannel(tx, companyId, place.salesChannelId);
    if (!channel) throw validationError('sales_channel', STORE_MESSAGES.sales_channel_not_found);
  }
}

export async function createStore(options: {
  db: Database;
  actor: Principal;
  input: StoreCreate;
}): Promise<StoreOutput> {
  const { db, actor, input } = options;
  const id = await inTransaction(db, async (tx) => {
    await storeName.assertFree(tx, actor.companyId, input.name);
    await checkPlace(
      tx,
      actor,
      { branchId: input.branch, warehouseId: input.warehouse, salesChannelId: input.sales_channel },
      { branch: true, warehouse: true, salesChannel: true },
    );
    const row = await queries
      .insertStore(tx, actor.companyId, actor.userId, {
        name: input.name,
        branch_id: input.branch,
        warehouse_id: input.warehouse,
        sales_channel_id: input.sales_channel,
        receipt_width_mm: input.receipt_width_mm,
        is_active: input.is_active,
      })
      .catch(storeName.explain);
    await recordStoreHistory(tx, actor, row.id, 'created', input);
    return row.id;
  });
  return getStore(db, actor.companyId, id);
}

/** PATCH stores/{id}: any of its fields; is_active false deactivates it (the counter stops offering it). */
export async function updateStore(options: {
  db: Database;
  actor: Principal;
  storeId: number;
  changes: StoreUpdate;
}): Promise<StoreOutput> {
  const { db, actor, storeId, changes } = options;
  await inTransaction(db, async (tx) => {
    const current = await queries.lockStore(tx, actor.companyId, storeId);
    if (!current) throw notFound('Store');
    if (changes.name !== undefined) await storeName.assertFree(tx, actor.companyId, changes.name, storeId);
    const branchId = changes.branch ?? Number(current.branch_id);
    const warehouseId = changes.warehouse ?? Number(current.warehouse_id);
    const salesChannelId =
      changes.sales_channel === undefined
        ? current.sales_channel_id === null
          ? null
          : Number(current.sales_channel_id)
        : changes.sales_channel;
    await checkPlace(
      tx,
      actor,
      { branchId, warehouseId, salesChannelId },
      {
        branch: branchId !== Number(current.branch_id),
        warehouse: warehouseId !== Number(current.warehouse_id),
        salesChannel: changes.sales_channel !== undefined,
      },
    );
    const values = {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.branch !== undefined && { branch_id: changes.branch }),
      ...(changes.warehouse !== undefined && { warehouse_id: changes.warehouse }),
      ...(changes.sales_channel !== undefined && { sales_channel_id: changes.sales_channel }),
      ...(changes.receipt_width_mm !== undefined && { receipt_width_mm: changes.receipt_width_mm }),
      ...(changes.is_active !== undefined && { is_active: changes.is_active }),
    };
    if (Object.keys(values).length === 0) {
      throw new AppError('validation_error', 'Nothing to change.', { errors: {} });
    }
    await queries.updateStore(tx, actor.companyId, storeId, actor.userId, values).catch(storeName.explain);
    const action =
      changes.is_active === false && current.is_active
        ? 'deactivated'
        : changes.is_active === true && !current.is_active
          ? 'activated'
          : 'updated';
    await recordStoreHistory(tx, actor, storeId, action, changes);
  });
  return getStore(db, actor.companyId, storeId);
}

/**
 * The store a counter sale names, with what the sale takes from it: refused (400) when it does
 * not exist or is inactive. Its branch is checked by the route guard and again here.
 */
export async function storeForSale(db: Executor, actor: Principal, storeId: number) {
  const row = await queries.findStore(db, actor.companyId, storeId);
  if (!row) throw validationError('store', STORE_MESSAGES.not_found);
  assertBranchAccess(actor, Number(row.branch_id));
  if (!row.is_active) throw validationError('store', STORE_MESSAGES.store_inactive);
  return present(row);
}

/** The active stores of the caller's branches, for the counter's choice. */
export const activeStoresFor = (db: Executor, companyId: number, branches: queries.StoreFilter['branches']) =>
  queries.listStores(db, companyId, { branches, isActive: true }).then((rows) => rows.map(present));
