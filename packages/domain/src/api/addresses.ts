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
