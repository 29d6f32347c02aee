import type { AddressOutput } from '@b2b/domain/api/common';
import type { AddressesTable } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';
import { listAddressesOf } from './addresses.queries.ts';

export { insertAddress } from './addresses.queries.ts';

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
