import { describe, expect, it } from 'vitest';
import {
  b2clThresholdPaise,
  creditNoteSection,
  documentSeriesOf,
  Gstr1Builder,
  type Gstr1CreditNote,
  type Gstr1Invoice,
  type Gstr1TaxRow,
  gstr1CsvTable,
  gstr1Json,
  hsnProblem,
  invoiceSection,
  parseGstr1Period,
  previousFinancialYear,
  requiredHsnDigits,
} from './gstr1.ts';
import { GSTR1_JSON_SCHEMA } from './gstr1-json-schema.ts';

const OWN = '27AAPFU0939F1ZV';
const BUYER_MH = '27AABCU9603R1ZM';
const BUYER_KA = '29AABCU9603R1ZJ';

/** A rate row: intra-state splits the tax into halves, inter-state charges IGST. */
function row(ratePercent: number, taxablePaise: number, intra: boolean, cessPaise = 0): Gstr1TaxRow {
  const tax = Math.round((taxablePaise * ratePercent) / 100);
  return intra
    ? { ratePercent, taxablePaise, igstPaise: 0, cgstPaise: tax / 2, sgstPaise: tax / 2, cessPaise }
    : { ratePercent, taxablePaise, igstPaise: tax, cgstPaise: 0, sgstPaise: 0, cessPaise };
}

let nextId = 1;
function invoice(overrides: Partial<Gstr1Invoice> & { rows: Gstr1TaxRow[] }): Gstr1Invoice {
  const id = nextId++;
  const value = overrides.rows.reduce(
    (sum, r) => sum + r.taxablePaise + r.igstPaise + r.cgstPaise + r.sgstPaise + r.cessPaise,
    0,
  );
  return {
    id,
    number: `MUM/2526/${String(id).padStart(5, '0')}`,
    date: '2025-06-10',
    valuePaise: value,
    buyerId: 100 + id,
    buyerName: `Buyer ${id}`,
    buyerGstin: null,
    buyerType: 'consumer',
    placeOfSupply: '27',
    intraState: true,
    ...overrides,
  };
}

function creditNote(original: Gstr1Invoice, rows: Gstr1TaxRow[]): Gstr1CreditNote {
  const id = nextId++;
  return {
    id,
    number: `CN/2526/${String(id).padStart(5, '0')}`,
    date: '2025-06-20',
    valuePaise: rows.reduce(
      (s, r) => s + r.taxablePaise + r.igstPaise + r.cgstPaise + r.sgstPaise + r.cessPaise,
      0,
    ),
    placeOfSupply: original.placeOfSupply,
    intraState: original.intraState,
    rows,
    invoice: original,
  };
}

const june = { key: '2025-06', from: '2025-06-01', to: '2025-06-30', fp: '062025' };

describe('periods', () => {
  it('reads a month and a calendar quarter, with the return period of the last month', () => {
    expect(parseGstr1Period('2025-06')).toEqual({
      key: '2025-06',
      from: '2025-06-01',
      to: '2025-06-30',
      fp: '062025',
    });
    expect(parseGstr1Period('2024-02')?.to).toBe('2024-02-29');
    expect(parseGstr1Period('2025-Q2')).toEqual({
      key: '2025-Q2',
      from: '2025-04-01',
      to: '2025-06-30',
      fp: '062025',
    });
    expect(parseGstr1Period('2025-Q1')).toMatchObject({ from: '2025-01-01', to: '2025-03-31', fp: '032025' });
    expect(parseGstr1Period('2025-13')).toBeNull();
    expect(parseGstr1Period('2025-Q5')).toBeNull();
  });
  it('knows the financial year before a day', () => {
    expect(previousFinancialYear('2025-06-10')).toEqual({ from: '2024-04-01', to: '2025-03-31' });
    expect(previousFinancialYear('2026-02-10')).toEqual({ from: '2024-04-01', to: '2025-03-31' });
  });
});

describe('rules', () => {
  it('B2CL threshold: ₹2,50,000 before 1 August 2024, ₹1,00,000 from it', () => {
    expect(b2clThresholdPaise('2024-07-31')).toBe(25_000_000);
    expect(b2clThresholdPaise('2024-08-01')).toBe(10_000_000);
  });
  it('classifies invoices on both sides of 1 August 2024', () => {
    const base = { buyerGstin: null, buyerType: 'consumer' as const, intraState: false };
    // ₹2,00,000 inter-state on 31 July 2024: under ₹2,50,000, so B2C small.
    expect(invoiceSection({ ...base, valuePaise: 20_000_000, date: '2024-07-31' }, OWN)).toBe('b2cs');
    // ₹2,60,000 the same day: B2C large.
    expect(invoiceSection({ ...base, valuePaise: 26_000_000, date: '2024-07-31' }, OWN)).toBe('b2cl');
    // ₹2,00,000 on 1 August 2024: above ₹1,00,000, B2C large.
    expect(invoiceSection({ ...base, valuePaise: 20_000_000, date: '2024-08-01' }, OWN)).toBe('b2cl');
    // Exactly ₹1,00,000 is not above it.
    expect(invoiceSection({ ...base, valuePaise: 10_000_000, date: '2024-08-01' }, OWN)).toBe('b2cs');
    // Intra-state is never B2CL however large.
    expect(
      invoiceSection({ ...base, intraState: true, valuePaise: 90_000_000, date: '2025-01-01' }, OWN),
    ).toBe('b2cs');
  });
  it('registered buyers go to B2B, overseas to EXP, the own GSTIN nowhere', () => {
    const base = { intraState: true, valuePaise: 100, date: '2025-06-01' };
    expect(invoiceSection({ ...base, buyerGstin: BUYER_MH, buyerType: 'regular' }, OWN)).toBe('b2b');
    expect(invoiceSection({ ...base, buyerGstin: null, buyerType: 'overseas' }, OWN)).toBe('exp');
    expect(invoiceSection({ ...base, buyerGstin: OWN.toLowerCase(), buyerType: 'regular' }, OWN)).toBe(
      'excluded',
    );
  });
  it('credit notes follow their original invoice', () => {
    const b2cl = invoice({
      intraState: false,
      placeOfSupply: '29',
      date: '2025-06-01',
      rows: [row(18, 20_000_000, false)],
    });
    const b2b = invoice({ buyerGstin: BUYER_MH, buyerType: 'regular', rows: [row(18, 1000, true)] });
    const small = invoice({ rows: [row(18, 1000, true)] });
    expect(creditNoteSection(creditNote(b2cl, []), OWN)).toBe('cdnur');
    expect(creditNoteSection(creditNote(b2b, []), OWN)).toBe('cdnr');
    expect(creditNoteSection(creditNote(small, []), OWN)).toBe('b2cs');
  });
  it('HSN digits by last year turnover', () => {
    expect(requiredHsnDigits(5_00_00_000_00)).toBe(4);
    expect(requiredHsnDigits(5_00_00_000_01)).toBe(6);
    expect(hsnProblem('8471', 4)).toBeNull();
    expect(hsnProblem('8471', 6)).toBe(
      "The HSN code 8471 is shorter than the 6 digits required for the company's turnover.",
    );
    expect(hsnProblem(null, 4)).toBe(
      'The HSN code is missing: give the product an HSN of at least 4 digits.',
    );
  });
  it('series of a document number', () => {
    expect(documentSeriesOf('MUM/2526/00012')).toBe('MUM/2526/');
    expect(documentSeriesOf('INV7')).toBe('INV');
  });
});

describe('Gstr1Builder: a worked month', () => {
  // June 2025, seller in Maharashtra (27).
  // A: intra-state B2B, ₹10,000 at 18% + ₹500 at 5%  -> CGST 900 + 12.50, SGST the same.
  const a = invoice({
    buyerGstin: BUYER_MH,
    buyerType: 'regular',
    rows: [row(18, 1_000_000, true), row(5, 50_000, true)],
  });
  // B: inter-state B2B to Karnataka, ₹20,000 at 12% -> IGST 2,400.
  const b = invoice({
    buyerGstin: BUYER_KA,
    buyerType: 'regular',
    placeOfSupply: '29',
    intraState: false,
    rows: [row(12, 2_000_000, false)],
  });
  // C: inter-state B2CL to Karnataka consumer, ₹1,50,000 at 18% -> IGST 27,000, value 1,77,000.
  const c = invoice({ placeOfSupply: '29', intraState: false, rows: [row(18, 15_000_000, false)] });
  // D: inter-state consumer, ₹50,000 at 18% -> B2CS 29 INTER 18: IGST 9,000.
  const d = invoice({ placeOfSupply: '29', intraState: false, rows: [row(18, 5_000_000, false)] });
  // E: intra-state consumer, ₹1,000 at 18% and ₹300 nil-rated.
  const e = invoice({ rows: [row(18, 100_000, true), row(0, 30_000, true)] });
  // F: to the filer's own GSTIN: excluded.
  const f = invoice({ buyerGstin: OWN, buyerType: 'regular', rows: [row(18, 999_900, true)] });
  // G: export without payment of tax, ₹80,000 at 0%.
  const g = invoice({
    buyerType: 'overseas',
    placeOfSupply: '96',
    intraState: false,
    rows: [row(0, 8_000_000, false)],
  });
  // H: a registered buyer without GSTIN: reported as B2C, listed as a problem.
  const h = invoice({ buyerType: 'regular', rows: [row(18, 10_000, true)] });
  // Notes: ₹10,000 back on C (CDNUR B2CL), ₹1,000 back on A (CDNR), ₹100 back on E (B2CS -).
  const nC = creditNote(c, [row(18, 1_000_000, false)]);
  const nA = creditNote(a, [row(18, 100_000, true)]);
  const nE = creditNote(e, [row(18, 10_000, true)]);

  function build(keepEntries = true) {
    const builder = new Gstr1Builder({ gstin: OWN, period: june, keepEntries });
    for (const inv of [a, b, c, d, e, f, g, h]) builder.addInvoice(inv);
    for (const note of [nC, nA, nE]) builder.addCreditNote(note);
    builder.setHsn([
      {
        table: 'b2b',
        hsn: '8471',
        description: 'Laptops',
        uqc: 'NOS',
        ratePercent: 18,
        quantityMilli: 2000,
        taxablePaise: 1_000_000,
        igstPaise: 0,
        cgstPaise: 90_000,
        sgstPaise: 90_000,
        cessPaise: 0,
      },
      {
        table: 'b2b',
        hsn: '8471',
        description: '',
        uqc: 'NOS',
        ratePercent: 18,
        quantityMilli: 500,
        taxablePaise: 1,
        igstPaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        cessPaise: 0,
      },
      {
        table: 'b2c',
        hsn: '847130',
        description: 'Tablets',
        uqc: 'NOS',
        ratePercent: 18,
        quantityMilli: 1500,
        taxablePaise: 5_000_000,
        igstPaise: 900_000,
        cgstPaise: 0,
        sgstPaise: 0,
        cessPaise: 0,
      },
    ]);
    builder.setDocIssue([
      { kind: 'invoice', from: 'MUM/2526/00001', to: 'MUM/2526/00009', total: 9, cancelled: 1 },
      { kind: 'credit_note', from: 'CN/2526/00001', to: 'CN/2526/00003', total: 3, cancelled: 0 },
    ]);
    return builder.result();
  }

  it('sums each section in paise', () => {
    const report = build(false);
    expect(report.totals.b2b).toEqual({
      count: 2,
      taxablePaise: 3_050_000,
      igstPaise: 240_000,
      cgstPaise: 91_250,
      sgstPaise: 91_250,
      cessPaise: 0,
    });
    expect(report.totals.b2cl).toEqual({
      count: 1,
      taxablePaise: 15_000_000,
      igstPaise: 2_700_000,
      cgstPaise: 0,
      sgstPaise: 0,
      cessPaise: 0,
    });
    // B2CS: D 50,000 (IGST 9,000) + E 1,000 (9+9) + H 100 (9+9 paise) - note on E 100 (9+9).
    expect(report.totals.b2cs).toEqual({
      count: 4,
      taxablePaise: 5_100_000,
      igstPaise: 900_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      cessPaise: 0,
    });
    expect(report.totals.cdnur).toMatchObject({ count: 1, taxablePaise: 1_000_000, igstPaise: 180_000 });
    expect(report.totals.cdnr).toMatchObject({
      count: 1,
      taxablePaise: 100_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
    });
    expect(report.totals.exp).toMatchObject({ count: 1, taxablePaise: 8_000_000, igstPaise: 0 });
    expect(report.totals.nil).toMatchObject({ count: 1, taxablePaise: 30_000 });
    expect(report.nil.INTRAB2C).toEqual({ nilPaise: 30_000, exemptPaise: 0, nonGstPaise: 0 });
    expect(report.b2cs).toEqual([
      {
        placeOfSupply: '27',
        intraState: true,
        ratePercent: 18,
        taxablePaise: 100_000,
        igstPaise: 0,
        cgstPaise: 9_000,
        sgstPaise: 9_000,
        cessPaise: 0,
      },
      {
        placeOfSupply: '29',
        intraState: false,
        ratePercent: 18,
        taxablePaise: 5_000_000,
        igstPaise: 900_000,
        cgstPaise: 0,
        sgstPaise: 0,
        cessPaise: 0,
      },
    ]);
    expect(report.totals.hsn).toMatchObject({ count: 2, taxablePaise: 6_000_001 });
    expect(report.totals.doc_issue.count).toBe(12);
    expect(report.problems).toEqual([
      {
        documentKind: 'invoice',
        documentId: h.id,
        documentNumber: h.number,
        problem:
          "The buyer is a registered business (regular) but has no GSTIN: add the buyer's GSTIN so the document can be reported in B2B.",
        fix: { kind: 'buyer', id: h.buyerId },
      },
    ]);
  });

  it('writes the JSON the offline tool accepts', () => {
    const json = gstr1Json(build());
    expect(() => GSTR1_JSON_SCHEMA.parse(json)).not.toThrow();
    expect(json.fp).toBe('062025');
    expect(json.b2b).toEqual([
      {
        ctin: BUYER_MH,
        inv: [
          {
            inum: a.number,
            idt: '10-06-2025',
            val: 12_325,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              { num: 501, itm_det: { rt: 5, txval: 500, iamt: 0, camt: 12.5, samt: 12.5, csamt: 0 } },
              { num: 1801, itm_det: { rt: 18, txval: 10_000, iamt: 0, camt: 900, samt: 900, csamt: 0 } },
            ],
          },
        ],
      },
      {
        ctin: BUYER_KA,
        inv: [
          {
            inum: b.number,
            idt: '10-06-2025',
            val: 22_400,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              { num: 1201, itm_det: { rt: 12, txval: 20_000, iamt: 2_400, camt: 0, samt: 0, csamt: 0 } },
            ],
          },
        ],
      },
    ]);
    expect(json.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: c.number,
            idt: '10-06-2025',
            val: 177_000,
            itms: [{ num: 1801, itm_det: { rt: 18, txval: 150_000, iamt: 27_000, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: nC.number,
        nt_dt: '20-06-2025',
        val: 11_800,
        pos: '29',
        itms: [{ num: 1801, itm_det: { rt: 18, txval: 10_000, iamt: 1_800, csamt: 0 } }],
      },
    ]);
    expect(json.cdnr[0]?.nt[0]).toMatchObject({ nt_num: nA.number, val: 1_180, inv_typ: 'R' });
    expect(json.exp).toEqual([
      {
        exp_typ: 'WOPAY',
        inv: [
          {
            inum: g.number,
            idt: '10-06-2025',
            val: 80_000,
            itms: [{ rt: 0, txval: 80_000, iamt: 0, csamt: 0 }],
          },
        ],
      },
    ]);
    expect(json.b2cs).toContainEqual({
      sply_ty: 'INTRA',
      pos: '27',
      typ: 'OE',
      rt: 18,
      txval: 1_000,
      iamt: 0,
      camt: 90,
      samt: 90,
      csamt: 0,
    });
    expect(json.nil.inv).toContainEqual({ sply_ty: 'INTRAB2C', nil_amt: 300, expt_amt: 0, ngsup_amt: 0 });
    expect(json.hsn.hsn_b2b).toEqual([
      {
        num: 1,
        hsn_sc: '8471',
        desc: 'Laptops',
        uqc: 'NOS',
        qty: 2.5,
        rt: 18,
        txval: 10_000.01,
        iamt: 0,
        camt: 900,
        samt: 900,
        csamt: 0,
      },
    ]);
    expect(json.hsn.hsn_b2c).toHaveLength(1);
    expect(json.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'MUM/2526/00001', to: 'MUM/2526/00009', totnum: 9, cancel: 1, net_issue: 8 }],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [{ num: 1, from: 'CN/2526/00001', to: 'CN/2526/00003', totnum: 3, cancel: 0, net_issue: 3 }],
      },
    ]);
    // The own-GSTIN invoice is nowhere.
    expect(JSON.stringify(json)).not.toContain(f.number);
  });

  it('writes a CSV table per section', () => {
    const report = build();
    const b2cl = gstr1CsvTable(report, 'b2cl');
    expect(b2cl.header[0]).toBe('Invoice Number');
    expect(b2cl.rows).toEqual([
      [c.number, '10-06-2025', 177_000, '29-Karnataka', c.buyerName, 18, 150_000, 27_000, 0, 0, 0],
    ]);
    expect(gstr1CsvTable(report, 'b2b').rows).toHaveLength(3);
    expect(gstr1CsvTable(report, 'doc_issue').rows[0]).toEqual([
      'Invoices for outward supply',
      'MUM/2526/00001',
      'MUM/2526/00009',
      9,
      1,
    ]);
  });

  it('lists a rate that is no GST rate and a missing place of supply', () => {
    const builder = new Gstr1Builder({ gstin: OWN, period: june, keepEntries: false });
    const odd = invoice({ rows: [row(17, 1000, true)] });
    const nowhere = invoice({ placeOfSupply: null, rows: [row(18, 1000, true)] });
    builder.addInvoice(odd);
    builder.addInvoice(nowhere);
    const report = builder.result();
    expect(report.problems.map((p) => p.problem)).toEqual([
      'The tax rate 17% is not a GST rate.',
      'The place of supply is missing: the document cannot be placed in any section.',
    ]);
    expect(report.totals.b2cs.count).toBe(1);
  });
});

describe('table 8: nil-rated, exempt and non-GST supplies by GST treatment', () => {
  /**
   * Worked example (June 2025, filer in Maharashtra 27):
   * - A, registered buyer in Karnataka (inter-state): 18% line ₹1,000 + exempt books ₹500 + nil-rated
   *   0% line ₹200; untaxed value of its 0% row ₹700, of which ₹500 exempt -> nil ₹200, exempt ₹500.
   * - B, consumer in Maharashtra (intra-state): exempt fresh produce ₹300 + non-GST (alcohol) ₹1,200.
   * - C, consumer in Maharashtra: credit note on B for ₹100 of the produce (exempt) and ₹200 non-GST.
   * - D, overseas buyer (export): 0% export ₹5,000 of which non-GST ₹400: EXP keeps ₹4,600, table 8
   *   inter-state B2C takes ₹400 non-GST.
   */
  it('splits each supply type into nil_amt, expt_amt and ngsup_amt', () => {
    const builder = new Gstr1Builder({ gstin: OWN, period: june, keepEntries: true });
    const a = invoice({
      buyerGstin: BUYER_KA,
      buyerType: 'regular',
      placeOfSupply: '29',
      intraState: false,
      rows: [row(18, 100_000, false), row(0, 70_000, false)],
      untaxed: { exemptPaise: 50_000, nonGstPaise: 0 },
    });
    const b = invoice({
      rows: [row(0, 150_000, true)],
      untaxed: { exemptPaise: 30_000, nonGstPaise: 120_000 },
    });
    const c = {
      ...creditNote(b, [row(0, 30_000, true)]),
      untaxed: { exemptPaise: 10_000, nonGstPaise: 20_000 },
    };
    const d = invoice({
      buyerType: 'overseas',
      placeOfSupply: '96',
      intraState: false,
      rows: [row(0, 500_000, false)],
      untaxed: { exemptPaise: 0, nonGstPaise: 40_000 },
    });
    for (const doc of [a, b, d]) builder.addInvoice(doc);
    builder.addCreditNote(c);
    const report = builder.result();
    expect(report.nil).toEqual({
      INTRB2B: { nilPaise: 20_000, exemptPaise: 50_000, nonGstPaise: 0 },
      INTRAB2B: { nilPaise: 0, exemptPaise: 0, nonGstPaise: 0 },
      INTRB2C: { nilPaise: 0, exemptPaise: 0, nonGstPaise: 40_000 },
      INTRAB2C: { nilPaise: 0, exemptPaise: 20_000, nonGstPaise: 100_000 },
    });
    // 700 + 1,500 + 400 - 300
    expect(report.totals.nil).toMatchObject({ count: 3, taxablePaise: 230_000 });
    expect(report.entries.b2b[0]?.rows.map((r) => r.ratePercent)).toEqual([18]);
    expect(report.entries.exp[0]?.rows).toEqual([
      { ratePercent: 0, taxablePaise: 460_000, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 },
    ]);
    expect(report.totals.exp).toMatchObject({ count: 1, taxablePaise: 460_000 });
    const json = gstr1Json(report);
    expect(json.nil.inv).toEqual([
      { sply_ty: 'INTRB2B', nil_amt: 200, expt_amt: 500, ngsup_amt: 0 },
      { sply_ty: 'INTRAB2B', nil_amt: 0, expt_amt: 0, ngsup_amt: 0 },
      { sply_ty: 'INTRB2C', nil_amt: 0, expt_amt: 0, ngsup_amt: 400 },
      { sply_ty: 'INTRAB2C', nil_amt: 0, expt_amt: 200, ngsup_amt: 1000 },
    ]);
    expect(GSTR1_JSON_SCHEMA.safeParse(json).success).toBe(true);
    expect(gstr1CsvTable(report, 'nil').rows[3]).toEqual([
      'Intra-State supplies to unregistered persons',
      0,
      200,
      1000,
    ]);
  });

  it("a registered buyer's credit note keeps its nil and exempt rows in CDNR and takes its non-GST value off table 8", () => {
    const builder = new Gstr1Builder({ gstin: OWN, period: june, keepEntries: true });
    const original = invoice({
      buyerGstin: BUYER_MH,
      buyerType: 'regular',
      rows: [row(0, 90_000, true)],
      untaxed: { exemptPaise: 60_000, nonGstPaise: 30_000 },
    });
    builder.addInvoice(original);
    builder.addCreditNote({
      ...creditNote(original, [row(0, 30_000, true)]),
      untaxed: { exemptPaise: 20_000, nonGstPaise: 10_000 },
    });
    const report = builder.result();
    expect(report.nil.INTRAB2B).toEqual({ nilPaise: 0, exemptPaise: 60_000, nonGstPaise: 20_000 });
    expect(report.entries.cdnr[0]?.rows).toEqual([
      { ratePercent: 0, taxablePaise: 20_000, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 },
    ]);
  });
});
