import { describe, expect, it } from 'vitest';
import {
  COUPON_ALPHABET,
  evaluateOffers,
  makeCouponCode,
  type OfferCartLine,
  type OfferContext,
  type OfferRule,
  offerCapPaise,
  offerRefusal,
  previewOffer,
} from './offers.ts';

const rule = (overrides: Partial<OfferRule> & Pick<OfferRule, 'id'>): OfferRule => ({
  kind: 'cart',
  title: `Offer ${overrides.id}`,
  discountType: 'percentage',
  discountValue: 1000,
  maxDiscountPaise: null,
  minOrderPaise: 0,
  minQuantityThousandths: null,
  firstOrderOnly: false,
  buyerGroupIds: [],
  salesChannelId: null,
  targets: { productIds: [], categoryIds: [], brandIds: [] },
  couponMode: 'none',
  usesPerBuyer: null,
  totalUsesLimit: null,
  maxAmountPerTransactionPaise: null,
  maxAmountPerBuyerPaise: null,
  budgetPaise: null,
  rewardType: 'discount',
  cashpointMinDiscountPaise: null,
  startDate: null,
  endDate: null,
  isActive: true,
  isVisibleToCustomers: true,
  ...overrides,
});

const line = (productId: number, netPaise: number, quantity = 1, extra: Partial<OfferCartLine> = {}) => ({
  productId,
  categoryIds: [],
  brandId: null,
  quantity,
  netPaise,
  ...extra,
});

const context: OfferContext = {
  today: '2026-11-29',
  buyerGroupIds: [],
  salesChannelId: null,
  isFirstOrder: false,
};

describe('cart offers', () => {
  it('takes 10% off ₹1,234.56 as ₹123.46 (rounded half away from zero)', () => {
    const result = evaluateOffers({ lines: [line(1, 123_456)], offers: [rule({ id: 1 })], context });
    expect(result.cart).toEqual({ offerId: 1, discountPaise: 12_346 });
  });

  it('caps a percentage by its max discount and by the per-transaction cap, whichever is lower', () => {
    const offer = rule({
      id: 1,
      discountValue: 2000,
      maxDiscountPaise: 50_000,
      maxAmountPerTransactionPaise: 30_000,
    });
    // 20% of ₹10,000 is ₹2,000; capped at ₹500, then at ₹300.
    expect(
      evaluateOffers({ lines: [line(1, 1_000_000)], offers: [offer], context }).cart?.discountPaise,
    ).toBe(30_000);
  });

  it('never takes a flat amount beyond the order value', () => {
    const offer = rule({ id: 1, discountType: 'flat', discountValue: 500_00 });
    expect(evaluateOffers({ lines: [line(1, 300_00)], offers: [offer], context }).cart?.discountPaise).toBe(
      300_00,
    );
  });

  it('picks the best automatic cart offer, the older on a tie, and only one', () => {
    const offers = [
      rule({ id: 3, discountType: 'flat', discountValue: 150_00 }),
      rule({ id: 2, discountValue: 1500 }), // 15% of ₹1,000 = ₹150: ties with 3, and is older
      rule({ id: 1, discountValue: 500 }),
    ];
    const result = evaluateOffers({ lines: [line(1, 1000_00)], offers, context });
    expect(result.cart).toEqual({ offerId: 2, discountPaise: 150_00 });
    expect(result.applied).toHaveLength(1);
  });

  it('leaves out offers the buyer cannot have: hidden, coupon-only, other group, other channel, not first order, below minimum', () => {
    const offers = [
      rule({ id: 1, isVisibleToCustomers: false }),
      rule({ id: 2, couponMode: 'shared' }),
      rule({ id: 3, buyerGroupIds: [9] }),
      rule({ id: 4, salesChannelId: 5 }),
      rule({ id: 5, firstOrderOnly: true }),
      rule({ id: 6, minOrderPaise: 2000_00 }),
      rule({ id: 7, endDate: '2026-11-28' }),
      rule({ id: 8, startDate: '2026-11-30' }),
      rule({ id: 9, isActive: false }),
      rule({ id: 10, minQuantityThousandths: 5000 }),
    ];
    expect(evaluateOffers({ lines: [line(1, 1000_00, 2)], offers, context }).cart).toBeNull();
    const fitting = { ...context, buyerGroupIds: [9], salesChannelId: 5, isFirstOrder: true };
    expect(
      evaluateOffers({ lines: [line(1, 1000_00, 2)], offers: offers.slice(2, 5), context: fitting }).cart,
    ).toEqual({ offerId: 3, discountPaise: 100_00 });
  });

  it('stops at the uses per buyer, the total uses, the budget and the per-buyer amount', () => {
    const usage = new Map([
      [1, { buyerUses: 2, totalUses: 2, buyerAmountPaise: 0, totalAmountPaise: 0 }],
      [2, { buyerUses: 0, totalUses: 5, buyerAmountPaise: 0, totalAmountPaise: 0 }],
      [3, { buyerUses: 0, totalUses: 9, buyerAmountPaise: 0, totalAmountPaise: 900_00 }],
      [4, { buyerUses: 1, totalUses: 1, buyerAmountPaise: 180_00, totalAmountPaise: 180_00 }],
    ]);
    const offers = [
      rule({ id: 1, usesPerBuyer: 2 }),
      rule({ id: 2, totalUsesLimit: 5 }),
      rule({ id: 3, budgetPaise: 1000_00 }), // ₹100 left of the budget
      rule({ id: 4, maxAmountPerBuyerPaise: 200_00 }), // ₹20 left for this buyer
    ];
    const result = evaluateOffers({ lines: [line(1, 1000_00)], offers, context: { ...context, usage } });
    expect(result.cart).toEqual({ offerId: 3, discountPaise: 100_00 });
    expect(offerCapPaise(offers[3], usage.get(4))).toBe(20_00);
  });
});

describe('product offers', () => {
  const shoes = line(1, 2000_00, 2, { brandId: 7 });
  const socks = line(2, 300_00, 3, { categoryIds: [40, 4] });
  const caps = line(3, 500_00, 1);

  it('takes a flat amount per unit off matching lines by product, brand or parent category', () => {
    const offer = rule({
      id: 1,
      kind: 'product',
      discountType: 'flat',
      discountValue: 50_00,
      targets: { productIds: [], categoryIds: [4], brandIds: [7] },
    });
    const result = evaluateOffers({ lines: [shoes, socks, caps], offers: [offer], context });
    expect(result.lines).toEqual([
      { offerId: 1, discountPaise: 100_00 },
      { offerId: 1, discountPaise: 150_00 },
      { offerId: null, discountPaise: 0 },
    ]);
    expect(result.applied).toEqual([
      expect.objectContaining({ offerId: 1, kind: 'product', discountPaise: 250_00, cashpointsPaise: 0 }),
    ]);
  });

  it('shares a capped amount over its lines exactly (largest remainder)', () => {
    const offer = rule({
      id: 1,
      kind: 'product',
      discountValue: 1000,
      maxDiscountPaise: 100_00,
      targets: { productIds: [1, 2], categoryIds: [], brandIds: [] },
    });
    // 10% would be ₹200 + ₹30 = ₹230; capped at ₹100, shared 200:30.
    const result = evaluateOffers({ lines: [shoes, socks], offers: [offer], context });
    expect(result.lines.map((l) => l.discountPaise)).toEqual([86_96, 13_04]);
    expect(result.lines[0].discountPaise + result.lines[1].discountPaise).toBe(100_00);
  });

  it('gives each line the best product offer, then one cart offer on what is left', () => {
    const offers = [
      rule({
        id: 1,
        kind: 'product',
        discountValue: 1000,
        targets: { productIds: [1, 2], categoryIds: [], brandIds: [] },
      }),
      rule({
        id: 2,
        kind: 'product',
        discountType: 'flat',
        discountValue: 20_00,
        targets: { productIds: [2], categoryIds: [], brandIds: [] },
      }),
      rule({ id: 3, kind: 'cart', discountValue: 500 }),
    ];
    const result = evaluateOffers({ lines: [shoes, socks, caps], offers, context });
    // shoes: 10% = ₹200 (offer 1); socks: ₹20 x 3 = ₹60 beats 10% = ₹30 (offer 2); caps: none.
    expect(result.lines).toEqual([
      { offerId: 1, discountPaise: 200_00 },
      { offerId: 2, discountPaise: 60_00 },
      { offerId: null, discountPaise: 0 },
    ]);
    // 5% of (2,800 - 260) = ₹127.
    expect(result.cart).toEqual({ offerId: 3, discountPaise: 127_00 });
  });

  it("checks a product offer's minimum quantity against its matching lines only", () => {
    const offer = rule({
      id: 1,
      kind: 'product',
      minQuantityThousandths: 3000,
      targets: { productIds: [1], categoryIds: [], brandIds: [] },
    });
    expect(evaluateOffers({ lines: [shoes, socks], offers: [offer], context }).applied).toEqual([]);
    expect(
      evaluateOffers({ lines: [{ ...shoes, quantity: 3 }], offers: [offer], context }).applied,
    ).toHaveLength(1);
  });
});

describe('coupons', () => {
  it("applies the coupon's cart offer even when an automatic one would give more", () => {
    const offers = [
      rule({ id: 1, discountValue: 2000 }),
      rule({ id: 2, couponMode: 'shared', discountValue: 500 }),
    ];
    const coupon = { offerId: 2, code: 'DIWALI5', codeUses: 0, codeMaxUses: null };
    const result = evaluateOffers({ lines: [line(1, 1000_00)], offers, context, coupon });
    expect(result.cart).toEqual({ offerId: 2, discountPaise: 50_00 });
    expect(result.applied[0].byCoupon).toBe(true);
    expect(result.couponRefusal).toBeNull();
  });

  it("gives the coupon's product offer its lines, automatic offers the rest", () => {
    const offers = [
      rule({
        id: 1,
        kind: 'product',
        discountValue: 3000,
        targets: { productIds: [1, 2], categoryIds: [], brandIds: [] },
      }),
      rule({
        id: 2,
        kind: 'product',
        couponMode: 'unique',
        discountValue: 1000,
        targets: { productIds: [1], categoryIds: [], brandIds: [] },
      }),
    ];
    const coupon = { offerId: 2, code: 'AB3C4D7E', codeUses: 0, codeMaxUses: 1 };
    const result = evaluateOffers({ lines: [line(1, 100_00), line(2, 100_00)], offers, context, coupon });
    expect(result.lines).toEqual([
      { offerId: 2, discountPaise: 10_00 },
      { offerId: 1, discountPaise: 30_00 },
    ]);
  });

  it('says why a coupon does not apply: used code, expired, other group, nothing matching', () => {
    const shared = rule({ id: 1, couponMode: 'unique', endDate: '2026-12-31' });
    const used = { offerId: 1, code: 'QWERTY', codeUses: 1, codeMaxUses: 1 };
    expect(
      evaluateOffers({ lines: [line(1, 100_00)], offers: [shared], context, coupon: used }).couponRefusal,
    ).toBe('The coupon QWERTY has already been used.');
    const expired = rule({ id: 1, couponMode: 'shared', endDate: '2026-11-01' });
    const code = { offerId: 1, code: 'OLD', codeUses: 0, codeMaxUses: null };
    expect(
      evaluateOffers({ lines: [line(1, 100_00)], offers: [expired], context, coupon: code }).couponRefusal,
    ).toBe('The coupon OLD expired on 2026-11-01.');
    const grouped = rule({ id: 1, couponMode: 'shared', buyerGroupIds: [3] });
    expect(
      evaluateOffers({ lines: [line(1, 100_00)], offers: [grouped], context, coupon: code }).couponRefusal,
    ).toMatch(/only for buyers of certain buyer groups/);
    const product = rule({
      id: 1,
      kind: 'product',
      couponMode: 'shared',
      targets: { productIds: [9], categoryIds: [], brandIds: [] },
    });
    const result = evaluateOffers({ lines: [line(1, 100_00)], offers: [product], context, coupon: code });
    expect(result.couponRefusal).toBe('The coupon OLD applies to none of the products on this order.');
    expect(result.applied).toEqual([]);
  });
});

describe('cashpoints offers', () => {
  it('take nothing off the price and credit the amount when it reaches the minimum', () => {
    const offer = rule({
      id: 1,
      rewardType: 'cashpoints',
      discountValue: 500,
      cashpointMinDiscountPaise: 40_00,
    });
    const big = evaluateOffers({ lines: [line(1, 1000_00)], offers: [offer], context });
    expect(big.cart).toEqual({ offerId: 1, discountPaise: 0 });
    expect(big.applied[0]).toMatchObject({ discountPaise: 0, cashpointsPaise: 50_00 });
    // ₹25 is below the ₹40 minimum: the offer gives nothing, so it is not applied at all.
    const small = evaluateOffers({ lines: [line(1, 500_00)], offers: [offer], context });
    expect(small.applied).toEqual([]);
  });
});

describe('previewOffer and refusals', () => {
  it('previews a coupon offer as if applied', () => {
    const offer = rule({
      id: 0,
      couponMode: 'unique',
      isVisibleToCustomers: false,
      discountType: 'flat',
      discountValue: 75_00,
    });
    expect(previewOffer(offer, [line(1, 500_00)], context).cart).toEqual({
      offerId: 0,
      discountPaise: 75_00,
    });
  });

  it('reads the minimum order value in rupees', () => {
    const offer = rule({ id: 1, minOrderPaise: 1500_00 });
    expect(
      offerRefusal(offer, context, {
        valuePaise: 999_50,
        matchingQuantityThousandths: 1000,
        hasMatchingLines: true,
      }),
    ).toBe('The offer Offer 1 needs an order value of at least ₹1,500.00; this order is worth ₹999.50.');
  });
});

describe('coupon codes', () => {
  it('are made of the alphabet without look-alikes, between prefix and suffix', () => {
    let n = 0;
    const code = makeCouponCode({ length: 6, prefix: 'DIW', suffix: '26' }, (size) => n++ % size);
    expect(code).toMatch(/^DIW[A-Z0-9]{6}26$/);
    expect(code.slice(3, 9)).toBe(COUPON_ALPHABET.slice(0, 6));
    for (const lookAlike of ['0', 'O', '1', 'I', 'L', '5', 'S', '2', 'Z', '8', 'B']) {
      expect(COUPON_ALPHABET).not.toContain(lookAlike);
    }
  });
});
