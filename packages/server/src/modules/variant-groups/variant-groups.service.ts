import {
  VARIANT_GROUP_MESSAGES,
  type VariantGroupCreate,
  type VariantGroupOutput,
  type VariantGroupUpdate,
  type VariantProductsInput,
} from '@b2b/domain/api/variant-groups';
import { AppError, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/transaction.ts';
import { namedGroups } from '../named-groups/named-groups.service.ts';
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

/** The unique indexes are the final word: a concurrent request can pass the checks before them. */
function explainUniqueViolation(error: unknown): never {
  if (queries.isGroupNameTaken(error)) throw validationError('name', VARIANT_GROUP_MESSAGES.name_taken);
  if (queries.isProductTaken(error)) {
    throw validationError('products', VARIANT_GROUP_MESSAGES.product_in_other_group);
  }
  throw error;
}

const groups = namedGroups({
  entityType: 'variant_group',
  label: 'Variant group',
  nameTaken: VARIANT_GROUP_MESSAGES.name_taken,
  queries,
  present,
  explainUniqueViolation,
});

export const getVariantGroup = groups.get;
export const listVariantGroups = groups.list;

export const createVariantGroup = (options: {
  db: Database;
  actor: Principal;
  input: VariantGroupCreate;
}) => {
  const { input } = options;
  return groups.create({
    ...options,
    columns: {
      attribute: input.attribute,
      options: input.options,
      primary_attribute: input.primary_attribute ?? null,
    },
  });
};

export const updateVariantGroup = (options: {
  db: Database;
  actor: Principal;
  groupId: number;
  changes: VariantGroupUpdate;
}) =>
  groups.change({ ...options, action: 'updated' }, async (tx) => {
    const { actor, groupId, changes } = options;
    if (changes.options === undefined) return;
    // A variant keeps the option it stands for: options in use stay.
    const kept = new Set(changes.options);
    const inUse = await queries.optionsInUse(tx, actor.companyId, groupId);
    if (inUse.some((o) => !kept.has(o))) {
      throw validationError('options', VARIANT_GROUP_MESSAGES.option_in_use);
    }
  });

export const setVariantGroupActive = groups.setActive;

/**
 * Replaces the group's variants with the list sent. Each product must be a live product of the
 * company, stand for one of the group's options, and be a variant of no other group.
 */
export function setVariants(options: {
  db: Database;
  actor: Principal;
  groupId: number;
  input: VariantProductsInput;
}): Promise<VariantGroupOutput> {
  const { actor, groupId, input } = options;
  return groups.changeWith({
    ...options,
    action: 'variants_set',
    changes: input,
    write: async (tx, group) => {
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
      await queries
        .replaceVariants(tx, actor.companyId, groupId, input.products)
        .catch(explainUniqueViolation);
    },
  });
}
