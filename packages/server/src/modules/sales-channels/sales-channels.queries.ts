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

export const listSalesChannels = (db: Executor, companyId: number, activeOnly: boolean) => {
  let query = db
    .selectFrom('sales_channels')
    .select(['id', 'name', 'display_name', 'is_active', 'is_marketing_enabled'])
    .where('company_id', '=', companyId);
  if (activeOnly) query = query.where('is_active', '=', true);
  return query.orderBy('id').execute();
};
