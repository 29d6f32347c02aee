import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../api/types';
import { renderWithProviders } from '../../test/render';
import { makeUser, withPermissions } from '../../test/users';
import { entriesThatFit, NavMenu } from './nav-menu';
import { menuItemsFor } from './use-menu-items';

function renderMenu(user: CurrentUser) {
  const rootRoute = createRootRoute({
    component: () => <NavMenu items={menuItemsFor(user)} onOpenPanel={() => {}} />,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('top-bar menu', () => {
  it('hides the whole Sales group from a user holding no sales permission (no view_order)', async () => {
    renderMenu(withPermissions(['view_dashboard', 'view_product', 'view_brand']));
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Products' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sales' })).toBeNull();
    expect(screen.queryByText('Sales Order')).toBeNull();
  });

  it('shows Sales for another sales permission but without the Sales Order entry', async () => {
    renderMenu(withPermissions(['view_dashboard', 'view_invoice', 'view_quotation']));
    fireEvent.click(await screen.findByRole('button', { name: 'Sales' }));
    expect(await screen.findByRole('menuitem', { name: 'Invoices' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Quotations' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Sales Order' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Shipments' })).toBeNull();
  });

  it('links the entries a user may open to their routes', async () => {
    renderMenu(withPermissions(['view_dashboard', 'view_seller']));
    expect((await screen.findByRole('link', { name: 'Sellers' })).getAttribute('href')).toBe('/sellers');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/home/overview');
  });

  it('shows everything but Marketing to a Company Admin of a company without marketing', async () => {
    renderMenu(makeUser({ role: { id: 1, display_name: 'Company Admin' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sales' }));
    expect(await screen.findByRole('menuitem', { name: 'Sales Order' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reports' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Marketing' })).toBeNull();
  });

  it('offers no entry of an area that is not built yet, and no group or panel left empty (issue 18)', async () => {
    renderMenu(makeUser({ role: { id: 1, display_name: 'Company Admin' } }));
    expect(await screen.findByRole('button', { name: 'Sales' })).toBeTruthy();
    // Business intelligence is built (issue 25): its panel entry is offered.
    expect(screen.getByRole('button', { name: 'Business Intelligence' })).toBeTruthy();
    // Purchase offers its built screens (Bills first); the group no longer hides.
    fireEvent.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByRole('menuitem', { name: 'Bills' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buyers' }));
    expect(await screen.findByRole('menuitem', { name: 'Buyer Groups' })).toBeTruthy();
    // Leads are built (issue 24): the Buyers group offers them.
    expect(await screen.findByRole('menuitem', { name: 'Leads' })).toBeTruthy();
  });
});

describe('entriesThatFit', () => {
  it('shows every entry when they fit, or before the bar is laid out', () => {
    expect(entriesThatFit([100, 100, 100], 300)).toBe(3);
    expect(entriesThatFit([100, 100, 100], 0)).toBe(3);
  });

  it('keeps room for More when some entries do not fit', () => {
    // 84 px for More: 84 + 100 + 100 = 284 <= 290, a third entry would not fit.
    expect(entriesThatFit([100, 100, 100], 290)).toBe(2);
    expect(entriesThatFit([100, 100, 100], 150)).toBe(0);
  });
});
