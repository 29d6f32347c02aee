import { z } from 'zod';
import { GST_UNITS } from '../reference-data.ts';
import { requiredText } from '../validation.ts';
import { idParam } from './common.ts';

/** GET states (public: the sign-up form reads it before anyone signs in). */
export const stateOutput = z.object({ id: z.number(), name: z.string(), gst_code: z.string() });

/** GET cities, optionally of one state. */
export const cityOutput = z.object({ id: z.number(), name: z.string(), state_id: z.number() });
export const cityListFilters = z.object({ state: idParam.optional() });

/** A unit of quantity; `uqc` is the GST Unique Quantity Code it is reported as (a seeded unit is its own). */
export const unitOutput = z.object({ id: z.number(), code: z.string(), name: z.string(), uqc: z.string() });

export const UNIT_NAME_MAX = 60;
export const UNIT_CODE_MAX = 10;

export const UNIT_MESSAGES = {
  name_required: 'Unit name is required.',
  code_required: 'Unit code is required.',
  code_shape: `Use up to ${UNIT_CODE_MAX} letters and digits for the unit code.`,
  uqc_required: 'Choose the GST unit (UQC) this unit is reported as.',
  code_taken: (code: string) => `A unit with the code ${code} already exists.`,
} as const;

const UQC_CODES: ReadonlySet<string> = new Set(GST_UNITS.map((unit) => unit.code));

/**
 * POST admin/companies/{companyId}/units: a company's own unit (Carton of 12, Tray). Its code is
 * short and unique in the company (stored upper case); it names the GST UQC it is reported as, so
 * GSTR-1's HSN summary and the e-invoice can count it.
 */
/** One message per field: the first rule the value breaks. */
const checked = (rules: readonly (readonly [(value: string) => boolean, string])[]) =>
  z
    .string({ error: rules[0]?.[1] })
    .trim()
    .toUpperCase()
    .superRefine((value, ctx) => {
      const broken = rules.find(([check]) => !check(value));
      if (broken) ctx.addIssue({ code: 'custom', message: broken[1], input: value });
    });

export const unitCreate = z
  .object({
    name: requiredText(UNIT_MESSAGES.name_required, UNIT_NAME_MAX),
    code: checked([
      [(code) => code !== '', UNIT_MESSAGES.code_required],
      [(code) => code.length <= UNIT_CODE_MAX && /^[A-Z0-9]+$/.test(code), UNIT_MESSAGES.code_shape],
    ]),
    uqc: checked([[(code) => UQC_CODES.has(code), UNIT_MESSAGES.uqc_required]]),
  })
  .strict();
export type UnitCreate = z.infer<typeof unitCreate>;
export const paymentTermOutput = z.object({ id: z.number(), name: z.string(), days: z.number() });
export const shippingMethodOutput = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  is_active: z.boolean(),
});
