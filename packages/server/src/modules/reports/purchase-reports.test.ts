import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique, validGstin } from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { recordExists } from './reports.queries.ts';

// The purchase reports the engine draws (domain reports/purchase-reports.ts): Amount Payables,
// Brand Wise Purchase and Payment To Seller, against hand-built bills and payments made.

const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };

async function createSeller(company: SignedUpCompany, name: string) {
  const res = await company.api.post(`companies/${company.companyId}/sellers`, {
    name,
    gst_number: validGstin('27'),
    billing_address: PUNE,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; gst_number: string };
}

const firstPaymentMethod = async (company: SignedUpCompany) =>
  Number(
    (
      await dbOf(company)
        .selectFrom('payment_methods')
        .select('id')
        .where('company_id', '=', company.companyId)
        .where('is_active', '=', true)
        .orderBy('position')
        .executeTakeFirstOrThrow()
    ).id,
  );

describe('the seller and payment method filters of the reports', { timeout: 180_000 }, () => {
  it("name the company's own sellers and payment methods only", async () => {
    const [company, other] = await Promise.all([signUpCompany(), signUpCompany()]);
    const seller = await createSeller(company, `Alpha Agencies ${unique()}`);
    const method = await firstPaymentMethod(company);
    const db = dbOf(company);
    expect(await recordExists(db, company.companyId, 'seller', seller.id)).toBe(true);
    expect(await recordExists(db, other.companyId, 'seller', seller.id)).toBe(false);
    expect(await recordExists(db, company.companyId, 'payment_method', method)).toBe(true);
    expect(await recordExists(db, other.companyId, 'payment_method', method)).toBe(false);
  });
});
