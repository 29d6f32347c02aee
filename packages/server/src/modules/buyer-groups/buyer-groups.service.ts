import type {
  BuyerGroupBuyerOutput,
  BuyerGroupConditionsUpdate,
  BuyerGroupCreate,
  BuyerGroupOutput,
  BuyerGroupUpdate,
} from '@b2b/domain/api/buyer-groups';
import { BUYER_GROUP_MESSAGES, purchaseWindowStart } from '@b2b/domain/buyer-groups';
import { indianToday } from '@b2b/domain/cashpoints';
import { toPaise } from '@b2b/domain/money';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx } from '../../db/transaction.ts';
import { uniqueName } from '../../db/unique-name.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { assertActiveBranches } from '../branches/branch-checks.ts';
import { historyPage, historyWriter } from '../history/history.service.ts';
import { listProducts } from '../products/product-reads.ts';
import type { ProductFilter, ProductSort } from '../products/products.queries.ts';
import * as queries from './buyer-groups.queries.ts';

const recordBuyerGroupHistory = historyWriter('buyer_group');

/** Works out one dynamic group's members again (see buyer-groups.jobs.ts). */
export const EVALUATE_BUYER_GROUP_JOB = 'buyer-groups.evaluate';

const present = (row: queries.GroupRow): BuyerGroupOutput => ({
  id: row.id,
  name: row.name,
  description: row.description,
  is_active: row.is_active,
  is_dynamic_group: row.is_dynamic_group,
  dynamic_group_sale_condition: row.dynamic_group_sale_condition
    ? {
        min_amount: Number(row.dynamic_group_sale_condition.min_amount),
        max_amount:
          row.dynamic_group_sale_condition.max_amount === null
            ? null
            : Number(row.dynamic_group_sale_condition.max_amount),
      }
    : null,
  dynamic_group_time_condition: row.dynamic_group_time_condition
    ? { last_days: Number(row.dynamic_group_time_condition.last_days) }
    : null,
  buyer_count: Number(row.buyer_count),
  branches: row.branches.map((b) => ({ id: Number(b.id), name: b.name })),
  evaluated_at: row.evaluated_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function getBuyerGroup(db: Executor, companyId: number, id: number): Promise<BuyerGroupOutput> {
  const row = await queries.findGroup(db, companyId, id);
  if (!row) throw notFound('Buyer Group');
  return present(row);
}

export async function listBuyerGroups(
  db: Executor,
  companyId: number,
  filter: queries.GroupFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listGroups(db, companyId, filter, sort, window);
  return { count: Number(n), results: rows.map(present) };
}

export async function buyerGroupHistory(db: Executor, companyId: number, id: number) {
  await getBuyerGroup(db, companyId, id);
  return historyPage(db, companyId, 'buyer_group', id);
}

async function lockGroupOrFail(tx: Tx, companyId: number, id: number) {
  const group = await queries.lockGroup(tx, companyId, id);
  if (!group) throw notFound('Buyer Group');
  return group;
}

const groupName = uniqueName({
  find: queries.findGroupByName,
  isTaken: queries.isGroupNameTaken,
  message: BUYER_GROUP_MESSAGES.name_taken,
});

/** Queues a dynamic group's evaluation; with `tx` it exists only if the change commits. */
const queueEvaluation = (jobs: JobRunner, tx: Tx, companyId: number, buyerGroupId: number) =>
  jobs.send(EVALUATE_BUYER_GROUP_JOB, { companyId, buyerGroupId }, { tx });

// ---------------------------------------------------------------------------------------------
// The group

export async function createBuyerGroup(options: {
  db: Database;
  jobs: JobRunner;
  actor: Principal;
  input: BuyerGroupCreate;
}): Promise<BuyerGroupOutput> {
  const { db, jobs, actor, input } = options;
  const companyId = actor.companyId;
  const id = await inTransaction(db, async (tx) => {
    await groupName.assertFree(tx, companyId, input.name);
    const dynamic = input.is_dynamic_group;
    const row = await queries
      .insertGroup(tx, {
        company_id: companyId,
        name: input.name,
        description: input.description ?? null,
        is_dynamic_group: dynamic,
        dynamic_group_sale_condition: dynamic ? (input.dynamic_group_sale_condition ?? null) : null,
        dynamic_group_time_condition: dynamic ? (input.dynamic_group_time_condition ?? null) : null,
      })
      .catch(groupName.explain);
    if (input.branches?.length) {
      const branches = await assertActiveBranches(tx, companyId, input.branches);
      await queries.insertBranches(
        tx,
        companyId,
        row.id,
        branches.map((b) => b.id),
      );
    }
    await recordBuyerGroupHistory(tx, actor, row.id, 'created', input);
    if (dynamic) await queueEvaluation(jobs, tx, companyId, row.id);
    return row.id;
  });
  return getBuyerGroup(db, companyId, id);
}

export async function updateBuyerGroup(options: {
  db: Database;
  actor: Principal;
  buyerGroupId: number;
  changes: BuyerGroupUpdate;
}): Promise<BuyerGroupOutput> {
  const { db, actor, buyerGroupId, changes } = options;
  await inTransaction(db, async (tx) => {
    await lockGroupOrFail(tx, actor.companyId, buyerGroupId);
    if (changes.name !== undefined)
      await groupName.assertFree(tx, actor.companyId, changes.name, buyerGroupId);
    await queries
      .updateGroup(tx, actor.companyId, buyerGroupId, {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.description !== undefined ? { description: changes.description ?? null } : {}),
      })
      .catch(groupName.explain);
    await recordBuyerGroupHistory(tx, actor, buyerGroupId, 'updated', changes);
  });
  return getBuyerGroup(db, actor.companyId, buyerGroupId);
}

/** Activating a dynamic group works its members out afresh: the nightly run skips inactive ones. */
export async function setBuyerGroupActive(options: {
  db: Database;
  jobs: JobRunner;
  actor: Principal;
  buyerGroupId: number;
  active: boolean;
}): Promise<BuyerGroupOutput> {
  const { db, jobs, actor, buyerGroupId, active } = options;
  await inTransaction(db, async (tx) => {
    const group = await lockGroupOrFail(tx, actor.companyId, buyerGroupId);
    await queries.updateGroup(tx, actor.companyId, buyerGroupId, { is_active: active });
    await recordBuyerGroupHistory(tx, actor, buyerGroupId, active ? 'activated' : 'deactivated');
    if (active && group.is_dynamic_group && !group.is_active) {
      await queueEvaluation(jobs, tx, actor.companyId, buyerGroupId);
    }
  });
  return getBuyerGroup(db, actor.companyId, buyerGroupId);
}

export async function updateBuyerGroupConditions(options: {
  db: Database;
  jobs: JobRunner;
  actor: Principal;
  buyerGroupId: number;
  conditions: BuyerGroupConditionsUpdate;
}): Promise<BuyerGroupOutput> {
  const { db, jobs, actor, buyerGroupId, conditions } = options;
  await inTransaction(db, async (tx) => {
    const group = await lockGroupOrFail(tx, actor.companyId, buyerGroupId);
    if (!group.is_dynamic_group) throw new AppError('bad_request', BUYER_GROUP_MESSAGES.conditions_static);
    await queries.updateGroup(tx, actor.companyId, buyerGroupId, conditions);
    await recordBuyerGroupHistory(tx, actor, buyerGroupId, 'conditions_updated', conditions);
    await queueEvaluation(jobs, tx, actor.companyId, buyerGroupId);
  });
  return getBuyerGroup(db, actor.companyId, buyerGroupId);
}

// ---------------------------------------------------------------------------------------------
// Buyers

export async function listGroupBuyers(
  db: Executor,
  companyId: number,
  buyerGroupId: number,
  search: string | undefined,
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: BuyerGroupBuyerOutput[] }> {
  await getBuyerGroup(db, companyId, buyerGroupId);
  const [{ n }, rows] = await queries.listMembers(db, companyId, buyerGroupId, search, sort, window);
  return { count: Number(n), results: rows };
}

export async function listUnassignedBuyers(
  db: Executor,
  companyId: number,
  buyerGroupId: number,
  search: string | undefined,
  sort: SortKey[],
  window: PageWindow,
): Promise<{ count: number; results: BuyerGroupBuyerOutput[] }> {
  await getBuyerGroup(db, companyId, buyerGroupId);
  const [{ n }, rows] = await queries.listNonMembers(db, companyId, buyerGroupId, search, sort, window);
  return { count: Number(n), results: rows };
}

type Target = { db: Database; actor: Principal; buyerGroupId: number };

/**
 * One change to a group's buyers or branches: the group locked first, then the change, which
 * answers what its history row records, written in the same transaction; then the group as it is.
 */
async function changeGroup(
  target: Target,
  action: string,
  change: (tx: Tx, group: NonNullable<Awaited<ReturnType<typeof queries.lockGroup>>>) => Promise<object>,
): Promise<BuyerGroupOutput> {
  const { db, actor, buyerGroupId } = target;
  await inTransaction(db, async (tx) => {
    const group = await lockGroupOrFail(tx, actor.companyId, buyerGroupId);
    const changes = await change(tx, group);
    await recordBuyerGroupHistory(tx, actor, buyerGroupId, action, { ...changes });
  });
  return getBuyerGroup(db, actor.companyId, buyerGroupId);
}

/** A dynamic group's members are the buyers its conditions select, never picked by hand. */
function assertStatic(group: { is_dynamic_group: boolean }) {
  if (group.is_dynamic_group) throw new AppError('bad_request', BUYER_GROUP_MESSAGES.dynamic_by_hand);
}

/** Static groups only; every buyer must be an active buyer of the company. Assigning twice is harmless. */
export async function assignBuyers(options: Target & { buyerIds: number[]; field: 'buyer' | 'buyers' }) {
  const { actor, buyerGroupId, field } = options;
  const buyerIds = [...new Set(options.buyerIds)].sort((a, b) => a - b);
  return changeGroup(options, 'buyers_assigned', async (tx, group) => {
    assertStatic(group);
    const buyers = await queries.shareLockBuyers(tx, actor.companyId, buyerIds);
    if (buyers.length !== buyerIds.length) throw validationError(field, 'Buyer Not Found');
    const inactive = buyers.find((b) => !b.is_active);
    if (inactive) throw validationError(field, `Buyer ${inactive.name} is inactive.`);
    const added = await queries.insertMembers(tx, actor.companyId, buyerGroupId, buyerIds);
    return { buyers: added.map((row) => row.buyer_id) };
  });
}

export async function unassignBuyer(options: Target & { buyerId: number }) {
  const { actor, buyerGroupId, buyerId } = options;
  return changeGroup(options, 'buyer_unassigned', async (tx, group) => {
    assertStatic(group);
    const removed = await queries.deleteMember(tx, actor.companyId, buyerGroupId, buyerId);
    if (!removed) throw validationError('buyer', BUYER_GROUP_MESSAGES.buyer_not_assigned);
    return { buyer: buyerId };
  });
}

// ---------------------------------------------------------------------------------------------
// Branches

export async function assignBranches(options: Target & { branchIds: number[] }) {
  const { actor, buyerGroupId } = options;
  return changeGroup(options, 'branches_assigned', async (tx) => {
    // An inactive branch blocks all operations on it, assigning it included.
    const branches = await assertActiveBranches(tx, actor.companyId, options.branchIds);
    const ids = branches.map((b) => b.id).sort((a, b) => a - b);
    await queries.insertBranches(tx, actor.companyId, buyerGroupId, ids);
    return { branches: ids };
  });
}

/** Every branch named must be assigned now; unassigning is allowed for inactive branches too. */
export async function unassignBranches(options: Target & { branchIds: number[] }) {
  const { actor, buyerGroupId } = options;
  const ids = [...new Set(options.branchIds)];
  return changeGroup(options, 'branches_unassigned', async (tx) => {
    const removed = await queries.deleteBranches(tx, actor.companyId, buyerGroupId, ids);
    if (removed.length !== ids.length) {
      throw validationError('branches', BUYER_GROUP_MESSAGES.branch_not_assigned);
    }
    return { branches: ids };
  });
}

// ---------------------------------------------------------------------------------------------
// Products

/** The products that name this group, through the products area's own list (filters, stock, paging). */
export async function listGroupProducts(
  db: Executor,
  companyId: number,
  buyerGroupId: number,
  filter: Omit<ProductFilter, 'buyerGroupId'>,
  sort: ProductSort[],
  window: PageWindow,
) {
  await getBuyerGroup(db, companyId, buyerGroupId);
  const { count, results } = await listProducts(db, companyId, { ...filter, buyerGroupId }, sort, window);
  return { count, results: results.map(({ sort_value: _, ...product }) => product) };
}

// ---------------------------------------------------------------------------------------------
// Dynamic membership

/**
 * Makes a dynamic group's members exactly the active buyers whose invoiced purchases over its
 * last N days (India's calendar, today included) fall within its range. The group stays locked
 * meanwhile, so a change of conditions waits for the run (and queues its own). Returns null when
 * there is nothing to evaluate (the group is gone or static).
 */
export async function evaluateDynamicGroup(options: {
  db: Database;
  companyId: number;
  buyerGroupId: number;
  today?: string;
}): Promise<{ added: number; removed: number } | null> {
  const { db, companyId, buyerGroupId } = options;
  const today = options.today ?? indianToday();
  const result = await inTransaction(db, async (tx) => {
    const group = await queries.lockGroup(tx, companyId, buyerGroupId);
    const range = group?.dynamic_group_sale_condition;
    const window = group?.dynamic_group_time_condition;
    if (!group?.is_dynamic_group || !range || !window) return null;
    return queries.replaceDynamicMembers(tx, companyId, buyerGroupId, {
      minPaise: toPaise(Number(range.min_amount)),
      maxPaise: range.max_amount === null ? null : toPaise(Number(range.max_amount)),
      from: purchaseWindowStart(today, Number(window.last_days)),
      to: today,
    });
  });
  if (result) companyChanged(companyId);
  return result;
}

/** The nightly run: every active dynamic group, each in its own transaction. */
export async function evaluateAllDynamicGroups(options: { db: Database; today?: string }) {
  const groups = await queries.activeDynamicGroups(options.db);
  for (const group of groups) {
    await evaluateDynamicGroup({
      db: options.db,
      companyId: group.company_id,
      buyerGroupId: group.id,
      today: options.today,
    });
  }
  return { groups: groups.length };
}
