import { deliveryChallanCreate } from '@b2b/domain/api/delivery-challans';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { createChallan, deliverChallan } from '../modules/delivery-challans/delivery-challans.service.ts';

/**
 * Demo delivery challans: a mixer and cookers out on approval with a Pune retailer, and fans moved from the
 * Mumbai warehouse to Bengaluru and received there.
 */
export async function seedDemoChallans(
  ctx: AppContext,
  actor: Principal,
  lookups: {
    buyers: ReadonlyMap<string, number>;
    products: ReadonlyMap<string, number>;
    warehouses: ReadonlyMap<string, number>;
  },
  step: <T>(what: string, work: () => Promise<T>) => Promise<T>,
): Promise<void> {
  const { db } = ctx;
  const need = (map: ReadonlyMap<string, number>, key: string) => {
    const value = map.get(key);
    if (value === undefined) throw new Error(`Demo challans: no ${key}`);
    return value;
  };
  const approval = deliveryChallanCreate.parse({
    purpose: 'supply_on_approval',
    warehouse: need(lookups.warehouses, 'Mumbai'),
    buyer: need(lookups.buyers, 'Pune Electric Stores'),
    reference_number: 'APPROVAL/NOV/04',
    vehicle_number: 'MH12QW4471',
    notes: 'Display pieces for the Diwali counter; unsold pieces come back by the 30th.',
    items: [
      { product: need(lookups.products, 'BJ-MG-REX500'), quantity: 2 },
      { product: need(lookups.products, 'PR-PC-POP5L'), quantity: 2 },
    ],
  });
  await step('challan on approval', () => createChallan({ db, actor, input: approval }));
  const transfer = deliveryChallanCreate.parse({
    purpose: 'branch_transfer',
    warehouse: need(lookups.warehouses, 'Mumbai'),
    destination_warehouse: need(lookups.warehouses, 'Bengaluru'),
    vehicle_number: 'MH04GT9012',
    items: [{ product: need(lookups.products, 'HV-CF-STEALTH1200'), quantity: 6 }],
  });
  const moved = await step('branch transfer challan', () => createChallan({ db, actor, input: transfer }));
  await step('branch transfer delivered', () => deliverChallan({ db, actor, id: moved.id }));
}
