import { addDays, earliestCashpointExpiry, indianToday } from '@b2b/domain/cashpoints';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { CashpointDialog, cashpointFormSchema, cashpointRequestBody } from './cashpoint-dialog';
import type { CashpointMode } from './cashpoints.api';

const ADMIN = { id: 1, name: 'admin', display_name: 'Admin Panel' };
const WEB = { id: 2, name: 'web_store', display_name: 'Web Store' };
const USER = withPermissions(['view_cashpoint', 'add_cashpoint']);

const changeAnswer = (amount: number) => ({
  status: 201,
  body: {
    detail: 'ok',
    entry: {
      id: 9,
      transaction_type: 'debited',
      amount,
      expired_on: null,
      order: null,
      order_number: null,
      sales_channel: ADMIN,
      created_at: '2025-04-01T10:00:00Z',
    },
    summary: { total_cashpoints: 0, expiring_cash_points: 0, redeemed_cashpoints: 0 },
  },
});

function open(mode: CashpointMode, channels = [ADMIN], onClose = vi.fn()) {
  renderWithProviders(
    <CashpointDialog buyerId={7} mode={mode} salesChannels={channels} onClose={onClose} />,
    {
      user: USER,
    },
  );
  const dialog = screen.getByRole('dialog', { name: `${mode} Cashpoints` });
  const amount = within(dialog).getByRole('textbox', { name: 'Cashpoints' });
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  return { dialog, amount, submit, onClose };
}

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);

describe('CashpointDialog', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('credit: marks every field touched on submit and sends nothing while invalid', async () => {
    const api = fakeApi(() => undefined);
    const { dialog, amount, submit } = open('Credit');
    expect(within(dialog).getByText('Expiry Date')).toBeTruthy();
    expect(within(dialog).queryByText('Sales Channel')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    submit();
    expect(await within(dialog).findByText('Cashpoint is required')).toBeTruthy();
    expect(within(dialog).getByText('Expiry Date is required')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.blur(amount);
    expect(await within(dialog).findByText('Cashpoint cannot be zero')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '-5' } });
    fireEvent.blur(amount);
    expect(await within(dialog).findByText('Cashpoint should be a positive number.')).toBeTruthy();
    submit();
    await waitFor(() => expect(within(dialog).getByText('Expiry Date is required')).toBeTruthy());
    expect(api.changes()).toEqual([]);
  });

  it('credit: picks an expiry day from tomorrow on and sends it with the amount', async () => {
    const api = fakeApi((call) =>
      call.method === 'POST' && call.path === 'buyers/7/credit_cash_points' ? changeAnswer(500) : undefined,
    );
    const { dialog, amount, submit, onClose } = open('Credit');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    fireEvent.change(amount, { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Expiry Date/ }));
    await screen.findAllByRole('button', { name: /\d{4}$/ });
    // Days before tomorrow are disabled; the first one offered is tomorrow.
    const offered = screen
      .getAllByRole('button', { name: /^\d{1,2} \w+ \d{4}$/ })
      .filter((day) => !day.hasAttribute('disabled'));
    const tomorrow = earliestCashpointExpiry();
    expect(offered[0].getAttribute('aria-label')).toBe(
      new Date(`${tomorrow}T00:00:00Z`).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    );
    fireEvent.click(offered[0]);
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.changes()).toEqual([
      expect.objectContaining({
        path: 'buyers/7/credit_cash_points',
        body: { amount: 500, expired_on: tomorrow },
      }),
    ]);
    expect(toasts()).toContainEqual(
      expect.objectContaining({ message: 'Cashpoint credited to buyer successfully.' }),
    );
  });

  it('debit: no expiry, no channel drop-down for one channel, the amount sent as a number', async () => {
    const api = fakeApi((call) =>
      call.method === 'POST' && call.path === 'buyers/7/debit_cash_points' ? changeAnswer(25.5) : undefined,
    );
    const { dialog, amount, submit, onClose } = open('Debit');
    expect(within(dialog).queryByText('Expiry Date')).toBeNull();
    expect(within(dialog).queryByText('Sales Channel')).toBeNull();
    fireEvent.change(amount, { target: { value: '25.5' } });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.changes()).toEqual([
      expect.objectContaining({ path: 'buyers/7/debit_cash_points', body: { amount: 25.5 } }),
    ]);
    expect(toasts()).toContainEqual(
      expect.objectContaining({ message: 'Cashpoint debited from buyer successfully.' }),
    );
  });

  it('shows the channel drop-down with several channels, defaulting to the first', async () => {
    const api = fakeApi((call) => (call.method === 'POST' ? changeAnswer(10) : undefined));
    const { dialog, amount, submit, onClose } = open('Debit', [WEB, ADMIN]);
    const select = within(dialog).getByRole('combobox', { name: 'Sales Channel' }) as HTMLInputElement;
    expect(select.value).toBe('Web Store');
    fireEvent.change(amount, { target: { value: '10' } });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.changes()[0].body).toEqual({ amount: 10, sales_channel: 2 });
  });

  it('sends the channel chosen in the drop-down', async () => {
    const api = fakeApi((call) => (call.method === 'POST' ? changeAnswer(4) : undefined));
    const again = open('Debit', [WEB, ADMIN]);
    const channel = within(again.dialog).getByRole('combobox', { name: 'Sales Channel' });
    // The dialog puts the cursor in Cashpoints first; a drop-down opened before that would close.
    await waitFor(() => expect(document.activeElement).toBe(again.amount));
    fireEvent.click(channel);
    fireEvent.click(await screen.findByRole('option', { name: 'Admin Panel' }));
    await waitFor(() => expect((channel as HTMLInputElement).value).toBe('Admin Panel'));
    fireEvent.change(again.amount, { target: { value: '4' } });
    again.submit();
    await waitFor(() => expect(again.onClose).toHaveBeenCalled());
    expect(api.changes()[0].body).toEqual({ amount: 4, sales_channel: 1 });
  });

  it('on failure keeps the dialog open, stops the spinner and toasts the server’s detail', async () => {
    fakeApi(() => ({ status: 409, body: { detail: 'Insufficient cashpoints. Available: 5.00' } }));
    const { dialog, amount, submit, onClose } = open('Debit');
    fireEvent.change(amount, { target: { value: '10' } });
    submit();
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Failed to debit cashpoint from buyer.',
          message: 'Insufficient cashpoints. Available: 5.00',
        }),
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
    const button = within(dialog).getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
  });
});

describe('cashpointFormSchema', () => {
  const now = new Date();
  const messages = (mode: CashpointMode, values: Record<string, unknown>, channels = 1) => {
    const result = cashpointFormSchema(mode, channels, now).safeParse(values);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
  };

  it('needs an expiry day from tomorrow on in credit mode only', () => {
    expect(messages('Credit', { amount: 5, expired_on: null })).toEqual({
      expired_on: 'Expiry Date is required',
    });
    expect(messages('Credit', { amount: 5, expired_on: indianToday(now) })).toEqual({
      expired_on: 'Expiry Date must be tomorrow or later.',
    });
    expect(messages('Credit', { amount: 5, expired_on: earliestCashpointExpiry(now) })).toEqual({});
    expect(messages('Debit', { amount: 5, expired_on: null })).toEqual({});
  });

  it('needs a channel only when the buyer has several', () => {
    expect(messages('Debit', { amount: 5, sales_channel: null }, 2)).toEqual({
      sales_channel: 'Sales Channel is required',
    });
    expect(messages('Debit', { amount: 5, sales_channel: null }, 1)).toEqual({});
  });

  it('builds the request body with a number amount and the day as YYYY-MM-DD', () => {
    const day = addDays(indianToday(now), 3);
    expect(cashpointRequestBody({ amount: 12.5, expired_on: day, sales_channel: '2' }, 'Credit', 2)).toEqual({
      amount: 12.5,
      expired_on: day,
      sales_channel: 2,
    });
    expect(cashpointRequestBody({ amount: 3, expired_on: day, sales_channel: '1' }, 'Debit', 1)).toEqual({
      amount: 3,
    });
  });
});
