import type { AddressOutput } from '@b2b/domain/api/common';
import type { AddressesTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { validationError } from '../../http/errors.ts';
import { insertAddress, listAddressesOf } from './addresses.queries.ts';

export { insertAddress };

/** Loads the addresses of a page of owners and groups them by owner id. */
export async function addressesByOwner(
  db: Executor,
  companyId: number,
  ownerType: AddressesTable['owner_type'],
  ownerIds: number[],
): Promise<Map<number, AddressOutput[]>> {
  const rows = await listAddressesOf(db, companyId, ownerType, ownerIds);
  const byOwner = new Map<number, AddressOutput[]>();
  for (const row of rows) {
    const list = byOwner.get(row.owner_id) ?? [];
    list.push({
      id: row.id,
      address_type: row.address_type,
      address_line_1: row.address_line_1,
      address_line_2: row.address_line_2,
      landmark: row.landmark,
      city: row.city,
      state: { id: row.state_id, name: row.state_name, gst_code: row.gst_code },
      pincode: row.pincode,
      is_visible: row.is_visible,
    });
    byOwner.set(row.owner_id, list);
  }
  return byOwner;
}

/** Adds an address to an owner that the caller has already checked exists in the company. */
export async function addAddress(
  db: Executor,
  owner: { companyId: number; ownerType: AddressesTable['owner_type']; ownerId: number },
  input: {
    address_line_1: string;
    address_line_2?: string;
    landmark?: string;
    city: string;
    state_id: number;
    pincode: string;
    address_type?: string;
  },
): Promise<AddressOutput> {
  const state = await db
    .selectFrom('states')
    .select('id')
    .where('id', '=', input.state_id)
    .executeTakeFirst();
  if (!state) throw validationError('state_id', 'State Not Found');
  const { id } = await insertAddress(db, owner, {
    ...input,
    address_line_2: input.address_line_2 ?? null,
    landmark: input.landmark ?? null,
  });
  const all = await addressesByOwner(db, owner.companyId, owner.ownerType, [owner.ownerId]);
  return (all.get(owner.ownerId) ?? []).find((a) => a.id === id) as AddressOutput;
}
