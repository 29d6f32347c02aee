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

const addressSelect = (db: Executor) =>
  db
    .selectFrom('addresses as a')
    .innerJoin('states as s', 's.id', 'a.state_id')
    .select([
      'a.id',
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

export const updateAddress = (db: Executor, companyId: number, id: number, changes: Partial<AddressValues>) =>
  db
    .updateTable('addresses')
    .set({ ...changes, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('is_deleted', '=', false)
    .returning(['id', 'owner_type', 'owner_id'])
    .executeTakeFirst();
