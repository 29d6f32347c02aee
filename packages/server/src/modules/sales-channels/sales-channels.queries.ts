import type { SalesChannelType } from '@b2b/domain/sales-channels';
import { sql, type Updateable } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { SalesChannelsTable } from '../../db/schema/reference-data.ts';
import type { Executor } from '../../db/transaction.ts';

export const insertSalesChannels = (
  db: Executor,
  companyId: number,
  channels: { name: string; display_name: string; channel_type: SalesChannelType }[],
) =>
  db
    .insertInto('sales_channels')
    .values(channels.map((channel) => ({ ...channel, company_id: companyId })))
    .execute();

const CHANNEL_COLUMNS = [
  'id',
  'name',
  'display_name',
  'channel_type',
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

/** A new channel (issue 26), its credentials set in the same statement. */
export const insertSalesChannel = (
  db: Executor,
  companyId: number,
  values: {
    name: string;
    display_name: string;
    channel_type: SalesChannelType;
    is_marketing_enabled: boolean;
    is_active: boolean;
    client_id: string;
    client_secret_hash: string;
    credentials_created_by: number;
  },
) =>
  db
    .insertInto('sales_channels')
    .values({ ...values, company_id: companyId, credentials_created_at: new Date() })
    .returning(CHANNEL_COLUMNS)
    .executeTakeFirstOrThrow();

/** Another channel of the company with this name (display name) in any case. */
export const findChannelByDisplayName = (
  db: Executor,
  companyId: number,
  displayName: string,
  exceptId?: number,
) => {
  let query = db
    .selectFrom('sales_channels')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`lower(display_name)`, '=', sql`lower(${displayName})`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
};

/** The codes of the company's channels that start with `prefix` (to make a new code unique). */
export const codesLike = (db: Executor, companyId: number, prefix: string) =>
  db
    .selectFrom('sales_channels')
    .select('name')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`left(name, ${prefix.length}) = ${prefix}`)
    .execute()
    .then((rows) => new Set(rows.map((row) => row.name)));

export const isCodeTaken = (error: unknown) => isUniqueViolation(error, 'sales_channels_company_id_name_key');
