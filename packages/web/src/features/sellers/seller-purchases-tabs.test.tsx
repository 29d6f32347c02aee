import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { SellerBillsTab, SellerPaymentsMadeTab } from './seller-purchases-tabs';

const SELLER = { id: 5, name: 'Sharma Supplies' };

const bill = {
  id: 31,
  bill_number: 'SUP/31',
  bill_date: '2026-10-01',
  due_date: '2026-10-31',
  status: 'open',
  status_label: 'Open',
  payment_status: 'unpaid',
  seller: { ...SELLER, gstin: null },
  seller_gstin: null,
  seller_state_code: '27',
  branch: { id: 100, name: 'Pune Branch' },
  branch_state_code: '27',
  warehouse: { id: 7, name: 'Main Godown' },
  is_reverse_charge: false,
  is_tax_inclusive: false,
  supply_type: 'intra',
  freight_charges: 0,
  other_charges: 0,
  taxable_value: 200,
  cgst: 18,
  sgst: 18,
  igst: 0,
  cess: 0,
  itc_total: 36,
  reverse_charge_tax: 0,
  round_off: 0,
  total: 236,
  amount_paid: 0,
  balance_due: 236,
  notes: null,
  received_at: '2026-10-02T10:00:00Z',
  voided_at: null,
  created_by: null,
  created_at: '2026-10-02T10:00:00Z',
  updated_at: '2026-10-02T10:00:00Z',
};

const payment = {
  id: 90,
  payment_number: 'PAY/2627/00001',
  payment_date: '2026-11-20',
  status: 'completed',
  status_label: 'Paid',
  seller: SELLER,
  branch: { id: 100, name: 'Pune Branch' },
  amount: 300,
  tds_amount: 4,
  net_amount: 296,
  allocated: 300,
  unallocated: 0,
  tds: { section: '194C', rate: 2 },
  payment_method: { id: 1, name: 'Bank Transfer' },
  paid_from: null,
  reference_number: 'UTR991',
  notes: null,
  created_by: null,
  created_at: '2026-11-20T10:00:00Z',
  voided_at: null,
};

describe("the seller page's purchase tabs", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists only this seller's bills, without a seller column, and offers New Bill to who may add one", async () => {
    const api = fakeApi((call) =>
      call.path === 'admin/companies/10/bills' ? { body: paged([bill]) } : undefined,
    );
    renderScreen(() => <SellerBillsTab seller={SELLER} />, {
      user: withPermissions(['view_bill', 'add_bill']),
    });
    // The table is drawn again once the rows come: look it up after them.
    expect(await screen.findByText('SUP/31', {}, { timeout: 5000 })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Bills from Sharma Supplies' });
    expect(within(table).queryByRole('columnheader', { name: /Seller/ })).toBeNull();
    expect(api.calls.find((c) => c.path === 'admin/companies/10/bills')?.query.get('seller')).toBe('5');
    expect(screen.getByRole('link', { name: 'New Bill' })).toBeTruthy();
  });

  it('hides New Bill from a user who may only look', async () => {
    fakeApi((call) => (call.path === 'admin/companies/10/bills' ? { body: paged([]) } : undefined));
    renderScreen(() => <SellerBillsTab seller={SELLER} />, { user: withPermissions(['view_bill']) });
    expect(await screen.findByText('No bills from this seller yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New Bill' })).toBeNull();
  });

  it("lists this seller's payments and records one with the seller fixed", async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/companies/10/payments_made') return { body: paged([payment]) };
      if (call.path === 'admin/companies/10/bills') return { body: paged([]) };
      if (call.path === 'companies/10/payment_methods') return { body: paged([]) };
      if (call.path === 'companies/10') return { body: { id: 10, name: 'Rao Traders' } };
      return undefined;
    });
    renderScreen(() => <SellerPaymentsMadeTab seller={SELLER} />, {
      user: withPermissions(['view_payment_made', 'add_payment_made']),
    });
    expect(await screen.findByText('PAY/2627/00001', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Payments to Sharma Supplies' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'admin/companies/10/payments_made')?.query.get('seller')).toBe(
      '5',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Record Payment' }));
    const dialog = await screen.findByRole('form', { name: 'Record Payment Made' });
    expect(within(dialog).getByLabelText('Seller').textContent).toContain('Sharma Supplies');
  });
});
