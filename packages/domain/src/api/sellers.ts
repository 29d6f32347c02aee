import { z } from 'zod';
import { GSTIN_STATE_MISMATCH, gstinMatchesState, gstinPan, isValidGstin } from '../gstin.ts';
import { isValidPan, PAN_GSTIN_MISMATCH, PAN_MESSAGE } from '../pan.ts';
import {
  emailSchema,
  gstinSchema,
  isBlank,
  isPhone,
  MAX_LENGTH,
  MESSAGES,
  maxLengthMessage,
  requiredText,
  tallyNameSchema,
} from '../validation.ts';
import { PARTY_ADDRESS_MESSAGES, PARTY_ADDRESS_TYPES, partyAddressCreate } from './addresses.ts';
import { addressInput, addressOutput, id, idInput, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

export const SELLER_NAME_MAX = 100;
/** At most this many products are assigned in one request. */
export const ASSIGN_PRODUCTS_MAX = 1000;

export const SELLER_MESSAGES = {
  not_found: 'Seller Not Found',
  name_required: 'Seller name is required.',
  name_taken: 'A seller with this name already exists.',
  gst_number_taken: 'A seller with this GST number already exists.',
  gstin_state: GSTIN_STATE_MISMATCH,
  pan_gstin: PAN_GSTIN_MISMATCH,
  same_as_billing_and_shipping: 'Send either a shipping address or addSameAsBilling, not both.',
  same_as_billing_needs_billing: PARTY_ADDRESS_MESSAGES.same_as_billing_needs_billing,
  last_billing_address: 'A seller must keep at least one billing address.',
  address_type: 'A seller address is a billing or a shipping address.',
  inactive: 'This seller is inactive; activate it before assigning products.',
  payment_term_not_found: 'Payment Term Not Found',
  products_required: 'Choose at least one product.',
  product_not_found: 'Product Not Found',
  assigned: 'Products assigned successfully.',
  reassigned: 'Products reassigned successfully.',
} as const;

/** A products' list answer naming those already with another seller (refused without reassign). */
export function alreadyAssignedMessage(names: string[]): string {
  const shown = names.slice(0, 5).join(', ');
  const more = names.length > 5 ? ` and ${names.length - 5} more` : '';
  return `Already assigned to another seller: ${shown}${more}. Reassign them to move them to this seller.`;
}

export const SELLER_ADDRESS_TYPES = PARTY_ADDRESS_TYPES;
export type SellerAddressType = (typeof SELLER_ADDRESS_TYPES)[number];

/** The GST state code of a state id: state ids are the GST codes (27 = Maharashtra). */
export const stateGstCode = (stateId: number) => String(stateId).padStart(2, '0');

/** Mobile numbers: 10 digits, not starting with 0 (the database refuses a leading 0 too). */
const mobile = z
  .string({ error: MESSAGES.phone })
  .trim()
  .refine((v) => isPhone(v) && !v.startsWith('0'), MESSAGES.phone);
const pan = z
  .string({ error: PAN_MESSAGE })
  .trim()
  .toUpperCase()
  .refine((v) => isValidPan(v), PAN_MESSAGE);
const personName = z.string().trim().max(MAX_LENGTH, maxLengthMessage(MAX_LENGTH));

/** Optional on create: '' and null mean "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());
/** Optional on update: '' and null clear the value (stored as null), absent leaves it. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v !== undefined && isBlank(v) ? null : v), schema.nullable().optional());

const sellerName = requiredText(SELLER_MESSAGES.name_required, SELLER_NAME_MAX);

/** The seller's own fields on create (the form and the API share them). */
export const sellerFields = z.object({
  name: sellerName,
  contact_person_name: optional(personName),
  email: optional(emailSchema),
  phone: optional(mobile),
  gst_number: optional(gstinSchema),
  pan: optional(pan),
  tally_ledger_name: optional(tallyNameSchema),
  /** Bills from the seller fall due this many days after their date. */
  payment_term: optional(idInput),
});

interface CreateShape {
  gst_number?: string;
  pan?: string;
  billing_address?: { state_id?: number };
  shipping_address?: unknown;
  addSameAsBilling?: boolean;
}

/**
 * The cross-field rules of a new seller: the GSTIN's state code is the billing address's state (a
 * GSTIN is issued per state; state ids are GST codes), the PAN is the one inside the GSTIN, and
 * the shipping address is either sent or copied from billing.
 */
export function checkSellerCreate(value: CreateShape, ctx: z.RefinementCtx) {
  if (value.addSameAsBilling && value.shipping_address) {
    ctx.addIssue({
      code: 'custom',
      path: ['shipping_address'],
      message: SELLER_MESSAGES.same_as_billing_and_shipping,
    });
  }
  const gst = value.gst_number;
  const stateId = value.billing_address?.state_id;
  if (gst && isValidGstin(gst) && stateId && !gstinMatchesState(gst, stateGstCode(stateId))) {
    ctx.addIssue({ code: 'custom', path: ['gst_number'], message: SELLER_MESSAGES.gstin_state });
  }
  if (gst && value.pan && isValidGstin(gst) && isValidPan(value.pan)) {
    const inside = gstinPan(gst);
    if (inside && inside !== value.pan.trim().toUpperCase()) {
      ctx.addIssue({ code: 'custom', path: ['pan'], message: SELLER_MESSAGES.pan_gstin });
    }
  }
}

export const sellerCreate = sellerFields
  .extend({
    billing_address: addressInput,
    shipping_address: addressInput.optional(),
    /** The shipping address is a copy of the billing address. */
    addSameAsBilling: z.boolean().default(false),
  })
  .strict()
  .superRefine(checkSellerCreate);
export type SellerCreate = z.infer<typeof sellerCreate>;

/** Addresses change through their own routes; activation through activate/deactivate. */
export const sellerUpdate = z
  .object({
    name: sellerName.optional(),
    contact_person_name: clearable(personName),
    email: clearable(emailSchema),
    phone: clearable(mobile),
    gst_number: clearable(gstinSchema),
    pan: clearable(pan),
    tally_ledger_name: clearable(tallyNameSchema),
    payment_term: clearable(idInput),
  })
  .strict();
export type SellerUpdate = z.infer<typeof sellerUpdate>;

/** POST sellers/{id}/addresses: one address; a billing one may be copied as shipping too. */
export const sellerAddressCreate = partyAddressCreate;
export type SellerAddressCreate = z.infer<typeof sellerAddressCreate>;

/** The filters of the seller list (GET companies/{id}/sellers and seller_details). */
export const sellerListFilters = z.object({ is_active: booleanParam.optional() });

export const sellerOutput = z.object({
  id,
  name: z.string(),
  contact_person_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gst_number: z.string().nullable(),
  pan: z.string().nullable(),
  tally_ledger_name: z.string().nullable(),
  payment_term: z.object({ id, name: z.string(), days: z.number() }).nullable(),
  is_active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SellerOutput = z.infer<typeof sellerOutput>;

/** GET v2/sellers/{id} and the seller_details list: the seller with its addresses and product count. */
export const sellerDetailOutput = sellerOutput.extend({
  addresses: z.array(addressOutput),
  product_count: z.number().int(),
});
export type SellerDetailOutput = z.infer<typeof sellerDetailOutput>;

export const sellerProductOutput = z.object({
  id,
  name: z.string(),
  sku: z.string().nullable(),
  mrp: z.number(),
  selling_price: z.number(),
  /** Stock on hand over all warehouses. */
  available_stock: z.number(),
  is_active: z.boolean(),
  /** The seller the product is assigned to, or null. */
  seller: z.object({ id, name: z.string() }).nullable(),
});
export type SellerProductOutput = z.infer<typeof sellerProductOutput>;

export const assignProducts = z
  .object({
    products: z
      .array(idInput, { error: SELLER_MESSAGES.products_required })
      .min(1, SELLER_MESSAGES.products_required)
      .max(ASSIGN_PRODUCTS_MAX, `Assign at most ${ASSIGN_PRODUCTS_MAX} products at a time.`),
    /** Move products that another seller has to this one. */
    reassign: z.boolean().default(false),
  })
  .strict();
export type AssignProducts = z.infer<typeof assignProducts>;

export const assignProductsOutput = z.object({
  detail: z.string(),
  /** Products that changed seller (already this seller's are not counted). */
  count: z.number().int(),
});

/** The columns of the assigned-products CSV, in order. */
export const SELLER_PRODUCTS_CSV_HEADER = ['Name', 'SKU', 'MRP', 'Selling Price', 'Stock'] as const;

/** GET sellers/{id}/history/: newest first, with who did it. */
export const sellerHistoryOutput = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(
    z.object({
      id,
      created_at: timestamp,
      actions: z.object({ action: z.string(), changes: z.unknown() }),
      user: z.object({ id, first_name: z.string(), last_name: z.string() }).nullable(),
    }),
  ),
});
