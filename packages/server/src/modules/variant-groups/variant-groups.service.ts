import {
  VARIANT_GROUP_MESSAGES,
  type VariantGroupCreate,
  type VariantGroupOutput,
  type VariantGroupUpdate,
  type VariantProductsInput,
} from '@b2b/domain/api/variant-groups';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import { liveProductIds } from '../products/products.queries.ts';
import * as queries from './variant-groups.queries.ts';

type GroupRow = NonNullable<Awaited<ReturnType<typeof queries.findGroup>>>;

async function present(db: Executor, companyId: number, rows: GroupRow[]): Promise<VariantGroupOutput[]> {
  const variants = await queries.variantsOf(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...row,
    products: variants
      .filter((v) => v.variant_group_id === row.id)
      .map((v) => ({ product: { id: v.id, name: v.name, sku: v.sku }, option: v.option_value })),
  }));
}

export async function getVariantGroup(
  db: Executor,
  companyId: number,
  id: number,
): Promise<VariantGroupOutput> {
  const row = await queries.findGroup(db, companyId, id);
  if (!row) throw notFound('Variant group');
  const [group] = await present(db, companyId, [row]);
  return group as VariantGroupOutput;
}

export async function listVariantGroups(
  db: Executor,
  companyId: number,
  filter: queries.GroupFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listGroups(db, companyId, filter, sort, window);
  return { count: Number(n), results: await present(db, companyId, rows) };
}

async function assertNameFree(tx: Executor, companyId: number, name: string, exceptId?: number) {
  if (await queries.findGroupByName(tx, companyId, name, exceptId)) {
    throw validationError('name', VARIANT_GROUP_MESSAGES.name_taken);
  }
}

/** The unique indexes are the final word: a concurrent request can pass the checks before them. */
function explainUniqueViolation(error: unknown): never {
  if (queries.isGroupNameTaken(error)) throw validationError('name', VARIANT_GROUP_MESSAGES.name_taken);
  if (queries.isProductTaken(error)) {
    throw validationError('products', VARIANT_GROUP_MESSAGES.product_in_other_group);
  }
  throw error;
}

export async function createVariantGroup(options: {
  db: Database;
  actor: Principal;
  input: VariantGroupCreate;
}): Promise<VariantGroupOutput> {
  const { db, actor, input } = options;
  const id = await inTransaction(db, async (tx) => {
    await assertNameFree(tx, actor.companyId, input.name);
    const row = await queries
      .insertGroup(tx, {
        company_id: actor.companyId,
        name: input.name,
        description: input.description ?? null,
        attribute: input.attribute,
        options: input.options,
        primary_attribute: input.primary_attribute ?? null,
      })
      .catch(explainUniqueViolation);
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'variant_group',
      entityId: row.id,
      action: 'created',
      userId: actor.userId,
      changes: input,
    });
    return row.id;
  });
  return getVariantGroup(db, actor.companyId, id);
}

async function changeGroup(
  db: Database,
  actor: Principal,
  groupId: number,
  action: string,
  changes: Partial<queries.GroupValues>,
): Promise<VariantGroupOutput> {
  await inTransaction(db, async (tx) => {
    const current = await queries.lockGroup(tx, actor.companyId, groupId);
    if (!current) throw notFound('Variant group');
    if (changes.name !== undefined) await assertNameFree(tx, actor.companyId, changes.name, groupId);
    if (changes.options !== undefined) {
      // A variant keeps the option it stands for: options in use stay.
      const kept = new Set(changes.options);
      const inUse = await queries.optionsInUse(tx, actor.companyId, groupId);
      if (inUse.some((o) => !kept.has(o))) {
        throw validationError('options', VARIANT_GROUP_MESSAGES.option_in_use);
      }
    }
    await queries.updateGroup(tx, actor.companyId, groupId, changes).catch(explainUniqueViolation);
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'variant_group',
      entityId: groupId,
      action,
      userId: actor.userId,
      changes,
    });
  });
  return getVariantGroup(db, actor.companyId, groupId);
}

export const updateVariantGroup = (options: {
  db: Database;
  actor: Principal;
  groupId: number;
  changes: VariantGroupUpdate;
}) => changeGroup(options.db, options.actor, options.groupId, 'updated', options.changes);

export const setVariantGroupActive = (options: {
  db: Database;
  actor: Principal;
  groupId: number;
  active: boolean;
}) =>
  changeGroup(options.db, options.actor, options.groupId, options.active ? 'activated' : 'deactivated', {
    is_active: options.active,
  });

/**
 * Replaces the group's variants with the list sent. Each product must be a live product of the
 * company, stand for one of the group's options, and be a variant of no other group.
 */
export async function setVariants(options: {
  db: Database;
  actor: Principal;
  groupId: number;
  input: VariantProductsInput;
}): Promise<VariantGroupOutput> {
  const { db, actor, groupId, input } = options;
  await inTransaction(db, async (tx) => {
    const group = await queries.lockGroup(tx, actor.companyId, groupId);
    if (!group) throw notFound('Variant group');
    const ids = input.products.map((p) => p.product);
    const live = new Set(await liveProductIds(tx, actor.companyId, ids));
    const offered = new Set(group.options);
    const taken = new Set(
      (await queries.productsInOtherGroups(tx, actor.companyId, groupId, ids)).map((r) => r.product_id),
    );
    const errors: Record<string, string[]> = {};
    input.products.forEach((p, i) => {
      if (!live.has(p.product)) errors[`products.${i}.product`] = [VARIANT_GROUP_MESSAGES.unknown_product];
      else if (taken.has(p.product)) {
        errors[`products.${i}.product`] = [VARIANT_GROUP_MESSAGES.product_in_other_group];
      }
      if (!offered.has(p.option)) errors[`products.${i}.option`] = [VARIANT_GROUP_MESSAGES.unknown_option];
    });
    const [first] = Object.entries(errors);
    if (first) throw new AppError('validation_error', first[1][0] as string, { errors });
    await queries.replaceVariants(tx, actor.companyId, groupId, input.products).catch(explainUniqueViolation);
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'variant_group',
      entityId: groupId,
      action: 'variants_set',
      userId: actor.userId,
      changes: input,
    });
  });
  return getVariantGroup(db, actor.companyId, groupId);
}
