import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { summary } from './invoice-test-data';
import { InvoicesPage } from './invoices-page';

const LIST = 'admin/companies/10/invoices';
const SENDER = withPermissions(['view_invoice', 'change_invoice']);
const VIEWER = withPermissions(['view_invoice']);

function server() {
  return fakeApi((call) => {
    if (call.path === LIST) return { body: paged([summary(3), summary(2), summary(1)]) };
    if (call.path === `${LIST}/bulk_pdf`) return { body: '%PDF-1.3' };
    if (call.path === 'admin/companies/10/invoices_export') return { body: 'Invoice Number\n' };
    if (call.path === `${LIST}/bulk_email`) {
      return {
        body: {
          detail: '1 invoice sent, 1 skipped.',
          sent: 1,
          skipped: [
            {
              id: 1,
              number: 'BLR/2526/00001',
              reason: 'The buyer has no e-mail address to send the invoice to.',
            },
          ],
        },
      };
    }
    return { body: paged([]) };
  });
}

async function selectRows(...numbers: string[]) {
  // The loading table is another element: find the rows first.
  await screen.findByText(numbers[0], undefined, { timeout: 5000 });
  const table = screen.getByRole('table', { name: 'Invoices' });
  for (const number of numbers) {
    const row = within(table).getByText(number).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox', { name: 'Select row' }));
  }
  return screen.getByRole('region', { name: 'Bulk actions' });
}

describe('InvoiceBulkActions on the invoice list', () => {
  let createObjectURL: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    createObjectURL = vi.fn(() => 'blob:invoices');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads one PDF and exports the selected invoices only', async () => {
    const api = server();
    renderScreen(() => <InvoicesPage />, { user: VIEWER });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    const bar = await selectRows('BLR/2526/00003', 'BLR/2526/00001');
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    // A viewer may print and export, not mail.
    expect(within(bar).queryByRole('button', { name: 'Send by e-mail' })).toBeNull();

    fireEvent.click(within(bar).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1), { timeout: 5000 });
    const pdf = api.calls.find((c) => c.path === `${LIST}/bulk_pdf`);
    expect(pdf?.method).toBe('POST');
    expect(pdf?.body).toEqual({ ids: [3, 1] });

    fireEvent.click(within(bar).getByRole('button', { name: 'Export selected' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2), { timeout: 5000 });
    const exported = api.calls.find((c) => c.path === 'admin/companies/10/invoices_export');
    expect(exported?.query.get('id__in')).toBe('3,1');
  });

  it('sends by e-mail after a confirmation and toasts what was sent and skipped', async () => {
    const api = server();
    renderScreen(() => <InvoicesPage />, { user: SENDER });
    const bar = await selectRows('BLR/2526/00002', 'BLR/2526/00001');
    fireEvent.click(within(bar).getByRole('button', { name: 'Send by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send by e-mail' }, { timeout: 5000 });
    expect(within(dialog).getByText(/Send the 2 selected invoices to their buyers by e-mail\?/)).toBeTruthy();
    expect(api.changes()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: '1 invoice sent, 1 skipped.',
          message: 'BLR/2526/00001: The buyer has no e-mail address to send the invoice to.',
          color: 'yellow',
        }),
      ),
    );
    const sent = api.calls.find((c) => c.path === `${LIST}/bulk_email`);
    expect(sent?.body).toEqual({ ids: [2, 1] });
    // The selection is done with: the bar goes away.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
  });

  it('selects all rows of the page from the header box', async () => {
    server();
    renderScreen(() => <InvoicesPage />, { user: VIEWER });
    await screen.findByText('BLR/2526/00003', undefined, { timeout: 5000 });
    const table = screen.getByRole('table', { name: 'Invoices' });
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select all' }));
    expect(within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });
});
