import { addressInput } from '@b2b/domain/api/common';
import { checkSellerCreate, type SELLER_ADDRESS_TYPES, sellerFields } from '@b2b/domain/api/sellers';
import { z } from 'zod';
import type { AddressBody, Seller, SellerAddress, SellerCreateBody, SellerFieldsBody } from './sellers.api';

/** An address as the form holds it: the state is the picked id as a string. */
export const addressFormSchema = z.object({
  address_line_1: addressInput.shape.address_line_1,
  address_line_2: addressInput.shape.address_line_2,
  landmark: addressInput.shape.landmark,
  state_id: z
    .string({ error: 'State is required.' })
    .min(1, 'State is required.')
    .transform((v) => Number(v)),
  city: addressInput.shape.city,
  pincode: addressInput.shape.pincode,
});
export type AddressFormValues = z.input<typeof addressFormSchema>;

/**
 * Create: the seller's fields, the billing address, and the shipping address unless it is the
 * same as billing. The cross-field rules (GSTIN state, PAN) are the server's, from the domain.
 */
export const sellerCreateFormSchema = z.preprocess(
  (value) => {
    const form = value as { addSameAsBilling?: boolean };
    return form?.addSameAsBilling ? { ...form, shipping_address: undefined } : value;
  },
  sellerFields
    .extend({
      billing_address: addressFormSchema,
      shipping_address: addressFormSchema.optional(),
      addSameAsBilling: z.boolean(),
    })
    .superRefine(checkSellerCreate),
);

/** Edit: the seller's own fields only (addresses change on the Addresses tab). */
export const sellerEditFormSchema = sellerFields;

export interface SellerFormValues {
  name: string;
  contact_person_name: string;
  email: string;
  phone: string;
  gst_number: string;
  pan: string;
  tally_ledger_name: string;
  /** The picked payment term's id as a string, '' for none. */
  payment_term: string;
  billing_address: AddressFormValues;
  shipping_address: AddressFormValues;
  addSameAsBilling: boolean;
}

export const emptyAddress = (): AddressFormValues => ({
  address_line_1: '',
  address_line_2: '',
  landmark: '',
  state_id: '',
  city: '',
  pincode: '',
});

export function addressFormValues(address: SellerAddress): AddressFormValues {
  return {
    address_line_1: address.address_line_1,
    address_line_2: address.address_line_2 ?? '',
    landmark: address.landmark ?? '',
    state_id: String(address.state.id),
    city: address.city,
    pincode: address.pincode,
  };
}

export function formValuesOf(seller: Seller | null): SellerFormValues {
  return {
    name: seller?.name ?? '',
    contact_person_name: seller?.contact_person_name ?? '',
    email: seller?.email ?? '',
    phone: seller?.phone ?? '',
    gst_number: seller?.gst_number ?? '',
    pan: seller?.pan ?? '',
    tally_ledger_name: seller?.tally_ledger_name ?? '',
    payment_term: seller?.payment_term ? String(seller.payment_term.id) : '',
    billing_address: emptyAddress(),
    shipping_address: emptyAddress(),
    addSameAsBilling: true,
  };
}

export function addressBody(values: z.output<typeof addressFormSchema>): AddressBody {
  return {
    address_line_1: values.address_line_1,
    address_line_2: values.address_line_2,
    landmark: values.landmark,
    city: values.city,
    state_id: values.state_id,
    pincode: values.pincode,
  };
}

export function createBody(values: z.output<typeof sellerCreateFormSchema>): SellerCreateBody {
  return {
    ...fieldsBody(values),
    name: values.name,
    billing_address: addressBody(values.billing_address),
    shipping_address: values.shipping_address ? addressBody(values.shipping_address) : undefined,
    addSameAsBilling: values.addSameAsBilling,
  };
}

/** The PATCH body: a blank optional field clears it. */
export function fieldsBody(values: z.output<typeof sellerFields>): SellerFieldsBody {
  return {
    name: values.name,
    contact_person_name: values.contact_person_name ?? null,
    email: values.email ?? null,
    phone: values.phone ?? null,
    gst_number: values.gst_number ?? null,
    pan: values.pan ?? null,
    tally_ledger_name: values.tally_ledger_name ?? null,
    payment_term: values.payment_term ?? null,
  };
}

export const ADDRESS_TYPE_LABELS: Record<(typeof SELLER_ADDRESS_TYPES)[number], string> = {
  billing_address: 'Billing Address',
  shipping_address: 'Shipping Address',
};

export const addressTypeLabel = (type: string) =>
  ADDRESS_TYPE_LABELS[type as keyof typeof ADDRESS_TYPE_LABELS] ?? type;
