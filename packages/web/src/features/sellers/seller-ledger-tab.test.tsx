import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { SellerLedgerTab } from './seller-ledger-tab';

const SELLER = { id: 5, name: 'Sharma Supplies' };
const BRANCH = { id: 100, name: 'Pune Branch' };

const entry = (overrides: Record<string, unknown>) => ({
  date: '2026-11-20',
  kind: 'bill',
  kind_label: 'Bill',
  number: 'SUP/31',
  document_type: 'bill',
  document_id: 31,
  reference: null,
  branch: BRANCH,
  debit: 0,
  credit: 0,
  balance: 0,
  created_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

const LEDGER = {
  count: 4,
  next: null,
  previous: null,
  seller: { id: 5, name: 'Sharma Supplies', gstin: null },
  start_date: null,
  end_date: null,
  opening_balance: 0,
  total_debit: 11_800,
  total_credit: 13_570,
  closing_balance: 1_770,
  results: [
    entry({ credit: 13_570, balance: 13_570 }),
    entry({
      kind: 'payment',
      kind_label: 'Payment made',
      number: 'PAY/2627/00001',
      document_type: 'payment_made',
      document_id: 90,
      debit: 11_700,
      balance: 1_870,
    }),
    entry({
      kind: 'tds',
      kind_label: 'TDS deducted',
      number: 'PAY/2627/00001',
      document_type: 'payment_made',
      document_id: 90,
      reference: '194C',
      debit: 100,
      balance: 1_770,
    }),
    entry({
      kind: 'debit_note',
      kind_label: 'Debit note',
      number: 'DN/2627/00001',
      document_type: 'debit_note',
      document_id: 44,
      debit: 118,
      balance: 1_652,
    }),
  ],
};

describe("the seller page's Ledger tab", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the opening and closing balance and each entry with its running balance and a link to its document', async () => {
    const api = fakeApi((call) => (call.path === 'admin/sellers/5/ledger' ? { body: LEDGER } : undefined));
    renderScreen(() => <SellerLedgerTab seller={SELLER} />, {
      user: withPermissions(['view_seller', 'view_bill']),
    });
    const table = await screen.findByRole('table', { name: 'Ledger of Sharma Supplies' }, { timeout: 5000 });
    expect(await within(table).findByText('TDS deducted')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows[3]?.textContent).toContain('₹1,770.00 Cr');
    expect(
      within(rows[2] as HTMLElement)
        .getByRole('link', { name: 'PAY/2627/00001' })
        .getAttribute('href'),
    ).toBe('/payments-made/90');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'SUP/31' })
        .getAttribute('href'),
    ).toBe('/bills/31');
    expect(screen.getByLabelText('Opening balance').textContent).toContain('₹0.00');
    expect(screen.getByLabelText('Closing balance').textContent).toContain('₹1,770.00 Cr');
    expect(screen.getByText('We owe Sharma Supplies at the end of the period.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'admin/sellers/5/ledger')?.query.get('limit')).toBe('20');
  });

  it('downloads the PDF statement of the period', async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/sellers/5/ledger') return { body: LEDGER };
      if (call.path === 'admin/sellers/5/ledger/pdf') return { body: 'pdf' };
      return undefined;
    });
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderScreen(() => <SellerLedgerTab seller={SELLER} />, {
      user: withPermissions(['view_seller', 'view_bill']),
    });
    await screen.findByText('TDS deducted', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF statement' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === 'admin/sellers/5/ledger/pdf')).toBe(true));
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('says so when the period has no entries', async () => {
    fakeApi((call) =>
      call.path === 'admin/sellers/5/ledger'
        ? { body: { ...LEDGER, count: 0, results: [], total_debit: 0, total_credit: 0, closing_balance: 0 } }
        : undefined,
    );
    renderScreen(() => <SellerLedgerTab seller={SELLER} />, {
      user: withPermissions(['view_seller', 'view_bill']),
    });
    expect(await screen.findByText('No entries in this period.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Nothing is owed either way at the end of the period.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
