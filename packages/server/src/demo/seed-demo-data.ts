import type { AppContext } from '../app-context.ts';
import { companyChanged } from '../core/company-epoch.ts';
import { listPaymentMethods } from '../modules/payment-methods/payment-methods.service.ts';
import * as reference from '../modules/reference/reference.queries.ts';
import { listSalesChannels } from '../modules/sales-channels/sales-channels.service.ts';
import { listTaxes } from '../modules/taxes/taxes.service.ts';
import { listWarehouses } from '../modules/warehouses/warehouses.service.ts';
import { seedDemoAttribution } from './seed-demo-attribution.ts';
import { seedDemoBids } from './seed-demo-bids.ts';
import { seedDemoBills } from './seed-demo-bills.ts';
import { seedDemoCampaigns } from './seed-demo-campaigns.ts';
import { seedDemoCarts } from './seed-demo-carts.ts';
import { seedDemoCategoriesAndBrands, seedDemoProducts } from './seed-demo-catalogue.ts';
import { seedDemoChallans } from './seed-demo-challans.ts';
import { seedDemoFeedback } from './seed-demo-feedback.ts';
import { seedDemoGstReturns } from './seed-demo-gst-returns.ts';
import { seedDemoHistory } from './seed-demo-history.ts';
import { seedDemoLeadsAndLinks } from './seed-demo-leads.ts';
import { seedDemoMarketing } from './seed-demo-marketing.ts';
import { seedDemoMediums } from './seed-demo-mediums.ts';
import { seedDemoMoney } from './seed-demo-money.ts';
import { assignDemoSellerProducts, seedDemoParties } from './seed-demo-parties.ts';
import { seedDemoProductsAds } from './seed-demo-products-ads.ts';
import { seedDemoReferrals } from './seed-demo-referrals.ts';
import { seedDemoSales } from './seed-demo-sales.ts';
import { seedDemoSerialNumbers } from './seed-demo-serial-numbers.ts';
import { seedDemoStock } from './seed-demo-stock.ts';
import { seedDemoStoresAndShipping } from './seed-demo-stores.ts';
import { demoAdmin, step } from './seed-demo-support.ts';
import { seedDemoTally } from './seed-demo-tally.ts';
import { seedDemoTemplates } from './seed-demo-templates.ts';
import { seedDemoWhatsappSupport } from './seed-demo-whatsapp-support.ts';

/**
 * Fills the new demo company with a catalogue, parties, groups, money and bank accounts, through
 * the areas' own services, each input parsed by the API's schema first: every rule the API
 * enforces holds for the demo too. Each service commits its own transaction, so this is not
 * atomic: the caller marks the company verified only after it returns (see seed-demo.ts).
 */
export async function seedDemoBusiness(ctx: AppContext, companyId: number, userId: number): Promise<void> {
  const { db } = ctx;
  const actor = await demoAdmin(ctx, companyId, userId);

  const taxes = new Map((await listTaxes(db, companyId, 'gst')).map((t) => [Number(t.rate), t.id] as const));
  const units = new Map((await reference.listUnits(db, companyId)).map((u) => [u.code, u.id]));
  const terms = new Map((await reference.listPaymentTerms(db, companyId)).map((t) => [t.name, t.id]));
  const methods = new Map((await listPaymentMethods(db, companyId)).map((m) => [m.code, m.id]));
  const channels = new Map((await listSalesChannels(db, companyId, true)).map((c) => [c.name, c.id]));
  const { results: warehouseRows } = await listWarehouses(db, companyId, {}, [], { limit: 100, offset: 0 });
  const branches = new Map(warehouseRows.map((w) => [w.branch.name, w.branch.id]));
  const warehouses = new Map(warehouseRows.map((w) => [w.branch.name, w.id]));

  const { categories, brands } = await seedDemoCategoriesAndBrands(db, actor);
  const { sellers, buyers, groups } = await seedDemoParties(ctx, actor, { companyId, terms });
  const products = await seedDemoProducts(db, actor, {
    categories,
    brands,
    units,
    taxes,
    warehouses,
    groups,
  });
  await assignDemoSellerProducts(db, actor, { sellers, products });
  // The past first: its documents are dated before today's, and each series keeps date order.
  await seedDemoHistory(ctx, actor, { buyers, sellers, products, branches, warehouses, methods }, step);
  await seedDemoMoney(db, actor, { buyers, methods, branches, channels });
  await seedDemoStock(db, actor, { companyId, warehouses, products });

  await seedDemoSales(ctx, actor, { buyers, products, branches }, step);
  const serialRefs = { categories, brands, units, taxes, warehouses, branches, buyers };
  await seedDemoSerialNumbers(ctx, actor, serialRefs, step);
  await seedDemoChallans(ctx, actor, { buyers, products, warehouses }, step);
  await seedDemoBills(
    ctx,
    actor,
    { sellers, products, branches, warehouses, methods, categories, units, taxes },
    step,
  );
  await seedDemoBids(ctx, actor, { products, buyers, groups, branches });
  await seedDemoReferrals(db, actor, { buyers }, step);
  await seedDemoCarts(ctx, actor, { channels, buyers, products }, step);
  await seedDemoTally(db, actor, { branches, warehouses, products });
  await seedDemoGstReturns(db, actor);
  await seedDemoMarketing(ctx, actor);
  await seedDemoTemplates(ctx, actor);
  await seedDemoMediums(ctx, actor);
  await seedDemoCampaigns(ctx, actor);
  await seedDemoLeadsAndLinks(ctx, actor);
  await seedDemoAttribution(ctx, actor);
  await seedDemoFeedback(ctx, actor);
  await seedDemoWhatsappSupport(ctx, actor);
  await seedDemoProductsAds(ctx, actor);
  await seedDemoStoresAndShipping(ctx, actor, { branches, warehouses, channels }, step);

  // These writes came from no request, so no route retired the company's cached reads.
  companyChanged(companyId);
}
