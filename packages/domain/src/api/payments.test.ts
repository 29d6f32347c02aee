import { describe, expect, it } from 'vitest';
import { todayInIndia } from '../validation.ts';
import { paymentCreate, refundCreate, updatePaymentStatusInput } from './payments.ts';

describe('payment API schemas', () => {
  it('takes rupees with two decimals and optional allocations; blanks are left out', () => {
    const parsed = paymentCreate.parse({
      buyer: '7',
      amount: '150.50',
      payment_date: '',
      reference_number: ' UTR 1 ',
      allocations: [{ invoice: 3, amount: 0 }],
    });
    expect(parsed).toMatchObject({ buyer: 7, amount: 150.5, reference_number: 'UTR 1' });
    expect(parsed.payment_date).toBeUndefined();
    expect(paymentCreate.safeParse({ buyer: 7, amount: 1.005 }).success).toBe(false);
    expect(paymentCreate.safeParse({ buyer: 7, amount: 0 }).success).toBe(false);
    expect(paymentCreate.safeParse({ buyer: 7, amount: 1, unknown: 1 }).success).toBe(false);
  });

  it('refuses a date after today', () => {
    const tomorrow = new Date(`${todayInIndia()}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const day = tomorrow.toISOString().slice(0, 10);
    expect(refundCreate.safeParse({ payment: 1, amount: 1, refund_date: day }).success).toBe(false);
    expect(refundCreate.safeParse({ payment: 1, amount: 1, refund_date: todayInIndia() }).success).toBe(true);
  });

  it('tells initiated payments from the gateway’s answers', () => {
    expect(updatePaymentStatusInput.parse({ status: 'initiated', amount: 10 })).toMatchObject({
      status: 'initiated',
    });
    expect(updatePaymentStatusInput.parse({ status: 'failed', payment: '4' })).toMatchObject({ payment: 4 });
    expect(updatePaymentStatusInput.safeParse({ status: 'completed' }).success).toBe(false);
    expect(updatePaymentStatusInput.safeParse({ status: 'paid', payment: 1 }).success).toBe(false);
  });
});
