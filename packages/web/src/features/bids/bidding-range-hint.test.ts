import { describe, expect, it } from 'vitest';
import { productBiddingHint } from './bidding-range-hint';

describe('productBiddingHint', () => {
  it('says the range at the selling price, the margin lifting the floor', () => {
    expect(
      productBiddingHint({ sellingPrice: 1000, costPrice: 800, margin: 15, maxBiddingPercentage: 10 }),
    ).toBe('Buyer price ₹1,000.00. Bids from ₹920.00 are accepted; lower bids need approval.');
  });

  it('says there is no range without a max bidding percentage', () => {
    expect(
      productBiddingHint({ sellingPrice: 500, costPrice: null, margin: null, maxBiddingPercentage: '' }),
    ).toBe('Buyer price ₹500.00. No bidding range: every bid below it needs approval.');
  });

  it('waits for a selling price', () => {
    expect(
      productBiddingHint({ sellingPrice: '', costPrice: 10, margin: 5, maxBiddingPercentage: 5 }),
    ).toBeNull();
  });
});
