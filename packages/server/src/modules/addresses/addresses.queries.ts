import { sql } from 'kysely';
import type { AddressesTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type AddressOwner = { companyId: number; ownerType: AddressesTable['owner_type']; ownerId: number };
export interface AddressValues {
  address_type?: string;
  address_line_1: string;
  address_line_2?: string | null;
  landmark?: string | null;
  city: string;
  state_id: number;
  pincode: string;
  is_visible?: boolean;
}

export const insertAddress = (db: Executor, owner: AddressOwner, values: AddressValues) =>
  db
    .insertInto('addresses')
    .values({ company_id: owner.companyId, owner_type: owner.ownerType, owner_id: owner.ownerId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();

/** states.id is an integer: a larger id is no state (and must not reach PostgreSQL as one). */
export const stateExists = async (db: Executor, stateId: number) =>
  stateId <= 2_147_483_647 &&
  Boolean(await db.selectFrom('states').select('id').where('id', '=', stateId).executeTakeFirst());

/** Live addresses with their state; a deleted address is gone for the API. */
const addressSelect = (db: Executor) =>
  db
    .selectFrom('addresses as a')
    .innerJoin('states as s', 's.id', 'a.state_id')
    .select([
      'a.id',
      'a.owner_type',
      'a.owner_id',
      'a.address_type',
      'a.address_line_1',
      'a.address_line_2',
      'a.landmark',
      'a.city',
      'a.pincode',
      'a.is_visible',
      's.id as state_id',
      's.name as state_name',
      's.gst_code',
    ])
    .where('a.is_deleted', '=', false);

export type AddressRow = NonNullable<Awaited<ReturnType<typeof findAddress>>>;

export const findAddress = (db: Executor, companyId: number, id: number) =>
  addressSelect(db).where('a.company_id', '=', companyId).where('a.id', '=', id).executeTakeFirst();

/** Addresses of many owners of one type at once (one query for a whole list page). */
export const listAddressesOf = (
  db: Executor,
  companyId: number,
  ownerType: AddressesTable['owner_type'],
  ownerIds: number[],
) =>
  ownerIds.length === 0
    ? Promise.resolve([])
    : addressSelect(db)
        .where('a.company_id', '=', companyId)
        .where('a.owner_type', '=', ownerType)
        .where('a.owner_id', 'in', ownerIds)
        .orderBy('a.id')
        .execute();

/** The owner of a live address, its row locked until the transaction ends. */
export const lockAddress = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('addresses')
    .select(['id', 'owner_type', 'owner_id', 'address_type'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('is_deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();

export const updateAddress = (db: Executor, companyId: number, id: number, changes: Partial<AddressValues>) =>
  db
    .updateTable('addresses')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('is_deleted', '=', false)
    .returning(['id', 'owner_type', 'owner_id'])
    .executeTakeFirst();

export const softDeleteAddress = (db: Executor, companyId: number, id: number) =>
  db
    .updateTable('addresses')
    .set({ is_deleted: true, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('is_deleted', '=', false)
    .returning('id')
    .executeTakeFirst();
