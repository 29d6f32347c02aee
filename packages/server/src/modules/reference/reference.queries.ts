import { isUniqueViolation } from '../../db/errors.ts';
import type { Executor } from '../../db/transaction.ts';

export interface CompanyReferenceSeed {
  units: { code: string; name: string; uqc: string }[];
  paymentTerms: { name: string; days: number }[];
  shippingMethods: { code: string; name: string }[];
}

export async function insertCompanyReferenceData(
  db: Executor,
  companyId: number,
  seed: CompanyReferenceSeed,
) {
  const withCompany = <T extends object>(rows: T[]) => rows.map((row) => ({ ...row, company_id: companyId }));
  await db.insertInto('units').values(withCompany(seed.units)).execute();
  await db.insertInto('payment_terms').values(withCompany(seed.paymentTerms)).execute();
  await db.insertInto('shipping_methods').values(withCompany(seed.shippingMethods)).execute();
}

export async function upsertStatesAndCities(
  db: Executor,
  states: { id: number; name: string; gst_code: string }[],
  cities: { name: string; state_id: number }[],
) {
  await db
    .insertInto('states')
    .values(states)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  if (cities.length) {
    await db
      .insertInto('cities')
      .values(cities)
      .onConflict((oc) => oc.columns(['state_id', 'name']).doNothing())
      .execute();
  }
}

export const countStates = (db: Executor) =>
  db
    .selectFrom('states')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

export function listStates(db: Executor, window: { limit: number; offset: number }, search?: string) {
  let query = db.selectFrom('states');
  if (search) query = query.where('name', 'ilike', `%${search}%`);
  return Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .select(['id', 'name', 'gst_code'])
      .orderBy('name')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
}

export function listCities(
  db: Executor,
  window: { limit: number; offset: number },
  filter: { stateId?: number; search?: string },
) {
  let query = db.selectFrom('cities');
  if (filter.stateId) query = query.where('state_id', '=', filter.stateId);
  if (filter.search) query = query.where('name', 'ilike', `%${filter.search}%`);
  return Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query
      .select(['id', 'name', 'state_id'])
      .orderBy('name')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
}

export const findState = (db: Executor, id: number) =>
  db.selectFrom('states').select(['id', 'name', 'gst_code']).where('id', '=', id).executeTakeFirst();

const UNIT_COLUMNS = ['id', 'code', 'name', 'uqc'] as const;

export const listUnits = (db: Executor, companyId: number) =>
  db.selectFrom('units').select(UNIT_COLUMNS).where('company_id', '=', companyId).orderBy('code').execute();

export const findUnitByCode = (db: Executor, companyId: number, code: string) =>
  db
    .selectFrom('units')
    .select('id')
    .where('company_id', '=', companyId)
    .where('code', '=', code)
    .executeTakeFirst();

export const insertUnit = (
  db: Executor,
  row: { company_id: number; code: string; name: string; uqc: string },
) => db.insertInto('units').values(row).returning(UNIT_COLUMNS).executeTakeFirstOrThrow();

/** The unique key (company_id, code) refused the row: a concurrent request took the code first. */
export const isUnitCodeTaken = (error: unknown) => isUniqueViolation(error, 'units_company_id_code_key');

export const listPaymentTerms = (db: Executor, companyId: number) =>
  db
    .selectFrom('payment_terms')
    .select(['id', 'name', 'days'])
    .where('company_id', '=', companyId)
    .orderBy('days')
    .execute();

export const listShippingMethods = (db: Executor, companyId: number) =>
  db
    .selectFrom('shipping_methods')
    .select(['id', 'code', 'name', 'is_active'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
