import { describe, expect, it } from 'vitest';
import { ACCOUNT_NATURES, accountNatureLabel, SYSTEM_ACCOUNT_CODES } from './accounts.ts';

describe('chart of accounts constants', () => {
  it('names the five natures with labels', () => {
    expect(ACCOUNT_NATURES.map((n) => n.value)).toEqual([
      'assets',
      'liabilities',
      'equity',
      'income',
      'expenses',
    ]);
    expect(accountNatureLabel('income')).toBe('Income');
    expect(accountNatureLabel('unknown')).toBe('unknown');
  });

  it('has unique upper-case system account codes', () => {
    expect(new Set(SYSTEM_ACCOUNT_CODES).size).toBe(SYSTEM_ACCOUNT_CODES.length);
    for (const code of SYSTEM_ACCOUNT_CODES) expect(code).toMatch(/^[A-Z]+(-[A-Z]+)*$/);
  });
});
