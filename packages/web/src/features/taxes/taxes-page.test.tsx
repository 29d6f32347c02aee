import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import type { Tax } from './taxes.api';
import { TaxesPage } from './taxes-page';

const TAXES: Tax[] = [
  { id: 1, type: 'gst', display_name: 'GST 0.25%', rate: 0.25, is_active: true },
  { id: 2, type: 'gst', display_name: 'GST 18%', rate: 18, is_active: true },
  { id: 3, type: 'cess', display_name: 'Cess 12%', rate: 12, is_active: false },
];

function server() {
  let taxes = TAXES.map((tax) => ({ ...tax }));
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === 'companies/10/taxes') {
      return { body: paged(taxes.filter((tax) => tax.type === call.query.get('type'))) };
    }
    const match = /^companies\/10\/taxes\/(\d+)$/.exec(call.path);
    if (call.method === 'PATCH' && match) {
      taxes = taxes.map((t) => (t.id === Number(match[1]) ? { ...t, ...(call.body as object) } : t));
      return { body: taxes.find((t) => t.id === Number(match[1])) };
    }
    return undefined;
  });
}

describe('TaxesPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists GST and cess taxes apart, with their rates', async () => {
    const api = server();
    renderWithProviders(<TaxesPage />, { user: withPermissions(['change_tax']) });
    await screen.findByText('GST 18%');
    await screen.findByText('Cess 12%');
    const gst = screen.getByRole('table', { name: 'GST taxes' });
    expect(within(gst).getByText('18%')).toBeTruthy();
    expect(within(gst).getByText('0.25%')).toBeTruthy();
    expect(within(gst).queryByText('Cess 12%')).toBeNull();
    const cess = screen.getByRole('table', { name: 'Cess taxes' });
    expect(within(cess).getByText('12%')).toBeTruthy();
    expect(within(cess).queryByText('GST 18%')).toBeNull();
    expect(api.calls.map((call) => call.query.get('type')).sort()).toEqual(['cess', 'gst']);
  });

  it('renames a tax in the dialog and shows the new name', async () => {
    const api = server();
    renderWithProviders(<TaxesPage />, { user: withPermissions(['change_tax']) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit GST 18%' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tax' });
    const input = within(dialog).getByRole('textbox', { name: 'Display Name' });
    fireEvent.change(input, { target: { value: '' } });
    expect(await within(dialog).findByText('Display name is required.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '  IGST 18%  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('IGST 18%')).toBeTruthy();
    expect(api.changes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: 'companies/10/taxes/2',
        body: { display_name: 'IGST 18%' },
      }),
    ]);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Tax updated successfully.' }),
      ),
    );
  });

  it('switches a tax off with a PATCH of is_active', async () => {
    const api = server();
    renderWithProviders(<TaxesPage />, { user: withPermissions(['change_tax']) });
    fireEvent.click(await screen.findByRole('switch', { name: 'GST 18% active' }));
    await waitFor(() =>
      expect(api.changes()).toEqual([expect.objectContaining({ body: { is_active: false } })]),
    );
  });

  it('is read-only without change_tax', async () => {
    server();
    renderWithProviders(<TaxesPage />, { user: withPermissions(['view_dashboard']) });
    expect(await screen.findByText('GST 18%')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    const cess = screen.getByRole('table', { name: 'Cess taxes' });
    expect(await within(cess).findByText('Inactive')).toBeTruthy();
  });

  it('shows an empty list and a failed one apart', async () => {
    fakeApi((call) =>
      call.query.get('type') === 'gst'
        ? { body: paged([]) }
        : { status: 500, body: { detail: 'Database is down.' } },
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<TaxesPage />, { user: withPermissions(['change_tax']) });
    expect(await screen.findByText('No GST taxes yet.')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Database is down.');
  });
});
