import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { BuyerCashpointsTab } from './buyer-cashpoints-tab';
import type { CashpointEntry } from './cashpoints.api';

const ADMIN = { id: 1, name: 'admin', display_name: 'Admin Panel' };
const WEB = { id: 2, name: 'web_store', display_name: 'Web Store' };
const MANAGER = withPermissions(['view_buyer', 'view_cashpoint', 'add_cashpoint']);
const VIEWER = withPermissions(['view_buyer', 'view_cashpoint']);

const entry = (id: number, overrides: Partial<CashpointEntry>): CashpointEntry => ({
  id,
  transaction_type: 'credited',
  amount: 100,
  expired_on: '2030-03-31',
  order: null,
  order_number: null,
  sales_channel: ADMIN,
  created_at: '2025-04-01T10:00:00Z',
  ...overrides,
});

const ENTRIES = [
  entry(3, {
    transaction_type: 'redeemed',
    amount: 40,
    expired_on: null,
    order: 77,
    order_number: 'so-0077',
    sales_channel: WEB,
  }),
  entry(2, { transaction_type: 'debited', amount: 12.5, expired_on: null }),
  entry(1, { amount: 1500 }),
];

function server(entries: CashpointEntry[] = ENTRIES, fail: (call: ApiCall) => boolean = () => false) {
  let total = 1447.5;
  return fakeApi((call) => {
    if (fail(call)) return { status: 409, body: { detail: 'Insufficient cashpoints. Available: 1,447.50' } };
    if (call.path === 'admin/buyers/5/cash_point') {
      return { body: { total_cashpoints: total, expiring_cash_points: 250, redeemed_cashpoints: 40 } };
    }
    if (call.path === 'buyers/5/cash_points_history/') {
      const channel = call.query.get('sales_channel');
      return { body: paged(entries.filter((e) => !channel || e.sales_channel.name === channel)) };
    }
    if (call.method === 'POST' && call.path === 'buyers/5/debit_cash_points') {
      total -= (call.body as { amount: number }).amount;
      return { status: 201, body: { detail: 'ok' } };
    }
    return undefined;
  });
}

const table = () => screen.getByRole('table', { name: 'Cashpoint history' });

describe('BuyerCashpointsTab', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the summary and the history as the spec describes', async () => {
    const api = server();
    renderScreen(() => <BuyerCashpointsTab buyerId={5} salesChannels={[ADMIN, WEB]} />, { user: MANAGER });
    expect(await screen.findByText('Cashpoint Information')).toBeTruthy();
    expect((await screen.findByLabelText('Total Available Cashpoints')).textContent).toBe('1,447.50');
    expect(screen.getByLabelText('Expiring Cashpoints').textContent).toBe('250.00');
    expect(screen.getByLabelText('Redeemed Cashpoints').textContent).toBe('40.00');
    expect(screen.getByText("Manage Buyer's CashPoints")).toBeTruthy();

    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
    expect(within(table()).getAllByRole('row')[0].textContent).toBe(
      'OrderTransaction TypeAmountSales ChannelExpiring On',
    );
    const [redeemed, debited, credited] = within(table()).getAllByRole('row').slice(1);
    const link = within(redeemed).getByRole('link', { name: 'SO-0077' });
    expect(link.getAttribute('href')).toBe('/orders/77');
    expect(redeemed.textContent).toContain('Redeemed');
    expect(redeemed.textContent).toContain('Web Store');
    expect(redeemed.textContent).toContain('N/A');
    expect(debited.textContent).toContain('Debited');
    expect(debited.textContent).toContain('12.50');
    expect(credited.textContent).toMatch(/^N\/ACredited1,500\.00Admin Panel31\/03\/2030$/);
    expect(api.calls.find((c) => c.path.endsWith('cash_points_history/'))?.query.get('limit')).toBe('30');
  });

  it('filters the history by sales channel name and shows the no-records state', async () => {
    const api = server();
    renderScreen(() => <BuyerCashpointsTab buyerId={5} salesChannels={[ADMIN, WEB]} />, { user: VIEWER });
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByText("Manage Buyer's CashPoints")).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Sales Channel' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Web Store' }));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(api.calls.at(-1)?.query.get('sales_channel')).toBe('web_store');
  });

  it('shows no records when the buyer has none', async () => {
    server([]);
    renderScreen(() => <BuyerCashpointsTab buyerId={5} salesChannels={[ADMIN]} />, { user: VIEWER });
    expect(await screen.findByText('No records found.')).toBeTruthy();
  });

  it('debits through the dialog, then reloads the summary and the history', async () => {
    const api = server();
    renderScreen(() => <BuyerCashpointsTab buyerId={5} salesChannels={[ADMIN]} />, { user: MANAGER });
    await screen.findByLabelText('Total Available Cashpoints');
    fireEvent.click(screen.getByRole('button', { name: 'Debit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Debit Cashpoints' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Cashpoints' }), {
      target: { value: '47.5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByLabelText('Total Available Cashpoints').textContent).toBe('1,400.00'),
    );
    expect(api.changes()).toEqual([expect.objectContaining({ body: { amount: 47.5 } })]);
    expect(api.calls.filter((c) => c.path.endsWith('cash_points_history/')).length).toBeGreaterThan(1);
  });

  it('keeps the dialog open when the server refuses', async () => {
    server(ENTRIES, (call) => call.method === 'POST');
    renderScreen(() => <BuyerCashpointsTab buyerId={5} salesChannels={[ADMIN]} />, { user: MANAGER });
    await screen.findByLabelText('Total Available Cashpoints');
    fireEvent.click(screen.getByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit Cashpoints' });
    expect(within(dialog).getByText('Expiry Date')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Debit' }));
    const debit = await screen.findByRole('dialog', { name: 'Debit Cashpoints' });
    fireEvent.change(within(debit).getByRole('textbox', { name: 'Cashpoints' }), {
      target: { value: '5000' },
    });
    fireEvent.click(within(debit).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Failed to debit cashpoint from buyer.',
          message: 'Insufficient cashpoints. Available: 1,447.50',
        }),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Debit Cashpoints' })).toBeTruthy();
  });
});
