import { describe, expect, it } from 'vitest';
import { formatReportCell, isNumeric } from './report-cell';

describe('formatReportCell', () => {
  it('writes each column type the way the screens write it', () => {
    expect(formatReportCell('money', 1234567.5)).toBe('₹12,34,567.50');
    expect(formatReportCell('integer', 1234567)).toBe('12,34,567');
    expect(formatReportCell('percent', 12.5)).toBe('12.50%');
    expect(formatReportCell('date', '2026-11-29')).toBe('29/11/2026');
    expect(formatReportCell('datetime', '2026-11-29 23:37')).toBe('29/11/2026, 23:37');
    expect(formatReportCell('text', null)).toBe('—');
  });

  it('lines numbers up on the right, and only numbers', () => {
    expect(isNumeric('money')).toBe(true);
    expect(isNumeric('quantity')).toBe(true);
    for (const type of ['text', 'date', 'month', 'datetime', 'status'] as const)
      expect(isNumeric(type)).toBe(false);
  });
});
