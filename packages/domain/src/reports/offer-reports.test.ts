import { describe, expect, it } from 'vitest';
import { BID_STATUSES } from '../buyer-prices.ts';
import { BIDDING_REPORT, OFFER_KIND_OPTIONS } from './offer-reports.ts';
import { columnsOf, reportStatusesOf, statusChoiceOf, statusLabel } from './report-definition.ts';

describe('reportStatusesOf', () => {
  it('gives each status of a list its label and colour, by code', () => {
    expect(reportStatusesOf(OFFER_KIND_OPTIONS)).toEqual({
      product: { label: 'Product Offer', color: 'blue' },
      cart: { label: 'Cart Offer', color: 'grape' },
    });
    const columns = columnsOf(BIDDING_REPORT, null);
    const column = columns.find((c) => c.key === 'status') ?? {};
    expect(statusLabel(column, 'pending_approval')).toBe('Pending Approval');
    expect(statusLabel(column, 'unheard_of')).toBe('unheard_of');
  });
});

describe('statusChoiceOf', () => {
  it('offers all statuses first (the default), then each status by its label', () => {
    const choice = statusChoiceOf(BID_STATUSES);
    expect(choice.key).toBe('status');
    expect(choice.default).toBe('all');
    expect(choice.options).toEqual([
      { value: 'all', label: 'All' },
      { value: 'accepted', label: 'Accepted' },
      { value: 'pending_approval', label: 'Pending Approval' },
      { value: 'approved', label: 'Approved' },
      { value: 'refused', label: 'Refused' },
    ]);
  });
});
