import { offerCreate } from '@b2b/domain/api/offers';
import { todayInIndia } from '@b2b/domain/validation';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { createOffer } from '../modules/offers/offers.service.ts';

type Step = <T>(what: string, work: () => Promise<T>) => Promise<T>;

/** A day `days` from today in India, YYYY-MM-DD. */
function dayFromToday(days: number) {
  const date = new Date(`${todayInIndia()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The demo's coupon offers, made before its sales (the first sale applies DIWALI10): a first-order
 * welcome coupon (for a new buyer: the demo's buyers have bought before, see seed-demo-history.ts),
 * the festive DIWALI10, 50 unique B2B partner codes and last season's expired monsoon coupon.
 */
export async function seedDemoOffers(ctx: AppContext, actor: Principal, step: Step) {
  const offers = [
    {
      kind: 'cart',
      title: 'Welcome 10% off your first order',
      description: '10% off a first order of ₹5,000 or more, up to ₹2,000.',
      terms: 'First order of a buyer only. Cannot be combined with another cart offer.',
      discount_type: 'percentage',
      discount_value: 10,
      max_discount: 2000,
      min_order_value: 5000,
      first_order_only: true,
      coupon_mode: 'shared',
      coupon_code: 'WELCOME10',
    },
    {
      kind: 'cart',
      title: 'Diwali 10% off',
      description: 'Festive season: 10% off orders of ₹2,000 or more, up to ₹500.',
      terms: 'Twice per buyer during the festive season.',
      discount_type: 'percentage',
      discount_value: 10,
      max_discount: 500,
      min_order_value: 2000,
      uses_per_buyer: 2,
      start_date: dayFromToday(-20),
      end_date: dayFromToday(40),
      coupon_mode: 'shared',
      coupon_code: 'DIWALI10',
    },
    {
      kind: 'cart',
      title: 'B2B partner ₹1,000 off',
      description: '₹1,000 off an order of ₹25,000 or more, one code per partner store.',
      terms: 'Each code works once.',
      discount_type: 'flat',
      discount_value: 1000,
      min_order_value: 25000,
      total_uses_limit: 50,
      budget: 50000,
      coupon_mode: 'unique',
      coupon_count: 50,
      coupon_prefix: 'B2B',
      coupon_length: 6,
      is_visible_to_customers: false,
    },
    {
      kind: 'cart',
      title: 'Monsoon sale 5% off',
      description: '5% off every order during the monsoon sale, up to ₹750.',
      discount_type: 'percentage',
      discount_value: 5,
      max_discount: 750,
      start_date: dayFromToday(-150),
      end_date: dayFromToday(-90),
      coupon_mode: 'shared',
      coupon_code: 'MONSOON5',
    },
  ];
  for (const offer of offers) {
    const input = offerCreate.parse(offer);
    await step(`offer ${offer.title}`, () => createOffer({ db: ctx.db, actor, input }));
  }
}

/**
 * An automatic product offer (no coupon): ₹50 off each unit of Philips, made after the demo's
 * sales so the orders already placed keep the prices they were placed at.
 */
export async function seedDemoAutomaticOffers(ctx: AppContext, actor: Principal, step: Step) {
  const philips = await ctx.db
    .selectFrom('brands')
    .select('id')
    .where('company_id', '=', actor.companyId)
    .where('name', '=', 'Philips')
    .executeTakeFirstOrThrow();
  const input = offerCreate.parse({
    kind: 'product',
    title: '₹50 off every Philips unit',
    description: 'Philips kitchen and lighting: ₹50 off each unit, no code needed.',
    discount_type: 'flat',
    discount_value: 50,
    brands: [philips.id],
    max_offer_amount_per_transaction: 2500,
    start_date: dayFromToday(-5),
    end_date: dayFromToday(25),
  });
  await step(`offer ${input.title}`, () => createOffer({ db: ctx.db, actor, input }));
}
