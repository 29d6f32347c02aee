import { describe, expect, it } from 'vitest';
import {
  allowedInvoiceActions,
  amountInWords,
  defaultInvoiceSeries,
  financialYearOf,
  formatDay,
  formatInvoiceNumber,
  INVOICE_MESSAGES,
  INVOICE_REFUSALS,
  INVOICE_SERIES_PATTERN,
  invoiceAmountDuePaise,
  invoicePaymentStatus,
  invoiceRefusal,
  invoiceStatusColor,
  invoiceStatusLabel,
  invoiceTransition,
  seriesDateRefusal,
} from './invoices.ts';

describe('invoice statuses', () => {
  it('has the spec labels', () => {
    expect(invoiceStatusLabel('generated')).toBe('Generated');
    expect(invoiceStatusLabel('ready_to_ship')).toBe('Ready to Ship');
    expect(invoiceStatusLabel('processed')).toBe('Processed');
    expect(invoiceStatusLabel('cancelled')).toBe('Cancelled');
    expect(invoiceStatusColor('cancelled')).toBe('red');
  });
});

describe('allowedInvoiceActions', () => {
  it('follows the status', () => {
    expect(allowedInvoiceActions({ status: 'generated' })).toEqual([
      'ready_to_ship',
      'process',
      'edit',
      'cancel',
    ]);
    expect(allowedInvoiceActions({ status: 'ready_to_ship' })).toEqual(['process', 'cancel']);
    expect(allowedInvoiceActions({ status: 'processed' })).toEqual([]);
    expect(allowedInvoiceActions({ status: 'cancelled' })).toEqual([]);
  });
});

describe('invoiceTransition', () => {
  it('moves to the action status', () => {
    expect(invoiceTransition({ status: 'generated' }, 'ready_to_ship')).toEqual({
      allowed: true,
      status: 'ready_to_ship',
    });
    expect(invoiceTransition({ status: 'ready_to_ship' }, 'process')).toEqual({
      allowed: true,
      status: 'processed',
    });
    expect(invoiceTransition({ status: 'generated' }, 'process')).toEqual({
      allowed: true,
      status: 'processed',
    });
    expect(invoiceTransition({ status: 'ready_to_ship' }, 'cancel')).toEqual({
      allowed: true,
      status: 'cancelled',
    });
    // Packed for dispatch: its quantities stay as they are.
    expect(invoiceTransition({ status: 'ready_to_ship' }, 'edit')).toEqual({
      allowed: false,
      reason: 'Only a generated invoice can be edited; this one is already ready to ship.',
    });
  });

  it('sends a processed invoice to a sales return instead of cancelling it', () => {
    expect(invoiceTransition({ status: 'processed' }, 'cancel')).toEqual({
      allowed: false,
      reason:
        'A processed invoice cannot be cancelled; its goods have shipped, so record a sales return instead.',
    });
  });

  it('says why other actions are refused', () => {
    expect(invoiceRefusal({ status: 'ready_to_ship' }, 'ready_to_ship')).toBe(
      INVOICE_REFUSALS.already_ready_to_ship,
    );
    expect(invoiceRefusal({ status: 'processed' }, 'ready_to_ship')).toBe(
      INVOICE_REFUSALS.ready_to_ship_processed,
    );
    expect(invoiceRefusal({ status: 'processed' }, 'process')).toBe(INVOICE_REFUSALS.already_processed);
    expect(invoiceRefusal({ status: 'processed' }, 'edit')).toBe(INVOICE_REFUSALS.edit_processed);
    expect(invoiceRefusal({ status: 'cancelled' }, 'cancel')).toBe(INVOICE_REFUSALS.already_cancelled);
    expect(invoiceRefusal({ status: 'cancelled' }, 'process')).toBe(INVOICE_REFUSALS.cancelled);
  });

  it('lets the documents downstream veto a cancel or an edit by their counted facts', () => {
    const none = {
      status: 'generated' as const,
      shipmentsHoldingGoods: 0,
      liveReturns: 0,
      liveCreditNotes: 0,
    };
    expect(invoiceRefusal(none, 'cancel')).toBeNull();
    expect(invoiceRefusal(none, 'edit')).toBeNull();
    expect(invoiceRefusal({ ...none, shipmentsHoldingGoods: 1 }, 'cancel')).toBe(INVOICE_REFUSALS.shipped);
    // An edit is not refused by shipments: it is kept from going below what shipped, line by line.
    expect(invoiceRefusal({ ...none, shipmentsHoldingGoods: 1 }, 'edit')).toBeNull();
    expect(invoiceRefusal({ ...none, liveReturns: 2 }, 'cancel')).toBe(INVOICE_REFUSALS.returned);
    expect(invoiceRefusal({ ...none, liveReturns: 2 }, 'edit')).toBe(INVOICE_REFUSALS.returned);
    expect(invoiceRefusal({ ...none, liveCreditNotes: 1 }, 'cancel')).toBe(INVOICE_REFUSALS.credited);
    expect(invoiceRefusal({ ...none, liveCreditNotes: 1 }, 'edit')).toBe(INVOICE_REFUSALS.credited);
    // Cancelled documents kept for the record still name the lines an edit would replace; a cancel keeps them.
    expect(invoiceRefusal({ ...none, linesReferenced: 2 }, 'edit')).toBe(INVOICE_REFUSALS.lines_referenced);
    expect(invoiceRefusal({ ...none, linesReferenced: 2 }, 'cancel')).toBeNull();
    // Shipments first, then returns, then credit notes: the first thing to undo is named.
    expect(
      invoiceRefusal(
        { status: 'ready_to_ship', shipmentsHoldingGoods: 1, liveReturns: 1, liveCreditNotes: 1 },
        'cancel',
      ),
    ).toBe(INVOICE_REFUSALS.shipped);
    expect(invoiceRefusal({ ...none, liveReturns: 1, liveCreditNotes: 1 }, 'cancel')).toBe(
      INVOICE_REFUSALS.returned,
    );
    // The status decides before the facts, and the facts never veto marking ready to ship.
    expect(invoiceRefusal({ ...none, status: 'processed', liveReturns: 1 }, 'cancel')).toBe(
      INVOICE_REFUSALS.cancel_processed,
    );
    expect(invoiceRefusal({ ...none, liveReturns: 1, liveCreditNotes: 1 }, 'ready_to_ship')).toBeNull();
  });
});

describe('INVOICE_MESSAGES', () => {
  it('holds the spec texts verbatim', () => {
    expect(INVOICE_MESSAGES.line_quantity).toBe(
      'Please ensure quantity is a valid input and is less than Invoiceable quantity.',
    );
    expect(INVOICE_MESSAGES.ready_to_ship).toBe('Status changed to Ready to Ship.');
    expect(INVOICE_MESSAGES.forbidden_create).toBe('You do not have permissions to create invoice.');
    expect(INVOICE_MESSAGES.not_found).toBe('Invoice Not Found');
  });
});

describe('financialYearOf', () => {
  it('runs from April to March', () => {
    const fy2627 = { label: '2026-27', code: '2627', start: '2026-04-01', end: '2027-03-31' };
    expect(financialYearOf('2026-11-21')).toEqual(fy2627);
    expect(financialYearOf('2026-04-01')).toEqual(fy2627);
    expect(financialYearOf('2027-03-31')).toEqual(fy2627);
    expect(financialYearOf('2026-03-31')).toEqual({
      label: '2025-26',
      code: '2526',
      start: '2025-04-01',
      end: '2026-03-31',
    });
    expect(financialYearOf('2099-05-01')).toMatchObject({ label: '2099-00', code: '9900' });
  });

  it('reads a moment as its day in India', () => {
    // 31 March 2027 20:00 UTC is already 1 April in India.
    expect(financialYearOf(new Date('2027-03-31T20:00:00Z')).code).toBe('2728');
  });

  it('refuses a non-date', () => {
    expect(() => financialYearOf('not a date')).toThrow(RangeError);
  });
});

describe('formatInvoiceNumber', () => {
  it('pads the sequence to five digits', () => {
    expect(formatInvoiceNumber('MUM', '2627', 1)).toBe('MUM/2627/00001');
    expect(formatInvoiceNumber('A', '2627', 12_345)).toBe('A/2627/12345');
    expect(formatInvoiceNumber('MHO2', '2627', 123_456)).toBe('MHO2/2627/123456');
  });

  it('refuses numbers above 16 characters and bad series', () => {
    expect(() => formatInvoiceNumber('MHO2', '2627', 1_234_567)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('mum', '2627', 1)).toThrow(
      'Invoice series must be 1 to 4 capital letters or digits.',
    );
    expect(() => formatInvoiceNumber('MUMBA', '2627', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('MUM', '26-27', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('MUM', '2627', 0)).toThrow(RangeError);
  });

  it('checks series with the pattern', () => {
    expect(INVOICE_SERIES_PATTERN.test('MH01')).toBe(true);
    expect(INVOICE_SERIES_PATTERN.test('')).toBe(false);
    expect(INVOICE_SERIES_PATTERN.test('M/1')).toBe(false);
  });
});

describe('defaultInvoiceSeries', () => {
  it('takes initials, or the first letters of a single word', () => {
    expect(defaultInvoiceSeries('Mumbai Head Office', new Set())).toBe('MHO');
    expect(defaultInvoiceSeries('Mumbai', new Set())).toBe('MUM');
    expect(defaultInvoiceSeries('Bengaluru - Whitefield Depot 2 Annex', new Set())).toBe('BWD2');
    expect(defaultInvoiceSeries('Café Pune', new Set())).toBe('CP');
    expect(defaultInvoiceSeries('मुंबई', new Set())).toBe('INV');
  });

  it('numbers the series when it is taken', () => {
    expect(defaultInvoiceSeries('Mumbai Head Office', new Set(['MHO']))).toBe('MHO2');
    expect(defaultInvoiceSeries('Mumbai Head Office', new Set(['mho', 'MHO2']))).toBe('MHO3');
    const upToNine = new Set(['MHO', ...Array.from({ length: 8 }, (_, i) => `MHO${i + 2}`)]);
    expect(defaultInvoiceSeries('Mumbai Head Office', upToNine)).toBe('MH10');
  });
});

describe('seriesDateRefusal', () => {
  const last = { number: 'MUM/2627/00068', date: '2026-11-26' };

  it('refuses a date before the last document of the series, saying the earliest date allowed', () => {
    expect(seriesDateRefusal({ date: '2026-04-01', last, backDatingAllowed: false })).toBe(
      'The invoice date cannot be before 26/11/2026, the date of the last invoice MUM/2627/00068.',
    );
    expect(
      seriesDateRefusal({
        date: '2026-11-25',
        last: { number: 'CN/2627/00003', date: '2026-11-26' },
        backDatingAllowed: false,
        documentName: 'credit note',
      }),
    ).toBe(
      'The credit note date cannot be before 26/11/2026, the date of the last credit note CN/2627/00003.',
    );
  });

  it('allows the same day or later, the first document, and back-dating when the company allows it', () => {
    expect(seriesDateRefusal({ date: '2026-11-26', last, backDatingAllowed: false })).toBeNull();
    expect(seriesDateRefusal({ date: '2026-12-01', last, backDatingAllowed: false })).toBeNull();
    expect(seriesDateRefusal({ date: '2026-04-01', last: null, backDatingAllowed: false })).toBeNull();
    expect(seriesDateRefusal({ date: '2026-04-01', last, backDatingAllowed: true })).toBeNull();
  });

  it('prints days as dd/mm/yyyy', () => {
    expect(formatDay('2027-03-31')).toBe('31/03/2027');
  });
});

describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [50, 'Rupees Zero and Fifty Paise Only'],
    [100, 'Rupees One Only'],
    [1_105, 'Rupees Eleven and Five Paise Only'],
    [2_000, 'Rupees Twenty Only'],
    [9_999, 'Rupees Ninety Nine and Ninety Nine Paise Only'],
    [10_000, 'Rupees One Hundred Only'],
    [10_100, 'Rupees One Hundred One Only'],
    [118_000, 'Rupees One Thousand One Hundred Eighty Only'],
    [1_500_000, 'Rupees Fifteen Thousand Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [12_345_600, 'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six Only'],
    [99_999_999, 'Rupees Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only'],
    [1_000_000_000, 'Rupees One Crore Only'],
    [
      1_234_567_890,
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only',
    ],
    [1_000_000_100, 'Rupees One Crore One Only'],
    [100_000_000_000, 'Rupees One Hundred Crore Only'],
    [10_000_000_000_000, 'Rupees Ten Thousand Crore Only'],
    [100_000_000_000_000, 'Rupees One Lakh Crore Only'],
    // 99,99,99,99,999.99 rupees
    [
      9_999_999_999_999,
      'Rupees Nine Thousand Nine Hundred Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only',
    ],
  ])('%i paise -> %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('refuses fractions of a paisa and negatives', () => {
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(-100)).toThrow(RangeError);
  });
});

describe('invoice settlement', () => {
  const invoice = {
    totalPaise: 11_800,
    paidPaise: 0,
    creditedPaise: 0,
    writtenOffPaise: 0,
    cancelled: false,
  };

  it('owes the total less money paid, credit applied and the write-off', () => {
    expect(invoiceAmountDuePaise(invoice)).toBe(11_800);
    expect(
      invoiceAmountDuePaise({ ...invoice, paidPaise: 5_000, creditedPaise: 1_800, writtenOffPaise: 1 }),
    ).toBe(4_999);
    expect(invoiceAmountDuePaise({ ...invoice, paidPaise: 5_000, cancelled: true })).toBe(0);
  });

  it('counts credit notes as settling the invoice', () => {
    expect(invoicePaymentStatus(invoice)).toBe('unpaid');
    expect(invoicePaymentStatus({ ...invoice, creditedPaise: 100 })).toBe('partially_paid');
    expect(invoicePaymentStatus({ ...invoice, paidPaise: 10_000, creditedPaise: 1_800 })).toBe('paid');
    expect(invoicePaymentStatus(invoice, 11_800)).toBe('pending');
    expect(invoicePaymentStatus({ ...invoice, cancelled: true })).toBe('cancelled');
  });
});
