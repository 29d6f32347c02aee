import type { ShippingRuleKind } from '@b2b/domain/shipping-charges';
import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import { findRowByName } from '../../db/name-lookup.ts';
import type { Executor } from '../../db/transaction.ts';

/** The SQL of shipping charge rules (issue 26) and the product weights a suggestion reads. */

const ruleSelect = (db: Executor, companyId: number) =>
  db
    .selectFrom('shipping_rules as r')
    .leftJoin('sales_channels as c', (j) =>
      j.onRef('c.company_id', '=', 'r.company_id').onRef('c.id', '=', 'r.sales_channel_id'),
    )
    .select([
      'r.id',
      'r.name',
      'r.sales_channel_id',
      'c.name as sales_channel_name',
      'c.display_name as sales_channel_display_name',
      'r.kind',
      'r.charge_paise',
      'r.slabs',
      'r.zones',
      'r.free_above_paise',
      'r.position',
      'r.is_active',
      'r.created_at',
      'r.updated_at',
    ])
    .where('r.company_id', '=', companyId);

export type RuleRow = NonNullable<Awaited<ReturnType<typeof findRule>>>;

export const findRule = (db: Executor, companyId: number, id: number) =>
  ruleSelect(db, companyId).where('r.id', '=', id).executeTakeFirst();

/** Every rule of the company in the order they are tried (channel, position, id). */
export const listRules = (
  db: Executor,
  companyId: number,
  filter: { isActive?: boolean; salesChannelId?: number },
) => {
  let query = ruleSelect(db, companyId);
  if (filter.isActive !== undefined) query = query.where('r.is_active', '=', filter.isActive);
  if (filter.salesChannelId !== undefined)
    query = query.where('r.sales_channel_id', '=', filter.salesChannelId);
  return query.orderBy('r.position').orderBy('r.id').execute();
};

export const lockRule = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('shipping_rules')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const findSalesChannel = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('sales_channels')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findRuleByName = (db: Executor, companyId: number, name: string, exceptId?: number) =>
  findRowByName(db, 'shipping_rules', { companyId, name, exceptId });

export const isRuleNameTaken = (error: unknown) => isUniqueViolation(error, 'shipping_rules_name_key');

/** A rule's columns as written: the slabs and zones as JSON text. */
export interface RuleValues {
  name: string;
  sales_channel_id: number | null;
  kind: ShippingRuleKind;
  charge_paise: number | null;
  slabs: string;
  zones: string;
  free_above_paise: number | null;
  position: number;
  is_active: boolean;
}

export const insertRule = (db: Executor, companyId: number, userId: number, values: RuleValues) =>
  db
    .insertInto('shipping_rules')
    .values({ ...values, company_id: companyId, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateRule = (db: Executor, companyId: number, id: number, userId: number, values: RuleValues) =>
  db
    .updateTable('shipping_rules')
    .set({ ...values, updated_by: userId, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const deleteRule = (db: Executor, companyId: number, id: number) =>
  db.deleteFrom('shipping_rules').where('company_id', '=', companyId).where('id', '=', id).execute();

/** The unit weights (kg) of the company's live products among `ids`. */
export const productWeights = (db: Executor, companyId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('products')
        .select(['id', 'weight_kg'])
        .where('company_id', '=', companyId)
        .where('id', 'in', [...ids])
        .where('deleted_at', 'is', null)
        .execute();
