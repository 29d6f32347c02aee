import { computeGstinCheckChar } from '@b2b/domain/gstin';
import { describe, expect, it } from 'vitest';
import { buyerFormSchema, createBodyOf, emptyAddress, formValuesOf, updateBodyOf } from './buyer-form.schema';

const gstin = (state: string) => {
  const first14 = `${state}AABCU9603R1Z`;
  return first14 + computeGstinCheckChar(first14);
};
const PUNE = {
  ...emptyAddress(),
  address_line_1: '5 FC Road',
  city: 'Pune',
  state_id: '27',
  pincode: '411004',
};

const values = (overrides: Record<string, unknown> = {}) => ({
  ...formValuesOf(null, [1, 2]),
  name: 'Patil Hardware',
  gst_number: gstin('27').toLowerCase(),
  billing: PUNE,
  ...overrides,
});

describe('buyer form', () => {
  it('sends a new buyer with its billing address copied as shipping', () => {
    const parsed = buyerFormSchema.parse(
      values({ credit_limit: 5000, opening_balance: -250.5, phone: '9876543210' }),
    );
    expect(createBodyOf(parsed)).toEqual({
      name: 'Patil Hardware',
      contact_person_name: undefined,
      phone: '9876543210',
      email: null,
      buyer_type: 'regular',
      gst_number: gstin('27'),
      payment_term: null,
      credit_limit: 5000,
      opening_balance: -250.5,
      sales_channels: [1, 2],
      billing_address: {
        address_line_1: '5 FC Road',
        address_line_2: undefined,
        landmark: undefined,
        city: 'Pune',
        state_id: 27,
        pincode: '411004',
      },
      addSameAsBilling: true,
    });
  });

  it('checks the shipping address only when it is not the billing one', () => {
    const separate = buyerFormSchema.safeParse(values({ same_as_billing: false }));
    expect(separate.success).toBe(false);
    const paths = separate.success ? [] : separate.error.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'shipping.address_line_1',
        'shipping.state_id',
        'shipping.city',
        'shipping.pincode',
      ]),
    );
    const shipping = { ...PUNE, city: 'Mumbai', pincode: '400001' };
    const parsed = buyerFormSchema.parse(values({ same_as_billing: false, shipping }));
    expect(updateBodyOf(parsed)).toMatchObject({
      shipping_address: { city: 'Mumbai', pincode: '400001', state_id: 27 },
    });
    expect(updateBodyOf(parsed)).not.toHaveProperty('addSameAsBilling');
  });

  it('keeps the domain rules: GSTIN by buyer type, phone, pincode', () => {
    const issues = (overrides: Record<string, unknown>) => {
      const result = buyerFormSchema.safeParse(values(overrides));
      return result.success
        ? {}
        : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(issues({ gst_number: '' })).toEqual({
      gst_number: 'GST number is required for a registered buyer (Regular, Composition or SEZ).',
    });
    expect(issues({ buyer_type: 'consumer' })).toEqual({
      gst_number: 'An unregistered business or a consumer has no GST number; leave it empty.',
    });
    expect(issues({ buyer_type: 'consumer', gst_number: '' })).toEqual({});
    expect(issues({ phone: '0123456789' })).toEqual({ phone: 'Please enter a valid 10-digit phone number.' });
    expect(issues({ billing: { ...PUNE, pincode: '4110' } })).toEqual({
      'billing.pincode': 'Please enter a valid 6 digit pincode.',
    });
    expect(issues({ name: ' ' })).toEqual({ name: 'Buyer name is required.' });
  });
});
