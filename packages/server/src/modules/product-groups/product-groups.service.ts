import {
  type AttributeCreate,
  type AttributeOutput,
  type AttributeUpdate,
  PRODUCT_GROUP_MESSAGES,
  type ProductGroupCreate,
  type ProductGroupOutput,
  type ProductGroupUpdate,
} from '@b2b/domain/api/product-groups';
import { notFound, validationError } from '../../core/errors.ts';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import * as queries from './product-groups.queries.ts';

type GroupRow = NonNullable<Awaited<ReturnType<typeof queries.findGroup>>>;
type AttributeRow = Awaited<ReturnType<typeof queries.attributesOf>>[number];

const presentAttribute = ({ product_group_id: _, ...row }: AttributeRow): AttributeOutput => row;

async function present(db: Executor, companyId: number, rows: GroupRow[]): Promise<ProductGroupOutput[]> {
  const attributes = await queries.attributesOf(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...row,
    attributes: attributes.filter((a) => a.product_group_id === row.id).map(presentAttribute),
  }));
}

export async function getProductGroup(
  db: Executor,
  companyId: number,
  id: number,
): Promise<ProductGroupOutput> {
  const row = await queries.findGroup(db, companyId, id);
  if (!row) throw notFound('Product group');
  const [group] = await present(db, companyId, [row]);
  return group as ProductGroupOutput;
}

export async function listProductGroups(
  db: Executor,
  companyId: number,
  filter: queries.GroupFilter,
  sort: SortKey[],
  window: PageWindow,
) {
  const [{ n }, rows] = await queries.listGroups(db, companyId, filter, sort, window);
  return { count: Number(n), results: await present(db, companyId, rows) };
}

export async function listAttributes(db: Executor, companyId: number, groupId: number) {
  const group = await getProductGroup(db, companyId, groupId);
  return { results: group.attributes };
}

async function assertNameFree(tx: Executor, companyId: number, name: string, exceptId?: number) {
  if (await queries.findGroupByName(tx, companyId, name, exceptId)) {
    throw validationError('name', PRODUCT_GROUP_MESSAGES.name_taken);
  }
}

async function assertAttributeNameFree(
  tx: Executor,
  companyId: number,
  groupId: number,
  name: string,
  exceptId?: number,
) {
  if (await queries.findAttributeByName(tx, companyId, groupId, name, exceptId)) {
    throw validationError('name', PRODUCT_GROUP_MESSAGES.attribute_name_taken);
  }
}

/** The unique indexes are the final word: a concurrent request can pass the checks before them. */
function explainUniqueViolation(field: string) {
  return (error: unknown): never => {
    if (queries.isGroupNameTaken(error)) throw validationError('name', PRODUCT_GROUP_MESSAGES.name_taken);
    if (queries.isAttributeNameTaken(error)) {
      throw validationError(field, PRODUCT_GROUP_MESSAGES.attribute_name_taken);
    }
    throw error;
  };
}

export async function createProductGroup(options: {
  db: Database;
  actor: Principal;
  input: ProductGroupCreate;
}): Promise<ProductGroupOutput> {
  const { db, actor, input } = options;
  const id = await inTransaction(db, async (tx) => {
    await assertNameFree(tx, actor.companyId, input.name);
    const row = await queries
      .insertGroup(tx, {
        company_id: actor.companyId,
        name: input.name,
        description: input.description ?? null,
      })
      .catch(explainUniqueViolation('attributes'));
    if (input.attributes.length > 0) {
      await queries
        .insertAttributes(tx, actor.companyId, row.id, input.attributes)
        .catch(explainUniqueViolation('attributes'));
    }
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'product_group',
      entityId: row.id,
      action: 'created',
      userId: actor.userId,
      changes: input,
    });
    return row.id;
  });
  return getProductGroup(db, actor.companyId, id);
}

async function changeGroup(
  db: Database,
  actor: Principal,
  groupId: number,
  action: string,
  changes: Parameters<typeof queries.updateGroup>[3],
): Promise<ProductGroupOutput> {
  await inTransaction(db, async (tx) => {
    const current = await queries.lockGroup(tx, actor.companyId, groupId);
    if (!current) throw notFound('Product group');
    if (changes.name !== undefined) await assertNameFree(tx, actor.companyId, changes.name, groupId);
    await queries.updateGroup(tx, actor.companyId, groupId, changes).catch(explainUniqueViolation('name'));
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'product_group',
      entityId: groupId,
      action,
      userId: actor.userId,
      changes,
    });
  });
  return getProductGroup(db, actor.companyId, groupId);
}

export const updateProductGroup = (options: {
  db: Database;
  actor: Principal;
  groupId: number;
  changes: ProductGroupUpdate;
}) => changeGroup(options.db, options.actor, options.groupId, 'updated', options.changes);

export const setProductGroupActive = (options: {
  db: Database;
  actor: Principal;
  groupId: number;
  active: boolean;
}) =>
  changeGroup(options.db, options.actor, options.groupId, options.active ? 'activated' : 'deactivated', {
    is_active: options.active,
  });

export async function addAttribute(options: {
  db: Database;
  actor: Principal;
  groupId: number;
  input: AttributeCreate;
}): Promise<ProductGroupOutput> {
  const { db, actor, groupId, input } = options;
  await inTransaction(db, async (tx) => {
    if (!(await queries.lockGroup(tx, actor.companyId, groupId))) throw notFound('Product group');
    await assertAttributeNameFree(tx, actor.companyId, groupId, input.name);
    await queries
      .insertAttributes(tx, actor.companyId, groupId, [input])
      .catch(explainUniqueViolation('name'));
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'product_group',
      entityId: groupId,
      action: 'attribute_added',
      userId: actor.userId,
      changes: input,
    });
  });
  return getProductGroup(db, actor.companyId, groupId);
}

/** Type and options are judged together, as they will be stored: only a select has options. */
export async function updateAttribute(options: {
  db: Database;
  actor: Principal;
  attributeId: number;
  changes: AttributeUpdate;
}): Promise<AttributeOutput> {
  const { db, actor, attributeId, changes } = options;
  return inTransaction(db, async (tx) => {
    const current = await queries.findAttributeForUpdate(tx, actor.companyId, attributeId);
    if (!current) throw notFound('Product attribute');
    const type = changes.type ?? current.type;
    let nextOptions = changes.options ?? current.options;
    // Changing a select to another type drops its options unless new ones were sent.
    if (type !== 'select' && changes.type !== undefined && changes.options === undefined) nextOptions = [];
    if (type === 'select' && nextOptions.length === 0) {
      throw validationError('options', PRODUCT_GROUP_MESSAGES.select_needs_options);
    }
    if (type !== 'select' && nextOptions.length > 0) {
      throw validationError('options', PRODUCT_GROUP_MESSAGES.options_only_for_select);
    }
    if (changes.name !== undefined) {
      await assertAttributeNameFree(tx, actor.companyId, current.product_group_id, changes.name, attributeId);
    }
    const values = { ...changes, type, options: nextOptions };
    await queries
      .updateAttribute(tx, actor.companyId, attributeId, values)
      .catch(explainUniqueViolation('name'));
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'product_group',
      entityId: current.product_group_id,
      action: 'attribute_updated',
      userId: actor.userId,
      changes: { attribute: attributeId, ...changes },
    });
    return presentAttribute({ ...current, ...values });
  });
}

export async function deleteAttribute(options: { db: Database; actor: Principal; attributeId: number }) {
  const { db, actor, attributeId } = options;
  await inTransaction(db, async (tx) => {
    const deleted = await queries.deleteAttribute(tx, actor.companyId, attributeId);
    if (!deleted) throw notFound('Product attribute');
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'product_group',
      entityId: deleted.product_group_id,
      action: 'attribute_deleted',
      userId: actor.userId,
      changes: { attribute: attributeId },
    });
  });
  return { detail: PRODUCT_GROUP_MESSAGES.attribute_deleted };
}
