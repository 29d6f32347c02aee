import { describe, expect, it } from 'vitest';
import { documentLink, fixLink } from './tally-fix-link';

describe('fixLink', () => {
  it('sends each missing name to the screen that sets it', () => {
    expect(fixLink({ target: 'product', id: 7 })).toEqual({
      to: '/products/7/edit',
      label: 'Set the product’s Tally name',
    });
    expect(fixLink({ target: 'warehouse', id: 3 }).to).toBe('/warehouses/3');
    expect(fixLink({ target: 'seller', id: 4 }).to).toBe('/sellers/4');
    expect(fixLink({ target: 'branch_tally', id: 2 })).toEqual({
      to: '/branches/2',
      label: 'Map the ledger (branch, Tally tab)',
    });
    expect(fixLink({ target: 'branch_bank_accounts', id: 2 }).label).toBe(
      'Add a bank account (branch, Bank Accounts tab)',
    );
  });

  it('links each document kind to its page', () => {
    expect(documentLink('invoice', 5)).toBe('/invoices/5');
    expect(documentLink('bill', 6)).toMatch(/\/6$/);
    expect(documentLink('payment_made', 8)).toMatch(/\/8$/);
    expect(documentLink('inventory_adjustment', 9)).toBe('/inventory-adjustments/9');
    expect(documentLink('inventory_transfer', 10)).toBe('/inventory-transfers/10');
  });
});
