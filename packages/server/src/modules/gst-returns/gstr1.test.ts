import { GSTR1_CSV_SECTIONS, type Gstr1Json, gstr1CsvTable, gstr1Json } from '@b2b/domain/gst/gstr1';
import { GSTR1_JSON_SCHEMA } from '@b2b/domain/gst/gstr1-json-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { createCreditNote } from '../../../test/returns-fixtures.ts';
import {
  type Buyer,
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
  today,
} from '../../../test/sales-fixtures.ts';
import type { Principal } from '../../core/principal.ts';
import { csvDocument } from '../../http/csv.ts';
import { buildGstr1 } from './gstr1.service.ts';

/**
 * GSTR-1 over real HTTP on a real database (issue 22). Every figure below is worked out by hand
 * from tax-inclusive prices: ₹118 at 18% is ₹100 taxable and ₹18 tax (₹9 + ₹9 within
 * Maharashtra, ₹18 IGST to Karnataka); ₹1,18,000 is ₹1,00,000 + ₹18,000; ₹2,95,000 is
 * ₹2,50,000 + ₹45,000. The company is registered in Maharashtra (27).
 */

const base = (company: SignedUpCompany) => `admin/companies/${company.companyId}/gst_returns`;
const thisMonth = () => today().slice(0, 7);

async function gstinOf(company: SignedUpCompany) {
  const branch = await dbOf(company)
    .selectFrom('branches')
    .select('gstin')
    .where('id', '=', company.branchId)
    .executeTakeFirstOrThrow();
  return branch.gstin as string;
}

const consumer = (company: SignedUpCompany, stateId: number) =>
  createBuyerWithAddress(company, { stateId, fields: { buyer_type: 'consumer', gst_number: null } });

async function sell(company: SignedUpCompany, buyer: Buyer, productId: number, quantity = 1) {
  const { invoice } = await createInvoicedOrder(company, {
    buyer,
    lines: [{ product: productId, quantity }],
  });
  return invoice;
}

/** Moves an invoice to a day in the past (an invoice cannot be dated before its order through the API). */
async function backdate(company: SignedUpCompany, invoiceId: number, day: string) {
  await dbOf(company)
    .updateTable('invoices')
    .set({ invoice_date: day })
    .where('company_id', '=', company.companyId)
    .where('id', '=', invoiceId)
    .execute();
}

const section = (body: { sections: { section: string }[] }, name: string) =>
  body.sections.find((s) => s.section === name);

describe('GET admin/companies/{companyId}/gst_returns/gstr1', () => {
  let company: SignedUpCompany;
  let gstin: string;
  let hsnless: { id: number };
  const invoices: Record<
    string,
    { id: number; invoice_number: string; items: { id: number; quantity: number }[] }
  > = {};

  beforeAll(async () => {
    company = await signUpCompany();
    gstin = await gstinOf(company);
    const p118 = await createTaxedProduct(company, { sellingPrice: 118, hsn: '8471', openingStock: 100 });
    const p118k = await createTaxedProduct(company, { sellingPrice: 118_000, hsn: '8471', openingStock: 10 });
    hsnless = await createTaxedProduct(company, { sellingPrice: 118, hsn: null, openingStock: 10 });

    invoices.intra = await sell(company, await createBuyerWithAddress(company), p118.id, 2);
    invoices.inter = await sell(company, await createBuyerWithAddress(company, { stateId: 29 }), p118.id);
    invoices.b2cl = await sell(company, await consumer(company, 29), p118k.id);
    invoices.b2cs = await sell(company, await consumer(company, 27), p118.id);
    invoices.cancelled = await sell(company, await consumer(company, 27), p118.id);
    const own = await createBuyerWithAddress(company, { fields: { gst_number: gstin } });
    invoices.own = await sell(company, own, p118.id);
    invoices.hsnless = await sell(company, await createBuyerWithAddress(company), hsnless.id);
    const cancel = await company.api.post(`admin/invoices/${invoices.cancelled?.id}/cancel/`, {
      reason: 'Wrong buyer',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    // A full credit note against the B2CL invoice.
    await createCreditNote(company, invoices.b2cl as never);
  });

  it('sums every section of the month to the paisa and lists the line without an HSN', async () => {
    const res = await company.api.get(`${base(company)}/gstr1?gstin=${gstin}&period=${thisMonth()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({ gstin, period: thisMonth(), hsn_digits: 4, document_count: 7 });
    // B2B: intra ₹200 (CGST 18 + SGST 18), inter ₹100 (IGST 18), the HSN-less intra ₹100 (9 + 9);
    // the invoice to the company's own GSTIN is left out.
    expect(section(body, 'b2b')).toMatchObject({
      count: 3,
      taxable_value: 400,
      igst: 18,
      cgst: 27,
      sgst: 27,
      cess: 0,
    });
    expect(section(body, 'b2cl')).toMatchObject({ count: 1, taxable_value: 100_000, igst: 18_000, cgst: 0 });
    expect(section(body, 'b2cs')).toMatchObject({ count: 1, taxable_value: 100, igst: 0, cgst: 9, sgst: 9 });
    // The credit note follows its B2CL invoice into CDNUR.
    expect(section(body, 'cdnur')).toMatchObject({ count: 1, taxable_value: 100_000, igst: 18_000 });
    expect(section(body, 'cdnr')).toMatchObject({ count: 0, taxable_value: 0 });
    expect(section(body, 'exp')).toMatchObject({ count: 0 });
    expect(section(body, 'nil')).toMatchObject({ count: 0, taxable_value: 0 });
    // HSN: B2B ₹400 (₹300 under 8471, ₹100 without HSN); B2C ₹1,00,000 + ₹100 - ₹1,00,000 credited.
    expect(section(body, 'hsn')).toMatchObject({ taxable_value: 500, igst: 18, cgst: 36, sgst: 36 });
    // DOC_ISSUE: seven invoices (one cancelled) and one credit note.
    expect(section(body, 'doc_issue')).toMatchObject({ count: 8 });
    expect(body.problems).toEqual([
      {
        document_kind: 'invoice',
        document_id: invoices.hsnless?.id,
        document_number: invoices.hsnless?.invoice_number,
        problem: 'The HSN code is missing: give the product an HSN of at least 4 digits.',
        fix: { kind: 'product', id: hsnless.id },
      },
    ]);
    expect(body.problem_count).toBe(1);
  });

  it('writes the portal JSON and a CSV per section', async () => {
    const query = `gstin=${gstin}&period=${thisMonth()}`;
    const res = await fetch(`${company.t.baseUrl}/${base(company)}/gstr1/json?${query}`, {
      headers: { authorization: `Bearer ${company.api.token}` },
    });
    expect(res.status).toBe(200);
    const fp = `${thisMonth().slice(5, 7)}${thisMonth().slice(0, 4)}`;
    expect(res.headers.get('content-disposition')).toContain(`GSTR1_${gstin}_${fp}.json`);
    const json = (await res.json()) as Gstr1Json;
    expect(json.fp).toBe(fp);
    expect(json.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: invoices.b2cl?.invoice_number,
            idt: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/),
            val: 118_000,
            itms: [{ num: 1801, itm_det: { rt: 18, txval: 100_000, iamt: 18_000, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.cdnur).toMatchObject([{ typ: 'B2CL', ntty: 'C', val: 118_000, pos: '29' }]);
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 100, iamt: 0, camt: 9, samt: 9, csamt: 0 },
    ]);
    expect(json.b2b.flatMap((b) => b.inv)).toHaveLength(3);
    expect(JSON.stringify(json)).not.toContain(invoices.own?.invoice_number);
    const invoiceSeries = json.doc_issue.doc_det.find((d) => d.doc_num === 1);
    expect(invoiceSeries?.docs).toEqual([
      expect.objectContaining({ totnum: 7, cancel: 1, net_issue: 6, to: invoices.hsnless?.invoice_number }),
    ]);
    // The HSN-less line fails the published shape until it is fixed; the rest passes.
    const { hsn: _hsn, ...rest } = json;
    expect(() => GSTR1_JSON_SCHEMA.omit({ hsn: true }).parse(rest)).not.toThrow();

    const csv = await fetch(`${company.t.baseUrl}/${base(company)}/gstr1/csv?${query}&section=b2cl`, {
      headers: { authorization: `Bearer ${company.api.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Invoice Number,Invoice Date,Invoice Value,Place Of Supply,Receiver Name,Rate,Taxable Value,Integrated Tax,Central Tax,State/UT Tax,Cess',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',118000,29-Karnataka,');
  });

  it('streams the JSON byte for byte as the document built in memory (the worked example)', async () => {
    const res = await fetch(
      `${company.t.baseUrl}/${base(company)}/gstr1/json?gstin=${gstin}&period=${thisMonth()}`,
      { headers: { authorization: `Bearer ${company.api.token}` } },
    );
    expect(res.status).toBe(200);
    const streamed = await res.text();
    const actor: Principal = {
      userId: 0,
      companyId: company.companyId,
      sessionId: '',
      isAdmin: true,
      roleName: 'Company Admin',
      permissions: new Set(),
      branchIds: [],
      companyVerified: true,
    };
    const { report } = await buildGstr1({
      db: dbOf(company),
      actor,
      gstin,
      period: thisMonth(),
      keepEntries: true,
    });
    expect(report.entries.b2b.length + report.entries.b2cl.length + report.entries.cdnur.length).toBe(5);
    expect(streamed).toBe(JSON.stringify(gstr1Json(report)));
  });

  it("streams each section's CSV byte for byte as the table built in memory (the worked example)", async () => {
    const actor: Principal = {
      userId: 0,
      companyId: company.companyId,
      sessionId: '',
      isAdmin: true,
      roleName: 'Company Admin',
      permissions: new Set(),
      branchIds: [],
      companyVerified: true,
    };
    const { report } = await buildGstr1({
      db: dbOf(company),
      actor,
      gstin,
      period: thisMonth(),
      keepEntries: true,
    });
    for (const section of GSTR1_CSV_SECTIONS) {
      const res = await fetch(
        `${company.t.baseUrl}/${base(company)}/gstr1/csv?gstin=${gstin}&period=${thisMonth()}&section=${section}`,
        { headers: { authorization: `Bearer ${company.api.token}` } },
      );
      expect(res.status, section).toBe(200);
      expect(res.headers.get('content-disposition'), section).toContain(`GSTR1_${section}_${gstin}_`);
      const table = gstr1CsvTable(report, section);
      // The bytes as sent (res.text() would drop the byte-order mark).
      const sent = Buffer.from(await res.arrayBuffer()).toString('utf8');
      expect(sent, section).toBe(csvDocument(table.header, table.rows));
    }
  });

  it('drops the problem once the product has its HSN, and the JSON then passes the published shape', async () => {
    const patched = await company.api.patch(`products/${hsnless.id}`, { hsn: '8471' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const res = await company.api.get(`${base(company)}/gstr1?gstin=${gstin}&period=${thisMonth()}`);
    expect(res.body.problems).toEqual([]);
    const json = await fetch(
      `${company.t.baseUrl}/${base(company)}/gstr1/json?gstin=${gstin}&period=${thisMonth()}`,
      {
        headers: { authorization: `Bearer ${company.api.token}` },
      },
    ).then((r) => r.json() as Promise<Gstr1Json>);
    expect(() => GSTR1_JSON_SCHEMA.parse(json)).not.toThrow();
    expect(json.hsn.hsn_b2b).toEqual([
      expect.objectContaining({ hsn_sc: '8471', rt: 18, qty: 4, txval: 400, iamt: 18, camt: 27, samt: 27 }),
    ]);
    expect(json.hsn.hsn_b2c).toEqual([
      expect.objectContaining({ hsn_sc: '8471', qty: 1, txval: 100, camt: 9, samt: 9 }),
    ]);
  });

  it('answers 400 for a period that is not one, 404 for another company, 403 without view_gst_return', async () => {
    const bad = await company.api.get(`${base(company)}/gstr1?gstin=${gstin}&period=2025-13`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.period).toEqual([
      'Give the period as YYYY-MM (a month) or YYYY-Qn (a quarter, Q1 = January to March).',
    ]);
    const other = await signUpCompany();
    const foreign = await company.api.get(
      `${base(company)}/gstr1?gstin=${await gstinOf(other)}&period=${thisMonth()}`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('GSTIN Not Found');
    const otherPath = await company.api.get(`${base(other)}/gstr1?gstin=${gstin}&period=${thisMonth()}`);
    expect(otherPath.status).toBe(404);
    const clerk = await createUserWithPermissions(company, ['view_invoice']);
    expect((await clerk.api.get(`${base(company)}/gstr1?gstin=${gstin}&period=${thisMonth()}`)).status).toBe(
      403,
    );
    expect((await clerk.api.get(`${base(company)}/gstins`)).status).toBe(403);
    const accountant = await createUserWithPermissions(company, ['view_gst_return']);
    const gstins = await accountant.api.get(`${base(company)}/gstins`);
    expect(gstins.status).toBe(200);
    expect(gstins.body.results).toEqual([
      { gstin, state_code: '27', branches: [{ id: company.branchId, name: expect.any(String) }] },
    ]);
    // The accountant's return is the admin's: the GSTIN's one branch is theirs.
    const theirs = await accountant.api.get(`${base(company)}/gstr1?gstin=${gstin}&period=${thisMonth()}`);
    expect(section(theirs.body, 'b2b')).toMatchObject({ count: 3, taxable_value: 400 });
  });
});

describe('GST_RETURNS: B2CL on both sides of 1 August 2024', () => {
  it('an inter-state ₹1,18,000 invoice is B2C small in July 2024 and large in August 2024; ₹2,95,000 is large in both', async () => {
    const company = await signUpCompany();
    const gstin = await gstinOf(company);
    const p118k = await createTaxedProduct(company, { sellingPrice: 118_000, openingStock: 10 });
    const p295k = await createTaxedProduct(company, { sellingPrice: 295_000, openingStock: 10 });
    const july = await sell(company, await consumer(company, 29), p118k.id);
    const julyLarge = await sell(company, await consumer(company, 29), p295k.id);
    const august = await sell(company, await consumer(company, 29), p118k.id);
    await backdate(company, july.id, '2024-07-31');
    await backdate(company, julyLarge.id, '2024-07-15');
    await backdate(company, august.id, '2024-08-01');

    const jul = await company.api.get(`${base(company)}/gstr1?gstin=${gstin}&period=2024-07`);
    expect(jul.status, JSON.stringify(jul.body)).toBe(200);
    expect(section(jul.body, 'b2cs')).toMatchObject({ count: 1, taxable_value: 100_000, igst: 18_000 });
    expect(section(jul.body, 'b2cl')).toMatchObject({ count: 1, taxable_value: 250_000, igst: 45_000 });

    const aug = await company.api.get(`${base(company)}/gstr1?gstin=${gstin}&period=2024-08`);
    expect(section(aug.body, 'b2cs')).toMatchObject({ count: 0, taxable_value: 0 });
    expect(section(aug.body, 'b2cl')).toMatchObject({ count: 1, taxable_value: 100_000, igst: 18_000 });

    // The quarter July to September holds all three.
    const quarter = await company.api.get(`${base(company)}/gstr1?gstin=${gstin}&period=2024-Q3`);
    expect(quarter.body).toMatchObject({ from_date: '2024-07-01', to_date: '2024-09-30', fp: '092024' });
    expect(section(quarter.body, 'b2cl')).toMatchObject({ count: 2, taxable_value: 350_000 });
    expect(section(quarter.body, 'b2cs')).toMatchObject({ count: 1, taxable_value: 100_000 });
  });
});
