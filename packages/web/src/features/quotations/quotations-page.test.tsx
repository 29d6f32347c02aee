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
import { renderScreen, renderWithProviders } from '../../test/render';
import { withPermissions } from '../../test/users';
import { quotation } from '../sales-orders/sales-test-data';
import { QuotationDetailPage } from './quotation-detail-page';
import type { QuotationSummary } from './quotations.api';
import { QuotationsPage } from './quotations-page';

const STAFF = withPermissions(['view_quotation', 'add_quotation', 'change_quotation', 'delete_quotation']);

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const summary = (id: number, overrides: Partial<QuotationSummary> = {}): QuotationSummary => ({
  id,
  quotation_number: `QT-00${id}`,
  status: 'draft',
  purpose: 'new',
  date: '2025-04-02',
  buyer: { id: 5, name: 'Acme Traders' },
  total: 236,
  total_items: 1,
  order: null,
  created_at: '2025-04-02T10:00:00Z',
  ...overrides,
});

describe('QuotationsPage', () => {
  it('lists quotations with their status and order, and deletes a draft after asking', async () => {
    const api = fakeApi((call) => {
      if (call.method === 'GET' && call.path === 'admin/companies/10/quotations') {
        return {
          body: paged([
            summary(31),
            summary(32, { status: 'ordered', order: { id: 41, order_number: 'SO-0041' } }),
          ]),
        };
      }
      if (call.method === 'DELETE' && call.path === 'admin/quotations/31') return { status: 204 };
      return undefined;
    });
    renderScreen(() => <QuotationsPage />, { user: STAFF });
    expect(await screen.findByText('QT-0031')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Quotations' });
    expect(within(table).getByText('Draft')).toBeTruthy();
    expect(within(table).getByText('Ordered')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'SO-0041' })).toBeTruthy();
    // Only drafts can be deleted.
    expect(within(table).queryByRole('button', { name: 'Delete QT-0032' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Delete QT-0031' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Quotation deleted successfully' }),
      ),
    );
    expect(api.changes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE admin/quotations/31']);
  });

  it('names Quotations in the empty card, whose Add opens the quotation create page (issue 18)', async () => {
    fakeApi((call) =>
      call.method === 'GET' && call.path === 'admin/companies/10/quotations'
        ? { body: paged([]) }
        : undefined,
    );
    const { router } = renderScreen(() => <QuotationsPage />, { user: STAFF, path: '/quotations' });
    expect(await screen.findByText('Create a Quotation and boost your business')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quotations/new'));
  });
});

describe('QuotationDetailPage', () => {
  it('shows an ordered quotation read-only with a link to its order', async () => {
    fakeApi((call) =>
      call.path === 'admin/quotations/31'
        ? { body: quotation({ status: 'ordered', order: { id: 41, order_number: 'SO-0041' } }) }
        : undefined,
    );
    const rootRoute = createRootRoute({ component: () => <Outlet /> });
    const routeTree = rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/quotations/$quotationId',
        component: QuotationDetailPage,
      }),
    ]);
    const router = createRouter({
      routeTree,
      history: createMemoryHistory({ initialEntries: ['/quotations/31'] }),
    });
    renderWithProviders(<RouterProvider router={router} />, { user: STAFF });
    expect(await screen.findByRole('link', { name: 'SO-0041' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Quotation Items' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
