import { createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { ROUTE_TABLE } from './route-table';
import { routeTree } from './router';

const router = createRouter({ routeTree, context: { queryClient: createQueryClient() } });
const routes = Object.values(router.routesById);
const routeOf = (path: string) => routes.find((route) => route.fullPath === path && route.path !== undefined);

describe('the route tree built from the route table', () => {
  it('has one route per screen of the table, under the layout the table gives it', () => {
    for (const screen of ROUTE_TABLE) {
      const route = routeOf(screen.path);
      expect(route?.fullPath, screen.path).toBe(screen.path);
      expect(route?.parentRoute.id, screen.path).toBe(screen.navbar ? '/shell' : '/bare');
      expect(route?.options.beforeLoad, screen.path).toBeTypeOf('function');
    }
    // Besides the screens: the root, the two layouts and the three redirects ('/', '/home', '/auth').
    expect(routes).toHaveLength(ROUTE_TABLE.length + 6);
  });

  it('gives a detail screen the title and permission of its area', () => {
    const order = ROUTE_TABLE.find((screen) => screen.path === '/orders/$orderId');
    expect(order).toEqual({
      path: '/orders/$orderId',
      title: 'Sales Order',
      permission: 'view_order',
      navbar: true,
    });
    const ship = ROUTE_TABLE.find((screen) => screen.path === '/invoices/$invoiceId/ship');
    expect(ship).toMatchObject({ title: 'Shipments', permission: 'view_shipment' });
  });
});
