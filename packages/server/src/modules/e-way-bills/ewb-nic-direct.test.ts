import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { type EwbStandIn, startEwbStandIn } from '../../../test/ewb-stand-in.ts';
import { signUpCompany } from '../../../test/factories.ts';
import { testAppWith } from '../../../test/harness.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { createInvoicedOrder, createTaxedProduct } from '../../../test/sales-fixtures.ts';
import { createHttpEwbClient } from './ewb-client.ts';
import { readEwbConfig } from './ewb-config.ts';

/**
 * The encrypted direct-NIC variant (EWB_MODE=nic_direct) end to end: the stand-in holds the RSA
 * private key it generated and hands out the public key, which the server reads from
 * EWB_PUBLIC_KEY_PATH as it would NIC's. Generate, update part B, extend and cancel go through it;
 * the stand-in records that every `data` arrived encrypted under the session key and what it said.
 */

let stand: EwbStandIn;
let configured: Awaited<ReturnType<typeof testAppWith>>;
let env: Record<string, string>;

beforeAll(async () => {
  stand = await startEwbStandIn({ encrypted: true });
  const keyPath = join(mkdtempSync(join(tmpdir(), 'ewb-key-')), 'nic-public-key.pem');
  writeFileSync(keyPath, stand.publicKey as string);
  env = {
    EWB_URL: stand.url,
    EWB_CLIENT_ID: stand.clientId,
    EWB_CLIENT_SECRET: stand.clientSecret,
    EWB_USERNAME: stand.username,
    EWB_PASSWORD: stand.password,
    EWB_MODE: 'nic_direct',
    EWB_PUBLIC_KEY_PATH: keyPath,
  };
  const config = readEwbConfig(env);
  configured = await testAppWith({ ewb: createHttpEwbClient(config as NonNullable<typeof config>) });
});

afterAll(async () => {
  await configured?.close();
  await stand?.close();
});

describe('readEwbConfig: EWB_MODE and EWB_PUBLIC_KEY_PATH', () => {
  it('reads the public key for nic_direct and refuses a half configuration with a sentence', () => {
    expect(readEwbConfig(env)?.publicKey).toBe(stand.publicKey);
    expect(
      readEwbConfig({ ...env, EWB_MODE: undefined, EWB_PUBLIC_KEY_PATH: undefined })?.publicKey,
    ).toBeNull();
    expect(() => readEwbConfig({ ...env, EWB_PUBLIC_KEY_PATH: undefined })).toThrow(
      "EWB_MODE=nic_direct needs EWB_PUBLIC_KEY_PATH, the file of NIC's public key.",
    );
    expect(() => readEwbConfig({ ...env, EWB_MODE: 'gsp' })).toThrow(
      /EWB_PUBLIC_KEY_PATH is set but EWB_MODE/,
    );
    expect(() => readEwbConfig({ ...env, EWB_MODE: 'direct' })).toThrow(
      'EWB_MODE must be gsp or nic_direct, not direct.',
    );
    expect(() => readEwbConfig({ ...env, EWB_PUBLIC_KEY_PATH: '/nonexistent/key.pem' })).toThrow(
      /EWB_PUBLIC_KEY_PATH cannot be read/,
    );
  });
});

describe('e-way bills through the encrypted NIC API', { timeout: 300_000 }, () => {
  it('generates, updates part B, extends and cancels with every payload encrypted', async () => {
    const company = await signUpCompany();
    const product = await createTaxedProduct(company, {
      sellingPrice: 11_800,
      openingStock: 20,
      hsn: '84713010',
    });
    const { invoice } = await createInvoicedOrder(company, { lines: [{ product: product.id, quantity: 5 }] });
    const api = new ApiClient(configured.baseUrl, company.api.token);
    const path = `admin/companies/${company.companyId}/invoices/${invoice.id}/e_way_bill`;

    const made = await api.post(path, { trans_mode: '1', trans_distance: 250, vehicle_no: 'MH12AB1234' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const bill = stand.bills.get(made.body.e_way_bill.ewb_no);
    expect(bill?.request).toMatchObject({
      docNo: invoice.invoice_number,
      totalValue: 50000,
      vehicleNo: 'MH12AB1234',
    });
    expect(new Date(made.body.e_way_bill.valid_until).getTime()).toBe(bill?.validUpto);

    const moved = await api.put(`${path}/part_b`, {
      trans_mode: '1',
      vehicle_no: 'MH14CD5678',
      from_place: 'Lonavala',
      reason_code: '1',
      reason_remark: 'Breakdown',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(bill?.vehicles).toEqual([
      expect.objectContaining({ vehicleNo: 'MH14CD5678', fromPlace: 'Lonavala' }),
    ]);

    await dbOf(company)
      .updateTable('e_way_bills')
      .set({ valid_until: new Date(Date.now() + 3_600_000) })
      .where('company_id', '=', company.companyId)
      .execute();
    const extended = await api.post(`${path}/extend`, {
      remaining_distance: 80,
      from_place: 'Satara',
      from_pincode: '415001',
      reason_code: '5',
      remark: 'Accident',
    });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(bill?.extensions).toEqual([
      expect.objectContaining({ remainingDistance: 80, fromPincode: 415001 }),
    ]);
    expect(new Date(extended.body.e_way_bill.valid_until).getTime()).toBe(bill?.validUpto);

    const cancelled = await api.post(`${path}/cancel`, { reason_code: '3', remark: 'Data entry mistake' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.e_way_bill.status).toBe('cancelled');
    expect(bill?.cancelled).toMatchObject({ reason: '3' });

    // One login (its password and app key RSA-encrypted, never sent in the clear), then each
    // action's data encrypted under the session key.
    const login = stand.requests.filter((r) => r.action === 'ACCESSTOKEN');
    expect(login.length).toBeGreaterThanOrEqual(1);
    expect(login.every((r) => r.status === '1' && !JSON.stringify(r.body).includes(stand.password))).toBe(
      true,
    );
    const actions = stand.requests.filter((r) => r.action !== 'ACCESSTOKEN');
    expect(actions.map((r) => [r.action, r.wire, r.status])).toEqual(
      expect.arrayContaining([
        ['GENEWAYBILL', 'encrypted', '1'],
        ['VEHEWB', 'encrypted', '1'],
        ['EXTENDVALIDITY', 'encrypted', '1'],
        ['CANEWB', 'encrypted', '1'],
      ]),
    );
  });

  it('renews the session key with the token when the portal drops it', async () => {
    const company = await signUpCompany();
    const product = await createTaxedProduct(company, {
      sellingPrice: 11_800,
      openingStock: 20,
      hsn: '84713010',
    });
    const { invoice } = await createInvoicedOrder(company, { lines: [{ product: product.id, quantity: 5 }] });
    stand.invalidateTokens();
    const api = new ApiClient(configured.baseUrl, company.api.token);
    const made = await api.post(`admin/companies/${company.companyId}/invoices/${invoice.id}/e_way_bill`, {
      trans_mode: '1',
      trans_distance: 100,
      vehicle_no: 'MH12AB1234',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(stand.bills.get(made.body.e_way_bill.ewb_no)?.docNo).toBe(invoice.invoice_number);
  });
});
