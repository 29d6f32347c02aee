import { UNIT_MESSAGES, type UnitCreate } from '@b2b/domain/api/reference';
import {
  DEFAULT_PAYMENT_TERMS,
  DEFAULT_SHIPPING_METHODS,
  GST_UNITS,
  INDIAN_CITIES,
  INDIAN_STATES,
} from '@b2b/domain/reference-data';
import { notFound, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { historyWriter } from '../history/history.service.ts';
import { seedCompanyPaymentMethods } from '../payment-methods/payment-methods.service.ts';
import { seedCompanySalesChannels } from '../sales-channels/sales-channels.service.ts';
import { seedCompanyTaxes } from '../taxes/taxes.service.ts';
import * as queries from './reference.queries.ts';

/** A state's id is its GST state code as a number (27 = Maharashtra), so ids mean the same everywhere. */
export const stateIdOf = (gstCode: string) => Number(gstCode);

export async function ensureStatesAndCities(db: Executor): Promise<void> {
  const { n } = await queries.countStates(db);
  if (Number(n) >= INDIAN_STATES.length) return;
  await queries.upsertStatesAndCities(
    db,
    INDIAN_STATES.map((s) => ({ id: stateIdOf(s.gst_code), name: s.name, gst_code: s.gst_code })),
    INDIAN_CITIES.map((c) => ({ name: c.name, state_id: stateIdOf(c.state_gst_code) })),
  );
}

/**
 * Every new company starts with the same GST taxes, units, terms, methods and sales channels (the
 * taxes, payment methods and sales channels through their own areas, which own those tables).
 */
export async function seedCompanyReferenceData(db: Executor, companyId: number): Promise<void> {
  await seedCompanyTaxes(db, companyId);
  await queries.insertCompanyReferenceData(db, companyId, {
    units: GST_UNITS.map((u) => ({ code: u.code, name: u.description, uqc: u.code })),
    paymentTerms: DEFAULT_PAYMENT_TERMS.map((t) => ({ name: t.name, days: t.days })),
    shippingMethods: DEFAULT_SHIPPING_METHODS.map((m) => ({ code: m.code, name: m.name })),
  });
  await seedCompanyPaymentMethods(db, companyId);
  await seedCompanySalesChannels(db, companyId);
}

export async function getState(db: Executor, stateId: number) {
  const state = await queries.findState(db, stateId);
  if (!state) throw notFound('State');
  return state;
}

const recordUnitHistory = historyWriter('unit');

/**
 * A company's own unit ('+ New Unit' in the product form). Its code is unique in the company; the
 * unique key is the final word when two requests race for one code.
 */
export async function createUnit(options: { db: Database; actor: Principal; input: UnitCreate }) {
  const { db, actor, input } = options;
  const taken = () => validationError('code', UNIT_MESSAGES.code_taken(input.code));
  return inTransaction(db, async (tx) => {
    if (await queries.findUnitByCode(tx, actor.companyId, input.code)) throw taken();
    const unit = await queries
      .insertUnit(tx, { company_id: actor.companyId, code: input.code, name: input.name, uqc: input.uqc })
      .catch((error: unknown) => {
        throw queries.isUnitCodeTaken(error) ? taken() : error;
      });
    await recordUnitHistory(tx, actor, unit.id, 'created', input);
    return unit;
  });
}
