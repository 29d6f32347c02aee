import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { PaymentMethod } from './payment-methods.api';
import { PaymentMethodsPage } from './payment-methods-page';

const admin = withPermissions(['change_payment_method']);

function serverWith(initial: PaymentMethod[]) {
  let methods = initial.map((method) => ({ ...method }));
  return fakeApi((call: ApiCall) => {
    if (call.method === 'GET' && call.path === 'companies/10/payment_methods') {
      return { body: paged([...methods].sort((a, b) => a.position - b.position || a.id - b.id)) };
    }
    const ordered = () => paged([...methods].sort((a, b) => a.position - b.position || a.id - b.id));
    if (call.method === 'POST' && call.path === 'companies/10/payment_methods/reorder') {
      const { positions } = call.body as { positions: { id: number; position: number }[] };
      methods = methods.map((m) => ({
        ...m,
        position: positions.find((p) => p.id === m.id)?.position ?? m.position,
      }));
      return { body: ordered() };
    }
    const match = /^companies\/10\/payment_methods\/(\d+)$/.exec(call.path);
    if (call.method === 'PATCH' && match) {
      methods = methods.map((m) => (m.id === Number(match[1]) ? { ...m, ...(call.body as object) } : m));
      return { body: methods.find((m) => m.id === Number(match[1])) };
    }
    return undefined;
  });
}

const METHODS: PaymentMethod[] = [
  { id: 1, code: 'cash', name: 'Cash', position: 1, is_active: true },
  { id: 2, code: 'cheque', name: 'Cheque', position: 2, is_active: true },
  { id: 3, code: 'upi', name: 'UPI', position: 3, is_active: false },
];

const namesInOrder = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].firstElementChild?.firstElementChild?.textContent);

describe('PaymentMethodsPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the methods in position order, reading at most 100', async () => {
    const api = serverWith(METHODS);
    renderWithProviders(<PaymentMethodsPage />, { user: admin });
    await screen.findByText('UPI');
    expect(namesInOrder()).toEqual(['Cash', 'Cheque', 'UPI']);
    expect(api.calls[0].query.get('limit')).toBe('100');
  });

  it('moves a method down by swapping positions with its neighbour, in one call', async () => {
    const api = serverWith(METHODS);
    renderWithProviders(<PaymentMethodsPage />, { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Move Cash down' }));
    await waitFor(() => expect(namesInOrder()).toEqual(['Cheque', 'Cash', 'UPI']));
    await waitFor(() =>
      expect(api.changes().map((call) => [call.path, call.body])).toEqual([
        [
          'companies/10/payment_methods/reorder',
          {
            positions: [
              { id: 1, position: 2 },
              { id: 2, position: 1 },
            ],
          },
        ],
      ]),
    );
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Payment Methods order updated successfully.' }),
      ),
    );
  });

  it('cannot move the first method up or the last one down', async () => {
    serverWith(METHODS);
    renderWithProviders(<PaymentMethodsPage />, { user: admin });
    expect((await screen.findByRole('button', { name: 'Move Cash up' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move UPI down' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Cheque up' }).hasAttribute('disabled')).toBe(false);
  });

  it('switches a method on with a PATCH of is_active', async () => {
    const api = serverWith(METHODS);
    renderWithProviders(<PaymentMethodsPage />, { user: admin });
    fireEvent.click(await screen.findByRole('switch', { name: 'UPI active' }));
    await waitFor(() =>
      expect(api.changes()).toEqual([expect.objectContaining({ body: { is_active: true } })]),
    );
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Payment Method activated successfully.' }),
      ),
    );
  });

  it('is read-only without change_payment_method', async () => {
    serverWith(METHODS);
    renderWithProviders(<PaymentMethodsPage />, { user: withPermissions(['view_dashboard']) });
    await screen.findByText('UPI');
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getAllByText('Active')).toHaveLength(3); // the header and Cash, Cheque
    expect(screen.getByText('Inactive')).toBeTruthy();
    expect(screen.getByText(/You can view payment methods but not change them/)).toBeTruthy();
  });

  it('shows the empty state', async () => {
    serverWith([]);
    renderWithProviders(<PaymentMethodsPage />, { user: admin });
    expect(await screen.findByText('No payment methods yet.')).toBeTruthy();
  });

  it('shows the server detail when the list fails to load', async () => {
    fakeApi(() => ({ status: 400, body: { detail: 'Company Not Found' } }));
    renderWithProviders(<PaymentMethodsPage />, { user: admin });
    expect((await screen.findByRole('alert')).textContent).toContain('Company Not Found');
  });
});
