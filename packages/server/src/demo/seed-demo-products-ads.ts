import { AD_CONVERSION_VALUE_PAISE, eligibleImpressions } from '@b2b/domain/products-ads';
import { addDays, todayInIndia } from '@b2b/domain/validation';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { inTransaction } from '../db/transaction.ts';
import * as queries from '../modules/products-ads/products-ads.queries.ts';

/** Days of ad figures the demo shows: two months, so the 30-day view has a month before it too. */
const DAYS = 60;

/**
 * How each advertised product does: its daily budget (rupees), return on it, and where it runs.
 * Some pay back several times (push), some lose money or get clicks that never buy (stop), the
 * rest are in between, as a real account's mix is.
 */
const PROFILES = [
  { budget: 1400, roas: 5.2, platform: 'google_ads', campaign: 'Shopping - Diwali Electricals' },
  { budget: 900, roas: 3.6, platform: 'meta', campaign: 'Advantage+ Catalogue' },
  { budget: 650, roas: 0.6, platform: 'google_ads', campaign: 'Shopping - Kitchen' },
  { budget: 1100, roas: 2.1, platform: 'google_ads', campaign: 'Shopping - Diwali Electricals' },
  { budget: 500, roas: 0, platform: 'meta', campaign: 'Festive Reels' },
  { budget: 750, roas: 4.1, platform: 'meta', campaign: 'Advantage+ Catalogue' },
  { budget: 400, roas: 1.6, platform: 'google_ads', campaign: 'Performance Max - Brand' },
  { budget: 1250, roas: 0.8, platform: 'meta', campaign: 'Festive Reels' },
  { budget: 600, roas: 2.7, platform: 'google_ads', campaign: 'Performance Max - Brand' },
  { budget: 300, roas: 6.4, platform: 'google_ads', campaign: 'Shopping - Kitchen' },
] as const;

/** Competitors' prices against ours, where a product has them: two undercut us by more than 5%. */
const COMPETITOR_FACTORS = [0.93, 1.04, 0.98, 1.12, 0.9, 1.01];

/** Google's search impression share of its campaigns (Meta gives none): about this, day to day. */
const IMPRESSION_SHARES: Record<string, number> = {
  'Shopping - Diwali Electricals': 0.58,
  'Shopping - Kitchen': 0.34,
  'Performance Max - Brand': 0.82,
};

/** Each Google campaign-day's impressions and the impressions it was eligible for, as Google reports them. */
function demoImpressionShares(facts: readonly queries.FactRow[]): queries.ShareRow[] {
  const random = seeded(25);
  const byKey = new Map<string, queries.ShareRow>();
  for (const fact of facts) {
    const key = `${fact.platform}|${fact.day}|${fact.campaign}`;
    const known = byKey.get(key);
    if (known) known.impressions += fact.impressions;
    else
      byKey.set(key, {
        platform: fact.platform,
        day: fact.day,
        campaign: fact.campaign,
        impressions: fact.impressions,
        eligible_impressions: 0,
      });
  }
  return [...byKey.values()].flatMap((row) => {
    const typical = IMPRESSION_SHARES[row.campaign];
    if (row.platform !== 'google_ads' || typical === undefined) return [];
    const eligible = eligibleImpressions(row.impressions, typical + (random() - 0.5) * 0.16);
    return eligible === null ? [] : [{ ...row, eligible_impressions: eligible }];
  });
}

/** A small deterministic generator: the same demo on every start. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Product ads (issue 25): 60 days of daily figures for ten of the demo catalogue's products on
 * Google Ads and Meta, as the CSV import writes them, with weekends busier and Diwali weeks
 * busier still, the competitor prices a CSV brings for six of them, and Google's search impression
 * share of its campaigns.
 */
export async function seedDemoProductsAds(ctx: Pick<AppContext, 'db'>, actor: Principal): Promise<void> {
  const { db } = ctx;
  const products = await db
    .selectFrom('products')
    .select(['id', 'selling_price_paise'])
    .where('company_id', '=', actor.companyId)
    .where('deleted_at', 'is', null)
    .where('sku', 'is not', null)
    .orderBy('id')
    .limit(PROFILES.length)
    .execute();
  const random = seeded(2026);
  const today = todayInIndia();
  const facts: queries.FactRow[] = [];
  products.forEach((product, index) => {
    const profile = PROFILES[index % PROFILES.length] as (typeof PROFILES)[number];
    const price = Math.max(Number(product.selling_price_paise), AD_CONVERSION_VALUE_PAISE);
    for (let back = DAYS - 1; back >= 0; back--) {
      const day = addDays(today, -back);
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      const lift = (weekday === 0 || weekday === 6 ? 1.25 : 1) * (back < 20 ? 1.3 : 1);
      const spend = Math.round(profile.budget * lift * (0.75 + random() * 0.5) * 100);
      const impressions = Math.round((spend / 100) * (8 + random() * 6));
      const clicks = Math.max(1, Math.round(impressions * (0.012 + random() * 0.02)));
      const revenue = spend * profile.roas * (0.7 + random() * 0.6);
      const conversions = Math.min(clicks, Math.round(revenue / price));
      // Meta's catalogue purchases carry their value; Google's kitchen campaign has none (500 INR each then).
      const valued = profile.campaign !== 'Shopping - Kitchen';
      facts.push({
        platform: profile.platform,
        day,
        campaign: profile.campaign,
        product_id: product.id,
        spend_paise: spend,
        impressions,
        clicks,
        conversions,
        conversion_value_paise: valued && conversions > 0 ? Math.round(revenue) : null,
      });
    }
  });
  const prices = products.slice(0, COMPETITOR_FACTORS.length).flatMap((product, index) =>
    [7, 1].map((back) => ({
      product_id: product.id,
      day: addDays(today, -back),
      competitor_price_paise: Math.round(
        Number(product.selling_price_paise) * (COMPETITOR_FACTORS[index] ?? 1) * (back === 7 ? 1.02 : 1),
      ),
    })),
  );
  await inTransaction(db, async (tx) => {
    await queries.upsertCsvFacts(tx, actor.companyId, facts);
    await queries.upsertCompetitorPrices(
      tx,
      actor.companyId,
      'csv',
      prices.filter((p) => p.competitor_price_paise > 0),
    );
    await queries.upsertCsvShares(tx, actor.companyId, demoImpressionShares(facts));
  });
}
