import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { BankAccount } from './bank-accounts.api';
import { BranchAddressesTab } from './branch-addresses-tab';
import { BranchBankAccountsTab } from './branch-bank-accounts-tab';
import { BranchDetailsTab } from './branch-details-tab';
import { BranchTallyTab } from './branch-tally-tab';
import type { Branch, TallySettings } from './branches.api';

const BRANCH: Branch = {
  id: 7,
  name: 'Pune',
  gstin: '27AAPFU0939F1ZV',
  is_active: true,
  round_off_enabled: true,
  invoice_series: 'PUN',
  contact_person_name: 'Asha Rao',
  contact_person_email: 'asha@example.in',
  contact_person_phone: '9876543210',
  addresses: [
    {
      id: 900,
      address_type: 'office',
      address_line_1: '4 FC Road',
      address_line_2: 'Shivajinagar',
      landmark: null,
      city: 'Pune',
      state: { id: 27, name: 'Maharashtra', gst_code: '27' },
      pincode: '411004',
      is_visible: true,
    },
  ],
  user: { id: 1, first_name: 'Asha', last_name: 'Rao', email: 'asha@example.in' },
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
};

const account = (id: number, bank: string, isDefault: boolean): BankAccount => ({
  id,
  branch: { id: 7, name: 'Pune', is_active: true },
  bank_name: bank,
  account_holder_name: 'Acme Traders',
  account_number: `5010012345678${id}`,
  ifsc_code: 'HDFC0001234',
  bank_branch_name: null,
  account_type: 'current',
  upi_id: null,
  is_default: isDefault,
  account: null,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
});

const ADMIN = withPermissions(['view_branch', 'change_branch', 'view_bank_account']);
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast.message);

describe('branch tabs', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('switches round off with the spec toasts', async () => {
    const api = fakeApi((call) =>
      call.method === 'PATCH' && call.path === 'branches/7'
        ? { body: { ...BRANCH, ...(call.body as object) } }
        : undefined,
    );
    renderScreen(() => <BranchDetailsTab branch={BRANCH} canChange />, { user: ADMIN });
    expect(await screen.findAllByText('Asha Rao')).toHaveLength(2);
    fireEvent.click(screen.getByRole('switch', { name: /Round Off/ }));
    await waitFor(() => expect(toasts()).toContain('Round off disabled successfully.'));
    expect(api.changes()).toEqual([
      expect.objectContaining({ path: 'branches/7', body: { round_off_enabled: false } }),
    ]);
  });

  it('says when round off could not be changed', async () => {
    fakeApi(() => ({ status: 400, body: { detail: 'Branch Pune is inactive.' } }));
    renderScreen(() => <BranchDetailsTab branch={{ ...BRANCH, round_off_enabled: false }} canChange />, {
      user: ADMIN,
    });
    fireEvent.click(await screen.findByRole('switch', { name: /Round Off/ }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Failed to enable round off.',
          message: 'Branch Pune is inactive.',
        }),
      ),
    );
  });

  it('makes an address invisible and visible to others', async () => {
    const api = fakeApi((call) =>
      /^addresses\/900\/(in)?visible$/.test(call.path) ? { body: { ...BRANCH.addresses?.[0] } } : undefined,
    );
    renderScreen(() => <BranchAddressesTab branch={BRANCH} canChange />, { user: ADMIN });
    expect(await screen.findByText('Office')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Visible to others: 4 FC Road, Shivajinagar' }));
    await waitFor(() => expect(toasts()).toContain('Branch address invisible to others.'));
    expect(api.changes().map((c) => c.path)).toEqual(['addresses/900/invisible']);
  });

  it('adds, edits, defaults and deletes bank accounts', async () => {
    let rows = [account(1, 'HDFC Bank', true)];
    const api = fakeApi((call) => {
      if (call.method === 'GET' && call.path === 'v1/branches/7/bank_accounts') return { body: paged(rows) };
      if (call.method === 'POST' && call.path === 'v1/branches/7/bank_accounts') {
        const created = { ...account(2, 'ICICI Bank', false), ...(call.body as object) };
        rows = [created, ...rows];
        return { status: 201, body: created };
      }
      const match = /^v1\/bank_accounts\/(\d+)(\/delete)?$/.exec(call.path);
      if (!match) return undefined;
      const id = Number(match[1]);
      if (match[2]) {
        rows = rows.filter((row) => row.id !== id);
        return { body: { detail: 'Bank account deleted successfully.' } };
      }
      const changes = call.body as Partial<BankAccount>;
      rows = rows.map((row) =>
        row.id === id ? { ...row, ...changes } : changes.is_default ? { ...row, is_default: false } : row,
      );
      return { body: rows.find((row) => row.id === id) };
    });
    renderScreen(
      () => (
        <BranchBankAccountsTab
          branch={BRANCH}
          permissions={{ canAdd: true, canChange: true, canDelete: true }}
        />
      ),
      { user: ADMIN },
    );
    expect(await screen.findByText('HDFC Bank')).toBeTruthy();
    expect(api.calls[0].query.get('limit')).toBe('-1');
    expect(api.calls[0].query.get('ordering')).toBe('-created_at');

    fireEvent.click(screen.getByRole('button', { name: 'Add Bank Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Bank Account' });
    fireEvent.change(within(dialog).getByLabelText(/Bank Name/), { target: { value: 'ICICI Bank' } });
    fireEvent.change(within(dialog).getByLabelText(/Account Holder Name/), {
      target: { value: 'Acme Traders' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Account Number/), { target: { value: '1234' } });
    fireEvent.change(within(dialog).getByLabelText(/IFSC Code/), { target: { value: 'icic0000456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Bank Account' }));
    expect(await within(dialog).findByText('Account number must have 9 to 18 digits.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Account Number/), { target: { value: '000401234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Bank Account' }));
    await waitFor(() => expect(toasts()).toContain('Bank account added successfully.'));
    expect(api.changes()[0]).toMatchObject({
      method: 'POST',
      body: {
        bank_name: 'ICICI Bank',
        account_holder_name: 'Acme Traders',
        account_number: '000401234567',
        ifsc_code: 'ICIC0000456',
        bank_branch_name: null,
        account_type: 'current',
        upi_id: null,
        is_default: false,
      },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit ICICI Bank 000401234567' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Bank Account' });
    fireEvent.change(within(edit).getByLabelText(/UPI ID/), { target: { value: 'acme@icici' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toContain('Bank account updated successfully.'));
    expect(api.changes()[1]).toMatchObject({ method: 'PATCH', path: 'v1/bank_accounts/2' });
    expect((api.changes()[1].body as { upi_id: string }).upi_id).toBe('acme@icici');

    fireEvent.click(await screen.findByRole('button', { name: 'Make ICICI Bank 000401234567 the default' }));
    await waitFor(() => expect(toasts()).toContain('Default bank account updated successfully.'));
    expect(api.changes()[2]).toMatchObject({ path: 'v1/bank_accounts/2', body: { is_default: true } });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete HDFC Bank 50100123456781' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Bank Account' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toContain('Bank account deleted successfully.'));
    await waitFor(() => expect(screen.queryByText('HDFC Bank')).toBeNull());
  });

  it('saves Tally voucher types, sending only the names filled in', async () => {
    const settings: TallySettings = {
      branch: 7,
      voucher_types: {
        sales: 'Sales GST',
        purchase: 'Purchase',
        receipt: 'Receipt',
        payment: 'Payment',
        credit_note: 'Credit Note',
        debit_note: 'Debit Note',
        delivery_note: 'Delivery Note',
        journal: 'Journal',
        stock_journal: 'Stock Journal',
      },
      ledger_mappings: {
        sales: null,
        purchase: null,
        output_cgst: null,
        output_sgst: null,
        output_igst: null,
        output_cess: null,
        input_cgst: null,
        input_sgst: null,
        input_igst: null,
        input_cess: null,
        round_off: null,
        discount: null,
        shipping_charges: null,
        bank_charges: null,
        tds_receivable: null,
        tds_payable: null,
      },
      updated_at: null,
    };
    const api = fakeApi((call) => {
      if (call.method === 'GET') return { body: settings };
      if (call.method === 'PUT') return { body: settings };
      return undefined;
    });
    renderScreen(() => <BranchTallyTab branchId={7} canChange />, { user: ADMIN });
    const form = await screen.findByRole('form', { name: 'Tally voucher types' });
    expect((within(form).getByLabelText(/^Sales/) as HTMLInputElement).value).toBe('Sales GST');
    expect((within(form).getByLabelText(/^Purchase/) as HTMLInputElement).value).toBe('');
    fireEvent.change(within(form).getByLabelText(/^Purchase/), { target: { value: 'Purchase @ GST' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Voucher Types' }));
    expect(
      await within(form).findByText('Tally Name can only contain a-z A-Z 0-9 . - _ \\/ ()'),
    ).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Purchase/), { target: { value: 'Purchase (GST)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Voucher Types' }));
    await waitFor(() => expect(toasts()).toContain('Tally voucher types updated successfully.'));
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: 'v1/branches/7/tally-voucher-types/update/',
        body: { voucher_types: { sales: 'Sales GST', purchase: 'Purchase (GST)' } },
      }),
    ]);
  });
});
