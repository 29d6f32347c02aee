import { amountInWords } from '@b2b/domain/invoices';
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_BUYER_GSTIN,
  SAMPLE_OTHER_STATE_BUYER_GSTIN,
  SAMPLE_SELLER_GSTIN,
  sampleInvoiceDocument,
} from '../../../test/invoice-document-sample.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import type { CreditNoteDocument } from './credit-note-document.ts';
import { renderCreditNotePdf } from './credit-note-pdf.ts';
import { formatInvoiceAmount } from './tax-document-pdf.ts';

// Nothing is faked: the real renderer writes the PDF and test/pdf-text.ts reads its text back.

const flat = (text: string) => text.replace(/\s+/g, ' ');

/**
 * A credit note for every line of the sample invoice (goods returned in full): its figures are
 * the invoice lines', so they add up the way a credit note's do.
 */
function sampleCreditNote(
  options: Parameters<typeof sampleInvoiceDocument>[0] = {},
  overrides: Partial<CreditNoteDocument> = {},
  adjustmentsPaise = -150_00,
): CreditNoteDocument {
  const invoice = sampleInvoiceDocument({ freight: false, ...options });
  const lines = invoice.lines.map((line) => ({
    position: line.position,
    description: line.description,
    sku: line.sku,
    hsn: line.hsn,
    quantity: line.quantity,
    unit: line.unit,
    // Credited in full: the invoiced rate after its discount, excluding GST.
    ratePaise: Math.round(line.taxablePaise / line.quantity),
    taxablePaise: line.taxablePaise,
    gstRatePercent: line.gstRatePercent,
    cessRatePercent: line.cessRatePercent,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    igstPaise: line.igstPaise,
    cessPaise: line.cessPaise,
    amountPaise: line.amountPaise,
  }));
  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((t, l) => t + pick(l), 0);
  const exact = sum((l) => l.amountPaise) + adjustmentsPaise;
  const totalPaise = Math.round(exact / 100) * 100;
  return {
    creditNoteNumber: 'CN/25-26/00007',
    creditNoteDate: '2025-08-02',
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    orderNumber: invoice.orderNumber,
    returnNumber: 'SR/25-26/00003',
    reference: 'RMA-5521',
    reason: 'Goods returned: damaged in transit.',
    seller: invoice.seller,
    buyer: invoice.buyer,
    shipTo: invoice.shipTo,
    placeOfSupply: invoice.placeOfSupply,
    intraState: invoice.intraState,
    lines,
    hsnSummary: invoice.hsnSummary.filter((row) => lines.some((line) => line.hsn === row.hsn)),
    totals: {
      taxablePaise: sum((l) => l.taxablePaise),
      cgstPaise: sum((l) => l.cgstPaise),
      sgstPaise: sum((l) => l.sgstPaise),
      igstPaise: sum((l) => l.igstPaise),
      cessPaise: sum((l) => l.cessPaise),
      adjustmentsPaise,
      roundOffPaise: totalPaise - exact,
      totalPaise,
    },
    amountInWords: amountInWords(totalPaise),
    cancelled: false,
    ...overrides,
  };
}

async function render(...args: Parameters<typeof sampleCreditNote>) {
  const note = sampleCreditNote(...args);
  const pdf = await renderCreditNotePdf(note);
  const pages = pdfPages(pdf);
  return { note, pdf, pages, text: flat(pages.map((page) => page.text).join('\n')) };
}

describe('renderCreditNotePdf', () => {
  it('prints the particulars of a GST credit note against its tax invoice', async () => {
    const { note, pdf, pages, text } = await render();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toHaveLength(1);

    expect(text).toContain('CREDIT NOTE');
    expect(text).not.toContain('TAX INVOICE');
    expect(text).toContain('Credit Note No. CN/25-26/00007');
    expect(text).toContain('Credit Note Date 02-Aug-2025');
    expect(text).toContain('Original Invoice No. INV/25-26/0042');
    expect(text).toContain('Original Invoice Date 14-Jul-2025');
    expect(text).toContain('Sales Return No. SR/25-26/00003');
    expect(text).toContain('Reference No. RMA-5521');
    expect(text).toContain('Place of Supply Maharashtra (27)');
    expect(text).toContain('Utkarsh Kitchenware Private Limited');
    expect(text).toContain(`GSTIN/UIN: ${SAMPLE_SELLER_GSTIN}`);
    expect(text).toContain(`GSTIN/UIN: ${SAMPLE_BUYER_GSTIN}`);
    expect(text).toContain('BILLED TO (BUYER)');
    for (const hsn of ['73239390', '10063020', '61091000']) expect(text).toContain(hsn);
    // line 1 of the sample invoice credited in full: 24 NOS at 331.55, 7,957.20 taxable, 9% + 9%
    expect(text).toContain('Rate excl. GST');
    expect(text).not.toContain('Credit %');
    expect(text).toContain('24 NOS 331.55 7,957.20 9% 716.15 9% 716.15 9,389.50');
    expect(text).not.toContain('IGST');
    expect(text).toContain(`Taxable Value ${formatInvoiceAmount(note.totals.taxablePaise)}`);
    expect(text).toContain(`CGST ${formatInvoiceAmount(note.totals.cgstPaise)}`);
    expect(text).toContain(`SGST ${formatInvoiceAmount(note.totals.sgstPaise)}`);
    expect(text).toContain('Adjustments -150.00');
    expect(text).toContain(`Total ₹ ${formatInvoiceAmount(note.totals.totalPaise)}`);
    expect(text).toContain('Amount Credited (in words)');
    expect(text).toContain(note.amountInWords);
    expect(text).toContain('Reason Goods returned: damaged in transit.');
    expect(text).toContain('HSN/SAC-wise Tax Summary');
    expect(text).toContain('section 34 of the CGST Act, 2017 against tax invoice INV/25-26/0042');
    expect(text).toContain('For Utkarsh Kitchenware Private Limited');
    expect(text).toContain('Authorised Signatory');
    expect(text).toContain('Credit Note CN/25-26/00007');
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('CANCELLED');
  });

  it('prints quantity x rate = taxable value on each line, and totals that add up line by line', async () => {
    // Worked by hand: 3 NOS at 33.33 = 99.99, CGST 9% 8.9991 -> 9.00, SGST 9.00, 117.99;
    // 2 NOS at 250.00 = 500.00, 45.00 + 45.00, 590.00. Taxable 599.99, CGST 54.00, SGST 54.00,
    // 707.99, rounded off +0.01 to 708.00.
    const line = (position: number, quantity: number, ratePaise: number, taxPaise: number) => ({
      position,
      description: `Steel Tumbler ${position}`,
      sku: null,
      hsn: '73239390',
      quantity,
      unit: 'NOS',
      ratePaise,
      taxablePaise: quantity * ratePaise,
      gstRatePercent: 18,
      cessRatePercent: 0,
      cgstPaise: taxPaise,
      sgstPaise: taxPaise,
      igstPaise: 0,
      cessPaise: 0,
      amountPaise: quantity * ratePaise + 2 * taxPaise,
    });
    const { text } = await render(
      {},
      {
        lines: [line(1, 3, 33_33, 9_00), line(2, 2, 250_00, 45_00)],
        hsnSummary: [],
        totals: {
          taxablePaise: 599_99,
          cgstPaise: 54_00,
          sgstPaise: 54_00,
          igstPaise: 0,
          cessPaise: 0,
          adjustmentsPaise: 0,
          roundOffPaise: 1,
          totalPaise: 708_00,
        },
        amountInWords: amountInWords(708_00),
      },
    );
    expect(text).toContain('3 NOS 33.33 99.99 9% 9.00 9% 9.00 117.99');
    expect(text).toContain('2 NOS 250.00 500.00 9% 45.00 9% 45.00 590.00');
    expect(text).toContain('Total 599.99 54.00 54.00 707.99');
    expect(text).toContain('Taxable Value 599.99 CGST 54.00 SGST 54.00 Round Off +0.01');
    expect(text).toContain('Total ₹ 708.00');
    expect(text).toContain('Rupees Seven Hundred Eight Only');
  });

  it('prints IGST and cess for an inter-state supply, and a note without optional details', async () => {
    const { text } = await render(
      { interState: true, cess: true },
      { returnNumber: null, reference: null, reason: null },
      0,
    );
    expect(text).toContain(`GSTIN/UIN: ${SAMPLE_OTHER_STATE_BUYER_GSTIN}`);
    expect(text).toContain('Place of Supply Karnataka (29)');
    expect(text).toContain('IGST');
    expect(text).not.toMatch(/CGST(?! Act)/);
    expect(text).toContain('Cess');
    expect(text).toContain('22021010'); // the line that carries 12% cess
    expect(text).toContain('Sales Return No. —');
    expect(text).not.toContain('Adjustments');
    expect(text).not.toContain('Reason');
  });

  it('breaks 60 lines over pages with the header repeated, totals in lakh on the last', async () => {
    const { note, pages } = await render({ lines: 60 });
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      expect(page.text).toContain(`Page ${index + 1} of ${pages.length}`);
      if (index > 0) expect(flat(page.text)).toContain('Credit Note CN/25-26/00007 (continued)');
    });
    const last = flat(pages[pages.length - 1].text);
    expect(note.totals.totalPaise).toBeGreaterThan(1_00_000_00);
    expect(last).toMatch(/Total ₹ \d,\d\d,\d{3}\.\d\d/);
    expect(note.amountInWords).toContain('Lakh');
    expect(last).toContain(note.amountInWords);
    expect(last).toContain('Authorised Signatory');
  });

  it('marks every page of a cancelled credit note CANCELLED', async () => {
    const { pages } = await render({ lines: 40 }, { cancelled: true });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.text).toContain('CANCELLED');
  });
});
