import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ACTIVE_STATUSES,
  activeStatus,
  BULK_JOB_STATUSES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  CASHPOINT_TRANSACTION_TYPES,
  humanizeValue,
  INVENTORY_ADJUSTMENT_REASONS,
  INVOICE_PAYMENT_STATUSES,
  LEAD_STATUSES,
  MESSAGE_DELIVERY_STATUSES,
  NOTIFICATION_TYPES,
  ORDER_STATUSES,
  RUN_STATUSES,
  SHIPMENT_STATUSES,
  type StatusOption,
  statusColor,
  statusLabel,
  statusOption,
  statusValues,
} from './statuses.ts';

const MANTINE_COLORS = [
  'dark',
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
];

function labels(list: readonly StatusOption[]): Record<string, string> {
  return Object.fromEntries(list.map((o) => [o.value, o.label]));
}

function colors(list: readonly StatusOption[]): Record<string, string> {
  return Object.fromEntries(list.map((o) => [o.value, o.color]));
}

describe('status lists', () => {
  it('use Mantine colour names and unique values', () => {
    const lists = [
      INVOICE_PAYMENT_STATUSES,
      ORDER_STATUSES,
      SHIPMENT_STATUSES,
      LEAD_STATUSES,
      CAMPAIGN_STATUSES,
      CAMPAIGN_TYPES,
      RUN_STATUSES,
      BULK_JOB_STATUSES,
      CASHPOINT_TRANSACTION_TYPES,
      INVENTORY_ADJUSTMENT_REASONS,
      NOTIFICATION_TYPES,
      ACTIVE_STATUSES,
      MESSAGE_DELIVERY_STATUSES,
    ];
    for (const list of lists) {
      const values = list.map((o) => o.value);
      expect(new Set(values).size).toBe(values.length);
      for (const option of list) expect(MANTINE_COLORS, option.value).toContain(option.color);
    }
  });

  it('invoice payment statuses', () => {
    expect(labels(INVOICE_PAYMENT_STATUSES)).toEqual({
      paid: 'Paid',
      pending: 'Pending',
      unpaid: 'Unpaid',
      partially_paid: 'Partially Paid',
      cancelled: 'Cancelled',
    });
    expect(statusColor(INVOICE_PAYMENT_STATUSES, 'paid')).toBe('green');
  });

  it('order statuses: cancelled and on hold red, complete green', () => {
    expect(ORDER_STATUSES.map((o) => o.value).sort()).toEqual(
      [
        'cancelled',
        'complete',
        'confirmed',
        'draft',
        'has_new_version',
        'new',
        'on_hold',
        'processing',
      ].sort(),
    );
    expect(statusLabel(ORDER_STATUSES, 'on_hold')).toBe('On Hold');
    expect(statusColor(ORDER_STATUSES, 'cancelled')).toBe('red');
    expect(statusColor(ORDER_STATUSES, 'on_hold')).toBe('red');
    expect(statusColor(ORDER_STATUSES, 'complete')).toBe('green');
  });

  it('shipment statuses: the fifteen with the spec colours', () => {
    expect(SHIPMENT_STATUSES).toHaveLength(15);
    expect(colors(SHIPMENT_STATUSES)).toEqual({
      scheduled: 'yellow',
      picked_up: 'dark',
      shipped: 'green',
      delivered: 'teal',
      cancellation_requested: 'yellow',
      cancelled: 'red',
      rto_initiated: 'yellow',
      rto_shipped: 'green',
      rto_delivered: 'teal',
      lost: 'red',
      damaged: 'red',
      undelivered: 'red',
      pickup_error: 'red',
      disposed: 'red',
      rto_ndr: 'yellow',
    });
    expect(statusLabel(SHIPMENT_STATUSES, 'rto_ndr')).toBe('RTO NDR');
  });

  it('lead statuses', () => {
    expect(LEAD_STATUSES.map((o) => o.value)).toEqual([
      'new',
      'contacted',
      'need_follow_up',
      'interested',
      'product_demo_needed',
      'not_interested',
      'converted',
    ]);
  });

  it('campaign statuses show Processed for completed', () => {
    expect(statusLabel(CAMPAIGN_STATUSES, 'completed')).toBe('Processed');
    expect(statusLabel(CAMPAIGN_STATUSES, 'draft')).toBe('Draft');
    expect(CAMPAIGN_TYPES).toHaveLength(7);
    expect(statusLabel(CAMPAIGN_TYPES, 'cashpoints_expiring')).toBe('Cashpoints Expiring');
    expect(RUN_STATUSES.map((o) => o.value)).toEqual(['running', 'paused', 'finished', 'failed', 'aborted']);
  });

  it('bulk job statuses keep the stored misspelling', () => {
    expect(labels(BULK_JOB_STATUSES)).toEqual({
      in_process: 'In Process',
      to_be_processed: 'To be Processed',
      validation_error: 'Validation Error',
      abundanded_due_to_deadlock: 'Abandoned Due to Deadlock',
      success: 'Processed',
      partial_success: 'Partial Success',
    });
  });

  it('cashpoint transaction types', () => {
    expect(colors(CASHPOINT_TRANSACTION_TYPES)).toEqual({
      credited: 'green',
      debited: 'red',
      redeemed: 'red',
      expired: 'gray',
    });
  });

  it('inventory adjustment reasons with the exact labels', () => {
    expect(labels(INVENTORY_ADJUSTMENT_REASONS)).toEqual({
      stock_on_fire: 'Stock on fire',
      stock_damaged: 'Stock damaged',
      stock_outdated: 'Stock outdated',
      stock_stolen: 'Stock stolen',
      stock_lost: 'Stock lost',
      extra_inventory_found: 'Extra inventory found',
      inventory_repaired: 'Inventory Repaired',
      item_return: 'Item return',
    });
  });

  it('notification types', () => {
    expect(NOTIFICATION_TYPES.map((o) => [o.label, o.color])).toEqual([
      ['Info', 'green'],
      ['Warning', 'yellow'],
      ['Error', 'red'],
    ]);
    expect(statusLabel(NOTIFICATION_TYPES, 'WARNING')).toBe('Warning');
  });

  it('active statuses', () => {
    expect(activeStatus(true)).toEqual({ value: 'active', label: 'Active', color: 'green' });
    expect(activeStatus(false).label).toBe('Inactive');
  });
});

describe('helpers', () => {
  it('statusOption matches exactly, then ignoring case', () => {
    expect(statusOption(MESSAGE_DELIVERY_STATUSES, 'SUCCESSFUL')?.label).toBe('Successful');
    expect(statusOption(MESSAGE_DELIVERY_STATUSES, 'failure')?.color).toBe('red');
    expect(statusOption(INVOICE_PAYMENT_STATUSES, 'PAID')?.value).toBe('paid');
    expect(statusOption(INVOICE_PAYMENT_STATUSES, 'refunded')).toBeUndefined();
    expect(statusOption(INVOICE_PAYMENT_STATUSES, null)).toBeUndefined();
  });

  it('statusLabel falls back to a humanised value, N/A when empty', () => {
    expect(statusLabel(INVOICE_PAYMENT_STATUSES, 'partially_refunded')).toBe('Partially Refunded');
    expect(statusLabel(ORDER_STATUSES, null)).toBe('N/A');
    expect(statusLabel(ORDER_STATUSES, '')).toBe('N/A');
    expect(humanizeValue('rto-ndr case')).toBe('Rto Ndr Case');
  });

  it('statusColor falls back to gray', () => {
    expect(statusColor(ORDER_STATUSES, 'unknown')).toBe('gray');
    expect(statusColor(ORDER_STATUSES, undefined)).toBe('gray');
  });

  it('statusValues feeds z.enum', () => {
    const schema = z.enum(statusValues(INVOICE_PAYMENT_STATUSES));
    expect(schema.parse('partially_paid')).toBe('partially_paid');
    expect(schema.safeParse('refunded').success).toBe(false);
  });
});
