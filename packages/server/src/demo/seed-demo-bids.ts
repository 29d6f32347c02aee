import { bidInput, buyerGroupPriceInput } from '@b2b/domain/api/bids';
import { productUpdate } from '@b2b/domain/api/products';
import { quotationInput } from '@b2b/domain/api/sales-orders';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { placeBid, quotationBids, setGroupPrice } from '../modules/bids/bids.service.ts';
import { updateProduct } from '../modules/products/change-product.ts';
import { createQuotation } from '../modules/quotations/create-quotation.ts';
import { buyerAddresses, lookup, step } from './seed-demo-support.ts';

/** Margin and max bidding percentage of a few products (spec 1: they drive the bidding range). */
const BIDDING = [
  { sku: 'BJ-MG-REX500', margin: 10, max_bidding_percentage: 8 },
  { sku: 'PR-MG-IRIS750', margin: 12, max_bidding_percentage: 6 },
  { sku: 'BJ-CF-FRORE1200', margin: 8, max_bidding_percentage: 10 },
];

/**
 * Buyer prices and bids of the demo: bidding ranges on three products, a Preferred Retailers price
 * of the Bajaj Rex mixer, and a quotation for Pune Electric Stores (a Preferred Retailer) with one
 * bid accepted within the range and one below the floor waiting for approval.
 */
export async function seedDemoBids(
  ctx: AppContext,
  actor: Principal,
  refs: {
    products: Map<string, number>;
    buyers: Map<string, number>;
    groups: Map<string, number>;
    branches: Map<string, number>;
  },
): Promise<void> {
  const { db } = ctx;
  const { companyId } = actor;
  for (const { sku, ...changes } of BIDDING) {
    const productId = lookup(refs.products, sku, 'product');
    await step(`bidding range of ${sku}`, () =>
      updateProduct({ db, actor, productId, changes: productUpdate.parse(changes) }),
    );
  }
  const mixer = lookup(refs.products, 'BJ-MG-REX500', 'product');
  const fan = lookup(refs.products, 'BJ-CF-FRORE1200', 'product');
  await step('Preferred Retailers price', () =>
    setGroupPrice({
      db,
      actor,
      buyerGroupId: lookup(refs.groups, 'Preferred Retailers', 'buyer group'),
      input: buyerGroupPriceInput.parse({ product: mixer, price: 2199 }),
    }),
  );

  const buyerId = lookup(refs.buyers, 'Pune Electric Stores', 'buyer');
  const { billing, shipping } = await buyerAddresses(db, companyId, buyerId);
  const warehouseOf = async (productId: number) =>
    (
      await db
        .selectFrom('stock_levels')
        .select('warehouse_id')
        .where('company_id', '=', companyId)
        .where('product_id', '=', productId)
        .orderBy('available_stock', 'desc')
        .executeTakeFirstOrThrow()
    ).warehouse_id;
  const input = quotationInput.parse({
    buyer: buyerId,
    branch: lookup(refs.branches, 'Mumbai', 'branch'),
    billing_address: billing,
    shipping_address: shipping,
    reference: 'Bulk enquiry: mixers and fans',
    items: [
      { product: mixer, warehouse: await warehouseOf(mixer), quantity: 6 },
      { product: fan, warehouse: await warehouseOf(fan), quantity: 12 },
    ],
  });
  const quotation = await step('quotation with bids', () => createQuotation({ db, actor, input }));
  const { ranges } = await quotationBids(db, actor, quotation.id);
  const rangeOf = (productId: number) => {
    const range = ranges.find((r) => r.product === productId);
    if (!range) throw new Error('Demo bids: no range');
    return range;
  };
  // Within the mixer's range (between its floor and the group price): accepted at once.
  const mixerRange = rangeOf(mixer);
  const within = Math.round(((mixerRange.floor + mixerRange.buyer_price) / 2) * 100) / 100;
  await step('bid within the range', () =>
    placeBid({
      db,
      actor,
      quotationId: quotation.id,
      input: bidInput.parse({ product: mixer, rate: within }),
    }),
  );
  // Below the fan's floor: waits for approval.
  const below = Math.round((rangeOf(fan).floor - 40) * 100) / 100;
  await step('bid below the floor', () =>
    placeBid({ db, actor, quotationId: quotation.id, input: bidInput.parse({ product: fan, rate: below }) }),
  );
}
