import { describe, expect, it } from 'vitest';
import {
  BUYER_RULE_MESSAGES,
  BUYER_TYPES,
  balanceAfter,
  buyerGstinProblem,
  buyerTypeLabel,
  gstinBillingStateProblem,
  ledgerAmounts,
  ledgerEntryTypeLabel,
  openingBalanceAmounts,
  transactionNeedsPaymentMethod,
} from './buyers.ts';
import { computeGstinCheckChar } from './gstin.ts';

const gstin = (state: string) => {
  const first14 = `${state}AABCU9603R1Z`;
  return first14 + computeGstinCheckChar(first14);
};

describe('buyer types', () => {
  it('has the six GST treatments with labels', () => {
    expect(BUYER_TYPES.map((t) => t.value)).toEqual([
      'regular',
      'composition',
      'unregistered',
      'consumer',
      'overseas',
      'sez',
    ]);
    expect(buyerTypeLabel('sez')).toBe('Special Economic Zone');
    expect(buyerTypeLabel('unknown')).toBe('unknown');
  });

  it('requires a GSTIN of registered buyers and refuses one for unregistered buyers and consumers', () => {
    for (const type of ['regular', 'composition', 'sez'] as const) {
      expect(buyerGstinProblem(type, null)).toBe(BUYER_RULE_MESSAGES.gstin_required);
      expect(buyerGstinProblem(type, '  ')).toBe(BUYER_RULE_MESSAGES.gstin_required);
      expect(buyerGstinProblem(type, gstin('27'))).toBeNull();
    }
    for (const type of ['unregistered', 'consumer'] as const) {
      expect(buyerGstinProblem(type, gstin('27'))).toBe(BUYER_RULE_MESSAGES.gstin_forbidden);
      expect(buyerGstinProblem(type, null)).toBeNull();
    }
    expect(buyerGstinProblem('overseas', null)).toBeNull();
    expect(buyerGstinProblem('overseas', gstin('27'))).toBeNull();
  });
});

describe('gstinBillingStateProblem', () => {
  const maharashtra = { gst_code: '27', name: 'Maharashtra' };
  const karnataka = { gst_code: '29', name: 'Karnataka' };

  it('accepts a GSTIN of the billing state, or no GSTIN', () => {
    expect(gstinBillingStateProblem(gstin('27'), maharashtra)).toBeNull();
    expect(gstinBillingStateProblem(null, maharashtra)).toBeNull();
  });

  it('names both states when they differ', () => {
    expect(gstinBillingStateProblem(gstin('29'), maharashtra, karnataka)).toBe(
      'The GST number is registered in Karnataka (29), but the billing address is in Maharashtra (27). Use the GSTIN of the billing state.',
    );
    expect(gstinBillingStateProblem(gstin('29'), maharashtra)).toContain('registered in state code 29');
  });
});

describe('ledger amounts', () => {
  it('payments and credit adjustments are credits; debit adjustments and refunds are debits', () => {
    expect(ledgerAmounts('payment', 1_250_50)).toEqual({ debitPaise: 0, creditPaise: 1_250_50 });
    expect(ledgerAmounts('credit_adjustment', 10)).toEqual({ debitPaise: 0, creditPaise: 10 });
    expect(ledgerAmounts('debit_adjustment', 10)).toEqual({ debitPaise: 10, creditPaise: 0 });
    expect(ledgerAmounts('refund', 10)).toEqual({ debitPaise: 10, creditPaise: 0 });
  });

  it('a payment method is needed where money moves', () => {
    expect(transactionNeedsPaymentMethod('payment')).toBe(true);
    expect(transactionNeedsPaymentMethod('refund')).toBe(true);
    expect(transactionNeedsPaymentMethod('debit_adjustment')).toBe(false);
    expect(transactionNeedsPaymentMethod('credit_adjustment')).toBe(false);
  });

  it('an opening balance owed is a debit, an advance a credit', () => {
    expect(openingBalanceAmounts(5_000_00)).toEqual({ debitPaise: 5_000_00, creditPaise: 0 });
    expect(openingBalanceAmounts(-700_25)).toEqual({ debitPaise: 0, creditPaise: 700_25 });
  });

  it('keeps a running balance in whole paise', () => {
    expect(balanceAfter(10_00, 0, 10_01)).toBe(-1);
    expect(balanceAfter(0, 33_33, 0)).toBe(33_33);
    expect(ledgerEntryTypeLabel('credit_note')).toBe('Credit Note');
  });
});
