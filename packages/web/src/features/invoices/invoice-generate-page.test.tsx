import { notifications } from '@mantine/notifications';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, type ApiCall, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { InvoiceGeneratePage } from './invoice-generate-page';
import {
  initialQuantities,
  invoiceQuantitiesBody,
  invoiceQuantitiesSchema,
} from './invoice-quantities.schema';
import { INITIATE, invoice } from './invoice-test-data';

const MAKER = withPermissions(['view_invoice', 'add_invoice', 'view_order']);
const QUANTITY_MESSAGE = 'Please ensure quantity is a valid input and is less than Invoiceable quantity.';

function renderGenerate(answer: (call: ApiCall) => ApiAnswer | undefined = () => undefined, user = MAKER) {
  const api = fakeApi((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.path === 'admin/orders/51/initiate_invoice/') return { body: INITIATE };
    if (call.method === 'POST' && call.path === 'admin/orders/51/generate_invoice/') {
      return { status: 201, body: invoice({ id: 9 }) };
    }
    return undefined;
  });
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const page = (path: string, component: () => null) =>
    createRoute({ getParentRoute: () => rootRoute, path, component });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      page('/orders', () => null),
      page('/orders/$orderId', () => null),
      page('/invoices/$invoiceId', () => null),
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/orders/$orderId/invoice',
        component: InvoiceGeneratePage,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/orders/51/invoice'] }),
  });
  renderWithProviders(<RouterProvider router={router} />, { user });
  return { api, router };
}

/** What the form wrote: the totals preview posts too, but changes nothing. */
const writes = (api: ReturnType<typeof fakeApi>) =>
  api.changes().filter((call) => !call.path.endsWith('/preview_invoice/'));

const quantityOf = (product: string) =>
  screen.getByRole('textbox', { name: `Quantity of ${product}` }) as HTMLInputElement;

describe('invoice quantities form rules', () => {
  it('leaves lines at 0 out, refuses more than invoiceable or a bad number with the spec’s sentence', () => {
    const values = initialQuantities(INITIATE);
    expect(values.items.map((i) => i.quantity)).toEqual([6, 2]);
    const body = invoiceQuantitiesBody({
      ...values,
      reference: ' PO-7 ',
      items: [
        { ...values.items[0], quantity: 2.5 },
        { ...values.items[1], quantity: 0 },
      ],
    });
    expect(body).toEqual({
      invoice_date: '2025-06-10',
      due_date: '2025-07-10',
      reference: 'PO-7',
      items: [{ order_item: 901, quantity: 2.5 }],
    });
    for (const quantity of [7, -1, 'abc', '', 1.2345]) {
      const parsed = invoiceQuantitiesSchema.safeParse({
        ...values,
        items: [{ ...values.items[0], quantity }, values.items[1]],
      });
      expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['items.0.quantity', QUANTITY_MESSAGE],
      ]);
    }
    const nothing = invoiceQuantitiesSchema.safeParse({
      ...values,
      due_date: '2025-06-01',
      items: values.items.map((i) => ({ ...i, quantity: 0 })),
    });
    expect(nothing.error?.issues.map((i) => i.message)).toEqual([
      'Invoice at least one item.',
      'The due date cannot be before the invoice date.',
    ]);
  });
});

describe('InvoiceGeneratePage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows ordered, invoiced and invoiceable quantities and refuses more than invoiceable', async () => {
    const { api } = renderGenerate();
    expect(await screen.findByRole('heading', { name: 'Generate Invoice' })).toBeTruthy();
    const fan = screen.getByRole('row', { name: /Ceiling Fan/ });
    expect(
      within(fan)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['10', '4', '6']));
    expect(quantityOf('Ceiling Fan').value).toBe('6');
    fireEvent.change(quantityOf('Ceiling Fan'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Invoice' }));
    expect(await screen.findByText(QUANTITY_MESSAGE)).toBeTruthy();
    expect(writes(api)).toHaveLength(0);
  });

  it('sends the chosen quantities, toasts and opens the new invoice', async () => {
    const { api, router } = renderGenerate();
    await screen.findByRole('heading', { name: 'Generate Invoice' });
    fireEvent.change(quantityOf('Ceiling Fan'), { target: { value: '3' } });
    fireEvent.change(quantityOf('Table Lamp'), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Reference' }), { target: { value: 'PO-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/9'));
    expect(writes(api)).toEqual([
      expect.objectContaining({
        path: 'admin/orders/51/generate_invoice/',
        body: {
          invoice_date: '2025-06-10',
          due_date: '2025-07-10',
          reference: 'PO-7',
          items: [{ order_item: 901, quantity: 3 }],
        },
      }),
    ]);
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Invoice created.' }));
  });

  it('shows the totals the server prices for the quantities before the invoice is generated', async () => {
    const shipping = {
      label: 'Shipping and handling charges',
      amount: 59,
      taxable_value: 50,
      gst_rate: 18,
      cgst: 4.5,
      sgst: 4.5,
      igst: 0,
      cess: 0,
    };
    const totals = {
      ...invoice({}).totals,
      shipping_handling_charges: 59,
      charges: [shipping],
      taxable_value: 1050,
      cgst: 94.5,
      sgst: 94.5,
      total_tax: 189,
      round_off: -0.5,
      total: 1238.5,
    };
    const { api } = renderGenerate((call) =>
      call.path === 'admin/orders/51/preview_invoice/' ? { body: { totals } } : undefined,
    );
    await screen.findByRole('heading', { name: 'Generate Invoice' });
    fireEvent.change(quantityOf('Table Lamp'), { target: { value: '0' } });
    const card = await screen.findByRole('region', { name: 'Invoice totals' });
    expect((await within(card).findByLabelText('Invoice Total')).textContent).toBe('₹1,238.50');
    expect(within(card).getByLabelText('Taxable Value').textContent).toBe('₹1,050.00');
    expect(within(card).getByLabelText('CGST').textContent).toBe('₹94.50');
    expect(within(card).getByLabelText('SGST').textContent).toBe('₹94.50');
    expect(within(card).getByLabelText('Shipping and handling charges').textContent).toBe('₹59.00');
    expect(within(card).getByLabelText('Round Off').textContent).toBe('-₹0.50');
    expect(within(card).queryByLabelText('IGST')).toBeNull();
    await waitFor(() =>
      expect(api.changes().at(-1)).toEqual(
        expect.objectContaining({
          path: 'admin/orders/51/preview_invoice/',
          body: { items: [{ order_item: 901, quantity: 6 }] },
        }),
      ),
    );
    fireEvent.change(quantityOf('Ceiling Fan'), { target: { value: '9' } });
    expect(await within(card).findByText("Enter valid quantities to see the invoice's totals.")).toBeTruthy();
    expect(writes(api)).toHaveLength(0);
  });

  it('puts the server’s refusal on its line and toasts the failure with the server’s detail', async () => {
    renderGenerate((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              detail: QUANTITY_MESSAGE,
              errors: { 'items.0.quantity': [QUANTITY_MESSAGE] },
            },
          }
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Generate Invoice' });
    fireEvent.change(quantityOf('Ceiling Fan'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Invoice' }));
    // Line 0 of the body is the lamp: the fan was left out at 0.
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Failed to Create Invoice', message: QUANTITY_MESSAGE }),
      ),
    );
    const lamp = screen.getByRole('row', { name: /Table Lamp/ });
    expect(await within(lamp).findByText(QUANTITY_MESSAGE)).toBeTruthy();
  });

  it('shows the series date rule under the invoice date when the server refuses a back-dated invoice', async () => {
    const DATE_RULE =
      'The invoice date cannot be before 26/11/2026, the date of the last invoice MUM/2627/00068.';
    renderGenerate((call) =>
      call.method === 'POST'
        ? { status: 400, body: { detail: DATE_RULE, errors: { invoice_date: [DATE_RULE] } } }
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Generate Invoice' });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Invoice' }));
    const field = await screen.findByText(DATE_RULE, { selector: '.mantine-InputWrapper-error' });
    expect(field).toBeTruthy();
  });

  it('tells a user who may not create invoices so', async () => {
    const { api } = renderGenerate(undefined, withPermissions(['view_invoice']));
    expect(await screen.findByText('You do not have permissions to create invoice.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
