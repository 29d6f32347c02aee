import { addDays, todayInIndia } from '@b2b/domain/validation';
import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { adjust, createProduct, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { BATCH_EXPIRY_JOB } from './batch-alerts.jobs.ts';
import { alertBatchExpiry } from './batch-alerts.service.ts';

const openNotifications = async (company: SignedUpCompany) =>
  (
    (await company.api.get(`companies/${company.companyId}/notifications?limit=50`)).body as {
      results: { notification_type: string; message: string }[];
    }
  ).results
    .map((n) => `${n.notification_type}: ${n.message}`)
    .sort();

const shown = (day: string) => day.split('-').reverse().join('/');

async function companyWithBatches(alertDays: number) {
  const company = await signUpCompany();
  const config = await company.api.post('company_configurations', {
    configuration_type: 'batch_configuration',
    configurations: { expiry_alert_days: alertDays },
    is_enabled: true,
  });
  expect(config.status).toBe(201);
  return company;
}

describe('batch expiry alerts (the daily job)', () => {
  it('warns of batches expiring within the alert days, errs on expired ones, once each, and resolves when gone', async () => {
    const today = todayInIndia();
    const company = await companyWithBatches(30);
    const warehouse = await firstWarehouse(company);
    const product = await createProduct(company, { name: `Cough Syrup ${Date.now()}` });
    await adjust(company, {
      reason: 'extra_inventory_found',
      lines: [
        {
          product: product.id,
          quantity: 5,
          batch_number: 'OLD',
          manufactured_on: addDays(today, -400),
          expires_on: addDays(today, -2),
        },
        { product: product.id, quantity: 3, batch_number: 'SOON', expires_on: addDays(today, 10) },
        { product: product.id, quantity: 7, batch_number: 'FAR', expires_on: addDays(today, 200) },
      ],
    });
    const run = () => alertBatchExpiry({ db: dbOf(company), companyId: company.companyId });
    expect(await run()).toEqual({ raised: 2, resolved: 0 });
    const where = `of ${product.name} in ${warehouse.name}`;
    expect(await openNotifications(company)).toEqual([
      `error: Batch OLD ${where} expired on ${shown(addDays(today, -2))}: 5 to write off.`,
      `warning: Batch SOON ${where} expires on ${shown(addDays(today, 10))} (in 10 days): 3 on hand.`,
    ]);
    // Once each.
    expect(await run()).toEqual({ raised: 0, resolved: 0 });

    // Ten days on SOON has expired: its warning gives way to an error.
    const later = await alertBatchExpiry({
      db: dbOf(company),
      companyId: company.companyId,
      today: addDays(today, 11),
    });
    expect(later.raised).toBe(1);
    expect((await openNotifications(company)).map((m) => m.split(':')[0])).toEqual(['error', 'error']);

    // Writing the expired stock off clears its alerts.
    await adjust(company, {
      reason: 'stock_outdated',
      lines: [
        { product: product.id, quantity: -5, batch_number: 'OLD' },
        { product: product.id, quantity: -3, batch_number: 'SOON' },
      ],
    });
    expect(await run()).toEqual({ raised: 0, resolved: 2 });
    expect(await openNotifications(company)).toEqual([]);
  });

  it('stays quiet for companies whose batch configuration is off', async () => {
    const company = await signUpCompany();
    const product = await createProduct(company);
    await adjust(company, {
      reason: 'extra_inventory_found',
      lines: [
        { product: product.id, quantity: 1, batch_number: 'X', expires_on: addDays(todayInIndia(), 1) },
      ],
    });
    expect(await alertBatchExpiry({ db: dbOf(company), companyId: company.companyId })).toEqual({
      raised: 0,
      resolved: 0,
    });
  });

  it('runs every day at 00:10 India time', async () => {
    const company = await signUpCompany();
    expect(await company.t.server.ctx.jobs.schedules()).toContainEqual({
      name: BATCH_EXPIRY_JOB,
      cron: '10 0 * * *',
    });
  });
});
