import {
  BUYER_MESSAGES,
  BUYER_NAME_MAX,
  type BuyerCreateInput,
  type BuyerUpdate,
  buyerPhoneSchema,
  signedRupeesInput,
} from '@b2b/domain/api/buyers';
import { rupeesInput } from '@b2b/domain/api/products';
import {
  BUYER_TYPE_VALUES,
  type BuyerType,
  buyerGstinProblem,
  buyerTypeRequiresGstin,
} from '@b2b/domain/buyers';
import {
  emailSchema,
  gstinSchema,
  MAX_LENGTH,
  maxLengthMessage,
  optionalField,
  pincodeSchema,
  requiredText,
} from '@b2b/domain/validation';
import { z } from 'zod';
import type { BuyerDetail } from './buyers.api';

const optionalText = (max: number) => z.string().trim().max(max, maxLengthMessage(max)).optional();

/** An address as the form holds it (the state id as a string, from its drop-down). */
export const addressFormSchema = z.object({
  address_line_1: requiredText('Address line 1 is required.', 200),
  address_line_2: optionalText(200),
  landmark: optionalText(200),
  state_id: z.string({ error: 'State is required.' }).min(1, 'State is required.'),
  city: requiredText('City is required.', 100),
  pincode: pincodeSchema,
});
export type AddressFormValues = z.input<typeof addressFormSchema>;

/** The shipping fields are checked only when the shipping address is not the billing one. */
const looseAddress = z.object({
  address_line_1: z.string().optional(),
  address_line_2: z.string().optional(),
  landmark: z.string().optional(),
  state_id: z.string().optional(),
  city: z.string().optional(),
  pincode: z.string().optional(),
});

/** The buyer form: the server's rules from the domain, field by field. */
export const buyerFormSchema = z
  .object({
    name: requiredText(BUYER_MESSAGES.name_required, BUYER_NAME_MAX),
    contact_person_name: optionalText(MAX_LENGTH),
    phone: optionalField(buyerPhoneSchema),
    email: optionalField(emailSchema),
    buyer_type: z.enum(BUYER_TYPE_VALUES, { error: 'Choose a valid buyer type.' }),
    gst_number: optionalField(gstinSchema),
    payment_term: z.string().optional(),
    credit_limit: optionalField(rupeesInput),
    opening_balance: optionalField(signedRupeesInput),
    sales_channels: z.array(z.string()),
    billing: addressFormSchema,
    same_as_billing: z.boolean(),
    shipping: looseAddress,
  })
  .superRefine((value, ctx) => {
    const problem = buyerGstinProblem(value.buyer_type, value.gst_number);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['gst_number'] });
    if (!value.same_as_billing) {
      const shipping = addressFormSchema.safeParse(value.shipping);
      for (const issue of shipping.success ? [] : shipping.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['shipping', ...issue.path] });
      }
    }
  });

export type BuyerFormValues = z.input<typeof buyerFormSchema>;
export type BuyerFormOutput = z.output<typeof buyerFormSchema>;

/** The form fields the server may name in a 400 (its field -> the form's field). */
export const SERVER_FIELDS: Record<
  string,
  keyof BuyerFormValues | `billing.${string}` | `shipping.${string}`
> = {
  name: 'name',
  contact_person_name: 'contact_person_name',
  phone: 'phone',
  email: 'email',
  buyer_type: 'buyer_type',
  gst_number: 'gst_number',
  payment_term: 'payment_term',
  credit_limit: 'credit_limit',
  opening_balance: 'opening_balance',
  sales_channels: 'sales_channels',
  'billing_address.address_line_1': 'billing.address_line_1',
  'billing_address.city': 'billing.city',
  'billing_address.state_id': 'billing.state_id',
  'billing_address.pincode': 'billing.pincode',
  'shipping_address.address_line_1': 'shipping.address_line_1',
  'shipping_address.city': 'shipping.city',
  'shipping_address.state_id': 'shipping.state_id',
  'shipping_address.pincode': 'shipping.pincode',
};

export const emptyAddress = (): AddressFormValues => ({
  address_line_1: '',
  address_line_2: '',
  landmark: '',
  state_id: '',
  city: '',
  pincode: '',
});

function addressValuesOf(address: BuyerDetail['addresses'][number] | undefined): AddressFormValues {
  if (!address) return emptyAddress();
  return {
    address_line_1: address.address_line_1,
    address_line_2: address.address_line_2 ?? '',
    landmark: address.landmark ?? '',
    state_id: String(address.state.id),
    city: address.city,
    pincode: address.pincode,
  };
}

/** New buyer: a registered business with every active channel; edit: the buyer's values. */
export function formValuesOf(buyer: BuyerDetail | null, activeChannelIds: number[]): BuyerFormValues {
  if (!buyer) {
    return {
      name: '',
      contact_person_name: '',
      phone: '',
      email: '',
      buyer_type: 'regular',
      gst_number: '',
      payment_term: '',
      credit_limit: '',
      opening_balance: '',
      sales_channels: activeChannelIds.map(String),
      billing: emptyAddress(),
      same_as_billing: true,
      shipping: emptyAddress(),
    };
  }
  const billing = buyer.addresses.find((a) => a.address_type === 'billing_address');
  const shipping = buyer.addresses.find((a) => a.address_type === 'shipping_address');
  return {
    name: buyer.name,
    contact_person_name: buyer.contact_person_name ?? '',
    phone: buyer.phone ?? '',
    email: buyer.email ?? '',
    buyer_type: buyer.buyer_type,
    gst_number: buyer.gst_number ?? '',
    payment_term: buyer.payment_term ? String(buyer.payment_term.id) : '',
    credit_limit: buyer.credit_limit ?? '',
    opening_balance: buyer.opening_balance,
    sales_channels: buyer.sales_channels.filter((c) => c.is_enabled).map((c) => String(c.id)),
    billing: addressValuesOf(billing),
    same_as_billing: false,
    shipping: addressValuesOf(shipping),
  };
}

function addressBody(address: z.output<typeof addressFormSchema> | z.output<typeof looseAddress>) {
  return {
    address_line_1: address.address_line_1 ?? '',
    address_line_2: address.address_line_2 || undefined,
    landmark: address.landmark || undefined,
    city: address.city ?? '',
    state_id: Number(address.state_id),
    pincode: address.pincode ?? '',
  };
}

export function createBodyOf(values: BuyerFormOutput): BuyerCreateInput {
  return {
    name: values.name,
    contact_person_name: values.contact_person_name || undefined,
    phone: values.phone ?? null,
    email: values.email ?? null,
    buyer_type: values.buyer_type,
    gst_number: values.gst_number ?? null,
    payment_term: values.payment_term ? Number(values.payment_term) : null,
    credit_limit: values.credit_limit ?? null,
    opening_balance: values.opening_balance ?? 0,
    sales_channels: values.sales_channels.map(Number),
    billing_address: addressBody(values.billing),
    ...(values.same_as_billing
      ? { addSameAsBilling: true }
      : { shipping_address: addressBody(values.shipping) }),
  };
}

/** The edit form sends every field; the addresses change the buyer's first billing and shipping ones. */
export function updateBodyOf(values: BuyerFormOutput): BuyerUpdate {
  return {
    name: values.name,
    contact_person_name: values.contact_person_name || null,
    phone: values.phone ?? null,
    email: values.email ?? null,
    buyer_type: values.buyer_type,
    gst_number: values.gst_number ?? null,
    payment_term: values.payment_term ? Number(values.payment_term) : null,
    credit_limit: values.credit_limit ?? null,
    sales_channels: values.sales_channels.map(Number),
    billing_address: addressBody(values.billing),
    ...(values.same_as_billing
      ? { addSameAsBilling: true }
      : { shipping_address: addressBody(values.shipping) }),
  };
}

export const gstinRequired = (type: BuyerType | undefined) => buyerTypeRequiresGstin(type ?? 'regular');
