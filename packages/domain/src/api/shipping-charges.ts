import { z } from 'zod';
import { toPaise } from '../money.ts';
import {
  type PincodeZone,
  SHIPPING_MESSAGES,
  SHIPPING_RULE_KINDS,
  type ShippingRuleKind,
  type ShippingSlab,
  shippingRuleProblems,
} from '../shipping-charges.ts';
import { requiredText } from '../validation.ts';
import { id, idInput, timestamp } from './common.ts';
import { quantityInput, rupeesInput } from './products.ts';

/**
 * Shipping rule requests and answers (issue 26). Rupees and kilograms at the edge; the rule's
 * parts are checked by the domain's shippingRuleProblems over paise and grams, as the evaluator
 * reads them.
 */

export const SHIPPING_RULE_NAME_MAX = 100;
export const SHIPPING_SLABS_MAX = 50;
export const SHIPPING_ZONES_MAX = 100;

const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

const slabInput = z
  .object({
    /** Where the slab starts: kilograms (by weight) or rupees (by order value). */
    from: quantityInput,
    charge: rupeesInput,
  })
  .strict();

const zoneInput = z
  .object({
    name: z.string().trim().max(100, 'Ensure this field has no more than 100 characters.'),
    /** Leading digits of the pincodes of the zone; a comma- or space-separated text is accepted too. */
    prefixes: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(/[\s,]+/).filter(Boolean) : v),
      z.array(z.string().trim()).max(200),
    ),
    charge: rupeesInput,
  })
  .strict();

/** A slab's start in the evaluator's unit: grams for weight, paise for order value. */
export const slabStart = (kind: ShippingRuleKind, from: number) =>
  kind === 'weight_slab' ? Math.round(from * 1000) : toPaise(from);

/** The rule's parts as the evaluator reads them. */
export function ruleParts(input: {
  kind: ShippingRuleKind;
  charge: number | null;
  slabs: readonly { from: number; charge: number }[];
  zones: readonly { name: string; prefixes: readonly string[]; charge: number }[];
}): { chargePaise: number | null; slabs: ShippingSlab[]; zones: PincodeZone[] } {
  const slabKind = input.kind === 'weight_slab' || input.kind === 'order_value_slab';
  return {
    chargePaise: input.charge === null ? null : toPaise(input.charge),
    slabs: slabKind
      ? input.slabs.map((slab) => ({
          from: slabStart(input.kind, slab.from),
          chargePaise: toPaise(slab.charge),
        }))
      : [],
    zones:
      input.kind === 'pincode'
        ? input.zones.map((zone) => ({
            name: zone.name,
            prefixes: zone.prefixes,
            chargePaise: toPaise(zone.charge),
          }))
        : [],
  };
}

export const shippingRuleInput = z
  .object({
    name: requiredText(SHIPPING_MESSAGES.name_required, SHIPPING_RULE_NAME_MAX),
    /** null: the rule is for every sales channel. */
    sales_channel: blankToNull(idInput).default(null),
    kind: z.enum(SHIPPING_RULE_KINDS, { error: SHIPPING_MESSAGES.kind }),
    /** Flat: the charge; by pincode: the charge outside every zone (null: the rule does not apply there). */
    charge: blankToNull(rupeesInput).default(null),
    slabs: z.array(slabInput).max(SHIPPING_SLABS_MAX).default([]),
    zones: z.array(zoneInput).max(SHIPPING_ZONES_MAX).default([]),
    /** Orders worth this much or more ship free; null: never free. */
    free_above: blankToNull(rupeesInput).default(null),
    position: z.coerce.number().int().min(0).max(1_000_000).default(0),
    is_active: z.boolean().default(true),
  })
  .strict()
  .superRefine((value, ctx) => {
    for (const problem of shippingRuleProblems({ kind: value.kind, ...ruleParts(value) })) {
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  });
export type ShippingRuleInput = z.infer<typeof shippingRuleInput>;
export type ShippingRuleBody = z.input<typeof shippingRuleInput>;

export const shippingRuleOutput = z.object({
  id,
  name: z.string(),
  sales_channel: z.object({ id, name: z.string(), display_name: z.string() }).nullable(),
  kind: z.enum(SHIPPING_RULE_KINDS),
  charge: z.number().nullable(),
  /** Slab starts in kilograms (by weight) or rupees (by order value). */
  slabs: z.array(z.object({ from: z.number(), charge: z.number() })),
  zones: z.array(z.object({ name: z.string(), prefixes: z.array(z.string()), charge: z.number() })),
  free_above: z.number().nullable(),
  position: z.number().int(),
  is_active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ShippingRuleOutput = z.infer<typeof shippingRuleOutput>;

/**
 * POST admin/companies/{companyId}/shipping_charges/suggest: the charge the rules suggest for a
 * draft quotation or order. A line's weight is its own `weight` (kg per unit) or else its product's.
 */
export const shippingSuggestionInput = z
  .object({
    sales_channel: blankToNull(idInput).default(null),
    pincode: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z
        .string()
        .trim()
        .regex(/^[1-9][0-9]{5}$/, 'Please enter a valid 6 digit pincode.')
        .nullable(),
    ),
    /** The order's value before shipping, in rupees (its lines after discounts, with GST). */
    order_value: rupeesInput,
    lines: z
      .array(
        z
          .object({
            product: idInput.optional(),
            quantity: quantityInput,
            weight: blankToNull(quantityInput).optional(),
          })
          .strict(),
      )
      .max(500)
      .default([]),
  })
  .strict();
export type ShippingSuggestionInput = z.infer<typeof shippingSuggestionInput>;
export type ShippingSuggestionBody = z.input<typeof shippingSuggestionInput>;

export const shippingSuggestionOutput = z.object({
  shipping_charge: z.number(),
  rule: z.object({ id, name: z.string() }).nullable(),
  reason: z.string(),
  /** The draft's weight the rules read, in kilograms. */
  weight: z.number(),
});
export type ShippingSuggestionOutput = z.infer<typeof shippingSuggestionOutput>;
