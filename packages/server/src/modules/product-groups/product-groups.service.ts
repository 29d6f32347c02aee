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
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { namedGroups } from '../named-groups/named-groups.service.ts';
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

const groups = namedGroups({
  entityType: 'product_group',
  label: 'Product group',
  nameTaken: PRODUCT_GROUP_MESSAGES.name_taken,
  queries,
  present,
  explainUniqueViolation: explainUniqueViolation('name'),
});

export const getProductGroup = groups.get;
export const listProductGroups = groups.list;

export async function listAttributes(db: Executor, companyId: number, groupId: number) {
  const group = await getProductGroup(db, companyId, groupId);
  return { results: group.attributes };
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

export const createProductGroup = (options: { db: Database; actor: Principal; input: ProductGroupCreate }) =>
  groups.create({
    ...options,
    columns: {},
    children: async (tx, groupId) => {
      const { actor, input } = options;
      if (input.attributes.length === 0) return;
      await queries
        .insertAttributes(tx, actor.companyId, groupId, input.attributes)
        .catch(explainUniqueViolation('attributes'));
    },
  });

export const updateProductGroup = (options: {
  db: Database;
  actor: Principal;
  groupId: number;
  changes: ProductGroupUpdate;
}) => groups.change({ ...options, action: 'updated' });

export const setProductGroupActive = groups.setActive;

export const addAttribute = (options: {
  db: Database;
  actor: Principal;
  groupId: number;
  input: AttributeCreate;
}): Promise<ProductGroupOutput> => {
  const { actor, groupId, input } = options;
  return groups.changeWith({
    ...options,
    action: 'attribute_added',
    changes: input,
    write: async (tx) => {
      await assertAttributeNameFree(tx, actor.companyId, groupId, input.name);
      await queries
        .insertAttributes(tx, actor.companyId, groupId, [input])
        .catch(explainUniqueViolation('name'));
    },
  });
};

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
    await groups.recordGroupHistory(tx, actor, current.product_group_id, 'attribute_updated', {
      attribute: attributeId,
      ...changes,
    });
    return presentAttribute({ ...current, ...values });
  });
}

export async function deleteAttribute(options: { db: Database; actor: Principal; attributeId: number }) {
  const { db, actor, attributeId } = options;
  await inTransaction(db, async (tx) => {
    const deleted = await queries.deleteAttribute(tx, actor.companyId, attributeId);
    if (!deleted) throw notFound('Product attribute');
    await groups.recordGroupHistory(tx, actor, deleted.product_group_id, 'attribute_deleted', {
      attribute: attributeId,
    });
  });
  return { detail: PRODUCT_GROUP_MESSAGES.attribute_deleted };
}
