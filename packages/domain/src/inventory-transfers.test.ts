import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  applyReceipt,
  cancelEffect,
  fullReceipt,
  INVENTORY_TRANSFER_STATUS_OPTIONS,
  INVENTORY_TRANSFER_STATUSES,
  inTransitQuantity,
  inventoryTransferStatusLabel,
  isInventoryTransferStatus,
  outstandingQuantity,
  receiptProblems,
  refusalOf,
  statusAfterReceipt,
  stockMovementReasonLabel,
} from './inventory-transfers.ts';

const lines = [
  { id: 1, quantity: 5, received_quantity: 0 },
  { id: 2, quantity: 1.5, received_quantity: 0.5 },
];

describe('inventory transfer statuses', () => {
  it('has a label and colour for every status', () => {
    expect(INVENTORY_TRANSFER_STATUS_OPTIONS.map((o) => o.value)).toEqual([...INVENTORY_TRANSFER_STATUSES]);
    expect(inventoryTransferStatusLabel('in_transit')).toBe('In Transit');
    expect(inventoryTransferStatusLabel('partially_received')).toBe('Partially Received');
    expect(inventoryTransferStatusLabel('odd')).toBe('odd');
    expect(isInventoryTransferStatus('received')).toBe(true);
    expect(isInventoryTransferStatus('lost')).toBe(false);
  });
});

describe('the state machine', () => {
  it('allows edit, dispatch and cancel of a draft; receive and cancel in transit until anything arrived', () => {
    expect(allowedActions('draft')).toEqual(['edit', 'dispatch', 'cancel']);
    expect(allowedActions('in_transit', [{ received_quantity: 0 }])).toEqual(['receive', 'cancel']);
    expect(allowedActions('in_transit', [{ received_quantity: 1 }])).toEqual(['receive']);
    expect(allowedActions('partially_received', lines)).toEqual(['receive']);
    expect(allowedActions('received', lines)).toEqual([]);
    expect(allowedActions('cancelled')).toEqual([]);
  });

  it('says why an action is refused', () => {
    expect(refusalOf('dispatch', 'draft')).toBeNull();
    expect(refusalOf('dispatch', 'in_transit')).toBe('Only a draft transfer can be dispatched.');
    expect(refusalOf('edit', 'received')).toBe('Only a draft transfer can be edited.');
    expect(refusalOf('receive', 'draft')).toBe('Only a transfer in transit can be received.');
    expect(refusalOf('receive', 'cancelled')).toBe('Only a transfer in transit can be received.');
    expect(refusalOf('cancel', 'partially_received', lines)).toBe(
      'A transfer of which stock has been received cannot be cancelled.',
    );
    expect(refusalOf('cancel', 'received')).toBe(
      'A transfer of which stock has been received cannot be cancelled.',
    );
    expect(refusalOf('cancel', 'cancelled')).toBe('This transfer is already cancelled.');
    expect(refusalOf('cancel', 'in_transit', [{ received_quantity: 0 }])).toBeNull();
  });

  it('returns stock to the source only when cancelling a transfer in transit', () => {
    expect(cancelEffect('draft')).toBe('cancel');
    expect(cancelEffect('in_transit')).toBe('return_stock');
  });
});

describe('receipts', () => {
  it('computes what is outstanding and in transit without float dust', () => {
    expect(outstandingQuantity({ quantity: 0.3, received_quantity: 0.1 })).toBe(0.2);
    expect(outstandingQuantity({ quantity: 1, received_quantity: 1 })).toBe(0);
    expect(inTransitQuantity('in_transit', lines[1] as (typeof lines)[number])).toBe(1);
    expect(inTransitQuantity('draft', lines[0] as (typeof lines)[number])).toBe(0);
    expect(inTransitQuantity('cancelled', lines[0] as (typeof lines)[number])).toBe(0);
  });

  it('accepts receipts up to what is outstanding, in parts', () => {
    expect(receiptProblems(lines, [{ line: 1, quantity: 5 }])).toEqual([]);
    expect(receiptProblems(lines, [{ line: 2, quantity: 1 }])).toEqual([]);
    const after = applyReceipt(lines, [{ line: 1, quantity: 2 }]);
    expect(after.map((l) => l.received_quantity)).toEqual([2, 0.5]);
    expect(statusAfterReceipt(after)).toBe('partially_received');
    const done = applyReceipt(after, [
      { line: 1, quantity: 3 },
      { line: 2, quantity: 1 },
    ]);
    expect(statusAfterReceipt(done)).toBe('received');
  });

  it('refuses too much, unknown or repeated lines and non-positive quantities', () => {
    expect(
      receiptProblems(lines, [
        { line: 1, quantity: 6 },
        { line: 9, quantity: 1 },
        { line: 1, quantity: 1 },
        { line: 2, quantity: 0 },
      ]),
    ).toEqual([
      { index: 0, field: 'quantity', message: 'Cannot receive more than is in transit (5).' },
      { index: 1, field: 'line', message: 'This line is not part of the transfer.' },
      { index: 2, field: 'line', message: 'This line is already in the receipt.' },
      { index: 3, field: 'quantity', message: 'Quantity must be greater than zero.' },
    ]);
    expect(
      receiptProblems([{ id: 1, quantity: 2, received_quantity: 2 }], [{ line: 1, quantity: 1 }]),
    ).toEqual([
      { index: 0, field: 'quantity', message: 'Everything sent on this line has already been received.' },
    ]);
  });

  it('defaults the receive dialog to everything outstanding', () => {
    expect(fullReceipt(lines)).toEqual([
      { line: 1, quantity: 5 },
      { line: 2, quantity: 1 },
    ]);
    expect(fullReceipt([{ id: 1, quantity: 2, received_quantity: 2 }])).toEqual([]);
  });
});

describe('stock movement reason labels', () => {
  it('uses the spec labels for adjustments and readable ones for the rest', () => {
    expect(stockMovementReasonLabel('stock_damaged')).toBe('Stock damaged');
    expect(stockMovementReasonLabel('transfer_out')).toBe('Transfer dispatched');
    expect(stockMovementReasonLabel('transfer_in')).toBe('Transfer received');
    expect(stockMovementReasonLabel('opening_stock')).toBe('Opening stock');
    expect(stockMovementReasonLabel('sales_invoice')).toBe('Sales invoice');
    expect(stockMovementReasonLabel('opening')).toBe('Opening stock');
    expect(stockMovementReasonLabel('reserve')).toBe('Reserved for an order');
    expect(stockMovementReasonLabel('release')).toBe('Reservation released');
    expect(stockMovementReasonLabel('issue')).toBe('Issued against an order');
    expect(stockMovementReasonLabel('receive')).toBe('Stock received');
    expect(stockMovementReasonLabel('return')).toBe('Stock returned');
    expect(stockMovementReasonLabel('bulk_update')).toBe('Bulk stock update');
    expect(stockMovementReasonLabel('item_return')).toBe('Item return');
  });
});
