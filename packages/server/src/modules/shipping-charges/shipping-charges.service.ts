import {
  ruleParts,
  type ShippingRuleInput,
  type ShippingRuleOutput,
  type ShippingSuggestionInput,
  type ShippingSuggestionOutput,
} from '@b2b/domain/api/shipping-charges';
import { toPaise, toRupees } from '@b2b/domain/money';
import {
  draftWeightGrams,
  SHIPPING_MESSAGES,
  type ShippingRule,
  suggestShippingCharge,
} from '@b2b/domain/shipping-charges';
import { notFound, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { uniqueName } from '../../db/unique-name.ts';
import { historyWriter } from '../history/history.service.ts';
import * as queries from './shipping-charges.queries.ts';

/**
 * Shipping charge rules (issue 26, /delivery): company settings, each for one sales channel or
 * all, that suggest the shipping and handling charge of a quotation or order while it is typed
 * (domain shipping-charges.ts decides which rule and what charge). A suggestion only fills the
 * form: what a saved document charges is what the user saved.
 */

const recordRuleHistory = historyWriter('shipping_rule');

const ruleName = uniqueName({
  find: queries.findRuleByName,
  isTaken: queries.isRuleNameTaken,
  message: SHIPPING_MESSAGES.name_taken,
});

const paiseOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** The stored rule as the evaluator reads it. */
export function domainRule(row: queries.RuleRow): ShippingRule {
  return {
    id: row.id,
    name: row.name,
    salesChannelId: row.sales_channel_id === null ? null : Number(row.sales_channel_id),
    kind: row.kind,
    chargePaise: paiseOrNull(row.charge_paise),
    slabs: row.slabs.map((slab) => ({ from: Number(slab.from), chargePaise: Number(slab.charge_paise) })),
    zones: row.zones.map((zone) => ({
      name: zone.name,
      prefixes: zone.prefixes,
      chargePaise: Number(zone.charge_paise),
    })),
    freeAbovePaise: paiseOrNull(row.free_above_paise),
    position: Number(row.position),
    isActive: row.is_active,
  };
}

export function present(row: queries.RuleRow): ShippingRuleOutput {
  const rule = domainRule(row);
  return {
    id: row.id,
    name: row.name,
    sales_channel:
      rule.salesChannelId === null
        ? null
        : {
            id: rule.salesChannelId,
            name: row.sales_channel_name ?? '',
            display_name: row.sales_channel_display_name ?? '',
          },
    kind: rule.kind,
    charge: rule.chargePaise === null ? null : toRupees(rule.chargePaise),
    slabs: rule.slabs.map((slab) => ({
      from: rule.kind === 'weight_slab' ? slab.from / 1000 : toRupees(slab.from),
      charge: toRupees(slab.chargePaise),
    })),
    zones: rule.zones.map((zone) => ({
      name: zone.name,
      prefixes: [...zone.prefixes],
      charge: toRupees(zone.chargePaise),
    })),
    free_above: rule.freeAbovePaise === null ? null : toRupees(rule.freeAbovePaise),
    position: rule.position,
    is_active: rule.isActive,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function getRule(db: Executor, companyId: number, id: number): Promise<ShippingRuleOutput> {
  const row = await queries.findRule(db, companyId, id);
  if (!row) throw notFound('Shipping Rule');
  return present(row);
}

export async function listRules(
  db: Executor,
  companyId: number,
  filter: { isActive?: boolean; salesChannelId?: number },
) {
  return (await queries.listRules(db, companyId, filter)).map(present);
}

/** The row's values from a checked input: paise and grams, as the evaluator reads them. */
function valuesOf(input: ShippingRuleInput): queries.RuleValues {
  const parts = ruleParts(input);
  return {
    name: input.name,
    sales_channel_id: input.sales_channel,
    kind: input.kind,
    charge_paise: parts.chargePaise,
    slabs: JSON.stringify(parts.slabs.map((slab) => ({ from: slab.from, charge_paise: slab.chargePaise }))),
    zones: JSON.stringify(
      parts.zones.map((zone) => ({
        name: zone.name,
        prefixes: zone.prefixes,
        charge_paise: zone.chargePaise,
      })),
    ),
    free_above_paise: input.free_above === null ? null : toPaise(input.free_above),
    position: input.position,
    is_active: input.is_active,
  };
}

async function checkChannel(tx: Executor, companyId: number, salesChannelId: number | null) {
  if (salesChannelId === null) return;
  if (!(await queries.findSalesChannel(tx, companyId, salesChannelId))) {
    throw validationError('sales_channel', SHIPPING_MESSAGES.sales_channel_not_found);
  }
}

export async function createRule(options: { db: Database; actor: Principal; input: ShippingRuleInput }) {
  const { db, actor, input } = options;
  const id = await inTransaction(db, async (tx) => {
    await ruleName.assertFree(tx, actor.companyId, input.name);
    await checkChannel(tx, actor.companyId, input.sales_channel);
    const row = await queries
      .insertRule(tx, actor.companyId, actor.userId, valuesOf(input))
      .catch(ruleName.explain);
    await recordRuleHistory(tx, actor, row.id, 'created', input);
    return row.id;
  });
  return getRule(db, actor.companyId, id);
}

/** PATCH admin/shipping_rules/{id}: the whole rule as the form edits it. */
export async function updateRule(options: {
  db: Database;
  actor: Principal;
  ruleId: number;
  input: ShippingRuleInput;
}) {
  const { db, actor, ruleId, input } = options;
  await inTransaction(db, async (tx) => {
    if (!(await queries.lockRule(tx, actor.companyId, ruleId))) throw notFound('Shipping Rule');
    await ruleName.assertFree(tx, actor.companyId, input.name, ruleId);
    await checkChannel(tx, actor.companyId, input.sales_channel);
    await queries
      .updateRule(tx, actor.companyId, ruleId, actor.userId, valuesOf(input))
      .catch(ruleName.explain);
    await recordRuleHistory(tx, actor, ruleId, 'updated', input);
  });
  return getRule(db, actor.companyId, ruleId);
}

/**
 * DELETE admin/shipping_rules/{id}: a rule is a setting, not a document (saved quotations and
 * orders keep their own charge), so it goes; its history rows stay.
 */
export async function deleteRule(options: { db: Database; actor: Principal; ruleId: number }) {
  const { db, actor, ruleId } = options;
  await inTransaction(db, async (tx) => {
    const rule = await queries.lockRule(tx, actor.companyId, ruleId);
    if (!rule) throw notFound('Shipping Rule');
    await queries.deleteRule(tx, actor.companyId, ruleId);
    await recordRuleHistory(tx, actor, ruleId, 'deleted', { name: rule.name });
  });
  return { detail: SHIPPING_MESSAGES.deleted };
}

/**
 * POST admin/companies/{companyId}/shipping_charges/suggest: the charge the active rules give a
 * draft. A line without its own weight weighs its product's; an unknown product weighs nothing.
 * Reads only.
 */
export async function suggestCharge(
  db: Executor,
  companyId: number,
  input: ShippingSuggestionInput,
): Promise<ShippingSuggestionOutput> {
  const productIds = [
    ...new Set(
      input.lines.flatMap((line) =>
        line.product !== undefined && line.weight == null ? [line.product] : [],
      ),
    ),
  ];
  const [rows, weights] = await Promise.all([
    queries.listRules(db, companyId, { isActive: true }),
    queries.productWeights(db, companyId, productIds),
  ]);
  const weightOf = new Map(
    weights.map((row) => [Number(row.id), row.weight_kg === null ? null : Number(row.weight_kg)]),
  );
  const weightGrams = draftWeightGrams(
    input.lines.map((line) => ({
      quantity: line.quantity,
      weightKg: line.weight ?? (line.product !== undefined ? (weightOf.get(line.product) ?? null) : null),
    })),
  );
  const suggestion = suggestShippingCharge(rows.map(domainRule), {
    salesChannelId: input.sales_channel,
    orderValuePaise: toPaise(input.order_value),
    weightGrams,
    pincode: input.pincode,
  });
  return {
    shipping_charge: toRupees(suggestion.chargePaise),
    rule: suggestion.rule,
    reason: suggestion.reason,
    weight: weightGrams / 1000,
  };
}
