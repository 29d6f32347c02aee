import { describe, expect, it } from 'vitest';
import { upiAmount, upiPaymentUri } from './upi-payment.ts';

describe('upiAmount', () => {
  it('writes paise as rupees with two decimals, to the paisa', () => {
    expect(upiAmount(1)).toBe('0.01');
    expect(upiAmount(50)).toBe('0.50');
    expect(upiAmount(100)).toBe('1.00');
    expect(upiAmount(29_729_00)).toBe('29729.00');
    expect(upiAmount(1_23_456_07)).toBe('123456.07');
  });

  it('refuses nothing due, a negative amount and fractions of a paisa', () => {
    expect(() => upiAmount(0)).toThrow(RangeError);
    expect(() => upiAmount(-100)).toThrow(RangeError);
    expect(() => upiAmount(10.5)).toThrow(RangeError);
  });
});

describe('upiPaymentUri', () => {
  it('names payee, amount, currency and the invoice number', () => {
    expect(
      upiPaymentUri({
        upiId: 'acme@hdfcbank',
        payeeName: 'Acme Traders & Sons',
        amountPaise: 29_729_05,
        note: 'INV/25-26/0042',
      }),
    ).toBe(
      'upi://pay?pa=acme@hdfcbank&pn=Acme%20Traders%20%26%20Sons&am=29729.05&cu=INR&tn=INV%2F25-26%2F0042',
    );
  });

  it('reads back the values it encoded', () => {
    const uri = upiPaymentUri({
      upiId: ' shop.pune@okaxis ',
      payeeName: 'Pune Mart',
      amountPaise: 99,
      note: 'MUM/2627/00001',
    });
    // Read back the way a UPI app does: split the query, then percent-decode each value.
    const query = new Map(
      uri
        .slice(uri.indexOf('?') + 1)
        .split('&')
        .map((pair) => pair.split('=') as [string, string]),
    );
    const params = { get: (name: string) => decodeURIComponent(query.get(name) ?? '') };
    expect(uri.startsWith('upi://pay?')).toBe(true);
    expect(params.get('pa')).toBe('shop.pune@okaxis');
    expect(params.get('pn')).toBe('Pune Mart');
    expect(params.get('am')).toBe('0.99');
    expect(params.get('cu')).toBe('INR');
    expect(params.get('tn')).toBe('MUM/2627/00001');
  });

  it('refuses what is not a UPI id', () => {
    expect(() => upiPaymentUri({ upiId: 'acme', payeeName: 'A', amountPaise: 100, note: 'X' })).toThrow(
      RangeError,
    );
    expect(() =>
      upiPaymentUri({ upiId: 'a&am=1@bank', payeeName: 'A', amountPaise: 100, note: 'X' }),
    ).toThrow(RangeError);
  });
});
