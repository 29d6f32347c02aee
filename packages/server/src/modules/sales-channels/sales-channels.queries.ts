import type { Updateable } from 'kysely';
import type { SalesChannelsTable } from '../../db/schema/reference-data.ts';
import type { Executor } from '../../db/transaction.ts';

export const insertSalesChannels = (
  db: Executor,
  companyId: number,
  channels: { name: string; display_name: string }[],
) =>
  db
    .insertInto('sales_channels')
    .values(channels.map((channel) => ({ ...channel, company_id: companyId })))
    .execute();

const CHANNEL_COLUMNS = [
  'id',
  'name',
  'display_name',
  'is_active',
  'is_marketing_enabled',
  'client_id',
  'credentials_created_at',
  'cart_abandon_after_hours',
] as const;

export const listSalesChannels = (db: Executor, companyId: number, activeOnly: boolean) => {
  let query = db.selectFrom('sales_channels').select(CHANNEL_COLUMNS).where('company_id', '=', companyId);
  if (activeOnly) query = query.where('is_active', '=', true);
  return query.orderBy('id').execute();
};

/** The channel, locked for a change of its credentials or settings. */
export const lockSalesChannel = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('sales_channels')
    .select(CHANNEL_COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const updateSalesChannel = (
  db: Executor,
  companyId: number,
  id: number,
  values: Updateable<SalesChannelsTable>,
) =>
  db
    .updateTable('sales_channels')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returning(CHANNEL_COLUMNS)
    .executeTakeFirstOrThrow();
