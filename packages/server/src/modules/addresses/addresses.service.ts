import { ADDRESS_MESSAGES, type AddressOwnerType, type AddressUpdate } from '@b2b/domain/api/addresses';
import type { AddressOutput } from '@b2b/domain/api/common';
import { AppError, validationError } from '../../core/errors.ts';
import { hasPermission, type Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import type { AddressesTable } from '../../db/schema.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { recordHistory } from '../history/history.service.ts';
import * as queries from './addresses.queries.ts';

export { insertAddress } from './addresses.queries.ts';

/** What happened to an address, for an owner's afterChange hook. */
export interface AddressChange {
  addressId: number;
  action: 'added' | 'updated' | 'deleted' | 'made_visible' | 'made_invisible';
}

/**
 * The rules an owner's area adds to the shared address routes. Both hooks run inside the
 * transaction of the change: assertOwnerWritable before it (an inactive branch, say, refuses),
 * afterChange after it, when the owner's addresses are as they will be committed (a GSTIN whose
 * state no longer matches, a last billing address deleted): throwing there rolls the change back.
 */
export interface AddressOwnerRules {
  /** The permission to change this owner's addresses; see DEFAULT_PERMISSIONS. */
  permission?: string;
  assertOwnerWritable?: (db: Executor, companyId: number, ownerId: number) => Promise<void>;
  afterChange?: (db: Executor, companyId: number, ownerId: number, change: AddressChange) => Promise<void>;
}

/** Changing an address is changing its owner. */
const DEFAULT_PERMISSIONS: Record<AddressOwnerType, string> = {
  company: 'change_company',
  branch: 'change_branch',
  warehouse: 'change_warehouse',
  buyer: 'change_buyer',
  seller: 'change_seller',
  user: 'change_user',
  role: 'change_role',
  lead: 'change_lead',
};

const OWNER_RULES = new Map<AddressOwnerType, AddressOwnerRules>();

/** Each area registers its owner's rules once, when its routes are set up. */
export function registerAddressOwnerRules(ownerType: AddressOwnerType, rules: AddressOwnerRules): void {
  OWNER_RULES.set(ownerType, rules);
}

function rulesOf(ownerType: AddressOwnerType) {
  const rules = OWNER_RULES.get(ownerType) ?? {};
  return { ...rules, permission: rules.permission ?? DEFAULT_PERMISSIONS[ownerType] };
}

const present = (row: queries.AddressRow) => ({
  id: row.id,
  owner_type: row.owner_type,
  owner_id: row.owner_id,
  address_type: row.address_type,
  address_line_1: row.address_line_1,
  address_line_2: row.address_line_2,
  landmark: row.landmark,
  city: row.city,
  state: { id: row.state_id, name: row.state_name, gst_code: row.gst_code },
  pincode: row.pincode,
  is_visible: row.is_visible,
});

/** The live address rows (with their state's name and GST code) of an owner, oldest first. */
export const addressRowsOf = (
  db: Executor,
  companyId: number,
  ownerType: AddressesTable['owner_type'],
  ownerId: number,
) => queries.listAddressesOf(db, companyId, ownerType, [ownerId]);

/** Loads the addresses of a page of owners and groups them by owner id. */
export async function addressesByOwner(
  db: Executor,
  companyId: number,
  ownerType: AddressesTable['owner_type'],
  ownerIds: number[],
): Promise<Map<number, AddressOutput[]>> {
  const rows = await queries.listAddressesOf(db, companyId, ownerType, ownerIds);
  const byOwner = new Map<number, AddressOutput[]>();
  for (const row of rows) {
    const { owner_type: _type, owner_id: _id, ...address } = present(row);
    const list = byOwner.get(row.owner_id) ?? [];
    list.push(address);
    byOwner.set(row.owner_id, list);
  }
  return byOwner;
}

export async function getAddress(db: Executor, companyId: number, id: number) {
  const row = await queries.findAddress(db, companyId, id);
  if (!row) throw new AppError('not_found', ADDRESS_MESSAGES.not_found);
  return present(row);
}

async function assertStateExists(db: Executor, stateId: number) {
  if (!(await queries.stateExists(db, stateId))) throw validationError('state_id', 'State Not Found');
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
    is_visible?: boolean;
  },
): Promise<AddressOutput> {
  await assertStateExists(db, input.state_id);
  const { id } = await queries.insertAddress(db, owner, {
    ...input,
    address_line_2: input.address_line_2 ?? null,
    landmark: input.landmark ?? null,
  });
  const { owner_type: _type, owner_id: _id, ...address } = await getAddress(db, owner.companyId, id);
  return address;
}

/**
 * POST <owner>/{id}/addresses with the owner's registered rules: the owner must accept changes,
 * and its rules must still hold with the new address. The caller checked the owner exists.
 */
export async function addOwnedAddress(
  tx: Executor,
  options: { actor: Principal; ownerType: AddressOwnerType; ownerId: number },
  input: Parameters<typeof addAddress>[2],
): Promise<AddressOutput> {
  const { actor, ownerType, ownerId } = options;
  const rules = rulesOf(ownerType);
  await rules.assertOwnerWritable?.(tx, actor.companyId, ownerId);
  const address = await addAddress(tx, { companyId: actor.companyId, ownerType, ownerId }, input);
  await rules.afterChange?.(tx, actor.companyId, ownerId, { addressId: address.id, action: 'added' });
  await recordHistory(tx, {
    companyId: actor.companyId,
    entityType: ownerType,
    entityId: ownerId,
    action: 'address_added',
    userId: actor.userId,
    changes: { address_id: address.id, ...input },
  });
  return address;
}

/**
 * One change to one address through the shared routes: a foreign or deleted address is Not
 * Found; the caller needs the owner's change permission; the owner's rules run around it.
 */
async function changeAddress(
  db: Database,
  actor: Principal,
  addressId: number,
  action: AddressChange['action'],
  apply: (tx: Executor) => Promise<unknown>,
  changes: Record<string, unknown> = {},
) {
  await inTransaction(db, async (tx) => {
    const address = await queries.lockAddress(tx, actor.companyId, addressId);
    if (!address) throw new AppError('not_found', ADDRESS_MESSAGES.not_found);
    const rules = rulesOf(address.owner_type);
    if (!hasPermission(actor, rules.permission)) {
      throw new AppError('permission_denied', 'You do not have permissions to perform this action.');
    }
    await rules.assertOwnerWritable?.(tx, actor.companyId, address.owner_id);
    await apply(tx);
    await rules.afterChange?.(tx, actor.companyId, address.owner_id, { addressId, action });
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: address.owner_type,
      entityId: address.owner_id,
      action: `address_${action}`,
      userId: actor.userId,
      changes: { address_id: addressId, ...changes },
    });
  });
}

export async function updateAddress(options: {
  db: Database;
  actor: Principal;
  addressId: number;
  changes: AddressUpdate;
}) {
  const { db, actor, addressId, changes } = options;
  await changeAddress(
    db,
    actor,
    addressId,
    'updated',
    async (tx) => {
      if (changes.state_id !== undefined) await assertStateExists(tx, changes.state_id);
      if (Object.values(changes).some((v) => v !== undefined)) {
        await queries.updateAddress(tx, actor.companyId, addressId, changes);
      }
    },
    changes,
  );
  return getAddress(db, actor.companyId, addressId);
}

export async function setAddressVisible(options: {
  db: Database;
  actor: Principal;
  addressId: number;
  visible: boolean;
}) {
  const { db, actor, addressId, visible } = options;
  await changeAddress(db, actor, addressId, visible ? 'made_visible' : 'made_invisible', (tx) =>
    queries.updateAddress(tx, actor.companyId, addressId, { is_visible: visible }),
  );
  return getAddress(db, actor.companyId, addressId);
}

/** Soft delete: documents printed with the address keep pointing at its row. */
export async function deleteAddress(options: { db: Database; actor: Principal; addressId: number }) {
  const { db, actor, addressId } = options;
  await changeAddress(db, actor, addressId, 'deleted', (tx) =>
    queries.softDeleteAddress(tx, actor.companyId, addressId),
  );
  return { detail: ADDRESS_MESSAGES.deleted };
}
