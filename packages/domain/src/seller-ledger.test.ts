import { describe, expect, it } from 'vitest';
import {
  runningBalances,
  SELLER_LEDGER_ENTRY_KIND_VALUES,
  sellerBalanceSide,
  sellerLedgerKindLabel,
  sellerLedgerQuery,
  sellerLedgerSide,
  sellerStatementQuery,
} from './seller-ledger.ts';

describe('runningBalances', () => {
  it('adds credits (bills) and takes off debits (payments, TDS, contra) from the opening', () => {
    const bill = { debitPaise: 0, creditPaise: 1_180_000 };
    const payment = { debitPaise: 1_170_000, creditPaise: 0 };
    const tds = { debitPaise: 10_000, creditPaise: 0 };
    const result = runningBalances(50_000, [bill, payment, tds]);
    expect(result.balances).toEqual([1_230_000, 60_000, 50_000]);
    expect(result.closingPaise).toBe(50_000);
    expect(result.totalDebitPaise).toBe(1_180_000);
    expect(result.totalCreditPaise).toBe(1_180_000);
  });

  it('goes below zero when we paid more than we owe (an advance)', () => {
    expect(runningBalances(0, [{ debitPaise: 500, creditPaise: 0 }]).closingPaise).toBe(-500);
  });

  it('keeps the opening balance when a period has no entries', () => {
    expect(runningBalances(12_345, [])).toEqual({
      balances: [],
      closingPaise: 12_345,
      totalDebitPaise: 0,
      totalCreditPaise: 0,
    });
  });
});

describe('entry kinds', () => {
  it('puts bills and refunds on the credit side, payments, TDS, contra and debit notes on the debit side', () => {
    expect(sellerLedgerSide('bill')).toBe('credit');
    expect(sellerLedgerSide('refund')).toBe('credit');
    expect(sellerLedgerSide('payment_void')).toBe('credit');
    for (const kind of ['payment', 'tds', 'contra', 'debit_note', 'bill_void'] as const) {
      expect(sellerLedgerSide(kind)).toBe('debit');
    }
  });

  it('each reversal is on the other side of what it reverses', () => {
    const pairs = [
      ['bill', 'bill_void'],
      ['payment', 'payment_void'],
      ['tds', 'tds_void'],
      ['contra', 'contra_cancel'],
      ['debit_note', 'debit_note_void'],
    ] as const;
    for (const [kind, reversal] of pairs) expect(sellerLedgerSide(kind)).not.toBe(sellerLedgerSide(reversal));
  });

  it('labels every kind', () => {
    for (const kind of SELLER_LEDGER_ENTRY_KIND_VALUES) expect(sellerLedgerKindLabel(kind)).not.toBe(kind);
    expect(sellerLedgerKindLabel('tds')).toBe('TDS deducted');
  });

  it('names the side of a balance', () => {
    expect(sellerBalanceSide(1)).toBe('Payable');
    expect(sellerBalanceSide(-1)).toBe('Advance');
    expect(sellerBalanceSide(0)).toBe('Settled');
  });
});

describe('sellerLedgerQuery', () => {
  it('takes a period, a branch and paging', () => {
    const parsed = sellerLedgerQuery.parse({ start_date: '2026-04-01', end_date: '2026-04-30', branch: '3' });
    expect(parsed).toMatchObject({ start_date: '2026-04-01', end_date: '2026-04-30', branch: 3, limit: 20 });
  });

  it('refuses a start after the end and a date that is no date, with sentences', () => {
    const range = sellerLedgerQuery.safeParse({ start_date: '2026-05-01', end_date: '2026-04-01' });
    expect(range.success).toBe(false);
    expect(range.error?.issues[0]?.message).toBe('The start date cannot be after the end date.');
    expect(sellerStatementQuery.safeParse({ end_date: '2026-02-30' }).success).toBe(false);
    expect(sellerLedgerQuery.safeParse({ format: 'xml' }).success).toBe(false);
  });
});
