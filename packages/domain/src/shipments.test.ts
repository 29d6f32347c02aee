import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createShipmentInput, shipmentUpdate } from './api/shipments.ts';
import {
  allowedShipmentTransitions,
  invoiceStatusAfterShipping,
  isTerminalShipmentStatus,
  SHIPMENT_MESSAGES,
  SHIPMENT_STATUS_OPTIONS,
  SHIPMENT_STATUS_VALUES,
  SHIPMENT_TRANSITIONS,
  type ShipmentStatus,
  shipmentHoldsGoods,
  shipmentRefusal,
  shipmentStatusColor,
  shipmentStatusLabel,
} from './shipments.ts';

describe('shipment statuses', () => {
  it('are the spec’s fifteen, with its colours', () => {
    expect(SHIPMENT_STATUS_VALUES).toHaveLength(15);
    const byColour = (colour: string) =>
      SHIPMENT_STATUS_OPTIONS.filter((o) => o.color === colour)
        .map((o) => o.value)
        .sort();
    expect(byColour('green')).toEqual(['rto_shipped', 'shipped']);
    expect(byColour('teal')).toEqual(['delivered', 'rto_delivered']);
    expect(byColour('yellow')).toEqual(['cancellation_requested', 'rto_initiated', 'rto_ndr', 'scheduled']);
    expect(byColour('red')).toEqual([
      'cancelled',
      'damaged',
      'disposed',
      'lost',
      'pickup_error',
      'undelivered',
    ]);
    expect(byColour('dark')).toEqual(['picked_up']);
    expect(shipmentStatusLabel('rto_ndr')).toBe('RTO NDR');
    expect(shipmentStatusColor('picked_up')).toBe('dark');
  });
});

describe('the transition table', () => {
  it('runs the forward path, cancellation and the return to origin', () => {
    const path = (...statuses: ShipmentStatus[]) =>
      statuses.slice(1).every((to, i) => shipmentRefusal(statuses[i], to) === null);
    expect(path('scheduled', 'picked_up', 'shipped', 'delivered')).toBe(true);
    expect(path('scheduled', 'cancellation_requested', 'cancelled')).toBe(true);
    expect(path('shipped', 'rto_initiated', 'rto_shipped', 'rto_delivered')).toBe(true);
    expect(path('shipped', 'undelivered', 'shipped', 'delivered')).toBe(true);
    expect(path('rto_shipped', 'rto_ndr', 'disposed')).toBe(true);
    expect(path('scheduled', 'pickup_error', 'scheduled')).toBe(true);
  });

  it('has terminal statuses that go nowhere', () => {
    const terminal = SHIPMENT_STATUS_VALUES.filter((s) => isTerminalShipmentStatus(s)).sort();
    expect(terminal).toEqual(['cancelled', 'delivered', 'disposed', 'lost', 'rto_delivered']);
    expect(shipmentRefusal('delivered', 'shipped')).toBe(
      'A shipment that is Delivered cannot change its status.',
    );
  });

  it('refuses with a sentence naming what is allowed', () => {
    expect(shipmentRefusal('scheduled', 'delivered')).toBe(
      'A shipment that is Scheduled cannot be marked Delivered; it can be marked Picked Up, Shipped, Pickup Error, Cancellation Requested, Cancelled.',
    );
    expect(shipmentRefusal('shipped', 'shipped')).toBe('This shipment is already Shipped.');
    expect(shipmentRefusal('shipped', 'flying')).toBe("'flying' is not a shipment status.");
    expect(shipmentRefusal('shipped', 'cancelled')).not.toBeNull();
  });

  it('reaches every status from scheduled, and every non-terminal status can still end', () => {
    const reachable = new Set<ShipmentStatus>(['scheduled']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const from of [...reachable])
        for (const to of SHIPMENT_TRANSITIONS[from])
          if (!reachable.has(to)) {
            reachable.add(to);
            grew = true;
          }
    }
    expect([...reachable].sort()).toEqual([...SHIPMENT_STATUS_VALUES].sort());
  });

  it('every reachable path obeys the table (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...SHIPMENT_STATUS_VALUES), { maxLength: 30 }), (attempts) => {
        let status: ShipmentStatus = 'scheduled';
        const visited: ShipmentStatus[] = [status];
        for (const to of attempts) {
          const refusal = shipmentRefusal(status, to);
          const allowed = allowedShipmentTransitions(status).includes(to);
          // A move is refused exactly when the table does not list it, always with a sentence.
          expect(refusal === null).toBe(allowed);
          if (refusal === null) {
            status = to;
            visited.push(to);
          }
        }
        for (let i = 1; i < visited.length; i += 1) {
          expect(SHIPMENT_TRANSITIONS[visited[i - 1]]).toContain(visited[i]);
          expect(isTerminalShipmentStatus(visited[i - 1])).toBe(false);
        }
      }),
    );
  });

  it('gives back goods only when cancelled or returned to origin', () => {
    const released = SHIPMENT_STATUS_VALUES.filter((s) => !shipmentHoldsGoods(s)).sort();
    expect(released).toEqual(['cancelled', 'rto_delivered']);
  });
});

describe('invoiceStatusAfterShipping', () => {
  const line = (quantity: number, shipped: number) => ({ quantity, shipped });

  it('processes a fully shipped invoice', () => {
    expect(invoiceStatusAfterShipping({ status: 'generated', lines: [line(2, 2), line(1.5, 1.5)] })).toBe(
      'processed',
    );
  });

  it('makes a partly shipped invoice ready to ship, and takes processed back when goods return', () => {
    expect(invoiceStatusAfterShipping({ status: 'generated', lines: [line(2, 1)] })).toBe('ready_to_ship');
    expect(invoiceStatusAfterShipping({ status: 'generated', lines: [line(2, 0)] })).toBe('generated');
    expect(invoiceStatusAfterShipping({ status: 'processed', lines: [line(2, 0)] })).toBe('ready_to_ship');
    expect(invoiceStatusAfterShipping({ status: 'cancelled', lines: [line(2, 2)] })).toBe('cancelled');
  });
});

describe('createShipmentInput', () => {
  it('accepts quantities as numbers or strings and refuses bad ones at their line', () => {
    expect(
      createShipmentInput.parse({ items: [{ invoice_item: 1, quantity: '1.5' }] }).items[0].quantity,
    ).toBe(1.5);
    const bad = createShipmentInput.safeParse({
      items: [
        { invoice_item: 1, quantity: 0 },
        { invoice_item: 2, quantity: 'x' },
        { invoice_item: 3, quantity: 1.2345 },
      ],
    });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual([
      ['items.0.quantity', SHIPMENT_MESSAGES.quantity],
      ['items.1.quantity', SHIPMENT_MESSAGES.quantity],
      ['items.2.quantity', SHIPMENT_MESSAGES.quantity],
    ]);
    expect(createShipmentInput.safeParse({ items: [] }).error?.issues[0].message).toBe(
      SHIPMENT_MESSAGES.items_required,
    );
  });

  it('checks the tracking link', () => {
    expect(shipmentUpdate.safeParse({ tracking_link: 'not a link' }).success).toBe(false);
    expect(shipmentUpdate.parse({ tracking_link: 'https://track.example.in/AB123' }).tracking_link).toBe(
      'https://track.example.in/AB123',
    );
    expect(shipmentUpdate.parse({ tracking_number: '' }).tracking_number).toBeNull();
  });
});
