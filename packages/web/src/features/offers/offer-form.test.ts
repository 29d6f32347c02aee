import { describe, expect, it } from 'vitest';
import {
  emptyOfferForm,
  type OfferFormValues,
  offerCreateFormSchema,
  offerRuleOf,
  offerUpdateFormSchema,
} from './offer-form.schema';
import { previewSample, type SampleLine } from './offer-preview';

const TODAY = '2026-11-29';

const cartForm = (overrides: Partial<OfferFormValues> = {}): OfferFormValues => ({
  ...emptyOfferForm('cart'),
  title: 'Diwali 10%',
  discount_type: 'percentage',
  discount_value: 12.5,
  ...overrides,
});

const fan: SampleLine = {
  key: 'a',
  productId: 7,
  name: 'Ceiling Fan',
  categoryIds: [1, 3],
  brandId: 4,
  quantity: 2,
  unitPrice: 1500,
};
const lamp: SampleLine = {
  key: 'b',
  productId: 8,
  name: 'Desk Lamp',
  categoryIds: [1, 5],
  brandId: 9,
  quantity: 1.5,
  unitPrice: 400.5,
};

describe('offerRuleOf: the form as the offer rules see it', () => {
  it('turns rupees into paise, a percentage into basis points and a quantity into thousandths', () => {
    const rule = offerRuleOf(
      cartForm({
        max_discount: 250.75,
        min_order_value: '1000.10',
        min_quantity: 2.5,
        max_offer_amount_per_transaction: 300,
        max_offer_amount_per_buyer: 900,
        budget: 10000,
        uses_per_buyer: 2,
        total_uses_limit: '50',
        buyer_groups: ['3', '4'],
        sales_channel: '6',
        coupon_mode: 'unique',
        start_date: '2026-11-01',
        end_date: '',
      }),
    );
    expect(rule).toMatchObject({
      kind: 'cart',
      discountType: 'percentage',
      discountValue: 1250,
      maxDiscountPaise: 25075,
      minOrderPaise: 100010,
      minQuantityThousandths: 2500,
      maxAmountPerTransactionPaise: 30000,
      maxAmountPerBuyerPaise: 90000,
      budgetPaise: 1_000_000,
      usesPerBuyer: 2,
      totalUsesLimit: 50,
      buyerGroupIds: [3, 4],
      salesChannelId: 6,
      couponMode: 'unique',
      startDate: '2026-11-01',
      endDate: null,
      targets: { productIds: [], categoryIds: [], brandIds: [] },
    });
  });

  it('a flat value is paise and has no max discount; a product offer keeps its targets', () => {
    const rule = offerRuleOf({
      ...emptyOfferForm('product'),
      discount_type: 'flat',
      discount_value: '49.99',
      max_discount: 100,
      products: [{ id: 7, name: 'Ceiling Fan' }],
      categories: ['3'],
      brands: ['4'],
    });
    expect(rule).toMatchObject({
      discountValue: 4999,
      maxDiscountPaise: null,
      targets: { productIds: [7], categoryIds: [3], brandIds: [4] },
    });
  });

  it('nothing to preview without a discount value', () => {
    expect(offerRuleOf(cartForm({ discount_value: '' }))).toBeNull();
    expect(offerRuleOf(cartForm({ discount_value: 0 }))).toBeNull();
  });
});

describe('previewSample: what a sample order would get', () => {
  it('a cart percentage capped by its max discount', () => {
    const rule = offerRuleOf(cartForm({ max_discount: 100 }));
    if (!rule) throw new Error('no rule');
    // 12.5% of ₹1,000 is ₹125, capped at ₹100.
    const preview = previewSample(rule, { lines: [], order: { value: 1000, quantity: 3 } }, TODAY);
    expect(preview).toMatchObject({ orderPaise: 100_000, discountPaise: 10_000, refusal: null });
  });

  it('a cart offer below its minimum order value gives the refusal sentence', () => {
    const rule = offerRuleOf(cartForm({ min_order_value: 2000 }));
    if (!rule) throw new Error('no rule');
    const preview = previewSample(rule, { lines: [], order: { value: 1500, quantity: 1 } }, TODAY);
    expect(preview.discountPaise).toBe(0);
    expect(preview.refusal).toBe(
      'The offer Diwali 10% needs an order value of at least ₹2,000.00; this order is worth ₹1,500.00.',
    );
  });

  it('a flat product offer per unit on the lines of its brand only', () => {
    const rule = offerRuleOf({
      ...emptyOfferForm('product'),
      title: 'Fans ₹50 off',
      discount_type: 'flat',
      discount_value: 50,
      brands: ['4'],
    });
    if (!rule) throw new Error('no rule');
    const preview = previewSample(rule, { lines: [fan, lamp], order: { value: '', quantity: '' } }, TODAY);
    expect(preview.lines.map((line) => [line.name, line.netPaise, line.amountPaise, line.matches])).toEqual([
      ['Ceiling Fan', 300_000, 10_000, true],
      ['Desk Lamp', 60_075, 0, false],
    ]);
    expect(preview.discountPaise).toBe(10_000);
  });

  it('a product offer cut to its per-transaction cap shares the cut over its lines', () => {
    const rule = offerRuleOf({
      ...emptyOfferForm('product'),
      title: 'Lighting 10%',
      discount_type: 'percentage',
      discount_value: 10,
      categories: ['1'],
      max_offer_amount_per_transaction: 100,
    });
    if (!rule) throw new Error('no rule');
    const preview = previewSample(rule, { lines: [fan, lamp], order: { value: '', quantity: '' } }, TODAY);
    expect(preview.discountPaise).toBe(10_000);
    expect(preview.lines.reduce((total, line) => total + line.amountPaise, 0)).toBe(10_000);
  });

  it('a product offer matching none of the sample lines says so', () => {
    const rule = offerRuleOf({
      ...emptyOfferForm('product'),
      title: 'Other brand',
      discount_type: 'flat',
      discount_value: 10,
      brands: ['99'],
    });
    if (!rule) throw new Error('no rule');
    const preview = previewSample(rule, { lines: [fan], order: { value: '', quantity: '' } }, TODAY);
    expect(preview.refusal).toBe('The offer Other brand applies to none of the products on this order.');
  });

  it('a cashpoints offer credits nothing below its cashpoint minimum', () => {
    const rule = offerRuleOf(
      cartForm({
        discount_type: 'flat',
        discount_value: 40,
        reward_type: 'cashpoints',
        cashpoint_min_discount: 50,
      }),
    );
    if (!rule) throw new Error('no rule');
    const preview = previewSample(rule, { lines: [], order: { value: 500, quantity: 1 } }, TODAY);
    expect(preview).toMatchObject({ discountPaise: 0, cashpointsPaise: 0, amountPaise: 4000 });
    expect(preview.refusal).toContain('below its cashpoint minimum');
  });
});

describe('the form through the domain schemas', () => {
  it('a new cart offer with unique codes sends what offerCreate takes', () => {
    const parsed = offerCreateFormSchema.safeParse(
      cartForm({
        max_discount: 100,
        coupon_mode: 'unique',
        coupon_count: 5,
        coupon_prefix: 'dw',
        coupon_length: 6,
        products: [{ id: 1, name: 'left from a product offer' }],
      }),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      kind: 'cart',
      coupon_mode: 'unique',
      coupon_count: 5,
      coupon_prefix: 'DW',
      coupon_length: 6,
      discount_value: 12.5,
      max_discount: 100,
      products: [],
    });
  });

  it("the domain's messages: a percentage over 100, a product offer without targets", () => {
    const parsed = offerCreateFormSchema.safeParse({
      ...emptyOfferForm('product'),
      title: 'Too much',
      discount_value: 120,
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toContainEqual(['discount_value', 'A percentage discount cannot be more than 100.']);
    expect(messages).toContainEqual([
      'products',
      'Please choose at least one product, category or brand for a product offer.',
    ]);
  });

  it('an edit leaves the kind, the coupon mode and the count out', () => {
    const parsed = offerUpdateFormSchema.safeParse(cartForm({ coupon_mode: 'unique', coupon_count: 3 }));
    expect(parsed.success).toBe(true);
    expect(parsed.data).not.toHaveProperty('kind');
    expect(parsed.data).not.toHaveProperty('coupon_mode');
    expect(parsed.data).not.toHaveProperty('coupon_count');
  });
});
