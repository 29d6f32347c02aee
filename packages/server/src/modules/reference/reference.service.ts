import {
  DEFAULT_PAYMENT_METHODS,
  DEFAULT_PAYMENT_TERMS,
  DEFAULT_SALES_CHANNELS,
  DEFAULT_SHIPPING_METHODS,
  DEFAULT_TAXES,
  GST_UNITS,
  INDIAN_CITIES,
  INDIAN_STATES,
} from '@b2b/domain/reference-data';
import { notFound, validationError } from '../../core/errors.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
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

/** Every new company starts with the same GST taxes, units, terms, methods and sales channels. */
export function seedCompanyReferenceData(db: Executor, companyId: number): Promise<void> {
  return queries.insertCompanyReferenceData(db, companyId, {
    taxes: DEFAULT_TAXES.map((t) => ({ type: t.type, display_name: t.display_name, rate: t.rate })),
    units: GST_UNITS.map((u) => ({ code: u.code, name: u.description })),
    paymentTerms: DEFAULT_PAYMENT_TERMS.map((t) => ({ name: t.name, days: t.days })),
    paymentMethods: DEFAULT_PAYMENT_METHODS.map((m) => ({
      code: m.code,
      name: m.name,
      position: m.position,
    })),
    shippingMethods: DEFAULT_SHIPPING_METHODS.map((m) => ({ code: m.code, name: m.name })),
    salesChannels: DEFAULT_SALES_CHANNELS.map((c) => ({ name: c.name, display_name: c.display_name })),
  });
}

export async function getState(db: Executor, stateId: number) {
  const state = await queries.findState(db, stateId);
  if (!state) throw notFound('State');
  return state;
}

/** Applies a batch of position changes in one transaction; every id must be a method of the company. */
export async function reorderPaymentMethods(
  db: Database,
  companyId: number,
  positions: { id: number; position: number }[],
) {
  return inTransaction(db, async (tx) => {
    for (const { id, position } of positions) {
      const row = await queries.updatePaymentMethod(tx, companyId, id, { position });
      if (!row) throw validationError('positions', 'Payment Method Not Found');
    }
    return queries.listPaymentMethods(tx, companyId);
  });
}
