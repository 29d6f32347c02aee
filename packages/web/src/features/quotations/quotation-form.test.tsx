import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import {
  BRANCH,
  BUYER,
  BUYER_DETAIL,
  PRODUCT,
  quotation,
  SHIPPING_KA,
  salesOrder,
  WAREHOUSE,
} from '../sales-orders/sales-test-data';
import { documentTotalsOf, liveTotals } from './live-totals';
import { QuotationForm } from './quotation-form';
import { emptyItem, emptyQuotationForm, quotationBody, quotationFormSchema } from './quotation-form.schema';

const STAFF = withPermissions(['view_order', 'add_order', 'add_quotation', 'change_quotation']);

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const line = (quantity: number | string, overrides = {}) => ({
  ...emptyItem(),
  product: 21,
  warehouse: '7',
  rate: 118,
  quantity,
  ...overrides,
});

describe('live totals', () => {
  const products = new Map([
    [21, { tax: { rate: 18 }, cess_tax: null, hsn: '8414' }],
    [22, { tax: { rate: 28 }, cess_tax: { rate: 12 }, hsn: '8703' }],
  ]);
  const base = {
    products,
    roundOff: false,
    couponDiscount: 0,
    additionalDiscount: '',
    shippingCharges: '',
    otherCharges: '',
  };

  it('splits GST into CGST and SGST within the state and charges IGST across states', () => {
    const intra = documentTotalsOf(liveTotals({ ...base, items: [line(2)], intraState: true }), 0);
    expect(intra).toMatchObject({
      subtotal: 236,
      taxable_value: 200,
      cgst: 18,
      sgst: 18,
      igst: 0,
      total: 236,
    });
    const inter = documentTotalsOf(liveTotals({ ...base, items: [line(2)], intraState: false }), 0);
    expect(inter).toMatchObject({ taxable_value: 200, cgst: 0, sgst: 0, igst: 36, total: 236 });
  });

  it('takes cess out of the inclusive rate, spreads the discounts, rounds off and skips blank lines', () => {
    const live = liveTotals({
      ...base,
      items: [line(1, { product: 22, rate: 140 }), line(''), emptyItem()],
      intraState: false,
      roundOff: true,
      additionalDiscount: 0.5,
      shippingCharges: 10,
    });
    const totals = documentTotalsOf(live, 0);
    // 139.50 + 10 shipping, all at 28% + 12% cess: taxable 106.79, IGST 29.90, cess 12.81.
    expect(totals).toMatchObject({ subtotal: 140, additional_discount: 0.5, shipping_handling_charges: 10 });
    expect(totals.taxable_value + totals.igst + totals.cess + totals.round_off).toBeCloseTo(150, 2);
    expect(totals.total).toBe(150);
    expect(totals.cess).toBeGreaterThan(0);
    expect(live.lineAmounts).toEqual([140, null, null]);
  });

  it('says so when the discounts are more than the order is worth', () => {
    const live = liveTotals({ ...base, items: [line(1)], intraState: true, additionalDiscount: 500 });
    expect(live.error).toBe('The discounts cannot be more than the value of the products.');
  });
});

describe('quotation form rules', () => {
  it('asks for the buyer, branch, addresses and products, refuses repeats, and sends no blanks', () => {
    const bad = quotationFormSchema.safeParse({
      ...emptyQuotationForm(),
      items: [line(1), line(2), { ...emptyItem(), quantity: 'x' }],
    });
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      buyer: 'Please select a buyer.',
      branch: 'Please select a branch.',
      billing_address: 'Please select a billing address.',
      shipping_address: 'Please select a shipping address.',
      'items.1.product': 'This product is already in the order from this warehouse.',
      'items.2.product': 'Please select a product.',
      'items.2.quantity': 'Please enter a valid quantity',
    });
    const good = quotationFormSchema.parse({
      ...emptyQuotationForm(),
      buyer: 5,
      branch: '100',
      billing_address: '51',
      shipping_address: '53',
      reference: '  PO-7 ',
      items: [line(2, { discount: 5 })],
    });
    const body = quotationBody(good);
    expect(body).toMatchObject({
      buyer: 5,
      branch: 100,
      billing_address: 51,
      shipping_address: 53,
      sales_person: null,
      reference: 'PO-7',
      items: [{ product: 21, warehouse: 7, quantity: 2, rate: 118, discount: 5 }],
    });
    expect(body).not.toHaveProperty('additional_discount');
    expect(body).not.toHaveProperty('payment_terms');
  });
});

const SUGGEST = 'admin/companies/10/shipping_charges/suggest';
const NO_RULE = { shipping_charge: 0, rule: null, reason: 'No shipping rule applies.', weight: 0 };

/** What the form wrote: the shipping suggestions aside (they read, by POST). */
const writesOf = (api: { changes: () => ApiCall[] }) => api.changes().filter((call) => call.path !== SUGGEST);

function server(answer?: (call: ApiCall) => ApiAnswer | undefined) {
  const api = fakeApi((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.path === SUGGEST) return { body: NO_RULE };
    if (call.method !== 'GET') return undefined;
    const bodies: Record<string, unknown> = {
      'companies/10/buyers': paged([BUYER]),
      'v2/buyers/5': BUYER_DETAIL,
      'companies/10/branches': paged([BRANCH]),
      'branches/100': BRANCH,
      'admin/sales_channel/': paged([]),
      'companies/10/users': paged([]),
      'companies/10/shipping_methods': paged([]),
      'companies/10/payment_methods': paged([]),
      'companies/10/warehouses': paged([WAREHOUSE]),
      'companies/10/products': paged([PRODUCT]),
      'products/21': PRODUCT,
      'quotations/31/available_offers': paged([]),
    };
    return call.path in bodies ? { body: bodies[call.path] } : undefined;
  });
  return { ...api, changes: () => writesOf(api) };
}

async function choose(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const totalsCard = () => within(screen.getByRole('region', { name: 'Totals' }));
const figure = (label: string) => totalsCard().getByLabelText(label).textContent;

function renderForm(shown: ReturnType<typeof quotation> | null = null, primary?: 'order' | 'quotation') {
  const onSaved = vi.fn();
  const onOrdered = vi.fn();
  renderWithProviders(
    <QuotationForm
      companyId={10}
      quotation={shown}
      onSaved={onSaved}
      onOrdered={onOrdered}
      onCancel={() => {}}
      primary={primary}
    />,
    { user: STAFF },
  );
  return { onSaved, onOrdered };
}

describe('QuotationForm shipping charge', () => {
  it('fills the shipping charge the rules suggest until the user types one', async () => {
    server((call) =>
      call.path === SUGGEST
        ? {
            body: {
              shipping_charge: 60,
              rule: { id: 1, name: 'Standard' },
              reason: 'Flat charge.',
              weight: 0,
            },
          }
        : undefined,
    );
    renderForm();
    await choose('Buyer', 'Acme Traders · 27AAACA1234A1Z5');
    await choose('Product 1', 'Ceiling Fan');
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity 1' }), { target: { value: '2' } });
    const shipping = screen.getByRole('textbox', { name: 'Shipping & Handling Charges' }) as HTMLInputElement;
    await waitFor(() => expect(shipping.value).toBe('60'));
    expect(screen.getByText('Suggested ₹60.00 by Standard: Flat charge.')).toBeTruthy();
    fireEvent.change(shipping, { target: { value: '25' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity 1' }), { target: { value: '3' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shipping.value).toBe('25');
  });
});

describe('QuotationForm shipping charge on a saved quotation', () => {
  it('keeps its own charge and offers the suggestion, applied by one click', async () => {
    server((call) =>
      call.path === SUGGEST
        ? {
            body: {
              shipping_charge: 60,
              rule: { id: 1, name: 'Standard' },
              reason: 'Flat charge.',
              weight: 0,
            },
          }
        : undefined,
    );
    renderForm(quotation());
    const apply = await screen.findByRole('button', { name: 'Apply suggestion' }, { timeout: 5000 });
    const shipping = screen.getByRole('textbox', { name: 'Shipping & Handling Charges' }) as HTMLInputElement;
    expect(shipping.value).toBe('');
    fireEvent.click(apply);
    await waitFor(() => expect(shipping.value).toBe('60'));
    expect(screen.queryByRole('button', { name: 'Apply suggestion' })).toBeNull();
    expect(screen.getByText('Suggested ₹60.00 by Standard: Flat charge.')).toBeTruthy();
  });
});

describe('QuotationForm', () => {
  it('shows live totals with CGST + SGST, then IGST for another state, and places the order', async () => {
    const api = server((call) => {
      if (call.method === 'POST' && call.path === 'admin/companies/10/generate_order') {
        return { status: 201, body: salesOrder() };
      }
      return undefined;
    });
    const { onOrdered } = renderForm();
    await choose('Buyer', 'Acme Traders · 27AAACA1234A1Z5');
    expect(await screen.findByText('GSTIN: 27AAACA1234A1Z5')).toBeTruthy();
    await choose('Branch', 'Main');
    await choose('Product 1', 'Ceiling Fan');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Rate 1' })).toHaveProperty('value', '118'),
    );
    expect(await screen.findByText('In stock: 10')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity 1' }), { target: { value: '2' } });

    await waitFor(() => expect(figure('CGST')).toBe('₹18.00'));
    expect(figure('SGST')).toBe('₹18.00');
    expect(figure('Taxable Value')).toBe('₹200.00');
    expect(figure('Total')).toBe('₹236.00');
    expect(screen.getByLabelText('Amount 1').textContent).toBe('₹236.00');

    await choose('Shipping Address', 'Shipping: 3 Far Road, Bengaluru, Karnataka 411001');
    await waitFor(() => expect(figure('IGST')).toBe('₹36.00'));
    expect(totalsCard().queryByLabelText('CGST')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(onOrdered).toHaveBeenCalledWith(expect.objectContaining({ id: 41 })));
    // Nothing saved before: one step, so a refused order leaves no draft quotation (issue 18).
    expect(api.changes().map((c) => c.path)).toEqual(['admin/companies/10/generate_order']);
    expect(api.changes()[0].body).toMatchObject({
      buyer: 5,
      branch: 100,
      billing_address: 51,
      shipping_address: SHIPPING_KA.id,
      payment_terms: 15,
      items: [{ product: 21, warehouse: 7, quantity: 2, rate: 118 }],
    });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Order created successfully' }),
    );
  });

  it('makes Create Quotation the primary action on New Quotation, Place Order on New Order', () => {
    server(() => undefined);
    renderForm(null, 'quotation');
    expect(screen.getByRole('button', { name: 'Create Quotation' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Place Order' }).getAttribute('type')).toBe('button');
    cleanup();
    renderForm();
    expect(screen.getByRole('button', { name: 'Place Order' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Create Quotation' }).getAttribute('type')).toBe('button');
  });

  it('puts the server’s field errors under the fields, lines included', async () => {
    server((call) =>
      call.method === 'POST' && call.path === 'admin/companies/10/edit_quotation/'
        ? {
            status: 400,
            body: {
              detail: 'Invalid input.',
              errors: {
                'items.0.quantity': ['Only 10 of Ceiling Fan can be ordered at once.'],
                shipping_address: ['This address is not one of the buyer’s addresses.'],
              },
            },
          }
        : undefined,
    );
    renderForm(quotation());
    fireEvent.click(await screen.findByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Only 10 of Ceiling Fan can be ordered at once.')).toBeTruthy();
    expect(screen.getByText('This address is not one of the buyer’s addresses.')).toBeTruthy();
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Failed to create Quotation', message: 'Invalid input.' }),
    );
  });

  it('applies a coupon on a saved quotation and shows an invalid one under the field', async () => {
    const api = server((call) => {
      if (call.method !== 'POST' || call.path !== 'admin/quotations/31/apply_coupon_code/') return undefined;
      const code = (call.body as { coupon_code: string }).coupon_code;
      return code === 'SAVE50'
        ? {
            body: quotation({
              coupon_code: 'SAVE50',
              totals: { ...quotation().totals, coupon_discount: 50 },
            }),
          }
        : {
            status: 400,
            body: { detail: 'Invalid coupon code', errors: { coupon_code: ['Invalid coupon code'] } },
          };
    });
    renderForm(quotation());
    const offers = within(await screen.findByRole('region', { name: 'Offers' }));
    fireEvent.change(offers.getByRole('textbox', { name: 'Coupon Code' }), { target: { value: 'nope' } });
    fireEvent.click(offers.getByRole('button', { name: 'Apply' }));
    expect(await offers.findByText('Invalid coupon code')).toBeTruthy();
    fireEvent.change(offers.getByRole('textbox', { name: 'Coupon Code' }), { target: { value: 'save50' } });
    fireEvent.click(offers.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Coupon Applied successfully' }),
      ),
    );
    expect(api.changes().map((c) => c.body)).toEqual([{ coupon_code: 'NOPE' }, { coupon_code: 'SAVE50' }]);
    // The applied coupon shows, and the live totals take its discount off.
    expect(await offers.findByText('SAVE50')).toBeTruthy();
    expect(offers.getByRole('button', { name: 'Remove Coupon' })).toBeTruthy();
    await waitFor(() => expect(figure('Coupon Discount')).toBe('− ₹50.00'));
    expect(figure('Total')).toBe('₹186.00');
  });
});
