import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { invoiceFilterParams, NO_INVOICE_FILTERS } from './invoice-filters';
import { summary } from './invoice-test-data';
import { InvoicesPage } from './invoices-page';

const VIEWER = withPermissions(['view_invoice']);
const LIST = 'admin/companies/10/invoices';

function server(fail: (call: ApiCall) => { status: number; body: unknown } | undefined = () => undefined) {
  return fakeApi((call) => {
    const failed = fail(call);
    if (failed) return failed;
    if (call.path === LIST) {
      return {
        body: paged([
          summary(2, {
            status: 'ready_to_ship',
            payment_status: 'partially_paid',
            irn: 'a1b2c3',
            amount_due: 500,
          }),
          summary(1),
        ]),
      };
    }
    if (call.path === 'admin/sales_channel/')
      return { body: paged([{ id: 4, name: 'web', display_name: 'Web Store' }]) };
    if (call.path === 'companies/10/branches') return { body: paged([{ id: 100, name: 'Bengaluru' }]) };
    if (call.path === 'companies/10/users') {
      return { body: paged([{ id: 8, first_name: 'Meena', last_name: 'Iyer', email: 'meena@example.in' }]) };
    }
    if (call.path === 'admin/companies/10/invoices_export') return { body: 'invoice_number\n' };
    return undefined;
  });
}

async function pick(label: string, option: string) {
  // The MultiSelect's visible input comes before its hidden value input.
  const [input] = screen.getAllByLabelText(label);
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const lastList = (calls: ApiCall[]) => calls.filter((c) => c.path === LIST).at(-1);

describe('invoice filters', () => {
  it('sends only the chosen filters, the __in ones as comma lists and one day as a range of one day', () => {
    expect(invoiceFilterParams(NO_INVOICE_FILTERS)).toEqual({
      start_date: undefined,
      end_date: undefined,
      sales_channel__in: undefined,
      payment_status__in: undefined,
      sales_person__in: undefined,
      seller_branch__in: undefined,
      due_date__lt: undefined,
      status__in: undefined,
    });
    expect(
      invoiceFilterParams({
        dates: ['2025-06-01', null],
        salesChannel: ['4'],
        paymentStatus: ['unpaid', 'partially_paid'],
        salesPerson: ['8'],
        sellerBranch: ['100', '101'],
        dueBefore: '2025-07-01',
        status: ['generated'],
      }),
    ).toEqual({
      start_date: '2025-06-01',
      end_date: '2025-06-01',
      sales_channel__in: '4',
      payment_status__in: 'unpaid,partially_paid',
      sales_person__in: '8',
      seller_branch__in: '100,101',
      due_date__lt: '2025-07-01',
      status__in: 'generated',
    });
  });
});

describe('InvoicesPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists invoices by invoice date, newest first, with their status, payment status and IRN', async () => {
    const api = server();
    renderScreen(() => <InvoicesPage />, { user: VIEWER });
    // The first render loads the page's modules: slow on a busy machine.
    await screen.findByText('BLR/2526/00002', undefined, { timeout: 5000 });
    const table = screen.getByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByText('BLR/2526/00002')).toBeTruthy();
    expect(within(rows[1]).getByText('Ready to Ship')).toBeTruthy();
    expect(within(rows[1]).getByText('Partially Paid')).toBeTruthy();
    expect(within(rows[1]).getByLabelText('E-invoice IRN a1b2c3')).toBeTruthy();
    expect(within(rows[1]).getByRole('link', { name: 'SO-2' }).getAttribute('href')).toBe('/orders/52');
    expect(within(rows[2]).getByText('Generated')).toBeTruthy();
    expect(within(rows[2]).getByText('Unpaid')).toBeTruthy();
    expect(within(rows[2]).getAllByText('₹1,180.00', { selector: 'span' })).toHaveLength(2);
    expect(lastList(api.calls)?.query.get('ordering')).toBe('-invoice_date');
  });

  it('puts the chosen filters in the query and exports with the same filters', async () => {
    const api = server();
    const createObjectURL = vi.fn(() => 'blob:invoices');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderScreen(() => <InvoicesPage />, { user: VIEWER });
    // The first render loads the page's modules: slow on a busy machine.
    await screen.findByText('BLR/2526/00002', undefined, { timeout: 5000 });

    await pick('Payment Status', 'Partially Paid');
    await pick('Status', 'Cancelled');
    await pick('Sales Channel', 'Web Store');
    await pick('Branch', 'Bengaluru');
    await pick('Sales Person', 'Meena Iyer');
    await waitFor(() => {
      const query = lastList(api.calls)?.query;
      expect(query?.get('payment_status__in')).toBe('partially_paid');
      expect(query?.get('status__in')).toBe('cancelled');
      expect(query?.get('sales_channel__in')).toBe('4');
      expect(query?.get('seller_branch__in')).toBe('100');
      expect(query?.get('sales_person__in')).toBe('8');
      expect(query?.get('offset')).toBe('0');
    });

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = api.calls.find((c) => c.path === 'admin/companies/10/invoices_export');
    expect(Object.fromEntries(exported?.query ?? [])).toMatchObject({
      payment_status__in: 'partially_paid',
      status__in: 'cancelled',
      sales_channel__in: '4',
      seller_branch__in: '100',
      sales_person__in: '8',
      ordering: '-invoice_date',
    });
    expect(exported?.query.has('limit')).toBe(false);
  });

  it('shows the error state with the spec’s title, and the forbidden text on a 403', async () => {
    server((call) =>
      call.path === LIST ? { status: 500, body: { detail: 'Database is down.' } } : undefined,
    );
    renderScreen(() => <InvoicesPage />, { user: VIEWER });
    expect(await screen.findByText('Failed to load Invoices')).toBeTruthy();
    expect(screen.getByText('Database is down.')).toBeTruthy();
  });

  it('names the missing permission when the list answers 403', async () => {
    server((call) =>
      call.path === LIST
        ? { status: 403, body: { detail: 'You do not have permissions to perform this action.' } }
        : undefined,
    );
    renderScreen(() => <InvoicesPage />, { user: VIEWER });
    expect(await screen.findByText('You do not have permissions to view invoices.')).toBeTruthy();
  });

  it('shows the empty-state card when the company has no invoice yet', async () => {
    fakeApi((call) => (call.path === LIST ? { body: paged([]) } : { body: paged([]) }));
    renderScreen(() => <InvoicesPage />, { user: VIEWER });
    expect(await screen.findByText("Oops it's empty here")).toBeTruthy();
  });
});
