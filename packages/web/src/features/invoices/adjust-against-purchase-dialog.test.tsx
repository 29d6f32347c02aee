import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import {
  AdjustAgainstPurchaseButton,
  contraProblem,
  InvoiceContraAdjustments,
  oldestFirst,
} from './adjust-against-purchase-dialog';
import { invoice } from './invoice-test-data';

const BOTH = withPermissions(['view_invoice', 'change_invoice', 'add_payment_made']);

const OPTIONS = {
  invoice_due: 1000,
  seller: { id: 5, name: 'Both Ways Supply' },
  refusal: null,
  bills: [
    {
      id: 31,
      bill_number: 'BW/31',
      bill_date: '2026-10-01',
      due_date: '2026-10-31',
      total: 590,
      balance_due: 590,
    },
    {
      id: 32,
      bill_number: 'BW/32',
      bill_date: '2026-11-01',
      due_date: '2026-11-30',
      total: 1180,
      balance_due: 1180,
    },
  ],
};

describe('Adjust Against Purchase', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fills the bills oldest first up to the invoice balance and refuses more than a balance', () => {
    expect(oldestFirst(OPTIONS.bills, 1000)).toEqual({ 31: 590, 32: 410 });
    expect(contraProblem(OPTIONS.bills, 1000, { 31: 590, 32: 410 })).toBeNull();
    expect(contraProblem(OPTIONS.bills, 1000, { 31: 600 })).toBe(
      'Only ₹590.00 is left to pay on bill BW/31.',
    );
    expect(contraProblem(OPTIONS.bills, 1000, { 31: 590, 32: 500 })).toBe(
      "The bills add up to more than the invoice's balance: only ₹1,000.00 is due on this invoice.",
    );
    expect(contraProblem(OPTIONS.bills, 1000, {})).toBe('Choose at least one bill to adjust.');
  });

  it('lists the party’s open bills and adjusts the invoice against them', async () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    const api = fakeApi((call) => {
      if (call.path === 'admin/invoices/1/contra_bills') return { body: OPTIONS };
      if (call.method === 'POST' && call.path === 'admin/invoices/1/adjust_against_purchase') {
        return { status: 201, body: { id: 7, contra_number: 'CON/2627/00001' } };
      }
      return undefined;
    });
    renderScreen(() => <AdjustAgainstPurchaseButton invoice={invoice({ amount_due: 1000 })} />, {
      user: BOTH,
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Adjust Against Purchase' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Adjust Against Purchase' });
    const table = within(dialog).getByRole('table', { name: 'Open bills of the seller' });
    expect(within(table).getByText('BW/31')).toBeTruthy();
    expect(
      (within(dialog).getByLabelText('Amount to adjust against bill BW/32') as HTMLInputElement).value,
    ).toBe('410');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]?.body).toEqual({
      bills: [
        { bill: 31, amount: 590 },
        { bill: 32, amount: 410 },
      ],
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Invoice adjusted against purchase successfully. (CON/2627/00001)',
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says what is wrong instead of sending more than a bill’s balance', async () => {
    const api = fakeApi((call) =>
      call.path === 'admin/invoices/1/contra_bills' ? { body: OPTIONS } : undefined,
    );
    renderScreen(() => <AdjustAgainstPurchaseButton invoice={invoice({ amount_due: 1000 })} />, {
      user: BOTH,
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Adjust Against Purchase' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Adjust Against Purchase' });
    fireEvent.change(within(dialog).getByLabelText('Amount to adjust against bill BW/31'), {
      target: { value: '700' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Only ₹590.00 is left to pay on bill BW/31.',
    );
    expect(api.changes()).toHaveLength(0);
  });

  it('is not offered without add_payment_made, nor when the buyer is no seller', async () => {
    const api = fakeApi((call) =>
      call.path === 'admin/invoices/1/contra_bills'
        ? { body: { ...OPTIONS, seller: null, bills: [], refusal: 'Not a seller.' } }
        : undefined,
    );
    const { unmount } = renderScreen(
      () => <AdjustAgainstPurchaseButton invoice={invoice({ amount_due: 1000 })} />,
      {
        user: withPermissions(['view_invoice', 'change_invoice']),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Adjust Against Purchase' })).toBeNull();
    expect(api.calls.some((c) => c.path === 'admin/invoices/1/contra_bills')).toBe(false);
    unmount();
    renderScreen(() => <AdjustAgainstPurchaseButton invoice={invoice({ amount_due: 1000 })} />, {
      user: BOTH,
    });
    await waitFor(() => expect(api.calls.some((c) => c.path === 'admin/invoices/1/contra_bills')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Adjust Against Purchase' })).toBeNull();
  });

  it('lists the invoice’s contra adjustments and undoes one after a confirmation', async () => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    const api = fakeApi((call) =>
      call.method === 'POST' && call.path === 'admin/contra_adjustments/7/cancel'
        ? { body: { id: 7, status: 'cancelled' } }
        : undefined,
    );
    const shown = invoice({
      contra_adjustments: [
        {
          id: 7,
          contra_number: 'CON/2627/00001',
          date: '2026-11-20',
          status: 'active',
          amount: 590,
          bills: [{ id: 31, bill_number: 'BW/31', amount: 590 }],
        },
        {
          id: 6,
          contra_number: 'CON/2627/00000',
          date: '2026-11-19',
          status: 'cancelled',
          amount: 10,
          bills: [{ id: 31, bill_number: 'BW/31', amount: 10 }],
        },
      ],
    });
    renderScreen(() => <InvoiceContraAdjustments invoice={shown} />, { user: BOTH });
    expect(
      await screen.findAllByText(/Adjusted against purchase bill BW\/31/, {}, { timeout: 5000 }),
    ).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Cancel CON/2627/00000' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel CON/2627/00001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel Contra Adjustment' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel Adjustment' }));
    await waitFor(() =>
      expect(api.changes().map((c) => c.path)).toEqual(['admin/contra_adjustments/7/cancel']),
    );
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Contra adjustment cancelled successfully.' }),
      ),
    );
  });
});
