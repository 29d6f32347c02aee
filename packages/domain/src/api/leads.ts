import { z } from 'zod';
import { LEAD_STATUSES, statusValues } from '../statuses.ts';
import { calendarDateSchema, emailSchema, gstinSchema, isBlank, requiredText } from '../validation.ts';
import { BUYER_MESSAGES, buyerPhoneSchema, positiveRupeesInput } from './buyers.ts';
import { addressInput, addressOutput, id, idInput, timestamp } from './common.ts';
import { valueList } from './list-query.ts';

/**
 * Leads (issue 24): prospective buyers a field-sales team works until they buy (converted into a
 * buyer) or drop out. The spec's texts are LEAD_MESSAGES; the rest is designed in the same words.
 */

export const LEAD_MESSAGES = {
  not_found: 'Lead Not found',
  create_failed: 'Failed to Create Lead.',
  update_failed: 'Failed to update lead.',
  created: 'Lead created successfully.',
  updated: 'Lead updated successfully.',
  /** The success of POST admin/leads/{id}/convert: the lead becomes an active buyer. */
  activated: 'Lead activated successfully.',
  address_created: 'Address created successfully.',
  inventory_exposed: 'Inventory exposed to lead successfully.',
  transaction_recorded: BUYER_MESSAGES.transaction_recorded,
  visit_logged: 'Visit logged successfully.',
  name_required: 'Business name is required.',
  contact_required: 'Give a phone number or an e-mail address of the lead.',
  converted_locked: 'A converted lead cannot be changed; open its buyer instead.',
  already_converted: 'This lead is already converted into a buyer.',
  convert_needs_billing: 'Add a billing address to the lead before converting it into a buyer.',
  converted_status: 'A lead becomes converted only by converting it into a buyer.',
  sales_person_not_found: 'User Not Found',
  sales_person_inactive: 'This user is inactive; choose an active sales person.',
  reassign_forbidden: 'You do not have permissions to assign leads to another sales person.',
  date_invalid: 'Please enter a valid date (YYYY-MM-DD).',
  expiry_past: 'The expiry date cannot be in the past.',
  products_required: 'Choose at least one product.',
  product_not_found: 'Product Not Found',
  inventory_link_not_found: 'This inventory link does not exist.',
  inventory_link_expired: 'This inventory link has expired. Ask your sales person for a new one.',
  inventory_rate_limited: 'Too many requests for this page. Please wait a minute and try again.',
  coordinates_pair: 'Give both latitude and longitude, or neither.',
} as const;

export const LEAD_SOURCES = [
  { value: 'campaign', label: 'Campaign' },
  { value: 'url', label: 'URL' },
  { value: 'walk_in', label: 'Walk-in' },
  { value: 'referral', label: 'Referral' },
  { value: 'import', label: 'Import' },
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number]['value'];
export const LEAD_SOURCE_VALUES = LEAD_SOURCES.map((s) => s.value) as [LeadSource, ...LeadSource[]];

export const LEAD_STATUS_VALUES = statusValues(LEAD_STATUSES);
export type LeadStatusValue = (typeof LEAD_STATUS_VALUES)[number];
/** The statuses a user sets by hand: 'converted' only comes from converting the lead. */
export const LEAD_SETTABLE_STATUSES = LEAD_STATUS_VALUES.filter((s) => s !== 'converted') as [
  LeadStatusValue,
  ...LeadStatusValue[],
];

export const LEAD_TRANSACTION_KINDS = [
  { value: 'sample_order', label: 'Sample order' },
  { value: 'payment', label: 'Payment' },
] as const;
export type LeadTransactionKind = (typeof LEAD_TRANSACTION_KINDS)[number]['value'];

/** '' and null both mean "no value"; absent leaves a field as it is. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v !== undefined && isBlank(v) ? null : v), schema.nullable().optional());
const text = (max: number) =>
  z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);
const date = calendarDateSchema(LEAD_MESSAGES.date_invalid);
const settableStatus = z.enum(LEAD_SETTABLE_STATUSES, { error: LEAD_MESSAGES.converted_status });
const optionalId = z.preprocess(
  (v) => (v !== undefined && isBlank(v) ? null : v),
  idInput.nullable().optional(),
);

/** The UTM parameters a lead was captured with (the spec's five keys). */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_ad', 'utm_adgp'] as const;
const utmFields = Object.fromEntries(UTM_KEYS.map((key) => [key, clearable(text(200))])) as Record<
  (typeof UTM_KEYS)[number],
  ReturnType<typeof clearable<ReturnType<typeof text>>>
>;

const leadFields = {
  name: requiredText(LEAD_MESSAGES.name_required, 200),
  contact_person_name: clearable(text(100)),
  phone: clearable(buyerPhoneSchema),
  email: clearable(emailSchema),
  gst_number: clearable(gstinSchema),
  source: z.enum(LEAD_SOURCE_VALUES, { error: 'Choose a valid source.' }),
  ...utmFields,
  /** A user of the company; on create, absent means the creator. */
  sales_person: optionalId,
  status: settableStatus,
  next_follow_up_date: clearable(date),
  notes: clearable(text(2000)),
};

/** POST admin/companies/{companyId}/leads. */
export const leadCreate = z
  .object({
    ...leadFields,
    source: leadFields.source.default('walk_in'),
    status: settableStatus.default('new'),
    billing_address: addressInput.optional(),
    shipping_address: addressInput.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.phone && !value.email)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: LEAD_MESSAGES.contact_required });
  });
export type LeadCreate = z.infer<typeof leadCreate>;
export type LeadCreateInput = z.input<typeof leadCreate>;

/** PATCH admin/leads/{id}: any of the fields. */
export const leadUpdate = z
  .object({
    name: leadFields.name.optional(),
    contact_person_name: leadFields.contact_person_name,
    phone: leadFields.phone,
    email: leadFields.email,
    gst_number: leadFields.gst_number,
    source: leadFields.source.optional(),
    ...utmFields,
    sales_person: idInput.optional(),
    status: settableStatus.optional(),
    next_follow_up_date: leadFields.next_follow_up_date,
    notes: leadFields.notes,
  })
  .strict();
export type LeadUpdate = z.infer<typeof leadUpdate>;

/** POST admin/leads/{id}/addresses. */
export const leadAddressCreate = addressInput
  .extend({
    address_type: z.enum(['billing_address', 'shipping_address'], {
      error: 'Address type must be billing_address or shipping_address.',
    }),
  })
  .strict();

export const leadListFilters = z.object({
  status: z.enum(LEAD_STATUS_VALUES, { error: 'Choose a valid lead status.' }).optional(),
  status__in: valueList(LEAD_STATUS_VALUES),
  source: z.enum(LEAD_SOURCE_VALUES, { error: 'Choose a valid source.' }).optional(),
  sales_person: z.coerce.number().int().positive().optional(),
  /** Leads whose next follow-up is on or before today (India) and that are still open. */
  follow_up_due: z.enum(['true', 'false']).optional(),
});

export const LEAD_ORDERINGS = ['name', 'created_at', 'updated_at', 'next_follow_up_date', 'status'] as const;

const person = z.object({ id, first_name: z.string(), last_name: z.string() }).nullable();

export const leadOutput = z.object({
  id,
  name: z.string(),
  contact_person_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gst_number: z.string().nullable(),
  source: z.string(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_ad: z.string().nullable(),
  utm_adgp: z.string().nullable(),
  /** The id; `expand=sales_person` embeds {id, first_name, last_name}. */
  sales_person: z.union([id, person]).nullable(),
  status: z.string(),
  next_follow_up_date: z.string().nullable(),
  notes: z.string().nullable(),
  buyer: id.nullable(),
  converted_at: timestamp.nullable(),
  addresses: z.array(addressOutput).optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type LeadOutput = z.infer<typeof leadOutput>;

const latitude = z.coerce.number({ error: 'Latitude must be a number.' }).min(-90).max(90);
const longitude = z.coerce.number({ error: 'Longitude must be a number.' }).min(-180).max(180);

/** POST admin/leads/{id}/visits/: a field visit as the sales person logs it. */
export const leadVisitCreate = z
  .object({
    visited_at: z.iso.datetime({ offset: true, error: 'Please enter a valid date and time.' }),
    location: clearable(text(300)),
    latitude: clearable(latitude),
    longitude: clearable(longitude),
    outcome: requiredText('Outcome is required.', 500),
    notes: clearable(text(2000)),
    next_step: clearable(text(500)),
    next_follow_up_date: clearable(date),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.latitude == null) !== (value.longitude == null))
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: LEAD_MESSAGES.coordinates_pair });
  });
export type LeadVisitCreate = z.infer<typeof leadVisitCreate>;

export const LEAD_VISIT_ORDERINGS = ['visited_at', 'created_at'] as const;

export const leadVisitOutput = z.object({
  id,
  lead: id,
  visited_at: timestamp,
  location: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  outcome: z.string(),
  notes: z.string().nullable(),
  next_step: z.string().nullable(),
  next_follow_up_date: z.string().nullable(),
  created_by: person,
  created_at: timestamp,
});

/** POST admin/leads/{id}/transactions: a sample order or a payment note against the lead. */
export const leadTransactionCreate = z
  .object({
    kind: z.enum(['sample_order', 'payment'], { error: 'Kind must be sample_order or payment.' }),
    amount: positiveRupeesInput,
    date,
    notes: clearable(text(1000)),
  })
  .strict();

export const leadTransactionOutput = z.object({
  id,
  lead: id,
  kind: z.string(),
  amount: z.number(),
  date: z.string(),
  notes: z.string().nullable(),
  created_by: person,
  created_at: timestamp,
});

/** POST admin/leads/{id}/exposed_inventory: products to share and the day the link ends. */
export const leadInventoryExposureCreate = z
  .object({
    products: z
      .array(idInput, { error: LEAD_MESSAGES.products_required })
      .min(1, LEAD_MESSAGES.products_required)
      .max(200, 'Choose at most 200 products.'),
    expires_on: date,
  })
  .strict();

export const leadInventoryExposureOutput = z.object({
  id,
  lead: id,
  token: z.string(),
  /** The public page's path (under /api): lead-inventory/{token}. */
  url: z.string(),
  expires_on: z.string(),
  is_expired: z.boolean(),
  products: z.array(z.object({ id, name: z.string() })),
  created_at: timestamp,
});

/** POST admin/leads/{id}/convert: the buyer type (default: regular with a GSTIN, else unregistered). */
export const leadConvert = z
  .object({
    buyer_type: z
      .enum(['regular', 'composition', 'unregistered', 'consumer', 'overseas', 'sez'], {
        error: 'Choose a valid buyer type.',
      })
      .optional(),
  })
  .strict();

export const leadConvertOutput = z.object({
  detail: z.string(),
  lead: leadOutput,
  buyer: z.object({ id, name: z.string() }),
});

/** GET lead-inventory/{token}: what the lead sees, and nothing else. */
export const leadInventoryPublicOutput = z.object({
  company: z.string(),
  lead: z.string(),
  expires_on: z.string(),
  products: z.array(
    z.object({
      name: z.string(),
      sku: z.string().nullable(),
      /** Units available now, over the company's warehouses. */
      stock: z.number(),
      unit: z.string().nullable(),
      /** Rupees, tax inclusive: the price a buyer outside any buyer group pays. */
      price: z.number(),
      mrp: z.number(),
    }),
  ),
});

export const leadsDueOutput = z.object({ due_today: z.number().int(), overdue: z.number().int() });
