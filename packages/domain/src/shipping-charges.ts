import { formatMoney } from './money.ts';

/**
 * Shipping charges (issue 26, the /delivery screen): rules per sales channel that suggest the
 * shipping and handling charge of a quotation or order while it is typed. Pure and in integers:
 * money in paise, weights in grams. The server answers the suggestion with this function; the
 * saved documents keep whatever charge the user saved (the suggestion is only a default).
 *
 * Which rule: the active rules of the draft's own sales channel first, then the rules for every
 * channel, each group by position (then id). The first rule that applies gives the charge:
 * - `flat`: always applies; its charge.
 * - `weight_slab` / `order_value_slab`: the slab with the greatest start at or below the draft's
 *   weight (grams) or order value (paise). Slabs start at 0, so every draft falls in one.
 * - `pincode`: the zone with the longest prefix of the delivery pincode; a pincode in no zone
 *   pays the rule's own charge, or, when it has none, the rule does not apply (the next one may).
 *   Without a pincode a pincode rule does not apply.
 * Any rule may be free above an amount: an order value at or above it pays nothing.
 */

export const SHIPPING_RULE_KINDS = ['flat', 'weight_slab', 'order_value_slab', 'pincode'] as const;
export type ShippingRuleKind = (typeof SHIPPING_RULE_KINDS)[number];

export const SHIPPING_RULE_KIND_LABELS: Record<ShippingRuleKind, string> = {
  flat: 'Flat',
  weight_slab: 'By Weight',
  order_value_slab: 'By Order Value',
  pincode: 'By Pincode',
};

export interface ShippingSlab {
  /** Where the slab starts: grams (weight) or paise (order value), inclusive. */
  from: number;
  chargePaise: number;
}

export interface PincodeZone {
  name: string;
  /** Leading digits of the pincodes the zone covers ('400', '4110', a full '411001'). */
  prefixes: readonly string[];
  chargePaise: number;
}

export interface ShippingRule {
  id: number;
  name: string;
  /** null: every sales channel. */
  salesChannelId: number | null;
  kind: ShippingRuleKind;
  /** flat: the charge; pincode: the charge outside every zone (null: the rule does not apply there). */
  chargePaise: number | null;
  slabs: readonly ShippingSlab[];
  zones: readonly PincodeZone[];
  /** Orders worth this much or more ship free; null: never free. */
  freeAbovePaise: number | null;
  position: number;
  isActive: boolean;
}

export interface ShippingDraft {
  salesChannelId: number | null;
  /** The order's value before shipping (its lines after discounts, with GST). */
  orderValuePaise: number;
  weightGrams: number;
  pincode: string | null;
}

export interface ShippingSuggestion {
  chargePaise: number;
  rule: { id: number; name: string } | null;
  /** Why this charge, in a sentence for the form ('Free on orders of ₹2,000.00 or more.'). */
  reason: string;
}

export const SHIPPING_MESSAGES = {
  no_rule: 'No shipping rule applies.',
  not_found: 'Shipping Rule Not Found',
  name_required: 'Rule name is required.',
  name_taken: 'A shipping rule with this name already exists.',
  kind: 'Choose how the rule charges: flat, by weight, by order value or by pincode.',
  charge_required: 'Enter the charge.',
  slabs_required: 'Add at least one slab.',
  slabs_start: 'The first slab must start at 0.',
  slabs_order: 'Each slab must start above the one before it.',
  zones_required: 'Add at least one pincode zone.',
  zone_name_required: 'Zone name is required.',
  prefixes_required: 'Add at least one pincode prefix.',
  prefix: 'A pincode prefix is 1 to 6 digits and does not start with 0.',
  prefix_repeated: 'This prefix is already in another zone.',
  sales_channel_not_found: 'Sales Channel Not Found',
  created: 'Shipping rule created.',
  updated: 'Shipping rule updated.',
  deleted: 'Shipping rule deleted.',
  create_failed: 'Failed to create shipping rule.',
  update_failed: 'Failed to update shipping rule.',
  delete_failed: 'Failed to delete shipping rule.',
} as const;

const rupees = (paise: number) => formatMoney(paise / 100);

/** The rules in the order they are tried for a draft of `salesChannelId` (other channels' left out). */
export function rulesInOrder(rules: readonly ShippingRule[], salesChannelId: number | null): ShippingRule[] {
  const rank = (rule: ShippingRule) => (rule.salesChannelId === null ? 1 : 0);
  return rules
    .filter(
      (rule) =>
        rule.isActive &&
        (rule.salesChannelId === null || (salesChannelId !== null && rule.salesChannelId === salesChannelId)),
    )
    .sort((a, b) => rank(a) - rank(b) || a.position - b.position || a.id - b.id);
}

/** The slab a value falls in: the greatest start at or below it. */
export function slabOf(slabs: readonly ShippingSlab[], value: number): ShippingSlab | null {
  let found: ShippingSlab | null = null;
  for (const slab of slabs)
    if (slab.from <= value && (found === null || slab.from > found.from)) found = slab;
  return found;
}

/** The zone whose prefix is the longest start of the pincode, with that prefix. */
export function zoneOf(zones: readonly PincodeZone[], pincode: string): PincodeZone | null {
  let best: { zone: PincodeZone; length: number } | null = null;
  for (const zone of zones) {
    for (const prefix of zone.prefixes) {
      if (pincode.startsWith(prefix) && (best === null || prefix.length > best.length)) {
        best = { zone, length: prefix.length };
      }
    }
  }
  return best?.zone ?? null;
}

/** What one rule charges the draft, or null when it does not apply. */
export function ruleCharge(
  rule: ShippingRule,
  draft: ShippingDraft,
): { chargePaise: number; reason: string } | null {
  if (rule.freeAbovePaise !== null && draft.orderValuePaise >= rule.freeAbovePaise) {
    return { chargePaise: 0, reason: `Free on orders of ${rupees(rule.freeAbovePaise)} or more.` };
  }
  switch (rule.kind) {
    case 'flat':
      return rule.chargePaise === null ? null : { chargePaise: rule.chargePaise, reason: 'Flat charge.' };
    case 'weight_slab': {
      const slab = slabOf(rule.slabs, draft.weightGrams);
      return slab && { chargePaise: slab.chargePaise, reason: `Weight from ${formatKg(slab.from)}.` };
    }
    case 'order_value_slab': {
      const slab = slabOf(rule.slabs, draft.orderValuePaise);
      return slab && { chargePaise: slab.chargePaise, reason: `Order value from ${rupees(slab.from)}.` };
    }
    case 'pincode': {
      const pincode = draft.pincode?.trim() ?? '';
      if (pincode === '') return null;
      const zone = zoneOf(rule.zones, pincode);
      if (zone) return { chargePaise: zone.chargePaise, reason: `Pincode zone ${zone.name}.` };
      return rule.chargePaise === null
        ? null
        : { chargePaise: rule.chargePaise, reason: 'Pincode outside the zones.' };
    }
  }
}

/** The suggested shipping charge of a draft: the first rule that applies, else nothing (0). */
export function suggestShippingCharge(
  rules: readonly ShippingRule[],
  draft: ShippingDraft,
): ShippingSuggestion {
  for (const rule of rulesInOrder(rules, draft.salesChannelId)) {
    const charge = ruleCharge(rule, draft);
    if (charge) return { ...charge, rule: { id: rule.id, name: rule.name } };
  }
  return { chargePaise: 0, rule: null, reason: SHIPPING_MESSAGES.no_rule };
}

/** The weight of the draft's lines in grams: quantity times the unit weight in kg (absent: 0). */
export function draftWeightGrams(lines: readonly { quantity: number; weightKg: number | null }[]): number {
  return lines.reduce((sum, line) => sum + Math.round(line.quantity * (line.weightKg ?? 0) * 1000), 0);
}

/** Grams as kilograms for a sentence: 1500 -> '1.5 kg'. */
export const formatKg = (grams: number) => `${Number((grams / 1000).toFixed(3))} kg`;

/** Whether a pincode prefix is well formed: 1 to 6 digits, not starting with 0. */
export const isPincodePrefix = (prefix: string) => /^[1-9][0-9]{0,5}$/.test(prefix);

/**
 * What is wrong with a rule's parts, by field ('slabs', 'slabs.1.from', 'zones.0.prefixes'...), as
 * the server refuses and the form shows.
 */
export function shippingRuleProblems(rule: {
  kind: ShippingRuleKind;
  chargePaise: number | null;
  slabs: readonly ShippingSlab[];
  zones: readonly PincodeZone[];
}): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (rule.kind === 'flat' && rule.chargePaise === null) {
    problems.push({ path: ['charge'], message: SHIPPING_MESSAGES.charge_required });
  }
  if (rule.kind === 'weight_slab' || rule.kind === 'order_value_slab') {
    if (rule.slabs.length === 0)
      problems.push({ path: ['slabs'], message: SHIPPING_MESSAGES.slabs_required });
    rule.slabs.forEach((slab, index) => {
      if (index === 0 && slab.from !== 0) {
        problems.push({ path: ['slabs', 0, 'from'], message: SHIPPING_MESSAGES.slabs_start });
      }
      if (index > 0 && slab.from <= rule.slabs[index - 1].from) {
        problems.push({ path: ['slabs', index, 'from'], message: SHIPPING_MESSAGES.slabs_order });
      }
    });
  }
  if (rule.kind === 'pincode') {
    if (rule.zones.length === 0)
      problems.push({ path: ['zones'], message: SHIPPING_MESSAGES.zones_required });
    const seen = new Set<string>();
    rule.zones.forEach((zone, index) => {
      if (zone.name.trim() === '') {
        problems.push({ path: ['zones', index, 'name'], message: SHIPPING_MESSAGES.zone_name_required });
      }
      if (zone.prefixes.length === 0) {
        problems.push({ path: ['zones', index, 'prefixes'], message: SHIPPING_MESSAGES.prefixes_required });
      }
      for (const prefix of zone.prefixes) {
        if (!isPincodePrefix(prefix)) {
          problems.push({ path: ['zones', index, 'prefixes'], message: SHIPPING_MESSAGES.prefix });
        } else if (seen.has(prefix)) {
          problems.push({ path: ['zones', index, 'prefixes'], message: SHIPPING_MESSAGES.prefix_repeated });
        }
        seen.add(prefix);
      }
    });
  }
  return problems;
}
