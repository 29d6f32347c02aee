import { describe, expect, it } from 'vitest';
import {
  normaliseSerialNumber,
  parseSerialNumberText,
  repeatedAcrossLines,
  repeatedSerialNumber,
  serialCountLabel,
  serialLineProblem,
  serialNumberProblem,
} from './serial-numbers.ts';

const printer = { productName: 'Laser Printer', tracksSerialNumbers: true };

describe('normalising serial numbers', () => {
  it('trims and upper-cases, so a serial typed in any case is the same unit', () => {
    expect(normaliseSerialNumber('  sn-123 ')).toBe('SN-123');
    expect(normaliseSerialNumber('Ab/9.x_1')).toBe('AB/9.X_1');
  });

  it('reads a textarea one a line (or comma separated), dropping blanks', () => {
    expect(parseSerialNumberText('sn1\n\n  SN2 ,sn3;\n')).toEqual(['SN1', 'SN2', 'SN3']);
    expect(parseSerialNumberText('   \n')).toEqual([]);
  });

  it('refuses empty, spaced, symbol-laden and over-long serials with a sentence', () => {
    expect(serialNumberProblem('SN-1')).toBeNull();
    expect(serialNumberProblem('  ')).toBe('A serial number cannot be empty.');
    expect(serialNumberProblem('SN 1')).toMatch(/^Serial number SN 1 may hold only letters/);
    expect(serialNumberProblem('SN#1')).toMatch(/may hold only letters, digits/);
    expect(serialNumberProblem('-SN1')).not.toBeNull();
    expect(serialNumberProblem('A'.repeat(50))).toBeNull();
    expect(serialNumberProblem('A'.repeat(51))).not.toBeNull();
  });
});

describe('a line of a tracked product', () => {
  it('needs one serial per unit', () => {
    expect(serialLineProblem({ ...printer, quantity: 2, serialNumbers: ['A1', 'A2'] })).toBeNull();
    expect(serialLineProblem({ ...printer, quantity: 3, serialNumbers: ['A1', 'A2'] })).toBe(
      'Enter 3 serial numbers for Laser Printer: one for each unit.',
    );
    expect(serialLineProblem({ ...printer, quantity: 1 })).toBe(
      'Enter 1 serial number for Laser Printer: one for each unit.',
    );
  });

  it('counts units of a negative adjustment by their size', () => {
    expect(serialLineProblem({ ...printer, quantity: -2, serialNumbers: ['A1', 'A2'] })).toBeNull();
  });

  it('refuses a fractional quantity before counting', () => {
    expect(serialLineProblem({ ...printer, quantity: 1.5, serialNumbers: ['A1'] })).toBe(
      'Laser Printer tracks serial numbers: enter a whole number of units (one serial number each).',
    );
  });

  it('refuses a serial entered twice, however it is cased', () => {
    expect(serialLineProblem({ ...printer, quantity: 2, serialNumbers: ['sn123', ' SN123'] })).toBe(
      'Serial number SN123 is entered twice.',
    );
    expect(repeatedSerialNumber(['a', 'b', 'A'])).toBe('A');
    expect(repeatedSerialNumber(['a', 'b'])).toBeNull();
  });

  it('refuses serials on a product that does not track them, and asks none of it', () => {
    const cable = { productName: 'Cable', tracksSerialNumbers: false };
    expect(serialLineProblem({ ...cable, quantity: 1.5 })).toBeNull();
    expect(serialLineProblem({ ...cable, quantity: 1, serialNumbers: ['X'] })).toBe(
      'Cable does not track serial numbers: remove its serial numbers.',
    );
  });
});

describe('serials across the lines of one document', () => {
  it('finds the same product serial on two lines, and allows it for different products', () => {
    expect(
      repeatedAcrossLines([
        { productId: 1, serialNumbers: ['A1'] },
        { productId: 2, serialNumbers: ['A1'] },
      ]),
    ).toBeNull();
    expect(
      repeatedAcrossLines([
        { productId: 1, serialNumbers: ['A1'] },
        { productId: 2, serialNumbers: ['B1'] },
        { productId: 1, serialNumbers: ['a1'] },
      ]),
    ).toEqual({ index: 2, message: 'Serial number A1 is entered twice.' });
  });

  it('says how many are chosen of the units', () => {
    expect(serialCountLabel(1, 3)).toBe('1 of 3 serial numbers');
  });
});
