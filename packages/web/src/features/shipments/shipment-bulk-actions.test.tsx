import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { withPermissions } from '../../test/users';
import { bulkConfirmMessage, bulkStatusChoices } from './shipment-bulk-actions';
import type { ShipmentSummary } from './shipments.api';
import { ShipmentsPage } from './shipments-page';

const LIST = 'admin/companies/10/shipments';
const CHANGER = withPermissions(['view_shipment', 'change_shipment']);
const VIEWER = withPermissions(['view_shipment']);

const summary = (id: number, status: ShipmentSummary['status']): ShipmentSummary => ({
  id,
  shipment_number: `SHP/2526/0000${id}`,
  shipment_date: '2025-06-10',
  status,
  direction: 'outgoing',
  carrier: 'self_delivery',
  carrier_name: null,
  tracking_number: null,
  tracking_link: null,
  shipping_method: null,
  expected_delivery_date: null,
  delivered_at: null,
  invoice: { id: 7, invoice_number: 'BLR/2526/00001' },
  order: { id: 52, order_number: 'SO-2' },
  buyer: { id: 3, name: 'Mehta Kitchen World' },
  seller_branch: { id: 100, name: 'Bengaluru' },
  total_items: 1,
  total_quantity: 2,
  created_at: '2025-06-10T10:00:00Z',
});

const REFUSAL =
  'A shipment that is Scheduled cannot be marked Delivered; it can be marked Picked Up, Shipped, Pickup Error, Cancellation Requested, Cancelled.';

function server() {
  return fakeApi((call) => {
    if (call.path === LIST) {
      return { body: paged([summary(3, 'shipped'), summary(2, 'scheduled'), summary(1, 'delivered')]) };
    }
    if (call.path === `${LIST}/bulk_status`) {
      const { status } = call.body as { status: string };
      return status === 'delivered'
        ? {
            body: {
              detail: '1 shipment changed, 1 refused.',
              changed: [{ id: 3, number: 'SHP/2526/00003' }],
              refused: [{ id: 2, number: 'SHP/2526/00002', reason: REFUSAL }],
            },
          }
        : {
            body: {
              detail: '1 shipment changed.',
              changed: [{ id: 2, number: 'SHP/2526/00002' }],
              refused: [],
            },
          };
    }
    return { body: paged([]) };
  });
}

async function selectRows(...numbers: string[]) {
  // The loading table is another element: find the rows first.
  await screen.findByText(numbers[0], undefined, { timeout: 5000 });
  const table = screen.getByRole('table', { name: 'Shipments' });
  for (const number of numbers) {
    const row = within(table).getByText(number).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox', { name: 'Select row' }));
  }
  return screen.getByRole('region', { name: 'Bulk actions' });
}

describe('bulk status choices', () => {
  it('offers every status one selected shipment may move to, in the domain’s order', () => {
    expect(bulkStatusChoices([{ status: 'delivered' }])).toEqual([]);
    expect(
      bulkStatusChoices([{ status: 'shipped' }, { status: 'scheduled' }, { status: 'shipped' }]),
    ).toEqual([
      'picked_up',
      'shipped',
      'delivered',
      'cancellation_requested',
      'cancelled',
      'rto_initiated',
      'lost',
      'damaged',
      'undelivered',
      'pickup_error',
    ]);
  });

  it('asks about the moves that cannot be undone, counting the ones left alone', () => {
    expect(bulkConfirmMessage('delivered', [{ status: 'shipped' }, { status: 'scheduled' }])).toBe(
      'Mark 1 shipment as Delivered? This cannot be undone. 1 shipment of the selection cannot be marked Delivered and will be left as they are.',
    );
    expect(bulkConfirmMessage('cancelled', [{ status: 'scheduled' }, { status: 'pickup_error' }])).toBe(
      'Cancel 2 shipments? Their quantities can be shipped again.',
    );
  });
});

describe('ShipmentBulkActions on the shipment list', () => {
  let createObjectURL: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockReturnValue('toast');
    createObjectURL = vi.fn(() => 'blob:shipments');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('marks the selected shipments delivered after a confirmation and toasts the refused ones', async () => {
    const api = server();
    renderScreen(() => <ShipmentsPage />, { user: CHANGER });
    const bar = await selectRows('SHP/2526/00003', 'SHP/2526/00002');
    fireEvent.click(within(bar).getByRole('button', { name: 'Mark as …' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark Delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Delivered' });
    expect(within(dialog).getByText(/Mark 1 shipment as Delivered\? This cannot be undone\./)).toBeTruthy();
    expect(api.changes()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Delivered' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: '1 shipment changed, 1 refused.',
          message: `SHP/2526/00002: ${REFUSAL}`,
          color: 'yellow',
        }),
      ),
    );
    const sent = api.calls.find((c) => c.path === `${LIST}/bulk_status`);
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({ ids: [3, 2], status: 'delivered' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
  });

  it('applies a move that can be undone at once', async () => {
    const api = server();
    renderScreen(() => <ShipmentsPage />, { user: CHANGER });
    const bar = await selectRows('SHP/2526/00002');
    fireEvent.click(within(bar).getByRole('button', { name: 'Mark as …' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark Picked Up' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: '1 shipment changed.', color: 'teal' }),
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.changes().map((c) => c.body)).toEqual([{ ids: [2], status: 'picked_up' }]);
  });

  it('lets a viewer export the selected rows but not change them', async () => {
    const api = server();
    renderScreen(() => <ShipmentsPage />, { user: VIEWER });
    const bar = await selectRows('SHP/2526/00001', 'SHP/2526/00003');
    expect(within(bar).queryByRole('button', { name: 'Mark as …' })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Export selected' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await blob.text();
    expect(text).toContain('SHP/2526/00001');
    expect(text).toContain('SHP/2526/00003');
    expect(text).not.toContain('SHP/2526/00002');
    expect(api.changes()).toHaveLength(0);
  });
});
