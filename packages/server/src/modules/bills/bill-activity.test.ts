import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  validGstin,
} from '../../../test/factories.ts';
import { dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { createTaxedProduct, setRoundOff, today } from '../../../test/sales-fixtures.ts';

/** A bill's comments and the payments made that paid it (the bill page's Comments and Payments tabs). */

async function receivedBill(company: SignedUpCompany) {
  const seller = await company.api.post(`companies/${company.companyId}/sellers`, {
    name: `Shree Traders ${unique()}`,
    gst_number: validGstin('27'),
    billing_address: { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' },
  });
  expect(seller.status, JSON.stringify(seller.body)).toBe(201);
  const product = await createTaxedProduct(company, { name: `Toor Dal ${unique()}` });
  const warehouse = await firstWarehouse(company);
  const bill = await company.api.post(`admin/companies/${company.companyId}/bills`, {
    seller: seller.body.id,
    branch: company.branchId,
    warehouse: warehouse.id,
    bill_number: `ST/${unique().slice(-8)}`,
    bill_date: today(),
    items: [{ product: product.id, quantity: 1, rate: 1000, tax_rate: 18 }],
  });
  expect(bill.status, JSON.stringify(bill.body)).toBe(201);
  const received = await company.api.post(`admin/bills/${bill.body.id}/receive`);
  expect(received.status).toBe(200);
  return { bill: received.body as { id: number; bill_number: string }, sellerId: seller.body.id as number };
}

describe('bill comments and payments', { timeout: 180_000 }, () => {
  it('adds comments newest first with a history row; 400 blank, 403 without change_bill, 404 foreign', async () => {
    const company = await signUpCompany();
    const { bill } = await receivedBill(company);
    const first = await company.api.post(`admin/bills/${bill.id}/comments`, {
      comment: 'Carton 3 was damaged.',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ comment: 'Carton 3 was damaged.' });
    await company.api.post(`admin/bills/${bill.id}/comments`, { comment: 'Seller will send a credit.' });
    const listed = await company.api.get(`admin/bills/${bill.id}/comments`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((c: { comment: string }) => c.comment)).toEqual([
      'Seller will send a credit.',
      'Carton 3 was damaged.',
    ]);
    const history = await company.api.get(`admin/bills/${bill.id}/history`);
    expect(JSON.stringify(history.body)).toContain('commented');

    expect((await company.api.post(`admin/bills/${bill.id}/comments`, { comment: '  ' })).status).toBe(400);
    expect((await company.api.post(`admin/bills/${bill.id}/comments`, {})).status).toBe(400);
    const viewer = await createUserWithPermissions(company, ['view_bill']);
    expect((await viewer.api.get(`admin/bills/${bill.id}/comments`)).status).toBe(200);
    expect((await viewer.api.post(`admin/bills/${bill.id}/comments`, { comment: 'x' })).status).toBe(403);
    const stranger = await signUpCompany();
    expect((await stranger.api.get(`admin/bills/${bill.id}/comments`)).status).toBe(404);
    expect((await stranger.api.post(`admin/bills/${bill.id}/comments`, { comment: 'x' })).status).toBe(404);
  });

  it('lists the payments made that paid a bill with their TDS, void ones too; 404 foreign', async () => {
    const company = await signUpCompany();
    await setRoundOff(company, false);
    const { bill, sellerId } = await receivedBill(company);
    const method = await dbOf(company)
      .selectFrom('payment_methods')
      .select('id')
      .where('company_id', '=', company.companyId)
      .where('is_active', '=', true)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    const pay = (amount: number) =>
      company.api.post(`admin/companies/${company.companyId}/payments_made`, {
        seller: sellerId,
        amount,
        payment_method: method.id,
        reference_number: 'UTR123',
      });
    const first = await pay(500);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await company.api.post(`admin/payments_made/${first.body.id}/void`)).status).toBe(200);
    const second = await pay(1180);
    expect(second.status, JSON.stringify(second.body)).toBe(201);

    const listed = await company.api.get(`admin/bills/${bill.id}/payments_made`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body).toMatchObject([
      { id: first.body.id, status: 'void', amount: 500, tds_amount: 0, reference_number: 'UTR123' },
      { id: second.body.id, status: 'completed', amount: 1180 },
    ]);
    const stranger = await signUpCompany();
    expect((await stranger.api.get(`admin/bills/${bill.id}/payments_made`)).status).toBe(404);
  });

  it('falls due after the seller’s payment terms unless the bill names a due date', async () => {
    const company = await signUpCompany();
    const terms = (await company.api.get(`companies/${company.companyId}/payment_terms`)).body.results as {
      id: number;
      days: number;
    }[];
    const term = terms.find((t) => t.days > 0);
    if (!term) throw new Error('the company has no payment term with days');
    const seller = await company.api.post(`companies/${company.companyId}/sellers`, {
      name: `Net Terms Traders ${unique()}`,
      billing_address: { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' },
      payment_term: term.id,
    });
    expect(seller.status, JSON.stringify(seller.body)).toBe(201);
    const product = await createTaxedProduct(company, { name: `Chana ${unique()}` });
    const warehouse = await firstWarehouse(company);
    const enter = (extra: Record<string, unknown>) =>
      company.api.post(`admin/companies/${company.companyId}/bills`, {
        seller: seller.body.id,
        branch: company.branchId,
        warehouse: warehouse.id,
        bill_number: `NT/${unique().slice(-8)}`,
        bill_date: '2026-10-01',
        items: [{ product: product.id, quantity: 1, rate: 100, tax_rate: 5 }],
        ...extra,
      });
    const byTerms = await enter({});
    expect(byTerms.status, JSON.stringify(byTerms.body)).toBe(201);
    const due = new Date(Date.UTC(2026, 9, 1 + term.days)).toISOString().slice(0, 10);
    expect(byTerms.body.due_date).toBe(due);
    const named = await enter({ due_date: '2026-10-05' });
    expect(named.body.due_date).toBe('2026-10-05');
  });
});
