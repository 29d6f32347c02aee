import type { AddressOutput } from '@b2b/domain/api/common';
import {
  type AssignBuyers,
  branchInactiveMessage,
  buyerInactiveMessage,
  WAREHOUSE_MESSAGES,
  type WarehouseAddressInput,
  type WarehouseBuyerOutput,
  type WarehouseCreate,
  type WarehouseOutput,
  type WarehouseUpdate,
  warehouseInactiveMessage,
} from '@b2b/domain/api/warehouses';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { uniqueName } from '../../db/unique-name.ts';
import {
  type AddressOwnerRules,
  addAddress,
  addOwnedAddress,
  addressesByOwner,
} from '../addresses/addresses.service.ts';
import { historyWriter } from '../history/history.service.ts';
import {
  assignProductsToWarehouse,
  productsNotInWarehouse,
  warehouseInventory,
} from '../inventory/stock-levels.ts';
import * as queries from './warehouses.queries.ts';

export { insertWarehouse } from './warehouses.queries.ts';

const ENTITY = 'warehouse';
const recordWarehouseHistory = historyWriter(ENTITY);

/** A refusal of the rule "an inactive branch or warehouse blocks all operations" (a 400). */
const blocked = (message: string) =>
  new AppError('validation_error', message, { errors: { warehouse: [message] } });

function present(row: queries.WarehouseRow, addresses?: AddressOutput[]): WarehouseOutput {
  const { branch_id, branch_name, branch_is_active, ...warehouse } = row;
  return {
    ...warehouse,
    branch: { id: branch_id, name: branch_name, is_active: branch_is_active },
    ...(addresses ? { addresses } : {}),
  };
}

/** One warehouse with its branch and addresses. */
export async function getWarehouse(db: Executor, companyId: number, id: number): Promise<WarehouseOutput> {
  const row = await queries.findWarehouse(db, companyId, id);
  if (!row) throw notFound('Warehouse');
  const addresses = await addressesByOwner(db, companyId, 'warehouse', [id]);
  return present(row, addresses.get(id) ?? []);
}

/** The warehouse must exist in the company (404 otherwise), for reads of what it holds. */
export async function assertWarehouseExists(db: Executor, companyId: number, id: number) {
  const row = await queries.findWarehouse(db, companyId, id);
  if (!row) throw notFound('Warehouse');
  return row;
}

export async function listWarehouses(
  db: Executor,
  companyId: number,
  filter: queries.WarehouseFilter,
  sort: SortKey[],
  window: PageWindow,
  options: { withAddresses?: boolean } = {},
) {
  const [{ n }, rows] = await queries.listWarehouses(db, companyId, filter, sort, window);
  const addresses = options.withAddresses
    ? await addressesByOwner(
        db,
        companyId,
        'warehouse',
        rows.map((r) => r.id),
      )
    : undefined;
  return {
    count: Number(n),
    results: rows.map((row) => present(row, addresses ? (addresses.get(row.id) ?? []) : undefined)),
  };
}

/** GET branches/{id}/warehouses: a foreign or unknown branch is Not Found. */
export async function assertBranchExists(db: Executor, companyId: number, branchId: number) {
  const branch = await queries.findBranch(db, companyId, branchId);
  if (!branch) throw notFound('Branch');
  return branch;
}

const warehouseName = uniqueName({
  find: queries.findWarehouseByName,
  isTaken: queries.isWarehouseNameTaken,
  message: WAREHOUSE_MESSAGES.name_taken,
});

/**
 * Locks the warehouse for a change and applies the spec's rule: an inactive warehouse, or a
 * warehouse of an inactive branch, blocks all operations on it. The locks hold until the
 * transaction ends, so the warehouse and its branch stay active while the change is made.
 */
async function lockOperableWarehouse(tx: Executor, companyId: number, id: number) {
  const warehouse = await queries.lockWarehouse(tx, companyId, id);
  if (!warehouse) throw notFound('Warehouse');
  if (!warehouse.is_active) throw blocked(warehouseInactiveMessage(warehouse.name));
  if (!warehouse.branch_is_active) throw blocked(branchInactiveMessage(warehouse.branch_name));
  return warehouse;
}

/** POST branches/{branchId}/warehouses: a warehouse under an active branch, with its address. */
export async function createWarehouse(options: {
  db: Database;
  actor: Principal;
  branchId: number;
  input: WarehouseCreate;
}): Promise<WarehouseOutput> {
  const { db, actor, branchId, input } = options;
  const companyId = actor.companyId;
  const id = await inTransaction(db, async (tx) => {
    const branch = await queries.findBranchForShare(tx, companyId, branchId);
    if (!branch) throw notFound('Branch');
    if (!branch.is_active) throw validationError('branch', branchInactiveMessage(branch.name));
    await warehouseName.assertFree(tx, companyId, input.name);
    const { address, ...fields } = input;
    const row = await queries
      .insertWarehouse(tx, {
        company_id: companyId,
        branch_id: branchId,
        name: fields.name,
        tally_warehouse_name: fields.tally_warehouse_name ?? null,
        contact_person_name: fields.contact_person_name ?? null,
        contact_person_phone: fields.contact_person_phone ?? null,
        position: fields.position ?? 0,
        is_private: fields.is_private,
      })
      .catch(warehouseName.explain);
    await insertAddress(tx, companyId, row.id, address);
    await recordWarehouseHistory(tx, actor, row.id, 'created', { ...input, branch: branchId });
    return row.id;
  });
  return getWarehouse(db, companyId, id);
}

/** A warehouse's addresses are its own premises ('office'). */
function insertAddress(tx: Tx, companyId: number, warehouseId: number, address: WarehouseAddressInput) {
  return addAddress(
    tx,
    { companyId, ownerType: 'warehouse', ownerId: warehouseId },
    { ...address, address_type: 'office' },
  );
}

/** PATCH warehouses/{id}. */
export async function updateWarehouse(options: {
  db: Database;
  actor: Principal;
  warehouseId: number;
  changes: WarehouseUpdate;
}): Promise<WarehouseOutput> {
  const { db, actor, warehouseId, changes } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    await lockOperableWarehouse(tx, companyId, warehouseId);
    if (changes.name !== undefined) await warehouseName.assertFree(tx, companyId, changes.name, warehouseId);
    await queries.updateWarehouse(tx, companyId, warehouseId, changes).catch(warehouseName.explain);
    await recordWarehouseHistory(tx, actor, warehouseId, 'updated', changes);
  });
  return getWarehouse(db, companyId, warehouseId);
}

type Target = { db: Database; actor: Principal; warehouseId: number };

/**
 * Sets one flag of the warehouse, locked by `lock` (which applies the rule of that switch), with
 * its history row; a warehouse that has the value already is left as it is.
 */
async function switchWarehouse(
  target: Target,
  flag: 'is_active' | 'is_private',
  value: boolean,
  action: string,
  lock: (tx: Tx) => Promise<Record<typeof flag, boolean>>,
): Promise<WarehouseOutput> {
  const { db, actor, warehouseId } = target;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const warehouse = await lock(tx);
    if (warehouse[flag] === value) return;
    await queries.updateWarehouse(tx, companyId, warehouseId, { [flag]: value });
    await recordWarehouseHistory(tx, actor, warehouseId, action, { [flag]: value });
  });
  return getWarehouse(db, companyId, warehouseId);
}

/**
 * POST warehouses/{id}/activate and /deactivate. Deactivation always completes (the spec: an
 * inactive warehouse blocks all operations, so later movements, assignments and edits are
 * refused); it waits for stock movements in flight, which hold the warehouse share-locked. A
 * warehouse of an inactive branch cannot be activated, since the branch still blocks it.
 */
export function setWarehouseActive(options: Target & { active: boolean }): Promise<WarehouseOutput> {
  const { actor, warehouseId, active } = options;
  return switchWarehouse(options, 'is_active', active, active ? 'activated' : 'deactivated', async (tx) => {
    const warehouse = await queries.lockWarehouse(tx, actor.companyId, warehouseId);
    if (!warehouse) throw notFound('Warehouse');
    if (active && !warehouse.branch_is_active) throw blocked(branchInactiveMessage(warehouse.branch_name));
    return warehouse;
  });
}

/** POST warehouses/{id}/private and /public: a private warehouse hides its inventory from buyers. */
export function setWarehousePrivate(options: Target & { isPrivate: boolean }): Promise<WarehouseOutput> {
  const { actor, warehouseId, isPrivate } = options;
  return switchWarehouse(options, 'is_private', isPrivate, isPrivate ? 'made_private' : 'made_public', (tx) =>
    lockOperableWarehouse(tx, actor.companyId, warehouseId),
  );
}

/** POST warehouses/{id}/addresses (the shared address rules below apply, history included). */
export async function addWarehouseAddress(options: {
  db: Database;
  actor: Principal;
  warehouseId: number;
  input: WarehouseAddressInput;
}): Promise<AddressOutput> {
  const { db, actor, warehouseId, input } = options;
  return inTransaction(db, async (tx) => {
    await lockOperableWarehouse(tx, actor.companyId, warehouseId);
    return addOwnedAddress(
      tx,
      { actor, ownerType: 'warehouse', ownerId: warehouseId },
      { ...input, address_type: 'office' },
    );
  });
}

/**
 * The warehouse's rules on the shared address routes (PATCH addresses/{id}, delete, visible,
 * invisible): a warehouse's addresses change only while it and its branch are active.
 */
export const warehouseAddressRules: AddressOwnerRules = {
  permission: 'change_warehouse',
  assertOwnerWritable: async (db, companyId, warehouseId) => {
    await lockOperableWarehouse(db, companyId, warehouseId);
  },
};

// ---------------------------------------------------------------------------------------------
// Product inventory and assigned products
// ---------------------------------------------------------------------------------------------

export async function productInventory(options: {
  db: Executor;
  companyId: number;
  warehouseId: number;
  filter: { search?: string; inStock?: boolean };
  sort: SortKey[];
  window: PageWindow;
}) {
  const { db, companyId, warehouseId } = options;
  await assertWarehouseExists(db, companyId, warehouseId);
  return warehouseInventory(db, companyId, warehouseId, options.filter, options.sort, options.window);
}

export async function unassignedProducts(options: {
  db: Executor;
  companyId: number;
  warehouseId: number;
  search?: string;
  window: PageWindow;
}) {
  const { db, companyId, warehouseId } = options;
  await assertWarehouseExists(db, companyId, warehouseId);
  return productsNotInWarehouse(db, companyId, warehouseId, options.search, options.window);
}

/** POST warehouses/{id}/assign_products: each product gets a stock row here (zero stock). */
export async function assignProducts(options: {
  db: Database;
  actor: Principal;
  warehouseId: number;
  productIds: number[];
}) {
  const { db, actor, warehouseId, productIds } = options;
  const companyId = actor.companyId;
  const assigned = await inTransaction(db, async (tx) => {
    await lockOperableWarehouse(tx, companyId, warehouseId);
    const added = await assignProductsToWarehouse(tx, companyId, warehouseId, productIds);
    if (added.length > 0) {
      await recordWarehouseHistory(tx, actor, warehouseId, 'products_assigned', { products: added });
    }
    return added.length;
  });
  return { detail: 'Products assigned successfully.', assigned };
}

// ---------------------------------------------------------------------------------------------
// Buyers served from the warehouse
// ---------------------------------------------------------------------------------------------

function presentBuyer(row: NonNullable<queries.WarehouseBuyerRow>): WarehouseBuyerOutput {
  return {
    id: row.id,
    warehouse: row.warehouse_id,
    priority: row.priority,
    buyer: {
      id: row.buyer_id,
      name: row.buyer_name,
      contact_person_name: row.buyer_contact_person_name,
      phone: row.buyer_phone,
      email: row.buyer_email,
      gst_number: row.buyer_gst_number,
      is_active: row.buyer_is_active,
    },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listWarehouseBuyers(options: {
  db: Executor;
  companyId: number;
  warehouseId: number;
  search?: string;
  sort: SortKey[];
  window: PageWindow;
}) {
  const { db, companyId, warehouseId } = options;
  await assertWarehouseExists(db, companyId, warehouseId);
  const [{ n }, rows] = await queries.listWarehouseBuyers(
    db,
    companyId,
    warehouseId,
    options.search,
    options.sort,
    options.window,
  );
  return { count: Number(n), results: rows.map(presentBuyer) };
}

/**
 * POST warehouses/{id}/assign_buyers: the buyers are served from this warehouse at the given
 * priority (lower is tried first). Buyers already assigned keep their assignment and priority;
 * every buyer must be an active buyer of the company.
 */
export async function assignBuyers(options: {
  db: Database;
  actor: Principal;
  warehouseId: number;
  input: AssignBuyers;
}) {
  const { db, actor, warehouseId, input } = options;
  const companyId = actor.companyId;
  const buyerIds = [...new Set(input.buyers)].sort((a, b) => a - b);
  return inTransaction(db, async (tx) => {
    await lockOperableWarehouse(tx, companyId, warehouseId);
    const buyers = new Map((await queries.findBuyersByIds(tx, companyId, buyerIds)).map((b) => [b.id, b]));
    input.buyers.forEach((buyerId, index) => {
      const buyer = buyers.get(buyerId);
      if (!buyer) throw validationError(`buyers.${index}`, WAREHOUSE_MESSAGES.buyer_not_found);
      if (!buyer.is_active) throw validationError(`buyers.${index}`, buyerInactiveMessage(buyer.name));
    });
    const inserted = await queries.insertWarehouseBuyers(
      tx,
      buyerIds.map((buyerId) => ({
        company_id: companyId,
        warehouse_id: warehouseId,
        buyer_id: buyerId,
        priority: input.priority ?? 0,
      })),
    );
    if (inserted.length > 0) {
      await recordWarehouseHistory(tx, actor, warehouseId, 'buyers_assigned', {
        buyers: inserted.map((r) => r.buyer_id),
        priority: input.priority ?? 0,
      });
    }
    const rows = await queries.findWarehouseBuyersOf(tx, companyId, warehouseId, buyerIds);
    return {
      detail: 'Buyers assigned successfully.',
      assigned: inserted.length,
      results: rows.map(presentBuyer),
    };
  });
}

/**
 * Locks an assignment's warehouse, which must be operable, then the assignment: the warehouse
 * first, as every other change of the warehouse does (one lock order, no deadlocks).
 */
async function lockAssignment(tx: Tx, companyId: number, id: number) {
  const found = await queries.findWarehouseBuyer(tx, companyId, id);
  if (!found) throw notFound('Warehouse Buyer');
  await lockOperableWarehouse(tx, companyId, found.warehouse_id);
  const assignment = await queries.lockWarehouseBuyer(tx, companyId, id);
  // Unassigned meanwhile (an assignment never moves to another warehouse).
  if (!assignment) throw notFound('Warehouse Buyer');
  return assignment;
}

/** PATCH warehouse_buyers/{id}: a new priority (lower is tried first). */
export async function updateWarehouseBuyer(options: {
  db: Database;
  actor: Principal;
  warehouseBuyerId: number;
  priority: number;
}): Promise<WarehouseBuyerOutput> {
  const { db, actor, warehouseBuyerId, priority } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const assignment = await lockAssignment(tx, companyId, warehouseBuyerId);
    await queries.updateWarehouseBuyerPriority(tx, companyId, warehouseBuyerId, priority);
    await recordWarehouseHistory(tx, actor, assignment.warehouse_id, 'buyer_priority_changed', {
      buyer: assignment.buyer_id,
      from: assignment.priority,
      priority,
    });
  });
  const row = await queries.findWarehouseBuyer(db, companyId, warehouseBuyerId);
  if (!row) throw notFound('Warehouse Buyer');
  return presentBuyer(row);
}

/** POST warehouse_buyers/{id}/unassign: the buyer is no longer served from the warehouse. */
export async function unassignWarehouseBuyer(options: {
  db: Database;
  actor: Principal;
  warehouseBuyerId: number;
}) {
  const { db, actor, warehouseBuyerId } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    const assignment = await lockAssignment(tx, companyId, warehouseBuyerId);
    await queries.deleteWarehouseBuyer(tx, companyId, warehouseBuyerId);
    await recordWarehouseHistory(tx, actor, assignment.warehouse_id, 'buyer_unassigned', {
      buyer: assignment.buyer_id,
    });
  });
  return { detail: WAREHOUSE_MESSAGES.buyer_unassigned };
}
