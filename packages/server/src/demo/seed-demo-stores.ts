import { courierAccountCreate } from '@b2b/domain/api/courier-accounts';
import { shippingRuleInput } from '@b2b/domain/api/shipping-charges';
import { storeCreate } from '@b2b/domain/api/stores';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { createCourierAccount } from '../modules/courier-accounts/courier-accounts.service.ts';
import { createRule } from '../modules/shipping-charges/shipping-charges.service.ts';
import { createStore } from '../modules/stores/stores.service.ts';
import { type Branch, lookup } from './seed-demo-support.ts';

/**
 * Issue 26's demo: a counter store in each branch (Mumbai's prints on an 80 mm roll, Bengaluru's
 * on a 58 mm one) and two shipping rules: the web store charges by weight, every other channel a
 * flat ₹150 inside Maharashtra and ₹250 elsewhere, both free from ₹25,000. A courier account is
 * saved but not active: there is no courier to reach from a demo, and an active one would book every
 * new shipment with it.
 */
export async function seedDemoStoresAndShipping(
  ctx: AppContext,
  actor: Principal,
  refs: { branches: Map<string, number>; warehouses: Map<string, number>; channels: Map<string, number> },
  step: <T>(what: string, work: () => Promise<T>) => Promise<T>,
) {
  const { db } = ctx;
  const stores: { branch: Branch; name: string; width: 58 | 80 }[] = [
    { branch: 'Mumbai', name: 'Andheri Showroom Counter', width: 80 },
    { branch: 'Bengaluru', name: 'Koramangala Counter', width: 58 },
  ];
  for (const store of stores) {
    await step(`store ${store.name}`, () =>
      createStore({
        db,
        actor,
        input: storeCreate.parse({
          name: store.name,
          branch: lookup(refs.branches, store.branch, 'branch'),
          warehouse: lookup(refs.warehouses, store.branch, 'warehouse of branch'),
          receipt_width_mm: store.width,
        }),
      }),
    );
  }
  const rules = [
    {
      name: 'Web Store by weight',
      sales_channel: lookup(refs.channels, 'web_store', 'sales channel'),
      kind: 'weight_slab',
      slabs: [
        { from: 0, charge: 80 },
        { from: 2, charge: 150 },
        { from: 10, charge: 400 },
      ],
      free_above: 25000,
    },
    {
      name: 'Standard delivery',
      kind: 'pincode',
      charge: 250,
      zones: [{ name: 'Maharashtra', prefixes: ['40', '41', '42', '43', '44'], charge: 150 }],
      free_above: 25000,
      position: 1,
    },
  ];
  for (const rule of rules) {
    await step(`shipping rule ${rule.name}`, () =>
      createRule({ db, actor, input: shippingRuleInput.parse(rule) }),
    );
  }
  await step('courier account', () =>
    createCourierAccount({
      ctx,
      actor,
      input: courierAccountCreate.parse({
        courier_name: 'Delhivery',
        api_base_url: 'https://track.delhivery.com/api',
        api_token: 'demo-token-replace-with-your-own',
        is_active: false,
      }),
    }),
  );
}
