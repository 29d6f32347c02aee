import type { Gstr1Json } from '@b2b/domain/gst/gstr1';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import {
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  taxIdOf,
  today,
} from '../../../test/sales-fixtures.ts';

/**
 * Nil-rated, exempt and non-GST supplies (issue 22) over real HTTP on a real database. A product's
 * GST treatment is snapshotted on each invoice and credit-note line; GSTR-1 table 8 reports the
 * three apart by supply type, GSTR-3B puts nil-rated and exempt in 3.1(c) and non-GST in 3.1(e),
 * and the HSN summary leaves the non-GST lines out. Prices at 0% are their taxable value.
 */

const base = (company: SignedUpCompany) => `admin/companies/${company.companyId}/gst_returns`;
const thisMonth = () => today().slice(0, 7);

describe('POST and PATCH companies/{companyId}/products: gst_treatment', () => {
  let company: SignedUpCompany;
  beforeAll(async () => {
    company = await signUpCompany();
  });

  it('is Taxable unless given, and a tax-free treatment refuses a GST rate above 0% with a sentence', async () => {
    const taxable = (await company.api.get(`products/${(await createTaxedProduct(company)).id}`)).body;
    expect(taxable.gst_treatment).toBe('taxable');
    const refused = await company.api.post(`companies/${company.companyId}/products`, {
      name: 'Exempt at five',
      category: taxable.category.id,
      mrp: 100,
      selling_price: 100,
      tax: await taxIdOf(company, 'gst', 5),
      gst_treatment: 'exempt',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.tax).toEqual([
      'A product with Exempt GST treatment is taxed at 0%: choose a 0% GST tax or none instead of 5%, or make the product Taxable.',
    ]);
    const toExempt = await company.api.patch(`products/${taxable.id}`, {
      gst_treatment: 'exempt',
    });
    expect(toExempt.status).toBe(400);
    expect(toExempt.body.errors.tax[0]).toContain('instead of 18%');
    const ok = await company.api.patch(`products/${taxable.id}`, {
      gst_treatment: 'non_gst',
      tax: await taxIdOf(company, 'gst', 0),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.gst_treatment).toBe('non_gst');
    // The tax of a non-GST product cannot go up again while it is non-GST.
    const back = await company.api.patch(`products/${taxable.id}`, {
      tax: await taxIdOf(company, 'gst', 12),
    });
    expect(back.status).toBe(400);
    const bad = await company.api.patch(`products/${taxable.id}`, {
      gst_treatment: 'zero',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.gst_treatment).toEqual(['Choose Taxable, Nil Rated, Exempt or Non-GST.']);
  });
});

describe('GSTR-1 table 8, HSN summary and GSTR-3B 3.1(c) / 3.1(e) by GST treatment', {
  timeout: 300_000,
}, () => {
  let company: SignedUpCompany;
  let gstin: string;
  let invoice: { id: number; items: { id: number; quantity: number; product: { id: number } | number }[] };
  let exemptId: number;

  beforeAll(async () => {
    company = await signUpCompany();
    gstin = (
      await dbOf(company)
        .selectFrom('branches')
        .select('gstin')
        .where('id', '=', company.branchId)
        .executeTakeFirstOrThrow()
    ).gstin as string;
    const taxed = await createTaxedProduct(company, { sellingPrice: 118, openingStock: 10 });
    const nil = await createTaxedProduct(company, {
      gstRate: 0,
      sellingPrice: 200,
      hsn: '0713',
      openingStock: 10,
      fields: { gst_treatment: 'nil_rated' },
    });
    const exempt = await createTaxedProduct(company, {
      gstRate: null,
      sellingPrice: 500,
      hsn: '4901',
      openingStock: 10,
      fields: { gst_treatment: 'exempt' },
    });
    exemptId = exempt.id;
    const nonGst = await createTaxedProduct(company, {
      gstRate: null,
      sellingPrice: 1200,
      hsn: '2208',
      openingStock: 10,
      fields: { gst_treatment: 'non_gst' },
    });
    const consumer = await createBuyerWithAddress(company, {
      fields: { buyer_type: 'consumer', gst_number: null },
    });
    ({ invoice } = await createInvoicedOrder(company, {
      buyer: consumer,
      lines: [
        { product: taxed.id, quantity: 1 },
        { product: nil.id, quantity: 1 },
        { product: exempt.id, quantity: 1 },
        { product: nonGst.id, quantity: 1 },
      ],
    }));
    // A registered buyer in Karnataka: exempt goods inter-state to a GSTIN.
    const registered = await createBuyerWithAddress(company, { stateId: 29 });
    await createInvoicedOrder(company, { buyer: registered, lines: [{ product: exempt.id, quantity: 2 }] });
    // The credit note takes back the non-GST line in full (its 4th line), nothing else.
    await createCreditNote(company, invoice as never, [null, null, null, [1, 100]]);
    // Marking the product taxable now does not move the lines already written.
    const now = await company.api.patch(`products/${exemptId}`, {
      gst_treatment: 'taxable',
    });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
  });

  it('keeps the product treatment on each line as it was written', async () => {
    const lines = await dbOf(company)
      .selectFrom('invoice_items')
      .select(['product_id', 'gst_treatment'])
      .where('company_id', '=', company.companyId)
      .where('invoice_id', '=', invoice.id)
      .orderBy('position')
      .execute();
    expect(lines.map((line) => line.gst_treatment)).toEqual(['taxable', 'nil_rated', 'exempt', 'non_gst']);
    const credited = await dbOf(company)
      .selectFrom('credit_note_items')
      .select('gst_treatment')
      .where('company_id', '=', company.companyId)
      .execute();
    expect(credited.map((line) => line.gst_treatment)).toEqual(['non_gst']);
  });

  it('writes table 8 per supply type and leaves non-GST out of the HSN summary', async () => {
    const res = await fetch(
      `${company.t.baseUrl}/${base(company)}/gstr1/json?gstin=${gstin}&period=${thisMonth()}`,
      { headers: { authorization: `Bearer ${company.api.token}` } },
    );
    expect(res.status).toBe(200);
    const json = (await res.json()) as Gstr1Json;
    // Intra-state to the consumer: nil ₹200, exempt ₹500, non-GST ₹1,200 - ₹1,200 credited;
    // inter-state to the registered buyer: exempt ₹1,000.
    expect(json.nil.inv).toEqual([
      { sply_ty: 'INTRB2B', nil_amt: 0, expt_amt: 1000, ngsup_amt: 0 },
      { sply_ty: 'INTRAB2B', nil_amt: 0, expt_amt: 0, ngsup_amt: 0 },
      { sply_ty: 'INTRB2C', nil_amt: 0, expt_amt: 0, ngsup_amt: 0 },
      { sply_ty: 'INTRAB2C', nil_amt: 200, expt_amt: 500, ngsup_amt: 0 },
    ]);
    const hsn = [...json.hsn.hsn_b2b, ...json.hsn.hsn_b2c].map((row) => [row.hsn_sc, row.txval, row.rt]);
    expect(hsn).toEqual(
      expect.arrayContaining([
        ['4901', 1000, 0],
        ['0713', 200, 0],
        ['4901', 500, 0],
        ['8471', 100, 18],
      ]),
    );
    expect(hsn.some(([code]) => code === '2208')).toBe(false);
    expect(json.b2cs).toEqual([
      expect.objectContaining({ sply_ty: 'INTRA', pos: '27', rt: 18, txval: 100, camt: 9, samt: 9 }),
    ]);
  });

  it('puts nil-rated and exempt in 3.1(c) and non-GST in 3.1(e), each traced to its documents', async () => {
    const res = await company.api.get(`${base(company)}/gstr3b?gstin=${gstin}&period=${thisMonth()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.outward['3.1a']).toMatchObject({ taxable_value: 100, cgst: 9, sgst: 9 });
    expect(res.body.outward['3.1c']).toMatchObject({ taxable_value: 1700, igst: 0, cgst: 0 });
    // ₹1,200 on the invoice and -₹1,200 on its credit note.
    expect(res.body.outward['3.1e']).toMatchObject({ taxable_value: 0 });
    const documents = await company.api.get(
      `${base(company)}/gstr3b/documents?gstin=${gstin}&period=${thisMonth()}&head=3.1e&limit=-1`,
    );
    expect(documents.status).toBe(200);
    expect(
      documents.body.results.map((row: { kind: string; taxable_value: number }) => [
        row.kind,
        row.taxable_value,
      ]),
    ).toEqual([
      ['credit_note', -1200],
      ['invoice', 1200],
    ]);
  });
});
