import { computeGstinCheckChar } from '@b2b/domain/gstin';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/principal.ts';
import type { Database } from '../db/database.ts';
import { me } from '../modules/auth/sessions.ts';
import { getRole } from '../modules/roles/roles.service.ts';
import { buyerAddresses as liveBuyerAddresses } from '../modules/storefront/storefront.queries.ts';

// What the demo seed's areas share: GSTINs and states, the branches, the demo admin, and the
// lookups and steps that name what failed.

/** A valid GSTIN for a state and a PAN (entity number 1, the check character computed). */
export const gstin = (stateCode: string, pan: string) => {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${computeGstinCheckChar(first14)}`;
};

export const MAHARASHTRA = 27;
export const KARNATAKA = 29;

/** The demo company's branches, named as seed-demo.ts makes them. */
export type Branch = 'Mumbai' | 'Bengaluru';

/** The demo admin as the API would see them after signing in (no session: nothing is requested). */
export async function demoAdmin(ctx: AppContext, companyId: number, userId: number): Promise<Principal> {
  const user = await me(ctx.db, userId);
  const role = await getRole(ctx.db, companyId, user.role.id);
  return {
    userId,
    companyId,
    sessionId: 'demo-seed',
    isAdmin: role.is_admin,
    roleName: role.display_name,
    permissions: new Set(role.permissions),
    branchIds: user.branches.map((b) => b.id),
    companyVerified: user.company.is_verified,
  };
}

/** Looks a name up, failing loudly when the data names something that was not made. */
export function lookup<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data: no ${what} "${String(key)}".`);
  return value;
}

/** Runs one step; a refusal names the record and the fields, not only "Invalid input". */
export async function step<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const fields = error instanceof AppError && error.errors ? ` ${JSON.stringify(error.errors)}` : '';
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Demo data: ${what} failed: ${message}${fields}`, { cause: error });
  }
}

/** A buyer's billing address and shipping address (the billing one when it has no other). */
export async function buyerAddresses(db: Database, companyId: number, buyerId: number) {
  const addresses = await liveBuyerAddresses(db, companyId, buyerId);
  const billing = addresses.find((a) => a.address_type === 'billing_address') ?? addresses[0];
  if (!billing) throw new Error(`Demo data: buyer ${buyerId} has no address.`);
  const shipping = addresses.find((a) => a.address_type === 'shipping_address') ?? billing;
  return { billing: billing.id, shipping: shipping.id };
}
