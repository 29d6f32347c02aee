import { describe, expect, it } from 'vitest';
import {
  BID_MESSAGES,
  biddingRange,
  bidVerdict,
  buyerPricePaise,
  describeBiddingRange,
} from './buyer-prices.ts';

describe('buyerPricePaise', () => {
  it('is the selling price when no group of the buyer has a price', () => {
    expect(buyerPricePaise({ sellingPricePaise: 1_00_000, groupPricesPaise: [] })).toBe(1_00_000);
  });

  it('is the lowest price of the buyer’s groups', () => {
    expect(buyerPricePaise({ sellingPricePaise: 1_00_000, groupPricesPaise: [90_000, 85_000] })).toBe(85_000);
  });

  it('is the group price even above the selling price (the group price is what was agreed)', () => {
    expect(buyerPricePaise({ sellingPricePaise: 1_00_000, groupPricesPaise: [1_10_000] })).toBe(1_10_000);
  });
});

describe('biddingRange', () => {
  const none = { costPricePaise: null, marginPercent: null };

  it('₹1,000 with 10% bidding: floor ₹900', () => {
    expect(biddingRange({ buyerPricePaise: 1_00_000, maxBiddingPercent: 10, ...none })).toEqual({
      buyerPricePaise: 1_00_000,
      floorPaise: 90_000,
      marginFloorPaise: null,
      canBid: true,
    });
  });

  it('rounds the floor up to the paisa: ₹999.99 with 12.5% is ₹875.00 (874.99125 exact)', () => {
    expect(biddingRange({ buyerPricePaise: 99_999, maxBiddingPercent: 12.5, ...none }).floorPaise).toBe(
      87_500,
    );
  });

  it('keeps the margin: cost ₹800 with 15% margin lifts the 10% floor from ₹900 to ₹920', () => {
    const range = biddingRange({
      buyerPricePaise: 1_00_000,
      maxBiddingPercent: 10,
      costPricePaise: 80_000,
      marginPercent: 15,
    });
    expect(range.marginFloorPaise).toBe(92_000);
    expect(range.floorPaise).toBe(92_000);
  });

  it('rounds the margin floor up: cost ₹333.33 with 7.5% is ₹358.33 (358.329750 exact)', () => {
    const range = biddingRange({
      buyerPricePaise: 50_000,
      maxBiddingPercent: 50,
      costPricePaise: 33_333,
      marginPercent: 7.5,
    });
    expect(range.marginFloorPaise).toBe(35_833);
    expect(range.floorPaise).toBe(35_833);
  });

  it('a margin below the percentage floor changes nothing', () => {
    const range = biddingRange({
      buyerPricePaise: 1_00_000,
      maxBiddingPercent: 10,
      costPricePaise: 50_000,
      marginPercent: 10,
    });
    expect(range.floorPaise).toBe(90_000);
  });

  it('no max_bidding_percentage (or 0): no bidding, the floor is the buyer price', () => {
    for (const maxBiddingPercent of [null, 0]) {
      const range = biddingRange({ buyerPricePaise: 1_00_000, maxBiddingPercent, ...none });
      expect(range.floorPaise).toBe(1_00_000);
      expect(range.canBid).toBe(false);
    }
  });

  it('a margin floor above the buyer price leaves no range', () => {
    const range = biddingRange({
      buyerPricePaise: 1_00_000,
      maxBiddingPercent: 20,
      costPricePaise: 95_000,
      marginPercent: 10,
    });
    expect(range.marginFloorPaise).toBe(1_04_500);
    expect(range.floorPaise).toBe(1_00_000);
    expect(range.canBid).toBe(false);
  });
});

describe('bidVerdict', () => {
  const range = biddingRange({
    buyerPricePaise: 1_00_000,
    maxBiddingPercent: 10,
    costPricePaise: 80_000,
    marginPercent: 15,
  });

  it('refuses a rate that is not above zero', () => {
    expect(bidVerdict(range, 0)).toEqual({ ok: false, message: BID_MESSAGES.rate_not_positive });
    expect(bidVerdict(range, -5)).toEqual({ ok: false, message: 'Rate must be greater than zero.' });
  });

  it('refuses a rate at or above the buyer price, naming it', () => {
    expect(bidVerdict(range, 1_00_000)).toEqual({
      ok: false,
      message: 'A bid must be below the buyer price of ₹1,000.00.',
    });
    expect(bidVerdict(range, 1_20_000).ok).toBe(false);
  });

  it('accepts from the floor up, sends lower bids for approval', () => {
    expect(bidVerdict(range, 99_999)).toEqual({ ok: true, status: 'accepted' });
    expect(bidVerdict(range, 92_000)).toEqual({ ok: true, status: 'accepted' });
    expect(bidVerdict(range, 91_999)).toEqual({ ok: true, status: 'pending_approval' });
  });

  it('without a range every bid needs approval', () => {
    const flat = biddingRange({
      buyerPricePaise: 1_00_000,
      maxBiddingPercent: null,
      ...{ costPricePaise: null, marginPercent: null },
    });
    expect(bidVerdict(flat, 99_999)).toEqual({ ok: true, status: 'pending_approval' });
  });
});

describe('describeBiddingRange', () => {
  it('says the range in a sentence', () => {
    expect(
      describeBiddingRange(
        biddingRange({
          buyerPricePaise: 1_00_000,
          maxBiddingPercent: 10,
          costPricePaise: null,
          marginPercent: null,
        }),
      ),
    ).toBe('Buyer price ₹1,000.00. Bids from ₹900.00 are accepted; lower bids need approval.');
    expect(
      describeBiddingRange(
        biddingRange({
          buyerPricePaise: 50_000,
          maxBiddingPercent: null,
          costPricePaise: null,
          marginPercent: null,
        }),
      ),
    ).toBe('Buyer price ₹500.00. No bidding range: every bid below it needs approval.');
  });
});
