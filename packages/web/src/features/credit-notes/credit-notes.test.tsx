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
import { fakeApi, paged } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { applicationErrors, proposeApplications } from './apply-credit-note-dialog';
import { CreditNoteCreatePage } from './credit-note-create-page';
import { CreditNoteDetailPage } from './credit-note-detail-page';
import { CreditNoteNewPage } from './credit-note-new-page';
import { previewCreditNote } from './credit-note-pricing';
import type { CreditNote, InitiateCreditNote } from './credit-notes.api';
import { CreditNotesPage } from './credit-notes-page';

/** An intra-state invoice of 3 at ₹118 (18% GST: ₹100 + ₹9 + ₹9 each) and a return of 2 of it. */
function initiate(overrides: Partial<InitiateCreditNote> = {}): InitiateCreditNote {
  return {
    invoice: { id: 7, invoice_number: 'PUN/2627/00001', invoice_date: '2026-06-10', status: 'processed' },
    order: { id: 52, order_number: 'SO-2' },
    buyer: { id: 3, name: 'Mehta Kitchen World' },
    place_of_supply: { id: 27, name: 'Maharashtra', gst_code: '27' },
    is_intra_state: true,
    round_off: false,
    credit_note_date: '2026-06-12',
    open_returns: [
      {
        id: 40,
        return_number: 'SR/2627/00001',
        adjustments: -4,
        items: [{ invoice_item: 70, return_quantity: 2 }],
      },
    ],
    items: [
      {
        invoice_item: 70,
        product: { id: 5, name: 'Ceiling Fan', sku: 'CF-1' },
        hsn: '8414',
        unit: 'pcs',
        quantity: 3,
        rate: 118,
        gst_rate: 18,
        cess_rate: 0,
        amount: 354,
        taxable_value: 300,
        cgst: 27,
        sgst: 27,
        igst: 0,
        cess: 0,
        taxable_rate: 100,
        credited: { taxable_value: 0, cgst: 0, sgst: 0, igst: 0, cess: 0 },
        credited_units: 0,
        creditable_quantity: 3,
      },
    ],
    ...overrides,
  };
}

describe('previewCreditNote', () => {
  it('credits quantity x rate before GST: the invoiced rate reverses the line, a lower one is re-taxed per head', () => {
    const full = previewCreditNote(initiate(), [{ invoice_item: 70, quantity: 2, rate: 100 }], '');
    expect(full).toMatchObject({ taxable_value: 200, cgst: 18, sgst: 18, igst: 0, total: 236 });
    const reduction = previewCreditNote(initiate(), [{ invoice_item: 70, quantity: 3, rate: 10 }], -5.4);
    expect(reduction).toMatchObject({
      taxable_value: 30,
      cgst: 2.7,
      lines_total: 35.4,
      adjustments: -5.4,
      total: 30,
    });
    const across = previewCreditNote(
      initiate({
        is_intra_state: false,
        items: [{ ...initiate().items[0], cgst: 0, sgst: 0, igst: 54 }],
      }),
      [{ invoice_item: 70, quantity: 1, rate: 33.33 }],
      '',
    );
    // ₹33.33 + IGST 18% (₹5.9994: ₹6.00).
    expect(across).toMatchObject({ taxable_value: 33.33, igst: 6, cgst: 0, total: 39.33 });
  });

  it('leaves out lines that are blank, invalid, above the invoiced rate or more than is left', () => {
    const credited = initiate({
      items: [
        {
          ...initiate().items[0],
          credited_units: 2 * 1000 * 10_000,
          credited: { taxable_value: 200, cgst: 18, sgst: 18, igst: 0, cess: 0 },
        },
      ],
    });
    expect(previewCreditNote(credited, [{ invoice_item: 70, quantity: 2, rate: 100 }], '').total).toBe(0);
    expect(previewCreditNote(credited, [{ invoice_item: 70, quantity: 1, rate: 100 }], '').total).toBe(118);
    expect(previewCreditNote(initiate(), [{ invoice_item: 70, quantity: 'x', rate: 100 }], '').total).toBe(0);
    expect(previewCreditNote(initiate(), [{ invoice_item: 70, quantity: 1, rate: 0 }], '').total).toBe(0);
    expect(previewCreditNote(initiate(), [{ invoice_item: 70, quantity: 1, rate: 100.01 }], '').total).toBe(
      0,
    );
  });
});

describe('Apply dialog rules', () => {
  const invoices = [
    {
      id: 1,
      invoice_number: 'A',
      invoice_date: '2026-05-01',
      due_date: null,
      invoice_total: 100,
      amount_due: 60,
    },
    {
      id: 7,
      invoice_number: 'B',
      invoice_date: '2026-06-10',
      due_date: null,
      invoice_total: 354,
      amount_due: 50,
    },
  ];
  it('proposes the note’s own invoice first, then the oldest, up to the balance', () => {
    expect(proposeApplications(7, 80, invoices)).toEqual({ 7: 50, 1: 30 });
  });
  it('refuses more than an invoice’s due or the balance', () => {
    expect(applicationErrors(80, invoices, { 1: 61 }).errors[1]).toBe('Only ₹60.00 is due on this invoice.');
    expect(applicationErrors(80, invoices, { 1: 60, 7: 50 }).errors.total).toBe(
      'Only ₹80.00 is left of this credit note to apply.',
    );
    expect(applicationErrors(80, invoices, {}).errors.total).toBe(
      'Choose at least one invoice to apply the credit note to.',
    );
  });
});

describe('CreditNotesPage empty card (issue 18)', () => {
  afterEach(() => vi.restoreAllMocks());

  function renderFrom(path: string, permissions: string[]) {
    const rootRoute = createRootRoute({ component: () => <Outlet /> });
    const route = (routePath: string, component: () => React.ReactNode) =>
      createRoute({ getParentRoute: () => rootRoute, path: routePath, component });
    const router = createRouter({
      routeTree: rootRoute.addChildren([
        route('/credit-notes', CreditNotesPage),
        route('/credit-notes/new', CreditNoteNewPage),
        route('/invoices/$invoiceId/credit-note', () => <p>Credit note form</p>),
        route('/invoices', () => <p>Invoices page</p>),
      ]),
      history: createMemoryHistory({ initialEntries: [path] }),
    });
    renderWithProviders(<RouterProvider router={router} />, { user: withPermissions(permissions) });
    return router;
  }

  it("names Credit Notes, and its Add opens the credit note's create page, which continues on the chosen invoice", async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/companies/10/credit_notes') return { body: paged([]) };
      if (call.path === 'admin/companies/10/invoices') {
        return {
          body: paged([{ id: 7, invoice_number: 'PUN/2627/00001', buyer: { id: 3, name: 'Mehta' } }]),
        };
      }
      return undefined;
    });
    const router = renderFrom('/credit-notes', ['view_credit_note', 'add_credit_note', 'view_invoice']);
    expect(
      await screen.findByText('Add a Credit Note and boost your business', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credit-notes/new'));
    expect(screen.queryByText('Invoices page')).toBeNull();
    const input = await screen.findByRole('combobox', { name: /^Invoice/ });
    input.focus();
    fireEvent.click(input);
    fireEvent.click(await screen.findByRole('option', { name: 'PUN/2627/00001 · Mehta' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Credit note form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/invoices/7/credit-note');
    // Cancelled invoices take no credit note: only the others are offered.
    const listed = api.calls.find((c) => c.path === 'admin/companies/10/invoices');
    expect(listed?.query.get('status__in')).toBe('generated,ready_to_ship,processed');
  });

  it('shows no Add to a user who may not create credit notes', async () => {
    fakeApi((call) => (call.path === 'admin/companies/10/credit_notes' ? { body: paged([]) } : undefined));
    renderFrom('/credit-notes', ['view_credit_note']);
    expect(
      await screen.findByText('Add a Credit Note and boost your business', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});

describe('CreditNoteCreatePage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => vi.restoreAllMocks());

  it('starts from a return, shows live GST totals, and sends quantity and rate per line', async () => {
    const api = fakeApi((call) => {
      if (call.path === 'admin/invoices/7/initiate_credit_note') return { body: initiate() };
      if (call.method === 'POST' && call.path === 'admin/invoices/7/credit_notes')
        return { status: 201, body: { id: 90, invoice: { id: 7, invoice_number: 'PUN/2627/00001' } } };
      if (call.path === 'companies/10/warehouses') return { body: paged([]) };
      return undefined;
    });
    const rootRoute = createRootRoute({ component: () => <Outlet /> });
    const router = createRouter({
      routeTree: rootRoute.addChildren([
        createRoute({
          getParentRoute: () => rootRoute,
          path: '/invoices/$invoiceId/credit-note',
          component: CreditNoteCreatePage,
        }),
        createRoute({
          getParentRoute: () => rootRoute,
          path: '/credit-notes/$creditNoteId',
          component: () => <p>Note page</p>,
        }),
      ]),
      history: createMemoryHistory({ initialEntries: ['/invoices/7/credit-note?sales_return=40'] }),
    });
    renderWithProviders(<RouterProvider router={router} />, {
      user: withPermissions(['view_credit_note', 'add_credit_note']),
    });
    expect(
      await screen.findByText('From sales return SR/2627/00001', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    const totals = screen.getByLabelText('Credit note totals');
    // 2 returned at 100% less the return's ₹4 adjustment.
    expect(within(totals).getByLabelText('Total Credit').textContent).toContain('232.00');
    expect(within(totals).getByLabelText('CGST').textContent).toContain('18.00');

    // Half the invoiced rate: ₹50 x 2 = ₹100 + CGST ₹9 + SGST ₹9, less ₹4.
    fireEvent.change(screen.getByLabelText('Rate of Ceiling Fan'), { target: { value: '50' } });
    await waitFor(() =>
      expect(within(totals).getByLabelText('Total Credit').textContent).toContain('114.00'),
    );
    // More than the invoiced rate: refused at the line, as the server would.
    fireEvent.change(screen.getByLabelText('Rate of Ceiling Fan'), { target: { value: '100.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Credit Note' }));
    expect(
      await screen.findByText('The rate cannot be more than the invoiced rate of ₹100.00 (excl. GST).'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Rate of Ceiling Fan'), { target: { value: '50' } });

    // Unticked, the line is left out; ticked again, it takes all that is left (3 at ₹50).
    fireEvent.click(screen.getByRole('checkbox', { name: 'Credit Ceiling Fan' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Quantity of Ceiling Fan') as HTMLInputElement).value).toBe('0'),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Credit Ceiling Fan' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Quantity of Ceiling Fan') as HTMLInputElement).value).toBe('3'),
    );
    fireEvent.change(screen.getByLabelText('Quantity of Ceiling Fan'), { target: { value: '2' } });

    fireEvent.click(screen.getByRole('button', { name: 'Create Credit Note' }));
    await screen.findByText('Note page');
    const sent = api.calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      sales_return: 40,
      adjustments: -4,
      items: [{ invoice_item: 70, quantity: 2, rate: 50 }],
    });
  });
});

function note(overrides: Partial<CreditNote> = {}): CreditNote {
  return {
    id: 90,
    credit_note_number: 'CN/2627/00001',
    credit_note_date: '2026-06-12',
    status: 'open',
    invoice: { id: 7, invoice_number: 'PUN/2627/00001' },
    order: { id: 52, order_number: 'SO-2' },
    sales_return: null,
    buyer: { id: 3, name: 'Mehta Kitchen World' },
    branch: { id: 1, name: 'Pune' },
    reference: null,
    total: 118,
    amount_applied: 0,
    amount_refunded: 0,
    balance: 118,
    is_cancelled: false,
    created_at: '2026-06-12T10:00:00Z',
    reason: null,
    place_of_supply: { id: 27, name: 'Maharashtra', gst_code: '27' },
    is_intra_state: true,
    items: [
      {
        id: 1,
        invoice_item: 70,
        product: { id: 5, name: 'Ceiling Fan', sku: 'CF-1' },
        hsn: '8414',
        unit: 'pcs',
        quantity: 1,
        additional_discount: 100,
        rate: 118,
        credit_rate: 100,
        gst_rate: 18,
        cess_rate: 0,
        amount: 118,
        taxable_value: 100,
        cgst: 9,
        sgst: 9,
        igst: 0,
        cess: 0,
      },
    ],
    totals: {
      lines_total: 118,
      taxable_value: 100,
      cgst: 9,
      sgst: 9,
      igst: 0,
      cess: 0,
      total_tax: 18,
      adjustments: 0,
      round_off: 0,
      total: 118,
      hsn_summary: [],
    },
    applications: [],
    allowed_actions: ['apply', 'refund', 'cancel'],
    created_by: null,
    cancelled_at: null,
    cancelled_by: null,
    updated_at: '2026-06-12T10:00:00Z',
    ...overrides,
  };
}

describe('CreditNoteDetailPage', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the GST split, downloads the PDF and applies the balance to the buyer’s open invoices', async () => {
    const api = fakeApi((call) => {
      if (call.method === 'GET' && call.path === 'admin/credit_notes/90') return { body: note() };
      if (call.path === 'admin/credit_notes/90/history') return { body: paged([]) };
      if (call.path === 'admin/credit_notes/90/pdf') return { body: '%PDF-1.3' };
      if (call.path === 'admin/credit_notes/90/open_invoices') {
        return {
          body: {
            balance: 118,
            results: [
              {
                id: 5,
                invoice_number: 'PUN/2627/00000',
                invoice_date: '2026-05-01',
                due_date: null,
                invoice_total: 50,
                amount_due: 50,
              },
              {
                id: 7,
                invoice_number: 'PUN/2627/00001',
                invoice_date: '2026-06-10',
                due_date: null,
                invoice_total: 354,
                amount_due: 354,
              },
            ],
          },
        };
      }
      if (call.method === 'POST' && call.path === 'admin/credit_notes/90/apply') {
        return { body: note({ status: 'applied', amount_applied: 118, balance: 0, allowed_actions: [] }) };
      }
      return undefined;
    });
    const rootRoute = createRootRoute({ component: () => <Outlet /> });
    const router = createRouter({
      routeTree: rootRoute.addChildren([
        createRoute({
          getParentRoute: () => rootRoute,
          path: '/credit-notes/$creditNoteId',
          component: CreditNoteDetailPage,
        }),
      ]),
      history: createMemoryHistory({ initialEntries: ['/credit-notes/90'] }),
    });
    renderWithProviders(<RouterProvider router={router} />, {
      user: withPermissions(['view_credit_note', 'change_credit_note']),
    });
    expect(await screen.findByRole('heading', { name: 'CN/2627/00001' }, { timeout: 5000 })).toBeTruthy();
    const totals = screen.getByLabelText('Credit note totals');
    expect(within(totals).getByText('CGST')).toBeTruthy();
    expect(within(totals).queryByText('IGST')).toBeNull();

    const createObjectURL = vi.fn(() => 'blob:credit-note');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.calls.some((c) => c.method === 'GET' && c.path === 'admin/credit_notes/90/pdf')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply Credit Note' });
    // The note's own invoice takes it first.
    await waitFor(() =>
      expect(
        (within(dialog).getByLabelText('Amount to apply to PUN/2627/00001') as HTMLInputElement).value,
      ).toContain('118'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      applications: [{ invoice: 7, amount: 118 }],
    });
  });
});
