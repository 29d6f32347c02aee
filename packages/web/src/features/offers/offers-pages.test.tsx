import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiAnswer, type ApiCall, fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { OfferForm } from './offer-form';
import type { Offer } from './offers.api';
import { OffersPage } from './offers-page';

const MAKER = withPermissions(['view_offer', 'view_cart_offer', 'add_offer', 'change_offer', 'view_reports']);
const VIEWER = withPermissions(['view_offer', 'view_cart_offer']);
const LIST = 'companies/10/offers';

function offer(id: number, overrides: Partial<Offer> = {}): Offer {
  return {
    id,
    kind: 'cart',
    title: `Diwali ${id}`,
    description: null,
    terms: null,
    buyer_groups: [],
    sales_channel: null,
    start_date: '2026-10-01',
    end_date: '2026-11-30',
    is_active: true,
    is_visible_to_customers: true,
    discount_type: 'percentage',
    discount_value: 10,
    max_discount: 150,
    min_order_value: 0,
    min_quantity: null,
    first_order_only: false,
    uses_per_buyer: null,
    total_uses_limit: 10,
    max_offer_amount_per_transaction: null,
    max_offer_amount_per_buyer: null,
    budget: null,
    reward_type: 'discount',
    cashpoint_min_discount: null,
    products: [],
    categories: [],
    brands: [],
    coupon_mode: 'shared',
    coupon_code: 'DIWALI10',
    coupon_length: null,
    coupon_prefix: null,
    coupon_suffix: null,
    codes_count: 1,
    uses: 3,
    buyers: 2,
    discount_given: 1234.5,
    cashpoints_given: 0,
    status: 'active',
    created_at: '2026-10-01T10:00:00Z',
    updated_at: '2026-10-01T10:00:00Z',
    ...overrides,
  };
}

function server(extra: (call: ApiCall) => ApiAnswer | undefined = () => undefined) {
  return fakeApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method !== 'GET') return undefined;
    if (call.path === LIST)
      return { body: paged([offer(2), offer(1, { status: 'expired', coupon_mode: 'none' })]) };
    if (call.path === 'companies/10/buyer_groups') return { body: paged([{ id: 3, name: 'Retailers' }]) };
    if (call.path === 'admin/sales_channel/') return { body: paged([]) };
    if (call.path === 'companies/10/categories') return { body: paged([]) };
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

describe('OffersPage', () => {
  it('lists the cart offers with coupon, status, validity, uses and discount given', async () => {
    const api = server();
    renderScreen(() => <OffersPage kind="cart" />, { user: MAKER });
    const row = (await screen.findByRole('link', { name: 'Diwali 2' }, { timeout: 5000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('DIWALI10')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('01/10/2026 – 30/11/2026')).toBeTruthy();
    expect(within(row).getByText('3 / 10')).toBeTruthy();
    expect(within(row).getByText('₹1,234.50')).toBeTruthy();
    const other = screen.getByRole('link', { name: 'Diwali 1' }).closest('tr') as HTMLElement;
    expect(within(other).getByText('Expired')).toBeTruthy();
    expect(within(other).getByText('Applies by itself')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Cart Offer' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === LIST)?.query.get('kind')).toBe('cart');
  });

  it('explains what a cart offer is when there is none, with no New for viewers', async () => {
    server((call) => (call.path === LIST ? { body: paged([]) } : undefined));
    renderScreen(() => <OffersPage kind="cart" />, { user: VIEWER });
    expect(await screen.findByText(/A cart offer takes a percentage/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Cart Offer' })).toBeNull();
  });
});

describe('OfferForm', () => {
  it('sends a new cart offer through offerCreate and puts the server’s field message on its field', async () => {
    const api = server((call) =>
      call.method === 'POST' && call.path === LIST
        ? {
            status: 400,
            body: { detail: 'Invalid', errors: { title: ['An offer with this title exists.'] } },
          }
        : undefined,
    );
    const saved = vi.fn();
    renderScreen(() => <OfferForm companyId={10} kind="cart" onSaved={saved} onCancel={() => undefined} />, {
      user: MAKER,
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Diwali' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Discount (%)' }), { target: { value: '10' } });
    // The live preview of the default ₹1,000 sample order: ₹100 off.
    const preview = screen.getByRole('region', { name: 'What a sample order would get' });
    await waitFor(() => expect(within(preview).getAllByText('₹100.00').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: 'Create Cart Offer' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]?.body).toMatchObject({
      kind: 'cart',
      title: 'Diwali',
      discount_type: 'percentage',
      discount_value: 10,
      coupon_mode: 'none',
      products: [],
    });
    expect(await screen.findByText('An offer with this title exists.')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
  });
});
