import { describe, expect, it } from 'vitest';
import {
  draftWeightGrams,
  rulesInOrder,
  type ShippingDraft,
  type ShippingRule,
  shippingRuleProblems,
  suggestShippingCharge,
  zoneOf,
} from './shipping-charges.ts';

const WEBSITE = 2;
const INSTORE = 3;

const rule = (overrides: Partial<ShippingRule>): ShippingRule => ({
  id: 1,
  name: 'Rule',
  salesChannelId: null,
  kind: 'flat',
  chargePaise: 5000,
  slabs: [],
  zones: [],
  freeAbovePaise: null,
  position: 0,
  isActive: true,
  ...overrides,
});

const draft = (overrides: Partial<ShippingDraft> = {}): ShippingDraft => ({
  salesChannelId: WEBSITE,
  orderValuePaise: 100_000,
  weightGrams: 0,
  pincode: null,
  ...overrides,
});

describe('suggestShippingCharge', () => {
  it('charges a flat rule whatever the order, and nothing when no rule applies', () => {
    const flat = rule({ name: 'Standard', chargePaise: 7_500 });
    expect(suggestShippingCharge([flat], draft())).toEqual({
      chargePaise: 7_500,
      rule: { id: 1, name: 'Standard' },
      reason: 'Flat charge.',
    });
    expect(suggestShippingCharge([], draft())).toEqual({
      chargePaise: 0,
      rule: null,
      reason: 'No shipping rule applies.',
    });
    expect(suggestShippingCharge([{ ...flat, isActive: false }], draft()).rule).toBeNull();
  });

  it('ships free at or above the free-above amount (₹2,000: ₹1,999.99 pays, ₹2,000.00 does not)', () => {
    const flat = rule({ chargePaise: 9_900, freeAbovePaise: 200_000 });
    expect(suggestShippingCharge([flat], draft({ orderValuePaise: 199_999 })).chargePaise).toBe(9_900);
    const free = suggestShippingCharge([flat], draft({ orderValuePaise: 200_000 }));
    expect(free.chargePaise).toBe(0);
    expect(free.reason).toBe('Free on orders of ₹2,000.00 or more.');
  });

  it('charges by weight slab: 0-2 kg ₹50, 2-10 kg ₹120, 10 kg and over ₹300', () => {
    const byWeight = rule({
      kind: 'weight_slab',
      chargePaise: null,
      slabs: [
        { from: 0, chargePaise: 5_000 },
        { from: 2_000, chargePaise: 12_000 },
        { from: 10_000, chargePaise: 30_000 },
      ],
    });
    // Three lines: 4 x 0.25 kg + 1 x 0.5 kg + 2 x 0.3 kg = 2.1 kg.
    const grams = draftWeightGrams([
      { quantity: 4, weightKg: 0.25 },
      { quantity: 1, weightKg: 0.5 },
      { quantity: 2, weightKg: 0.3 },
      { quantity: 5, weightKg: null },
    ]);
    expect(grams).toBe(2_100);
    expect(suggestShippingCharge([byWeight], draft({ weightGrams: 1_999 })).chargePaise).toBe(5_000);
    expect(suggestShippingCharge([byWeight], draft({ weightGrams: grams }))).toMatchObject({
      chargePaise: 12_000,
      reason: 'Weight from 2 kg.',
    });
    expect(suggestShippingCharge([byWeight], draft({ weightGrams: 10_000 })).chargePaise).toBe(30_000);
    expect(suggestShippingCharge([byWeight], draft({ weightGrams: 0 })).chargePaise).toBe(5_000);
  });

  it('charges by order value slab: under ₹500 ₹80, ₹500-₹1,500 ₹40, ₹1,500 and over free', () => {
    const byValue = rule({
      kind: 'order_value_slab',
      chargePaise: null,
      slabs: [
        { from: 0, chargePaise: 8_000 },
        { from: 50_000, chargePaise: 4_000 },
        { from: 150_000, chargePaise: 0 },
      ],
    });
    expect(suggestShippingCharge([byValue], draft({ orderValuePaise: 49_999 })).chargePaise).toBe(8_000);
    expect(suggestShippingCharge([byValue], draft({ orderValuePaise: 50_000 }))).toMatchObject({
      chargePaise: 4_000,
      reason: 'Order value from ₹500.00.',
    });
    expect(suggestShippingCharge([byValue], draft({ orderValuePaise: 1_000_000 })).chargePaise).toBe(0);
  });

  it('charges by pincode zone, the longest prefix winning; outside the zones the rule’s own charge', () => {
    const byPincode = rule({
      kind: 'pincode',
      chargePaise: 15_000,
      zones: [
        { name: 'Mumbai', prefixes: ['400'], chargePaise: 4_000 },
        { name: 'Maharashtra', prefixes: ['4'], chargePaise: 8_000 },
        { name: 'Andheri', prefixes: ['400053'], chargePaise: 2_500 },
      ],
    });
    expect(suggestShippingCharge([byPincode], draft({ pincode: '400001' }))).toMatchObject({
      chargePaise: 4_000,
      reason: 'Pincode zone Mumbai.',
    });
    expect(suggestShippingCharge([byPincode], draft({ pincode: '400053' })).chargePaise).toBe(2_500);
    expect(suggestShippingCharge([byPincode], draft({ pincode: '411004' })).chargePaise).toBe(8_000);
    expect(suggestShippingCharge([byPincode], draft({ pincode: '110001' })).chargePaise).toBe(15_000);
    // No pincode yet: the rule waits; a later flat rule applies meanwhile.
    const fallback = rule({ id: 9, name: 'Fallback', chargePaise: 10_000, position: 5 });
    expect(suggestShippingCharge([byPincode, fallback], draft()).rule?.name).toBe('Fallback');
    // A pincode rule without a charge of its own passes pincodes outside its zones to the next rule.
    const zonesOnly = { ...byPincode, chargePaise: null };
    expect(suggestShippingCharge([zonesOnly, fallback], draft({ pincode: '110001' })).chargePaise).toBe(
      10_000,
    );
    expect(zoneOf(byPincode.zones, '560001')).toBeNull();
  });

  it('tries the draft’s own channel’s rules first, then those for every channel, each by position', () => {
    const everyChannel = rule({ id: 1, name: 'Everywhere', chargePaise: 6_000, position: 0 });
    const website = rule({
      id: 2,
      name: 'Website',
      salesChannelId: WEBSITE,
      chargePaise: 4_000,
      position: 9,
    });
    const instore = rule({ id: 3, name: 'Instore', salesChannelId: INSTORE, chargePaise: 0, position: 0 });
    const rules = [everyChannel, website, instore];
    expect(suggestShippingCharge(rules, draft({ salesChannelId: WEBSITE })).rule?.name).toBe('Website');
    expect(suggestShippingCharge(rules, draft({ salesChannelId: INSTORE })).chargePaise).toBe(0);
    expect(suggestShippingCharge(rules, draft({ salesChannelId: null })).rule?.name).toBe('Everywhere');
    expect(suggestShippingCharge(rules, draft({ salesChannelId: 99 })).rule?.name).toBe('Everywhere');
    expect(rulesInOrder(rules, WEBSITE).map((r) => r.id)).toEqual([2, 1]);
    const second = rule({ id: 4, name: 'Second', position: 1 });
    const first = rule({ id: 5, name: 'First', position: 0 });
    expect(rulesInOrder([second, first], null).map((r) => r.name)).toEqual(['First', 'Second']);
  });

  it('keeps to integers: a 0.333 kg product three times is 999 g', () => {
    expect(draftWeightGrams([{ quantity: 3, weightKg: 0.333 }])).toBe(999);
    expect(draftWeightGrams([{ quantity: 1.5, weightKg: 0.1 }])).toBe(150);
  });
});

describe('shippingRuleProblems', () => {
  it('asks a flat rule for its charge, slabs to start at 0 and rise, zones for well-formed unique prefixes', () => {
    expect(shippingRuleProblems({ kind: 'flat', chargePaise: null, slabs: [], zones: [] })).toEqual([
      { path: ['charge'], message: 'Enter the charge.' },
    ]);
    expect(
      shippingRuleProblems({
        kind: 'weight_slab',
        chargePaise: null,
        slabs: [
          { from: 500, chargePaise: 1 },
          { from: 500, chargePaise: 2 },
        ],
        zones: [],
      }).map((p) => p.message),
    ).toEqual(['The first slab must start at 0.', 'Each slab must start above the one before it.']);
    expect(
      shippingRuleProblems({ kind: 'order_value_slab', chargePaise: null, slabs: [], zones: [] })[0].message,
    ).toBe('Add at least one slab.');
    expect(
      shippingRuleProblems({
        kind: 'pincode',
        chargePaise: null,
        slabs: [],
        zones: [
          { name: 'A', prefixes: ['400', '0123'], chargePaise: 1 },
          { name: '', prefixes: ['400'], chargePaise: 1 },
        ],
      }).map((p) => `${p.path.join('.')}: ${p.message}`),
    ).toEqual([
      'zones.0.prefixes: A pincode prefix is 1 to 6 digits and does not start with 0.',
      'zones.1.name: Zone name is required.',
      'zones.1.prefixes: This prefix is already in another zone.',
    ]);
  });
});
