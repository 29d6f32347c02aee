import { z } from 'zod';
import { INVOICE_SERIES_MESSAGE, INVOICE_SERIES_PATTERN } from '../invoices.ts';
import { TALLY_LEDGER_PURPOSE_NAMES, TALLY_VOUCHER_KIND_NAMES } from '../tally.ts';
import {
  emailSchema,
  gstinSchema,
  MAX_LENGTH,
  maxLengthMessage,
  phoneSchema,
  tallyNameSchema,
} from '../validation.ts';
import { addressCreate } from './addresses.ts';
import { addressOutput, id, timestamp } from './common.ts';
import { booleanParam } from './list-query.ts';

export const BRANCH_NAME_MIN = 2;
export const BRANCH_NAME_MAX = 100;

/** Help texts of the branch form (spec 2, sections 1 and 3). */
export const BRANCH_HELP = {
  branchName: 'The name of the branch, unique in the company.',
  gstin: 'GSTIN is 15 characters.',
  contactPersonName: 'The person to contact at this branch.',
  contactPersonEmail: 'E-mail address of the contact person.',
  contactPersonPhone: '10-digit phone number of the contact person.',
  pinCode: 'Pincode is 6 digits.',
  visible: 'A visible branch is shown to buyers and sellers as an address.',
  status: 'An inactive branch blocks all operations.',
  invoiceSeries:
    'Starts this branch’s invoice numbers (MUM gives MUM/2627/00001); 1 to 4 capital letters or digits.',
  roundOff: 'Invoice totals are rounded to the nearest rupee, with the difference shown as a round-off line.',
} as const;

export const BRANCH_MESSAGES = {
  not_found: 'Branch Not Found',
  name_required: 'Branch name is required.',
  name_taken: 'A branch with this name already exists.',
  invoice_series_taken: 'Another branch already uses this invoice series.',
  /** Issue 16: a series that has issued an invoice belongs to its branch for good. */
  invoice_series_used: (series: string, branchName: string, firstNumber: string) =>
    `The invoice series ${series} belongs to branch ${branchName}, which issued ${firstNumber} with it; choose another series.`,
  last_active: 'At least one branch must stay active: this is the last active branch of the company.',
  inactive: (name: string) => `Branch ${name} is inactive.`,
  contact_not_found: 'Notification Contact Not Found',
  too_many_contacts: 'A branch can have at most 20 notification contacts.',
  // Toasts, spec 2 section 8.
  created: 'Branch created successfully.',
  updated: 'Branch updated successfully.',
  activated: 'Branch activated successfully.',
  deactivated: 'Branch deactivated successfully.',
  round_off_enabled: 'Round off enabled successfully.',
  round_off_disabled: 'Round off disabled successfully.',
  address_visible: 'Branch address visible to others.',
  address_invisible: 'Branch address invisible to others.',
  address_updated: 'Branch address updated successfully.',
  configurations_updated: 'Configurations updated successfully.',
  create_failed: 'Failed to create Branch.',
  load_failed: 'Failed to load Branch.',
  list_failed: 'Failed to load Branches.',
  update_failed: 'Failed to update Branches.',
  configurations_failed: 'Failed to update configurations.',
  activate_failed: 'Failed to activate Branch.',
  deactivate_failed: 'Failed to deactivate Branch.',
  round_off_enable_failed: 'Failed to enable round off.',
  round_off_disable_failed: 'Failed to disable round off.',
  address_visible_failed: 'Failed to make address visible.',
  address_invisible_failed: 'Failed to make address invisible.',
  address_update_failed: 'Failed to update address.',
  contact_added: 'Notification contact person added successfully.',
  contact_updated: 'Notification contact person updated successfully.',
  contact_deleted: 'Notification contact person deleted successfully.',
  contact_add_failed: 'Failed to add notification contact person.',
  contact_update_failed: 'Failed to update notification contact person.',
  contact_delete_failed: 'Failed to delete notification contact person.',
} as const;

export const MAX_BRANCH_CONTACTS = 20;

const branchName = z
  .string({ error: BRANCH_MESSAGES.name_required })
  .superRefine((value, ctx) => {
    const name = value.trim();
    const problem =
      name === ''
        ? BRANCH_MESSAGES.name_required
        : name.length < BRANCH_NAME_MIN
          ? `Branch name must have at least ${BRANCH_NAME_MIN} characters.`
          : name.length > BRANCH_NAME_MAX
            ? maxLengthMessage(BRANCH_NAME_MAX)
            : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  })
  .transform((value) => value.trim());

/** '' or null clears an optional field; absent leaves it as it is. */
const optionalOrNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : v),
    z.union([schema, z.null()]).optional(),
  );
const personName = z.string().trim().max(MAX_LENGTH, maxLengthMessage(MAX_LENGTH));

/** A branch's invoice series, upper-cased as typed. */
export const invoiceSeriesSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(INVOICE_SERIES_PATTERN, INVOICE_SERIES_MESSAGE);

const branchFields = {
  gstin: optionalOrNull(gstinSchema),
  contact_person_name: optionalOrNull(personName),
  contact_person_email: optionalOrNull(emailSchema),
  contact_person_phone: optionalOrNull(phoneSchema),
  round_off_enabled: z.boolean({ error: 'round_off_enabled must be true or false.' }).optional(),
  invoice_series: optionalOrNull(invoiceSeriesSchema),
  /** The spec's flow sends the branch status as true (active) or false (inactive). */
  status: z.boolean({ error: 'status must be true or false.' }).optional(),
};

export const branchCreate = z
  .object({
    name: branchName,
    ...branchFields,
    /** The branch's first address (its office or billing address). */
    address: addressCreate.optional(),
  })
  .strict();
export type BranchCreate = z.infer<typeof branchCreate>;

export const branchUpdate = z.object({ name: branchName.optional(), ...branchFields }).strict();
export type BranchUpdate = z.infer<typeof branchUpdate>;

/** The filters of the branch list (GET companies/{id}/branches). */
export const branchListFilters = z.object({ is_active: booleanParam.optional() });

export const branchUserOutput = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

export const branchOutput = z.object({
  id,
  name: z.string(),
  gstin: z.string().nullable(),
  is_active: z.boolean(),
  round_off_enabled: z.boolean(),
  invoice_series: z.string().nullable(),
  contact_person_name: z.string().nullable(),
  contact_person_email: z.string().nullable(),
  contact_person_phone: z.string().nullable(),
  addresses: z.array(addressOutput).optional(),
  /** With expand=user: the company user who is the branch's contact person (same e-mail), if any. */
  user: branchUserOutput.nullable().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type BranchOutput = z.infer<typeof branchOutput>;

// ---------------------------------------------------------------------------------------------
// Branch configurations: the company's configuration types that a branch may set for itself.

/** Invoices are printed per branch, each with its own layout and terms. */
export const BRANCH_CONFIGURATION_TYPES = ['print_configuration', 'terms_and_conditions'] as const;
export type BranchConfigurationType = (typeof BRANCH_CONFIGURATION_TYPES)[number];

const branchConfigurationType = z.enum(BRANCH_CONFIGURATION_TYPES, {
  error: `Configuration type must be one of ${BRANCH_CONFIGURATION_TYPES.join(', ')}.`,
});

export const branchConfigurationQuery = z.object({ configuration_type: branchConfigurationType.optional() });

/** PUT branches/{id}/configurations: sets one type's settings (and whether the branch uses them). */
export const branchConfigurationInput = z
  .object({
    configuration_type: branchConfigurationType,
    configurations: z.record(z.string(), z.unknown()).default({}),
    is_enabled: z.boolean({ error: 'is_enabled must be true or false.' }).optional(),
  })
  .strict();
export type BranchConfigurationInput = z.infer<typeof branchConfigurationInput>;

export const branchConfigurationOutput = z.object({
  configuration_type: z.enum(BRANCH_CONFIGURATION_TYPES),
  configurations: z.record(z.string(), z.unknown()),
  is_enabled: z.boolean(),
  updated_at: timestamp,
});

// ---------------------------------------------------------------------------------------------
// Tally export settings.

const optionalTallyName = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  tallyNameSchema.optional(),
);

const voucherTypesShape = Object.fromEntries(
  TALLY_VOUCHER_KIND_NAMES.map((k) => [k, optionalTallyName]),
) as Record<(typeof TALLY_VOUCHER_KIND_NAMES)[number], typeof optionalTallyName>;
const ledgerMappingsShape = Object.fromEntries(
  TALLY_LEDGER_PURPOSE_NAMES.map((p) => [p, optionalTallyName]),
) as Record<(typeof TALLY_LEDGER_PURPOSE_NAMES)[number], typeof optionalTallyName>;

/** PUT .../tally-voucher-types/update/: the whole set; a kind left out goes back to Tally's default. */
export const tallyVoucherTypesUpdate = z
  .object({ voucher_types: z.object(voucherTypesShape).strict() })
  .strict();

/** PUT .../ledger-mappings/update/: the whole set; a purpose left out is unmapped. */
export const tallyLedgerMappingsUpdate = z
  .object({ ledger_mappings: z.object(ledgerMappingsShape).strict() })
  .strict();

export const tallySettingsOutput = z.object({
  branch: id,
  voucher_types: z.record(z.enum(TALLY_VOUCHER_KIND_NAMES), z.string()),
  ledger_mappings: z.record(z.enum(TALLY_LEDGER_PURPOSE_NAMES), z.string().nullable()),
  updated_at: timestamp.nullable(),
});
export type TallySettingsOutput = z.infer<typeof tallySettingsOutput>;

export const TALLY_MESSAGES = {
  voucher_types_updated: 'Tally voucher types updated successfully.',
  voucher_types_failed: 'Failed to update Tally voucher types.',
  ledger_mappings_updated: 'Tally ledger mappings updated successfully.',
  ledger_mappings_failed: 'Failed to update Tally ledger mappings.',
} as const;
