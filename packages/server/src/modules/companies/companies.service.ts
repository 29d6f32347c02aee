import type { ConfigurationType } from '../../db/schema.ts';
import type { CompanyOutput, CompanyUpdate } from '@b2b/domain/api/companies';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import { addressesByOwner } from '../addresses/addresses.service.ts';
import { recordHistory } from '../history/history.service.ts';
import * as queries from './companies.queries.ts';

export { insertCompany, markCompanyVerified } from './companies.queries.ts';

export async function getCompany(db: Executor, companyId: number, options: { expandAddresses?: boolean } = {}): Promise<CompanyOutput> {
  const company = await queries.findCompany(db, companyId);
  if (!company) throw notFound('Company');
  const contacts = await queries.listNotificationContacts(db, companyId);
  const addresses = options.expandAddresses
    ? ((await addressesByOwner(db, companyId, 'company', [companyId])).get(companyId) ?? [])
    : undefined;
  return { ...company, notification_contacts: contacts, ...(addresses ? { addresses } : {}) };
}

export async function updateCompany(options: { db: Database; actor: Principal; changes: CompanyUpdate }): Promise<CompanyOutput> {
  const { db, actor, changes } = options;
  const { notification_contacts: contacts, sales_order, tds_configuration, ...plain } = changes;
  await inTransaction(db, async (tx) => {
    const before = await queries.findCompanyForUpdate(tx, actor.companyId);
    if (!before) throw notFound('Company');
    await queries.updateCompany(tx, actor.companyId, {
      ...plain,
      ...(sales_order ? { sales_order: JSON.stringify({ ...before.sales_order, ...sales_order }) } : {}),
      ...(tds_configuration ? { tds_configuration: JSON.stringify({ ...before.tds_configuration, ...tds_configuration }) } : {}),
    });
    if (contacts) await queries.replaceNotificationContacts(tx, actor.companyId, contacts);
    await recordHistory(tx, {
      companyId: actor.companyId,
      entityType: 'company',
      entityId: actor.companyId,
      action: 'updated',
      userId: actor.userId,
      changes: changes as Record<string, unknown>,
    });
  });
  return getCompany(db, actor.companyId, { expandAddresses: true });
}

export const listConfigurations = (db: Executor, companyId: number, type?: ConfigurationType) =>
  queries.listConfigurations(db, companyId, type);

export async function createConfiguration(
  db: Executor,
  companyId: number,
  input: { configuration_type: ConfigurationType; configurations: Record<string, unknown>; is_enabled: boolean },
) {
  const row = await queries.insertConfiguration(db, companyId, input);
  if (!row) {
    throw new AppError('conflict', `A ${input.configuration_type} configuration already exists; update it instead.`);
  }
  return row;
}

export async function updateConfiguration(
  db: Executor,
  companyId: number,
  id: number,
  changes: { configurations?: Record<string, unknown>; is_enabled?: boolean },
) {
  const row = await queries.updateConfiguration(db, companyId, id, changes);
  if (!row) throw notFound('Configuration');
  return row;
}

export async function getTerms(db: Executor, companyId: number) {
  return (await queries.findTerms(db, companyId)) ?? null;
}

export const saveTerms = (db: Executor, companyId: number, terms: string) => queries.upsertTerms(db, companyId, terms);
