import { describe, expect, it } from 'vitest';
import {
  BULK_INVENTORY_MAX_ROWS,
  BULK_MESSAGES,
  parseBulkNumber,
  parseCsv,
  readBulkFile,
} from './bulk-inventory.ts';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, a BOM, CRLF and line breaks inside quotes', () => {
    const text = '\uFEFFsku,notes\r\n"A,1","say ""hi"""\r\n"B","two\r\nlines"\r\nC,\r\n';
    expect(parseCsv(text)).toEqual([
      { row: 1, fields: ['sku', 'notes'] },
      { row: 2, fields: ['A,1', 'say "hi"'] },
      { row: 3, fields: ['B', 'two\r\nlines'] },
      { row: 5, fields: ['C', ''] },
    ]);
  });

  it('accepts LF and CR line ends, skips blank lines but keeps row numbers, and needs no final newline', () => {
    expect(parseCsv('a,b\n\n1,2\r3,4')).toEqual([
      { row: 1, fields: ['a', 'b'] },
      { row: 3, fields: ['1', '2'] },
      { row: 4, fields: ['3', '4'] },
    ]);
  });

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('a\n"open')).toThrow(BULK_MESSAGES.unterminated_quote);
  });
});

describe('parseBulkNumber', () => {
  it.each([
    ['12', false, 12],
    ['-2.5', false, -2.5],
    ['+3', false, 3],
    ['1,20,000.5', false, 120000.5],
    ['120.000 Nos', true, 120],
    ['120 Nos', false, null],
    ['abc', false, null],
    ['1,,2', false, null],
    ['', false, null],
  ])('%s (unit %s) is %s', (raw, unit, expected) => {
    expect(parseBulkNumber(raw, unit)).toBe(expected);
  });
});

describe('readBulkFile', () => {
  it('reads an adjustment file with headers in any case and reasons by value or label', () => {
    const { rows, errors } = readBulkFile(
      'adjustment',
      'SKU,Quantity,Reason,Notes,extra\nA,-2,stock_damaged,broken,x\nB,5,Extra inventory found,,\n,,,,\n',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, key: 'A', quantity: -2, reason: 'stock_damaged', notes: 'broken' },
      { row: 3, key: 'B', quantity: 5, reason: 'extra_inventory_found' },
    ]);
  });

  it('reports every bad row with its number and column', () => {
    const { errors } = readBulkFile(
      'adjustment',
      'sku,quantity,reason\nA,2,stock_damaged\n,x,nonsense\nB,0,item_return\nC,1.2345,item_return\nA,-1,stock_damaged\n',
    );
    expect(errors).toEqual([
      {
        row: 2,
        column: 'quantity',
        message: 'Stock damaged only takes stock out: the quantity must be negative.',
      },
      { row: 3, column: 'sku', message: BULK_MESSAGES.required },
      { row: 3, column: 'quantity', message: BULK_MESSAGES.number },
      { row: 3, column: 'reason', message: BULK_MESSAGES.reason },
      { row: 4, column: 'quantity', message: BULK_MESSAGES.zero },
      { row: 5, column: 'quantity', message: BULK_MESSAGES.decimals },
      { row: 6, column: 'sku', message: BULK_MESSAGES.repeated_reason },
    ]);
  });

  it('names a missing column, an empty file and too many rows', () => {
    expect(readBulkFile('update', 'sku,qty\nA,1\n').errors).toEqual([
      { row: 1, column: 'stock', message: "The column 'stock' is missing." },
    ]);
    expect(readBulkFile('update', 'sku,stock\n').errors[0].message).toBe(BULK_MESSAGES.empty);
    expect(readBulkFile('update', '').errors[0].message).toBe(BULK_MESSAGES.empty);
    const big = `sku,stock\n${Array.from({ length: BULK_INVENTORY_MAX_ROWS + 1 }, (_, i) => `S${i},1`).join('\n')}`;
    expect(readBulkFile('update', big).errors[0].message).toBe(BULK_MESSAGES.too_many_rows);
  });

  it('set stock refuses negative stock and a repeated SKU; zero is allowed', () => {
    const { rows, errors } = readBulkFile('update', 'sku,stock\nA,0\nB,-1\na,3\n');
    expect(rows).toEqual([{ row: 2, key: 'A', quantity: 0 }]);
    expect(errors).toEqual([
      { row: 3, column: 'stock', message: BULK_MESSAGES.negative_stock },
      { row: 4, column: 'sku', message: BULK_MESSAGES.repeated },
    ]);
  });

  it("reads Tally's stock summary columns with units", () => {
    const { rows, errors } = readBulkFile(
      'tally',
      'Name of Item,Quantity,Rate\nBlue  Pen,"1,200.000 Nos",5\n',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([{ row: 2, key: 'Blue  Pen', quantity: 1200 }]);
  });

  it("skips the Tally export's Grand Total line, and only for Tally files", () => {
    const tally = readBulkFile('tally', 'Name of Item,Quantity\nBlue Pen,5 Nos\nGrand  Total,"1,205 Nos"\n');
    expect(tally.errors).toEqual([]);
    expect(tally.rows).toEqual([{ row: 2, key: 'Blue Pen', quantity: 5 }]);
    const update = readBulkFile('update', 'sku,stock\nGrand Total,5\n');
    expect(update.rows).toEqual([{ row: 2, key: 'Grand Total', quantity: 5 }]);
  });

  it('reads batch columns: a batch with its dates coming in, only the batch going out', () => {
    const file = readBulkFile(
      'adjustment',
      'sku,quantity,reason,batch_number,manufactured_on,expires_on\n' +
        'A,5,extra_inventory_found,B-1,2026-01-10,2027-01-10\n' +
        'A,3,extra_inventory_found,B-2,,\n' +
        'A,-2,stock_damaged,B-1,2026-13-01,\n' +
        'A,-1,stock_damaged,,,\n',
    );
    expect(file.errors).toEqual([]);
    expect(file.rows).toEqual([
      {
        row: 2,
        key: 'A',
        quantity: 5,
        reason: 'extra_inventory_found',
        batch_number: 'B-1',
        manufactured_on: '2026-01-10',
        expires_on: '2027-01-10',
      },
      { row: 3, key: 'A', quantity: 3, reason: 'extra_inventory_found', batch_number: 'B-2' },
      { row: 4, key: 'A', quantity: -2, reason: 'stock_damaged', batch_number: 'B-1' },
      { row: 5, key: 'A', quantity: -1, reason: 'stock_damaged' },
    ]);
    const bad = readBulkFile(
      'adjustment',
      'sku,quantity,reason,batch_number,manufactured_on,expires_on\n' +
        'A,5,extra_inventory_found,B-1,2026-02-30,\n' +
        'A,5,extra_inventory_found,,,2027-01-01\n' +
        'A,5,item_return,B-9,2026-05-01,2026-04-01\n' +
        'A,1,item_return,B-9,,\n',
    );
    expect(bad.errors).toEqual([
      { row: 2, column: 'manufactured_on', message: 'Please enter a valid manufacturing date (YYYY-MM-DD).' },
      { row: 3, column: 'batch_number', message: 'Enter a batch number for these dates.' },
      { row: 4, column: 'expires_on', message: 'The expiry date cannot be before the manufacturing date.' },
      { row: 5, column: 'sku', message: BULK_MESSAGES.repeated_reason },
    ]);
  });
});
