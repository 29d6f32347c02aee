import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { InstoreOrderPage } from './instore-order-page';

const CASHIER = withPermissions(['view_instore_order', 'add_instore_order']);
const VIEWER = withPermissions(['view_instore_order']);

const COUNTER = {
  company: { id: 10, name: 'Rao Traders', gstin: null },
  warehouses: [
    {
      id: 7,
      name: 'Front Store',
      branch: { id: 100, name: 'Main', gstin: null, round_off_enabled: false, address: null },
    },
  ],
  payment_methods: [
    { id: 1, name: 'Cash', code: 'cash', kind: 'cash' },
    { id: 4, name: 'UPI', code: 'upi', kind: 'upi' },
    { id: 5, name: 'Credit Card', code: 'credit_card', kind: 'card' },
  ],
  stores: [] as unknown[],
};

/** A company with a store (issue 26): the counter sells from it. */
const WITH_STORE = {
  ...COUNTER,
  stores: [
    {
      id: 3,
      name: 'FC Road Counter',
      warehouse_id: 7,
      branch_id: 100,
      receipt_width_mm: 58,
      sales_channel: null,
    },
  ],
};

const PEN = {
  id: 31,
  name: 'Gel Pen',
  sku: 'PEN-1',
  upc: '890123456789',
  hsn: '9608',
  unit: 'PCS',
  price: 118,
  gst_rate: 18,
  cess_rate: 0,
  sellable_stock: 40,
  allow_back_ordering: false,
};

const SALE = {
  order: { id: 52, order_number: 'SO-52' },
  buyer: { id: 9, name: 'Walk-in Customer', phone: null },
  invoice: {
    id: 77,
    invoice_number: 'MAIN/2627/00001',
    invoice_date: '2026-11-21',
    seller_company: 'Rao Traders',
    seller_branch: { id: 100, name: 'Main' },
    seller_branch_address: null,
    seller_gstin: null,
    invoice_total: 236,
    items: [
      {
        id: 1,
        product: { id: 31, name: 'Gel Pen', sku: 'PEN-1' },
        quantity: 2,
        rate: 118,
        discount: 0,
        amount: 236,
      },
    ],
    totals: {
      is_intra_state: true,
      taxable_value: 200,
      cgst: 18,
      sgst: 18,
      igst: 0,
      cess: 0,
      round_off: 0,
      total: 236,
    },
  },
  payments: [
    {
      id: 3,
      payment_number: 'RCPT/2627/00001',
      payment_method: { id: 1, name: 'Cash' },
      kind: 'cash',
      tendered: 500,
      amount: 236,
      reference_number: null,
    },
  ],
  tendered: 500,
  change_due: 264,
};

function server(counter: typeof COUNTER = COUNTER, sale: object = SALE) {
  return fakeApi((call) => {
    if (call.path === 'admin/companies/10/instore/counter') return { body: counter };
    if (call.path === 'admin/companies/10/instore/product_lookup') {
      return call.query.get('code') === PEN.upc
        ? { body: PEN }
        : { status: 404, body: { detail: 'Product Not Found', code: 'not_found' } };
    }
    if (call.path === 'admin/companies/10/instore/products') return { body: { results: [PEN] } };
    if (call.path === 'admin/companies/10/instore_orders' && call.method === 'POST')
      return { status: 201, body: sale };
    // No offer applies: each line as it is, nothing off the cart.
    if (call.path === 'admin/companies/10/instore/offers') {
      const items = (call.body as { items: unknown[] }).items;
      return {
        body: {
          lines: items.map(() => ({ offer: null, offer_discount: 0 })),
          coupon_discount: 0,
          offers: [],
        },
      };
    }
    return undefined;
  });
}

/** The sales the page sent (the offers look-ups aside: they read). */
const salesSent = (api: ReturnType<typeof server>) =>
  api.changes().filter((call) => call.path !== 'admin/companies/10/instore/offers');

const scanField = () => screen.getByRole('combobox', { name: 'Scan or search product' }) as HTMLInputElement;

async function scan(code: string) {
  fireEvent.change(scanField(), { target: { value: code } });
  fireEvent.keyDown(scanField(), { key: 'Enter' });
}

describe('InstoreOrderPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sells with the keyboard: scan twice, cash with change, Ctrl+Enter, receipt, New Sale', async () => {
    const api = server();
    renderScreen(() => <InstoreOrderPage />, { user: CASHIER });
    await waitFor(() => expect(document.activeElement).toBe(scanField()));

    await scan(PEN.upc);
    await screen.findByText('Gel Pen');
    await scan(PEN.upc);
    await waitFor(() => expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('2'));
    expect(screen.getByTestId('sale-total').textContent).toBe('₹236.00');
    // Cash starts at the amount due.
    expect((screen.getByLabelText('Cash') as HTMLInputElement).value).toBe('236.00');
    fireEvent.change(screen.getByLabelText('Cash'), { target: { value: '500' } });
    expect(screen.getByTestId('change-due').textContent).toBe('₹264.00');

    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    const dialog = await screen.findByRole('dialog');
    const post = salesSent(api)[0];
    expect(post.path).toBe('admin/companies/10/instore_orders');
    expect(post.body).toEqual({
      warehouse: 7,
      walk_in: {},
      items: [{ product: 31, quantity: 2 }],
      tenders: [{ payment_method: 1, amount: 500 }],
    });
    const receipt = within(dialog).getByTestId('sale-receipt');
    expect(within(receipt).getByText('MAIN/2627/00001')).toBeTruthy();
    expect(within(receipt).getByText('CGST')).toBeTruthy();
    expect(within(receipt).getAllByText('₹264.00').length).toBeGreaterThan(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'New Sale' }));
    await waitFor(() => expect(screen.queryByText('Gel Pen')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(scanField()));
  });

  it('splits card and UPI, removes a line with Delete, and finds a product by name with the arrows', async () => {
    const api = server();
    renderScreen(() => <InstoreOrderPage />, { user: CASHIER });
    await waitFor(() => expect(document.activeElement).toBe(scanField()));

    fireEvent.change(scanField(), { target: { value: 'gel' } });
    await screen.findByRole('option', { name: /Gel Pen/ });
    fireEvent.keyDown(scanField(), { key: 'ArrowDown' });
    fireEvent.keyDown(scanField(), { key: 'Enter' });
    await screen.findByText('Gel Pen');
    fireEvent.keyDown(screen.getByLabelText('Quantity'), { key: 'Delete' });
    await waitFor(() => expect(screen.queryByText('Gel Pen')).toBeNull());

    await scan(PEN.upc);
    await screen.findByText('Gel Pen');
    fireEvent.change(screen.getByLabelText('Card'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('UPI'), { target: { value: '18' } });
    fireEvent.change(screen.getByLabelText('Cash'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Sale' }));
    await screen.findByRole('dialog');
    expect(salesSent(api)[0].body).toMatchObject({
      tenders: [
        { payment_method: 5, amount: 100 },
        { payment_method: 4, amount: 18 },
      ],
    });
    // Enter on the receipt starts the next sale.
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByText('Gel Pen')).toBeNull());
  });

  it('says what is wrong instead of selling short, and tells an unknown barcode', async () => {
    const api = server();
    renderScreen(() => <InstoreOrderPage />, { user: CASHIER });
    await waitFor(() => expect(document.activeElement).toBe(scanField()));
    await scan('000000000000');
    await waitFor(() => expect(notifications.show).toHaveBeenCalled());
    await scan(PEN.upc);
    await screen.findByText('Gel Pen');
    fireEvent.change(screen.getByLabelText('Cash'), { target: { value: '100' } });
    expect(screen.getByRole('status').textContent).toMatch(/still due/);
    fireEvent.keyDown(window, { key: 'F9' });
    expect(salesSent(api)).toEqual([]);
  });

  it('sells from the store the counter picks, and prints the receipt at the store’s 58 mm width', async () => {
    const api = server(WITH_STORE, {
      ...SALE,
      store: { id: 3, name: 'FC Road Counter', receipt_width_mm: 58 },
    });
    renderScreen(() => <InstoreOrderPage />, { user: CASHIER });
    await waitFor(() => expect(document.activeElement).toBe(scanField()));
    expect((screen.getByLabelText('Store') as HTMLInputElement).value).toBe('FC Road Counter · Main');
    await scan(PEN.upc);
    await screen.findByText('Gel Pen');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Complete Sale' }));
    const dialog = await screen.findByRole('dialog');
    expect(salesSent(api)[0].body).toMatchObject({ store: 3, items: [{ product: 31, quantity: 1 }] });
    expect((salesSent(api)[0].body as { warehouse?: number }).warehouse).toBeUndefined();
    expect(within(dialog).getByText('FC Road Counter')).toBeTruthy();
    const printed = document.querySelector('section[aria-label="Receipt"][data-width-mm]');
    expect(printed?.getAttribute('data-width-mm')).toBe('58');
  });

  it('lets a viewer look but not sell', async () => {
    server();
    renderScreen(() => <InstoreOrderPage />, { user: VIEWER });
    await screen.findByText(/You can view counter sales but not change them/);
    expect(screen.getByRole('button', { name: 'Complete Sale' }).hasAttribute('disabled')).toBe(true);
  });
});
