import { allowedBillActions, billStatusLabel } from '@b2b/domain/bills';
import { toPaise } from '@b2b/domain/money';
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
import { type ApiAnswer, type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen, renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { BillDetailPage } from './bill-detail-page';
import { billFilterParams, NO_BILL_FILTERS } from './bill-filters';
import { BillForm } from './bill-form';
import type { Bill, BillStatus } from './bills.api';
import { BillsPage } from './bills-page';

const MAKER = withPermissions(['view_bill', 'add_bill', 'change_bill', 'view_seller']);
const VIEWER = withPermissions(['view_bill']);
const LIST = 'admin/companies/10/bills';

function bill(id: number, status: BillStatus = 'open', overrides: Partial<Bill> = {}): Bill {
  const paid = overrides.amount_paid ?? 0;
  return {
    status_label: billStatusLabel(status),
    payment_status: status === 'draft' || status === 'void' ? null : paid > 0 ? 'partially_paid' : 'unpaid',
    allowed_actions: allowedBillActions({ status, settledPaise: toPaise(paid) }),
    id,
    bill_number: `SUP/${id}`,
    bill_date: '2026-10-02',
    due_date: '2026-10-20',
    status,
    seller: { id: 5, name: 'Sharma Supplies', gstin: '27AAPFU0939F1ZV' },
    seller_gstin: '27AAPFU0939F1ZV',
    seller_state_code: '27',
    branch: { id: 100, name: 'Pune Branch' },
    branch_state_code: '27',
    warehouse: { id: 7, name: 'Main Godown' },
    is_reverse_charge: false,
    is_tax_inclusive: false,
    supply_type: 'intra',
    freight_charges: 0,
    other_charges: 0,
    taxable_value: 200,
    cgst: 18,
    sgst: 18,
    igst: 0,
    cess: 0,
    itc_total: 36,
    reverse_charge_tax: 0,
    round_off: 0,
    total: 236,
    amount_paid: 0,
    amount_credited: 0,
    balance_due: status === 'draft' || status === 'void' ? 0 : 236,
    notes: null,
    received_at: null,
    voided_at: null,
    created_by: { id: 1, first_name: 'Asha', last_name: 'Rao' },
    created_at: '2026-10-02T10:00:00Z',
    updated_at: '2026-10-02T10:00:00Z',
    items: [
      {
        id: 41,
        product: { id: 21, name: 'Ceiling Fan', sku: 'CF-1' },
        hsn_code: '8414',
        quantity: 2,
        unit: null,
        rate: 100,
        rate_entered: 100,
        discount_percent: 0,
        taxable_value: 200,
        tax_rate: 18,
        cgst: 18,
        sgst: 18,
        igst: 0,
        cess: 0,
        total: 236,
        itc_eligible: true,
        batch_number: null,
        expiry_date: null,
        gst_treatment: 'taxable',
      },
    ],
    attachments: [],
    ...overrides,
  };
}

const SELLER = {
  id: 5,
  name: 'Sharma Supplies',
  contact_person_name: null,
  email: null,
  phone: null,
  gst_number: '27AAPFU0939F1ZV',
  pan: null,
  tally_ledger_name: null,
  payment_term: null,
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  addresses: [],
  product_count: 0,
};
const OTHER_STATE_SELLER = { ...SELLER, id: 6, name: 'Bengaluru Traders', gst_number: '29AAPFU0939F1ZV' };
const UNREGISTERED = {
  ...SELLER,
  id: 8,
  name: 'Village Farm',
  gst_number: null,
  addresses: [
    {
      id: 3,
      address_type: 'billing_address',
      address_line_1: 'Farm Road',
      city: 'Nashik',
      state: { id: 27, name: 'Maharashtra', gst_code: '27' },
      pincode: '422001',
    },
  ],
};

function server(extra: (call: ApiCall) => ApiAnswer | undefined = () => undefined) {
  return fakeApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method !== 'GET') return undefined;
    if (call.path === LIST) {
      return {
        body: paged([bill(2, 'open', { due_date: '2026-01-05', bill_date: '2026-01-01' }), bill(1, 'draft')]),
      };
    }
    if (call.path === 'companies/10/sellers')
      return { body: paged([SELLER, OTHER_STATE_SELLER, UNREGISTERED]) };
    const seller = [SELLER, OTHER_STATE_SELLER, UNREGISTERED].find((s) => call.path === `v2/sellers/${s.id}`);
    if (seller) return { body: seller };
    if (call.path === 'companies/10/branches') {
      return { body: paged([{ id: 100, name: 'Pune Branch', is_active: true, gstin: '27AAACR5055K1Z7' }]) };
    }
    if (call.path === 'branches/100') {
      return {
        body: {
          id: 100,
          name: 'Pune Branch',
          is_active: true,
          gstin: '27AAACR5055K1Z7',
          round_off_enabled: false,
          addresses: [],
        },
      };
    }
    if (call.path === 'companies/10/warehouses') {
      return {
        body: paged([
          { id: 7, name: 'Main Godown', branch: { id: 100, name: 'Pune Branch' }, is_active: true },
          { id: 9, name: 'Delhi Store', branch: { id: 200, name: 'Delhi Branch' }, is_active: true },
        ]),
      };
    }
    if (call.path === 'companies/10/products') {
      return { body: paged([{ id: 21, name: 'Ceiling Fan', sku: 'CF-1', is_active: true }]) };
    }
    if (call.path === 'products/21') {
      return {
        body: {
          id: 21,
          name: 'Ceiling Fan',
          sku: 'CF-1',
          is_active: true,
          hsn: '8414',
          cost_price: 100,
          tax: { id: 3, display_name: 'GST 18%', rate: 18 },
        },
      };
    }
    if (/^admin\/bills\/\d+\/history$/.test(call.path)) return { body: paged([]) };
    return undefined;
  });
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BillsPage', () => {
  it('lists the bills with seller, dates, branch, status and amounts; an overdue due date is marked', async () => {
    const api = server();
    renderScreen(() => <BillsPage />, { user: MAKER });
    const open = (await screen.findByRole('link', { name: 'SUP/2' }, { timeout: 5000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(open).getAllByText('Sharma Supplies').length).toBe(1);
    expect(within(open).getByText('Pune Branch')).toBeTruthy();
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByText('(overdue)')).toBeTruthy();
    expect(within(open).getAllByText('₹236.00')).toHaveLength(2);
    const draft = screen.getByRole('link', { name: 'SUP/1' }).closest('tr') as HTMLElement;
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).queryByText('(overdue)')).toBeNull();
    expect(screen.getByRole('button', { name: 'New Bill' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === LIST)?.query.get('ordering')).toBe('-bill_date');
  });

  it('keeps the chosen statuses in the address and asks for them; viewers get no New Bill', async () => {
    const api = server();
    const { router } = renderScreen(() => <BillsPage />, { user: VIEWER });
    expect(await screen.findByText('SUP/1', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Bill' })).toBeNull();
    const [status] = screen.getAllByLabelText('Status');
    fireEvent.click(status as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Open' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === LIST && c.query.get('status__in') === 'open')).toBe(true),
    );
    expect(router.state.location.search).toMatchObject({ status: ['open'] });
  });

  it('reads its filters from the address: seller, branch, statuses, dates and due before', async () => {
    const api = server();
    renderScreen(() => <BillsPage />, {
      user: MAKER,
      path: '/?seller=5&branch=100&status=%5B%22draft%22%5D&paymentStatus=%22unpaid%22&dueBefore=%222026-10-31%22&q=SUP',
    });
    await waitFor(() => expect(api.calls.some((c) => c.path === LIST)).toBe(true));
    const query = api.calls.find((c) => c.path === LIST)?.query;
    expect(query?.get('seller')).toBe('5');
    expect(query?.get('branch')).toBe('100');
    expect(query?.get('status__in')).toBe('draft');
    expect(query?.get('due_before')).toBe('2026-10-31');
    expect(query?.get('payment_status')).toBe('unpaid');
    expect(query?.get('search')).toBe('SUP');
    expect(billFilterParams({ ...NO_BILL_FILTERS, dates: ['2026-04-01', null] })).toMatchObject({
      start_date: '2026-04-01',
      end_date: '2026-04-01',
    });
  });

  it('shows the empty card naming bills when there is none yet', async () => {
    server((call) => (call.path === LIST ? { body: paged([]) } : undefined));
    renderScreen(() => <BillsPage />, { user: MAKER });
    expect(await screen.findByText('Add a Bill and boost your business', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Bills' })).toBeNull();
  });
});

async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 3000 }));
}

const amount = (label: string) => screen.getByLabelText(label).textContent;

async function fillOneLine() {
  await choose('Branch', 'Pune Branch');
  await waitFor(() =>
    expect((screen.getByRole('combobox', { name: 'Receiving Warehouse' }) as HTMLInputElement).value).toBe(
      'Main Godown',
    ),
  );
  await choose('Product 1', 'Ceiling Fan');
  await waitFor(() =>
    expect((screen.getByRole('textbox', { name: 'HSN 1' }) as HTMLInputElement).value).toBe('8414'),
  );
  fireEvent.change(screen.getByRole('textbox', { name: 'Quantity 1' }), { target: { value: '2' } });
}

describe('BillForm', () => {
  const renderForm = (onSaved = () => {}) =>
    renderWithProviders(<BillForm companyId={10} onSaved={onSaved} onCancel={() => {}} />, { user: MAKER });

  it('splits the GST into CGST and SGST when the seller is in our branch’s state', async () => {
    server();
    renderForm();
    await choose('Seller', 'Sharma Supplies');
    expect(await screen.findByText('GSTIN: 27AAPFU0939F1ZV')).toBeTruthy();
    await fillOneLine();
    await waitFor(() => expect(amount('Total')).toBe('₹236.00'));
    expect(amount('Taxable Value')).toBe('₹200.00');
    expect(amount('CGST')).toBe('₹18.00');
    expect(amount('SGST')).toBe('₹18.00');
    expect(screen.queryByLabelText('IGST')).toBeNull();
    expect(amount('ITC Eligible')).toBe('₹36.00');
    expect(amount('Amount 1')).toBe('₹236.00');
    expect(screen.getByText('Cost price ₹100.00')).toBeTruthy();
  });

  it('charges IGST when the seller is in another state, and takes ineligible ITC out', async () => {
    server();
    renderForm();
    await choose('Seller', 'Bengaluru Traders');
    await fillOneLine();
    await waitFor(() => expect(amount('IGST')).toBe('₹36.00'));
    expect(screen.queryByLabelText('CGST')).toBeNull();
    expect(amount('Total')).toBe('₹236.00');
    fireEvent.click(screen.getByRole('checkbox', { name: 'ITC eligible 1' }));
    await waitFor(() => expect(amount('ITC Eligible')).toBe('₹0.00'));
  });

  it('keeps reverse-charge tax out of the total and shows it as payable by us', async () => {
    server();
    renderForm();
    await choose('Seller', 'Village Farm');
    expect(await screen.findByText('Unregistered seller (no GSTIN), state code 27')).toBeTruthy();
    await fillOneLine();
    fireEvent.change(screen.getByRole('textbox', { name: 'Freight Charges' }), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('switch', { name: /Reverse charge/ }));
    await waitFor(() => expect(amount('Tax payable by us (reverse charge)')).toBe('₹36.00'));
    expect(amount('CGST')).toBe('₹18.00');
    expect(amount('Total')).toBe('₹250.00');
    expect(screen.getByText(/no GST is worked out on them/)).toBeTruthy();
  });

  it('sends the bill and puts the server’s 400 messages on their fields', async () => {
    const taken = 'Bill number SUP/9 is already recorded for this seller in FY 2026-27.';
    const api = server((call) =>
      call.method === 'POST' && call.path === LIST
        ? {
            status: 400,
            body: {
              detail: 'Invalid input.',
              errors: { bill_number: [taken], 'items.0.rate': ['Rate is too high.'] },
            },
          }
        : undefined,
    );
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Please select the seller.')).toBeTruthy();
    expect(screen.getByText('Please select a product.')).toBeTruthy();
    expect(api.changes()).toHaveLength(0);
    await choose('Seller', 'Sharma Supplies');
    await fillOneLine();
    fireEvent.change(screen.getByRole('textbox', { name: 'Bill Number' }), { target: { value: 'SUP/9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText(taken)).toBeTruthy();
    expect(screen.getByText('Rate is too high.')).toBeTruthy();
    const sent = api.changes()[0];
    expect(sent?.body).toEqual({
      seller: 5,
      branch: 100,
      warehouse: 7,
      bill_number: 'SUP/9',
      bill_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      is_reverse_charge: false,
      is_tax_inclusive: false,
      items: [{ product: 21, quantity: 2, rate: 100, tax_rate: 18, hsn_code: '8414', itc_eligible: true }],
    });
    const init = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith(LIST))?.[1];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('asks a 0% line for its GST treatment and sends it (GSTR-3B table 5)', async () => {
    const api = server((call) =>
      call.method === 'POST' && call.path === LIST
        ? { status: 400, body: { detail: 'Invalid input.', errors: { bill_number: ['Taken.'] } } }
        : undefined,
    );
    renderForm();
    await choose('Seller', 'Sharma Supplies');
    await fillOneLine();
    // Taxed at 18%: a taxable line, no choice offered.
    expect(screen.queryByRole('combobox', { name: 'GST Treatment 1' })).toBeNull();
    await choose('GST Rate 1', '0%');
    await choose('GST Treatment 1', 'Exempt');
    fireEvent.change(screen.getByRole('textbox', { name: 'Bill Number' }), { target: { value: 'SUP/10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Taken.')).toBeTruthy();
    expect(api.changes()[0]?.body).toMatchObject({
      items: [{ product: 21, tax_rate: 0, gst_treatment: 'exempt' }],
    });
  });

  it('Save and Receive creates the draft, then receives it', async () => {
    const onSaved = vi.fn();
    const api = server((call) => {
      if (call.method === 'POST' && call.path === LIST) return { status: 201, body: bill(12, 'draft') };
      if (call.method === 'POST' && call.path === 'admin/bills/12/receive') return { body: bill(12, 'open') };
      return undefined;
    });
    renderForm(onSaved);
    await choose('Seller', 'Sharma Supplies');
    await fillOneLine();
    fireEvent.change(screen.getByRole('textbox', { name: 'Bill Number' }), { target: { value: 'SUP/12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and Receive' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 12, status: 'open' })),
    );
    expect(api.changes().map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST ${LIST}`,
      'POST admin/bills/12/receive',
    ]);
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Bill received.' }));
  });
});

describe('BillForm: a new seller on the spot', () => {
  it('opens Create Seller from the picker, and the dialog’s submit leaves the bill form alone', async () => {
    const api = server();
    renderWithProviders(<BillForm companyId={10} onSaved={() => {}} onCancel={() => {}} />, {
      user: withPermissions(['view_bill', 'add_bill', 'add_seller']),
    });
    await choose('Seller', '+ New Seller');
    const dialog = await screen.findByRole('dialog', { name: 'Create Seller' });
    fireEvent.submit(
      within(dialog)
        .getByRole('textbox', { name: /Seller Name/ })
        .closest('form') as HTMLFormElement,
    );
    expect(await within(dialog).findByText('Seller name is required.')).toBeTruthy();
    expect(screen.queryByText('Please select a product.')).toBeNull();
    expect(api.changes()).toHaveLength(0);
  });
});

describe('BillForm with bills auto receive on', () => {
  it('offers only Save and Receive, and the one call receives the bill', async () => {
    const onSaved = vi.fn();
    const api = server((call) => {
      if (call.method === 'GET' && call.path === 'companies/10')
        return { body: { id: 10, is_bill_auto_received: true } };
      if (call.method === 'POST' && call.path === LIST) return { status: 201, body: bill(13, 'open') };
      return undefined;
    });
    renderWithProviders(<BillForm companyId={10} onSaved={onSaved} onCancel={() => {}} />, { user: MAKER });
    expect(await screen.findByText(/Bills auto receive is on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as Draft' })).toBeNull();
    await choose('Seller', 'Sharma Supplies');
    await fillOneLine();
    fireEvent.change(screen.getByRole('textbox', { name: 'Bill Number' }), { target: { value: 'SUP/13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and Receive' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 13 })));
    expect(api.changes().map((c) => `${c.method} ${c.path}`)).toEqual([`POST ${LIST}`]);
  });
});

describe('BillForm editing a draft', () => {
  it('starts from the rates as entered (with GST on a tax-inclusive bill) and sends the whole bill back', async () => {
    const onSaved = vi.fn();
    const draft = bill(4, 'draft', { is_tax_inclusive: true });
    const line = draft.items[0] as Bill['items'][number];
    draft.items = [{ ...line, rate_entered: 118, batch_number: 'B-7' }];
    const api = server((call) =>
      call.method === 'PATCH' && call.path === 'admin/bills/4' ? { body: draft } : undefined,
    );
    renderWithProviders(<BillForm companyId={10} bill={draft} onSaved={onSaved} onCancel={() => {}} />, {
      user: MAKER,
    });
    expect((screen.getByRole('textbox', { name: 'Rate 1' }) as HTMLInputElement).value).toBe('118');
    expect(screen.getByRole('switch', { name: /Rates include GST/ })).toHaveProperty('checked', true);
    await waitFor(() => expect(amount('Taxable Value')).toBe('₹200.00'));
    expect(amount('CGST')).toBe('₹18.00');
    expect(amount('Total')).toBe('₹236.00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.changes()[0]?.body).toMatchObject({
      bill_number: 'SUP/4',
      is_tax_inclusive: true,
      due_date: '2026-10-20',
      items: [{ product: 21, quantity: 2, rate: 118, tax_rate: 18, batch_number: 'B-7' }],
    });
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Bill Edited.' }));
  });
});

function renderDetail(shown: Bill, user = MAKER, extra?: (call: ApiCall) => ApiAnswer | undefined) {
  const api = server((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    return call.method === 'GET' && call.path === `admin/bills/${shown.id}` ? { body: shown } : undefined;
  });
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/bills', component: () => null }),
    createRoute({ getParentRoute: () => rootRoute, path: '/bills/$billId', component: BillDetailPage }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [`/bills/${shown.id}`] }),
  });
  renderWithProviders(<RouterProvider router={router} />, { user });
  return api;
}

const shownActions = async () => {
  const buttons = ['Edit', 'Receive'].filter((name) => screen.queryByRole('button', { name }));
  const more = screen.queryByRole('button', { name: 'More' });
  if (!more) return buttons;
  fireEvent.click(more);
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
  return [...buttons, ...items];
};

describe('BillDetailPage', () => {
  it.each([
    ['draft', MAKER, {}, ['Edit', 'Receive', 'View Seller', 'Void Bill']],
    ['open', MAKER, {}, ['View Seller', 'Void Bill']],
    ['partially_paid', MAKER, { amount_paid: 100 }, ['View Seller']],
    ['void', MAKER, {}, ['View Seller']],
    ['draft', VIEWER, {}, []],
  ] as const)('offers the actions of a %s bill', async (status, user, overrides, expected) => {
    renderDetail(bill(4, status, overrides), user);
    expect(await screen.findByRole('heading', { name: 'Bill SUP/4' }, { timeout: 5000 })).toBeTruthy();
    expect(await shownActions()).toEqual(expected);
  });

  it('shows the lines with their tax split and the totals', async () => {
    renderDetail(bill(4, 'open'));
    const lines = await screen.findByRole('table', { name: 'Bill items' }, { timeout: 5000 });
    expect(within(lines).getByText('Ceiling Fan')).toBeTruthy();
    expect(within(lines).getByText('8414')).toBeTruthy();
    expect(within(lines).getByRole('columnheader', { name: 'CGST' })).toBeTruthy();
    expect(screen.getByLabelText('Balance Due').textContent).toBe('₹236.00');
  });

  it('voids after a confirmation that says it cannot be undone, and shows a refusal in the toast', async () => {
    const refusal =
      'Cannot void this bill: Ceiling Fan needs 2 in stock to take back, but only 1 is available.';
    const api = renderDetail(bill(4, 'open'), MAKER, (call) =>
      call.method === 'POST' && call.path === 'admin/bills/4/void'
        ? { status: 409, body: { detail: refusal } }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'More' }, { timeout: 5000 }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Void Bill' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/cannot be restored/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void Bill' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Failed to void bill.', message: refusal }),
      ),
    );
    expect(api.changes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST admin/bills/4/void']);
  });
});

describe('Bill payments and comments tabs', () => {
  it('lists the payments made on the bill and adds a comment', async () => {
    const api = renderDetail(bill(4, 'partially_paid', { amount_paid: 100 }), MAKER, (call) => {
      if (call.path === 'admin/bills/4/payments_made')
        return {
          body: [
            {
              id: 70,
              payment_number: 'PAY/2627/00007',
              payment_date: '2026-11-02',
              status: 'completed',
              status_label: 'Paid',
              payment_method: 'Bank Transfer',
              reference_number: 'UTR77',
              amount: 100,
              tds_amount: 2,
            },
          ],
        };
      if (call.method === 'GET' && call.path === 'admin/bills/4/comments') return { body: [] };
      if (call.method === 'POST' && call.path === 'admin/bills/4/comments')
        return {
          status: 201,
          body: { id: 1, comment: 'Short by one carton.', user: null, created_at: '2026-11-03T10:00:00Z' },
        };
      return undefined;
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Payments' }, { timeout: 5000 }));
    const table = await screen.findByRole('table', { name: 'Payments made' });
    expect(within(table).getByText('PAY/2627/00007')).toBeTruthy();
    expect(within(table).getByText('UTR77')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Comments' }));
    expect(await screen.findByText('No comments yet.', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Short by one carton.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Comment' }));
    await waitFor(() =>
      expect(api.changes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST admin/bills/4/comments']),
    );
  });
});

describe('Bill attachments', () => {
  it('lists the seller’s files and deletes one after a confirmation', async () => {
    const shown = bill(4, 'open', {
      attachments: [{ id: 61, name: 'seller-bill.pdf', url: '/api/files/bills/61/seller-bill.pdf' }],
    });
    const api = renderDetail(shown, MAKER, (call) =>
      call.method === 'DELETE' && call.path === 'admin/bills/4/attachments/61' ? { status: 204 } : undefined,
    );
    const link = await screen.findByRole('link', { name: 'seller-bill.pdf' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/api/files/bills/61/seller-bill.pdf');
    expect(screen.getByRole('button', { name: 'Attach File' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete seller-bill.pdf' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.changes().map((c) => `${c.method} ${c.path}`)).toEqual([
        'DELETE admin/bills/4/attachments/61',
      ]),
    );
  });

  it('offers no upload to viewers or on a void bill', async () => {
    renderDetail(bill(4, 'void'), MAKER);
    expect(await screen.findByText('No attachments yet.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Attach File' })).toBeNull();
  });
});
