import { z } from 'zod';
import {
  isBlank,
  isName,
  isWholeNumber,
  MAX_LENGTH,
  MESSAGES,
  maxLengthMessage,
  numberField,
  phoneSchema,
  tallyNameSchema,
} from '../validation.ts';
import { addressInput, addressOutput, id, idInput, idParam, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

export const WAREHOUSE_NAME_MAX = MAX_LENGTH;
export const WAREHOUSE_POSITION_MAX = 1_000_000;
export const WAREHOUSE_PRIORITY_MAX = 1_000_000;
/** At most this many buyers or products per assign call. */
export const WAREHOUSE_ASSIGN_MAX = 1000;

export const WAREHOUSE_MESSAGES = {
  not_found: 'Warehouse Not Found',
  branch_not_found: 'Branch Not Found',
  buyer_not_found: 'Buyer Not Found',
  product_not_found: 'Product Not Found',
  warehouse_buyer_not_found: 'Warehouse Buyer Not Found',
  name_required: 'Warehouse name is required.',
  name_taken: 'A warehouse with this name already exists.',
  buyers_required: 'Select at least one buyer.',
  products_required: 'Select at least one product.',
  too_many: `Select at most ${WAREHOUSE_ASSIGN_MAX} at a time.`,
  buyer_unassigned: 'Buyer unassigned successfully.',
} as const;

/** The refusals of the spec's rule "an inactive branch or warehouse blocks all operations". */
export const warehouseInactiveMessage = (name: string) => `Warehouse ${name} is inactive.`;
export const branchInactiveMessage = (name: string) => `Branch ${name} is inactive.`;
export const buyerInactiveMessage = (name: string) => `Buyer ${name} is inactive.`;

/** Help texts of the warehouse form (spec 2, field help texts). */
export const WAREHOUSE_HELP = {
  warehouseName: 'Unique in the company. Name can only contain (a-z A-Z 0-9 - _ .)',
  branch: 'The branch this warehouse belongs to; it cannot be changed later.',
  contactPersonName: 'The person to contact at this warehouse.',
  contactPersonPhone: '10-digit phone number of the contact person.',
  status: 'An inactive branch or warehouse blocks all operations.',
  visible: 'A visible branch or warehouse is shown to buyers and sellers as an address.',
  private: 'A private warehouse hides its inventory from buyers.',
  tallyName:
    'The name of this warehouse (godown) in Tally. Tally Name can only contain a-z A-Z 0-9 . - _ \\/ ()',
  position: 'Warehouses are listed by position, lowest first.',
  priority: 'A lower priority value means a higher priority.',
} as const;

/** Trimmed, required, at most 64 characters, the spec's Name characters; one message per field. */
export const warehouseNameSchema = z
  .string({ error: WAREHOUSE_MESSAGES.name_required })
  .trim()
  .superRefine((value, ctx) => {
    const message =
      value === ''
        ? WAREHOUSE_MESSAGES.name_required
        : value.length > WAREHOUSE_NAME_MAX
          ? maxLengthMessage(WAREHOUSE_NAME_MAX)
          : !isName(value)
            ? MESSAGES.name
            : null;
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  });

/** Optional input a form may clear: '' and null both mean "no value" (stored as null). */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v !== undefined && isBlank(v) ? null : v), schema.nullable().optional());

const personName = z.string().trim().max(MAX_LENGTH, maxLengthMessage(MAX_LENGTH));

/** A whole number from 0 to `max`, as a JSON number or a form's string; blank means "not given". */
const wholeNumber = (max: number) =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    numberField([
      [isWholeNumber, MESSAGES.whole_number],
      [(v) => Number(v) <= max, `Value cannot be more than ${max}.`],
    ]).optional(),
  );

export const warehouseAddressInput = addressInput.extend({
  /** A visible warehouse address is shown to buyers and sellers. */
  is_visible: z.boolean({ error: 'is_visible must be true or false.' }).default(true),
});
export type WarehouseAddressInput = z.infer<typeof warehouseAddressInput>;

const warehouseFields = {
  name: warehouseNameSchema,
  tally_warehouse_name: clearable(tallyNameSchema),
  contact_person_name: clearable(personName),
  contact_person_phone: clearable(phoneSchema),
  position: wholeNumber(WAREHOUSE_POSITION_MAX),
};

/** POST branches/{branchId}/warehouses. */
export const warehouseCreate = z
  .object({
    ...warehouseFields,
    is_private: z.boolean({ error: 'is_private must be true or false.' }).default(false),
    address: warehouseAddressInput,
  })
  .strict();
export type WarehouseCreate = z.infer<typeof warehouseCreate>;

/**
 * PATCH warehouses/{id}: the warehouse's own fields. Status and privacy have their own calls
 * (activate/deactivate, private/public) and addresses theirs; the branch is fixed at creation,
 * since stock, documents and the GST state of its movements belong to that branch.
 */
export const warehouseUpdate = z
  .object({
    name: warehouseNameSchema.optional(),
    tally_warehouse_name: warehouseFields.tally_warehouse_name,
    contact_person_name: warehouseFields.contact_person_name,
    contact_person_phone: warehouseFields.contact_person_phone,
    position: warehouseFields.position,
  })
  .strict();
export type WarehouseUpdate = z.infer<typeof warehouseUpdate>;

/** The filters of the warehouse lists (a company's; a branch's takes all but `branch`). */
export const warehouseListFilters = z.object({
  is_active: booleanParam.optional(),
  is_private: booleanParam.optional(),
  branch: idParam.optional(),
});

/** The filters of a warehouse's inventory list. */
export const warehouseInventoryFilters = z.object({ in_stock: booleanParam.optional() });

export const warehouseOutput = z.object({
  id,
  name: z.string(),
  tally_warehouse_name: z.string().nullable(),
  contact_person_name: z.string().nullable(),
  contact_person_phone: z.string().nullable(),
  position: z.number(),
  is_active: z.boolean(),
  is_private: z.boolean(),
  branch: z.object({ id, name: z.string(), is_active: z.boolean() }),
  /** Present on a single warehouse, and on lists with expand=addresses. */
  addresses: z.array(addressOutput).optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type WarehouseOutput = z.infer<typeof warehouseOutput>;

const priority = wholeNumber(WAREHOUSE_PRIORITY_MAX);

const idsOf = (requiredMessage: string) =>
  z
    .array(idInput, { error: requiredMessage })
    .min(1, requiredMessage)
    .max(WAREHOUSE_ASSIGN_MAX, WAREHOUSE_MESSAGES.too_many);

/** POST warehouses/{id}/assign_buyers: buyers served from this warehouse, at one priority. */
export const assignBuyers = z
  .object({ buyers: idsOf(WAREHOUSE_MESSAGES.buyers_required), priority })
  .strict();
export type AssignBuyers = z.infer<typeof assignBuyers>;

/** PATCH warehouse_buyers/{id}. */
export const warehouseBuyerUpdate = z
  .object({
    priority: z.preprocess(
      (v) => (isBlank(v) ? undefined : v),
      numberField([
        [isWholeNumber, MESSAGES.whole_number],
        [(v) => Number(v) <= WAREHOUSE_PRIORITY_MAX, `Value cannot be more than ${WAREHOUSE_PRIORITY_MAX}.`],
      ]),
    ),
  })
  .strict();
export type WarehouseBuyerUpdate = z.infer<typeof warehouseBuyerUpdate>;

export const warehouseBuyerOutput = z.object({
  /** The assignment's id (warehouse_buyers/{id}). */
  id,
  warehouse: id,
  priority: z.number(),
  buyer: z.object({
    id,
    name: z.string(),
    contact_person_name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    gst_number: z.string().nullable(),
    is_active: z.boolean(),
  }),
  created_at: timestamp,
  updated_at: timestamp,
});
export type WarehouseBuyerOutput = z.infer<typeof warehouseBuyerOutput>;

export const assignBuyersOutput = z.object({
  detail: z.string(),
  /** How many of the buyers were newly assigned (the others already were). */
  assigned: z.number(),
  results: z.array(warehouseBuyerOutput),
});

/** POST warehouses/{id}/assign_products: each product gets a stock row (zero stock) in this warehouse. */
export const assignProducts = z.object({ products: idsOf(WAREHOUSE_MESSAGES.products_required) }).strict();
export type AssignProducts = z.infer<typeof assignProducts>;

export const assignProductsOutput = z.object({
  detail: z.string(),
  /** How many of the products were newly assigned (the others already were). */
  assigned: z.number(),
});

const productRef = z.object({ id, name: z.string(), sku: z.string().nullable(), is_active: z.boolean() });

/** A row of GET warehouses/{id}/product_inventory: one product's stock in this warehouse. */
export const warehouseInventoryRow = z.object({
  product: productRef,
  /** On hand. */
  available_stock: z.number(),
  /** Committed to confirmed orders not yet invoiced. */
  df_quantity: z.number(),
  /** The spec's displayed stock: |available_stock - df_quantity|. */
  stock: z.number(),
  in_stock: z.boolean(),
  updated_at: timestamp,
});
export type WarehouseInventoryRow = z.infer<typeof warehouseInventoryRow>;

/** A row of GET warehouses/{id}/unassigned_products. */
export const unassignedProductRow = productRef;
export type UnassignedProductRow = z.infer<typeof unassignedProductRow>;
