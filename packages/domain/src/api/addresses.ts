import { z } from 'zod';
import { addressInput, addressOutput, id, optionalText } from './common.ts';

/** An address is billing, shipping or an office (a branch's or warehouse's own premises). */
export const ADDRESS_TYPES = ['billing_address', 'shipping_address', 'office'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The owners an address can belong to (addresses.owner_type). */
export const ADDRESS_OWNER_TYPES = [
  'company',
  'branch',
  'warehouse',
  'buyer',
  'seller',
  'user',
  'role',
  'lead',
] as const;
export type AddressOwnerType = (typeof ADDRESS_OWNER_TYPES)[number];

const addressType = z.enum(ADDRESS_TYPES, {
  error: 'Address type must be billing_address, shipping_address or office.',
});

/** POST <owner>/{id}/addresses: a new address, visible to others unless said otherwise. */
export const addressCreate = addressInput
  .extend({
    address_type: addressType.default('billing_address'),
    is_visible: z.boolean({ error: 'is_visible must be true or false.' }).default(true),
  })
  .strict();
export type AddressCreate = z.infer<typeof addressCreate>;

/** PATCH addresses/{id}: any of the fields; a blank optional line clears it. */
export const addressUpdate = z
  .object({
    address_line_1: addressInput.shape.address_line_1.optional(),
    address_line_2: z.union([optionalText(200), z.null()]),
    landmark: z.union([optionalText(200), z.null()]),
    city: addressInput.shape.city.optional(),
    state_id: addressInput.shape.state_id.optional(),
    pincode: addressInput.shape.pincode.optional(),
    address_type: addressType.optional(),
    is_visible: z.boolean({ error: 'is_visible must be true or false.' }).optional(),
  })
  .strict();
export type AddressUpdate = z.infer<typeof addressUpdate>;

/** The addresses of a party (a buyer or a seller): billing or shipping, never an office. */
export const PARTY_ADDRESS_TYPES = ['billing_address', 'shipping_address'] as const;
export const PARTY_ADDRESS_MESSAGES = {
  address_type: 'Address type must be billing_address or shipping_address.',
  same_as_billing_needs_billing: 'Only a billing address can be copied as the shipping address.',
} as const;
export const partyAddressType = z.enum(PARTY_ADDRESS_TYPES, { error: PARTY_ADDRESS_MESSAGES.address_type });

/** POST buyers/{id}/addresses and sellers/{id}/addresses: one address; a billing one may be copied as shipping too. */
export const partyAddressCreate = addressInput
  .extend({ address_type: partyAddressType, addSameAsBilling: z.boolean().default(false) })
  .strict()
  .superRefine((value, ctx) => {
    if (value.addSameAsBilling && value.address_type !== 'billing_address') {
      ctx.addIssue({
        code: 'custom',
        path: ['addSameAsBilling'],
        message: PARTY_ADDRESS_MESSAGES.same_as_billing_needs_billing,
      });
    }
  });
export type PartyAddressCreate = z.infer<typeof partyAddressCreate>;

export const ADDRESS_MESSAGES = {
  not_found: 'Address Not Found',
  deleted: 'Address deleted successfully.',
} as const;

/** An address answered by the shared address routes, with the owner it belongs to. */
export const ownedAddressOutput = addressOutput.extend({
  owner_type: z.enum(ADDRESS_OWNER_TYPES),
  owner_id: id,
});
export type OwnedAddressOutput = z.infer<typeof ownedAddressOutput>;
