import { ADDRESS_TYPES } from '@b2b/domain/api/addresses';
import {
  BRANCH_MESSAGES,
  BRANCH_NAME_MAX,
  BRANCH_NAME_MIN,
  invoiceSeriesSchema,
} from '@b2b/domain/api/branches';
import {
  emailSchema,
  gstinSchema,
  MAX_LENGTH,
  maxLengthMessage,
  optionalField,
  phoneSchema,
  pincodeSchema,
  requiredText,
} from '@b2b/domain/validation';
import { z } from 'zod';
import type { AddressBody, Branch, BranchAddress, BranchFieldsBody } from './branches.api';

const optionalText = (max: number) => z.string().trim().max(max, maxLengthMessage(max)).optional();

export const ADDRESS_TYPE_OPTIONS = [
  { value: 'billing_address', label: 'Billing' },
  { value: 'office', label: 'Office' },
  { value: 'shipping_address', label: 'Shipping' },
] as const satisfies readonly { value: (typeof ADDRESS_TYPES)[number]; label: string }[];

export const addressTypeLabel = (type: string) =>
  ADDRESS_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? type;

/** The branch's own fields (the server's rules, from the domain); blanks are absent. */
export const branchFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, BRANCH_MESSAGES.name_required)
    .min(BRANCH_NAME_MIN, `Branch name must have at least ${BRANCH_NAME_MIN} characters.`)
    .max(BRANCH_NAME_MAX, maxLengthMessage(BRANCH_NAME_MAX)),
  gstin: optionalField(gstinSchema),
  invoice_series: optionalField(invoiceSeriesSchema),
  contact_person_name: optionalText(MAX_LENGTH),
  contact_person_email: optionalField(emailSchema),
  contact_person_phone: optionalField(phoneSchema),
  status: z.boolean(),
});

export const addressFormSchema = z.object({
  address_type: z.enum(ADDRESS_TYPES, { error: 'Please choose an address type.' }),
  address_line_1: requiredText('Address line 1 is required.', 200),
  address_line_2: optionalText(200),
  landmark: optionalText(200),
  state_id: z.string({ error: 'State is required.' }).min(1, 'State is required.'),
  city: requiredText('City is required.', 100),
  pincode: pincodeSchema,
  is_visible: z.boolean(),
});

/** Creating a branch adds its first address with its visibility. */
export const branchCreateSchema = branchFieldsSchema.extend(addressFormSchema.shape);

export type BranchFormValues = z.input<typeof branchCreateSchema>;
export type AddressFormValues = z.input<typeof addressFormSchema>;

export const emptyAddress = (): AddressFormValues => ({
  address_type: 'billing_address',
  address_line_1: '',
  address_line_2: '',
  landmark: '',
  state_id: '',
  city: '',
  pincode: '',
  is_visible: true,
});

export function addressValuesOf(address: BranchAddress | null): AddressFormValues {
  if (!address) return emptyAddress();
  return {
    address_type: address.address_type as AddressFormValues['address_type'],
    address_line_1: address.address_line_1,
    address_line_2: address.address_line_2 ?? '',
    landmark: address.landmark ?? '',
    state_id: String(address.state.id),
    city: address.city,
    pincode: address.pincode,
    is_visible: address.is_visible,
  };
}

export function formValuesOf(branch: Branch | null): BranchFormValues {
  return {
    name: branch?.name ?? '',
    gstin: branch?.gstin ?? '',
    invoice_series: branch?.invoice_series ?? '',
    contact_person_name: branch?.contact_person_name ?? '',
    contact_person_email: branch?.contact_person_email ?? '',
    contact_person_phone: branch?.contact_person_phone ?? '',
    status: branch?.is_active ?? true,
    ...emptyAddress(),
  };
}

/** The PATCH body: blanks clear the optional fields. */
export function fieldsBody(values: z.output<typeof branchFieldsSchema>): BranchFieldsBody {
  return {
    name: values.name,
    gstin: values.gstin ?? null,
    ...(values.invoice_series ? { invoice_series: values.invoice_series } : {}),
    contact_person_name: values.contact_person_name || null,
    contact_person_email: values.contact_person_email ?? null,
    contact_person_phone: values.contact_person_phone ?? null,
    status: values.status,
  };
}

/**
 * The address as the API takes it. A new address leaves blank optional lines out; an edit sends
 * null for them, which clears what was there.
 */
export function addressBody(
  values: z.output<typeof addressFormSchema>,
  mode: 'create' | 'update',
): AddressBody {
  const blank = mode === 'create' ? undefined : null;
  return {
    address_type: values.address_type,
    address_line_1: values.address_line_1,
    address_line_2: values.address_line_2 || blank,
    landmark: values.landmark || blank,
    city: values.city,
    state_id: Number(values.state_id),
    pincode: values.pincode,
    is_visible: values.is_visible,
  };
}
