import { describe, expect, it } from 'vitest';
import { SETUP_STEP_KEYS, SETUP_STEPS, type SetupFacts, setupStepsDone } from './setup-guide.ts';

const newCompany: SetupFacts = {
  hasGstin: false,
  hasLogo: false,
  hasTerms: false,
  hasProduct: false,
  hasBuyer: false,
  hasInvoice: false,
  eInvoicingConfigured: false,
  mailConfigured: false,
  branches: [{ id: 1, name: 'Pune', hasBankAccount: false, hasUpiId: false, hasInvoiceSeries: false }],
};

describe('setupStepsDone', () => {
  it('has nothing done for a new company, and a title for every step', () => {
    const done = setupStepsDone(newCompany);
    expect(Object.keys(done)).toEqual([...SETUP_STEP_KEYS]);
    expect(Object.values(done).every((value) => !value)).toBe(true);
    for (const key of SETUP_STEP_KEYS) expect(SETUP_STEPS[key].title).not.toBe('');
  });

  it('needs a bank account with a UPI ID on one branch, not a bank on one and UPI on another', () => {
    const split = setupStepsDone({
      ...newCompany,
      branches: [
        { id: 1, name: 'Pune', hasBankAccount: true, hasUpiId: false, hasInvoiceSeries: false },
        { id: 2, name: 'Nashik', hasBankAccount: false, hasUpiId: false, hasInvoiceSeries: true },
      ],
    });
    expect(split.bank_and_upi).toBe(false);
    expect(split.invoice_series).toBe(true);
    const both = setupStepsDone({
      ...newCompany,
      branches: [{ id: 1, name: 'Pune', hasBankAccount: true, hasUpiId: true, hasInvoiceSeries: false }],
    });
    expect(both.bank_and_upi).toBe(true);
  });

  it('reads each fact into its own step', () => {
    const done = setupStepsDone({
      ...newCompany,
      hasGstin: true,
      hasProduct: true,
      hasInvoice: true,
      mailConfigured: true,
    });
    expect(
      Object.entries(done)
        .filter(([, value]) => value)
        .map(([key]) => key),
    ).toEqual(['company_profile', 'first_product', 'first_invoice', 'mail']);
  });
});
