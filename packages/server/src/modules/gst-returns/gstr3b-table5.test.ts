import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique, validGstin } from '../../../test/factories.ts';
import { dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { createTaxedProduct, today } from '../../../test/sales-fixtures.ts';

/**
 * GSTR-3B table 5 (issue 22): values of exempt, nil-rated and non-GST inward supplies, inter-state
 * and intra-state, from the GST treatment of each bill line (migration 0085) less the debit notes
 * of goods returned, over real HTTP on a real database; and the bill line's treatment as entered
 * or taken from its product.
 *
 * Worked example (our branch in Maharashtra, 27):
 * - Bill P from a Pune seller (intra-state): 4 x ₹250 of an exempt product (no treatment sent: the
 *   product's) = ₹1,000; 2 x ₹150 of a nil-rated product = ₹300; 1 x ₹1,000 at 18% (taxable, not in
 *   table 5); 1 x ₹800 of a non-GST product = ₹800.
 * - Bill K from a Bengaluru seller (inter-state): 2 x ₹300 of the 18% product billed at 0% with no
 *   treatment (taxable goods billed without GST, as a composition supplier bills) = ₹600; 1 x ₹400 of
 *   the 18% product billed at 0% and marked exempt = ₹400; 2 x ₹350 non-GST = ₹700.
 * - A draft bill with an exempt line of ₹9,999: not received, not in the return.
 * - A purchase return of 1 exempt unit of bill P: its debit note takes ₹250 off.
 * Table 5: exempt/nil intra 1,000 + 300 - 250 = ₹1,050, inter 600 + 400 = ₹1,000; non-GST intra
 * ₹800, inter ₹700.
 */

const base = (company: SignedUpCompany) => `admin/companies/${company.companyId}/gst_returns`;
const thisMonth = () => today().slice(0, 7);
const PUNE = { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' };
const BENGALURU = { address_line_1: '8 Residency Road', city: 'Bengaluru', state_id: 29, pincode: '560025' };

type BillItem = { id: number; tax_rate: number; gst_treatment: string; taxable_value: number };
type Bill = { id: number; bill_number: string; status: string; items: BillItem[] };

describe('GSTR-3B table 5 from the GST treatment of bill lines', { timeout: 300_000 }, () => {
  let company: SignedUpCompany;
  let gstin: string;
  let warehouseId: number;
  let billP: Bill;
  let billK: Bill;
  let debitNote: { id: number; number: string };
  const products = { exempt: 0, nil: 0, taxed: 0, nonGst: 0 };

  async function createSeller(state: '27' | '29') {
    const res = await company.api.post(`companies/${company.companyId}/sellers`, {
      name: `Shree Traders ${unique()}`,
      gst_number: validGstin(state),
      billing_address: state === '27' ? PUNE : BENGALURU,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number };
  }

  const postBill = (seller: number, items: Record<string, unknown>[]) =>
    company.api.post(`admin/companies/${company.companyId}/bills`, {
      seller,
      branch: company.branchId,
      warehouse: warehouseId,
      bill_number: `ST/${unique().slice(-8)}`,
      bill_date: today(),
      items,
    });

  async function receivedBill(seller: number, items: Record<string, unknown>[]): Promise<Bill> {
    const res = await postBill(seller, items);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (res.body.status !== 'draft') return res.body;
    const received = await company.api.post(`admin/bills/${res.body.id}/receive`, {});
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    return received.body;
  }

  beforeAll(async () => {
    company = await signUpCompany();
    gstin = (
      await dbOf(company)
        .selectFrom('branches')
        .select('gstin')
        .where('id', '=', company.branchId)
        .executeTakeFirstOrThrow()
    ).gstin as string;
    warehouseId = (await firstWarehouse(company)).id;
    products.exempt = (
      await createTaxedProduct(company, { gstRate: null, hsn: '4901', fields: { gst_treatment: 'exempt' } })
    ).id;
    products.nil = (
      await createTaxedProduct(company, { gstRate: 0, hsn: '0713', fields: { gst_treatment: 'nil_rated' } })
    ).id;
    products.taxed = (await createTaxedProduct(company, {})).id;
    products.nonGst = (
      await createTaxedProduct(company, { gstRate: null, hsn: '2208', fields: { gst_treatment: 'non_gst' } })
    ).id;
    const pune = await createSeller('27');
    const bengaluru = await createSeller('29');
    billP = await receivedBill(pune.id, [
      { product: products.exempt, quantity: 4, rate: 250, tax_rate: 0 },
      { product: products.nil, quantity: 2, rate: 150, tax_rate: 0 },
      { product: products.taxed, quantity: 1, rate: 1000, tax_rate: 18 },
      { product: products.nonGst, quantity: 1, rate: 800, tax_rate: 0 },
    ]);
    billK = await receivedBill(bengaluru.id, [
      { product: products.taxed, quantity: 2, rate: 300, tax_rate: 0 },
      { product: products.taxed, quantity: 1, rate: 400, tax_rate: 0, gst_treatment: 'exempt' },
      { product: products.nonGst, quantity: 2, rate: 350, tax_rate: 0 },
    ]);
    const draft = await postBill(pune.id, [
      { product: products.exempt, quantity: 1, rate: 9999, tax_rate: 0 },
    ]);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    if (draft.body.status !== 'draft') {
      expect((await company.api.post(`admin/bills/${draft.body.id}/void`, {})).status).toBe(200);
    }
    const returned = await company.api.post(`admin/companies/${company.companyId}/purchase_returns`, {
      bill: billP.id,
      items: [{ bill_item: billP.items[0]?.id, quantity: 1 }],
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    const note = await dbOf(company)
      .selectFrom('debit_notes')
      .select(['id', 'debit_note_number'])
      .where('company_id', '=', company.companyId)
      .where('purchase_return_id', '=', returned.body.id)
      .executeTakeFirstOrThrow();
    debitNote = { id: Number(note.id), number: note.debit_note_number };
  });

  it('keeps each bill line treatment: as sent, else the product’s at 0%, taxable when taxed', async () => {
    expect(billP.items.map((item) => item.gst_treatment)).toEqual([
      'exempt',
      'nil_rated',
      'taxable',
      'non_gst',
    ]);
    expect(billK.items.map((item) => item.gst_treatment)).toEqual(['taxable', 'exempt', 'non_gst']);
    const credited = await dbOf(company)
      .selectFrom('debit_note_items')
      .select('gst_treatment')
      .where('company_id', '=', company.companyId)
      .where('debit_note_id', '=', debitNote.id)
      .execute();
    expect(credited.map((line) => line.gst_treatment)).toEqual(['exempt']);
  });

  it('refuses a nil-rated, exempt or non-GST line taxed above 0%, on the line', async () => {
    const seller = await createSeller('27');
    const refused = await postBill(seller.id, [
      { product: products.taxed, quantity: 1, rate: 100, tax_rate: 18, gst_treatment: 'exempt' },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors['items.0.gst_treatment']).toEqual([
      'A line with Exempt GST treatment is taxed at 0%: choose 0% GST, or make the line Taxable.',
    ]);
    const unknown = await postBill(seller.id, [
      { product: products.taxed, quantity: 1, rate: 100, tax_rate: 0, gst_treatment: 'zero' },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors['items.0.gst_treatment']).toEqual([
      'Choose Taxable, Nil Rated, Exempt or Non-GST.',
    ]);
    // An exempt product billed at 18% is a taxable line (its seller charged GST).
    const taxed = await postBill(seller.id, [
      { product: products.exempt, quantity: 1, rate: 100, tax_rate: 18 },
    ]);
    expect(taxed.status, JSON.stringify(taxed.body)).toBe(201);
    expect(taxed.body.items[0].gst_treatment).toBe('taxable');
    expect((await company.api.post(`admin/bills/${taxed.body.id}/void`, {})).status).toBe(200);
  });

  it('changes a draft line’s treatment on edit', async () => {
    const seller = await createSeller('29');
    const created = await postBill(seller.id, [
      { product: products.nil, quantity: 1, rate: 100, tax_rate: 0 },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (created.body.status !== 'draft') return;
    expect(created.body.items[0].gst_treatment).toBe('nil_rated');
    const edited = await company.api.patch(`admin/bills/${created.body.id}`, {
      seller: seller.id,
      branch: company.branchId,
      warehouse: warehouseId,
      bill_number: created.body.bill_number,
      bill_date: today(),
      items: [{ product: products.nil, quantity: 1, rate: 100, tax_rate: 0, gst_treatment: 'non_gst' }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.items[0].gst_treatment).toBe('non_gst');
    // Drafts stay out of the return: this one is voided so the month's figures below hold.
    expect((await company.api.post(`admin/bills/${created.body.id}/void`, {})).status).toBe(200);
  });

  it('sums table 5 to the paisa, inter-state and intra-state, each figure traced to its documents', async () => {
    const res = await company.api.get(`${base(company)}/gstr3b?gstin=${gstin}&period=${thisMonth()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.inward_exempt).toEqual({
      nil_exempt: { inter_state: 1000, intra_state: 1050 },
      non_gst: { inter_state: 700, intra_state: 800 },
    });
    // The 0% purchases carry no ITC: table 4's tax is the one 18% line's.
    expect(res.body.itc.all_other).toMatchObject({ igst: 0, cgst: 90, sgst: 90, cess: 0 });
    expect(res.body.outward['3.1d']).toMatchObject({ taxable_value: 0 });

    const documents = async (head: string) => {
      const page = await company.api.get(
        `${base(company)}/gstr3b/documents?gstin=${gstin}&period=${thisMonth()}&head=${head}&limit=-1`,
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      return (page.body.results as { kind: string; id: number; number: string; taxable_value: number }[])
        .map((row) => [row.kind, row.id, row.number, row.taxable_value])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    };
    expect(await documents('5a_intra')).toEqual([
      ['bill', billP.id, billP.bill_number, 1300],
      ['debit_note', debitNote.id, debitNote.number, -250],
    ]);
    expect(await documents('5a_inter')).toEqual([['bill', billK.id, billK.bill_number, 1000]]);
    expect(await documents('5b_intra')).toEqual([['bill', billP.id, billP.bill_number, 800]]);
    expect(await documents('5b_inter')).toEqual([['bill', billK.id, billK.bill_number, 700]]);
  });
});
