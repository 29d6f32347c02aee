import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { generateCredentials } from '../modules/sales-channels/sales-channels.service.ts';
import type { Storefront } from '../modules/storefront/channel-credentials.ts';
import { backdateCartActivity } from '../modules/storefront/storefront.queries.ts';
import { abandonIdleCarts, addItem, checkout } from '../modules/storefront/storefront.service.ts';
import { lookup, type step as Step } from './seed-demo-support.ts';

/**
 * The Web Store channel with its credentials set (the secret is not kept or printed: whoever
 * connects a store generates new ones on Sales Channels), one cart checked out into an order and
 * two carts left behind two and three days ago, abandoned by the same rule the job applies.
 */
export async function seedDemoCarts(
  ctx: AppContext,
  actor: Principal,
  refs: { channels: Map<string, number>; buyers: Map<string, number>; products: ReadonlyMap<string, number> },
  step: typeof Step,
) {
  const { db } = ctx;
  const channelId = lookup(refs.channels, 'web_store', 'sales channel');
  await step('web store credentials', () => generateCredentials(db, actor, channelId));
  const shopper = (buyer: string): Storefront => ({
    companyId: actor.companyId,
    channel: { id: channelId, display_name: 'Web Store' },
    buyer: { id: lookup(refs.buyers, buyer, 'buyer'), name: buyer, is_inventory_exposed: true },
  });
  const products = new Map(refs.products);
  const product = (sku: string) => lookup(products, sku, 'product');

  const ordered = shopper('Pune Electric Stores');
  await step('web store cart of Pune Electric Stores', async () => {
    await addItem(db, ordered, { product: product('PR-PC-POP5L'), quantity: 2 });
    await checkout(db, ordered, 'demo-web-store-checkout-1');
  });

  const left: [string, [string, number][], number][] = [
    [
      'Mehta Kitchen World',
      [
        ['BJ-MG-REX500', 1],
        ['PH-IC-HD4928', 2],
      ],
      72,
    ],
    ['Sri Lakshmi Appliances', [['PR-MG-IRIS750', 1]], 50],
  ];
  for (const [buyer, lines, hoursAgo] of left) {
    await step(`abandoned web store cart of ${buyer}`, async () => {
      let cartId = 0;
      for (const [sku, quantity] of lines) {
        cartId = (await addItem(db, shopper(buyer), { product: product(sku), quantity })).id ?? 0;
      }
      await backdateCartActivity(db, actor.companyId, cartId, hoursAgo);
    });
  }
  await step('abandoned carts', () => abandonIdleCarts({ db, companyId: actor.companyId }));
}
