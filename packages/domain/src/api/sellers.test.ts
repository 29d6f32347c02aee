import { describe, expect, it } from 'vitest';
import { computeGstinCheckChar } from '../gstin.ts';
import { alreadyAssignedMessage, sellerAddressCreate, sellerCreate, stateGstCode } from './sellers.ts';

const gstin = (state: string, pan = 'AAPFU0939F') => {
  const first14 = `${state}${pan}1Z`;
  return first14 + computeGstinCheckChar(first14);
};
const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };
const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('sellerCreate', () => {
  it('accepts a seller whose GSTIN is of the billing state and whose PAN is inside it', () => {
    const parsed = sellerCreate.parse({
      name: ' Shree ',
      gst_number: gstin('27').toLowerCase(),
      pan: 'aapfu0939f',
      email: '',
      billing_address: PUNE,
    });
    expect(parsed).toMatchObject({
      name: 'Shree',
      gst_number: gstin('27'),
      pan: 'AAPFU0939F',
      addSameAsBilling: false,
    });
    expect(parsed.email).toBeUndefined();
  });

  it('puts each broken cross-field rule on its field', () => {
    expect(
      errorsOf(sellerCreate.safeParse({ name: 'S', gst_number: gstin('29'), billing_address: PUNE })),
    ).toEqual({
      gst_number: 'GSTIN does not belong to the state of the address.',
    });
    expect(
      errorsOf(
        sellerCreate.safeParse({
          name: 'S',
          gst_number: gstin('27'),
          pan: 'ABCPE1234F',
          billing_address: PUNE,
        }),
      ),
    ).toEqual({ pan: 'The PAN does not match the PAN inside the GST number.' });
    expect(
      errorsOf(
        sellerCreate.safeParse({
          name: 'S',
          billing_address: PUNE,
          shipping_address: PUNE,
          addSameAsBilling: true,
        }),
      ),
    ).toEqual({ shipping_address: 'Send either a shipping address or addSameAsBilling, not both.' });
    // A centre-jurisdiction number (99) fits any state.
    expect(
      sellerCreate.safeParse({ name: 'S', gst_number: gstin('99'), billing_address: PUNE }).success,
    ).toBe(true);
  });

  it('refuses a leading-zero phone and a malformed PAN', () => {
    expect(
      errorsOf(sellerCreate.safeParse({ name: 'S', phone: '0987654321', pan: 'ABC', billing_address: PUNE })),
    ).toEqual({
      phone: 'Please enter a valid 10-digit phone number.',
      pan: 'Please enter a valid PAN (for example AAAAA9999A).',
    });
  });
});

describe('sellerAddressCreate and helpers', () => {
  it('copies only a billing address as shipping', () => {
    expect(
      sellerAddressCreate.safeParse({ ...PUNE, address_type: 'billing_address', addSameAsBilling: true })
        .success,
    ).toBe(true);
    expect(
      errorsOf(
        sellerAddressCreate.safeParse({ ...PUNE, address_type: 'shipping_address', addSameAsBilling: true }),
      ),
    ).toEqual({ addSameAsBilling: 'Only a billing address can be copied as the shipping address.' });
  });

  it('names state codes and products already assigned', () => {
    expect(stateGstCode(7)).toBe('07');
    expect(stateGstCode(27)).toBe('27');
    expect(alreadyAssignedMessage(['A', 'B'])).toBe(
      'Already assigned to another seller: A, B. Reassign them to move them to this seller.',
    );
    expect(alreadyAssignedMessage(['1', '2', '3', '4', '5', '6', '7'])).toContain(
      '1, 2, 3, 4, 5 and 2 more.',
    );
  });
});
