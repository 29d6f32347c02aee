import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_BUYER_GSTIN,
  SAMPLE_OTHER_STATE_BUYER_GSTIN,
  SAMPLE_SELLER_GSTIN,
  sampleInvoiceDocument,
} from '../../../test/invoice-document-sample.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { formatInvoiceAmount, renderInvoicePdf } from './invoice-pdf.ts';
import { invoiceUpiUri } from './invoice-upi-payment.ts';

// Nothing is faked: the real renderer writes the PDF and test/pdf-text.ts reads its text back.

const flat = (text: string) => text.replace(/\s+/g, ' ');

async function render(...args: Parameters<typeof sampleInvoiceDocument>) {
  const doc = sampleInvoiceDocument(...args);
  const pdf = await renderInvoicePdf(doc);
  const pages = pdfPages(pdf);
  return { doc, pdf, pages, text: flat(pages.map((page) => page.text).join('\n')) };
}

describe('formatInvoiceAmount', () => {
  it('groups rupees the Indian way with two decimals', () => {
    expect(formatInvoiceAmount(1_00_000_00)).toBe('1,00,000.00');
    expect(formatInvoiceAmount(1_23_45_67_890_01)).toBe('1,23,45,67,890.01');
    expect(formatInvoiceAmount(999)).toBe('9.99');
    expect(formatInvoiceAmount(-50)).toBe('-0.50');
    expect(formatInvoiceAmount(0)).toBe('0.00');
  });
});

describe('renderInvoicePdf', () => {
  it('prints the particulars of an intra-state tax invoice', async () => {
    const { doc, pdf, pages, text } = await render();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    expect(pages).toHaveLength(1);

    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('ORIGINAL FOR RECIPIENT');
    expect(text).toContain('Utkarsh Kitchenware Private Limited');
    expect(text).toContain(`GSTIN/UIN: ${SAMPLE_SELLER_GSTIN}`);
    expect(text).toContain(`GSTIN/UIN: ${SAMPLE_BUYER_GSTIN}`);
    expect(text).toContain('301, Shreeji Arcade, LBS Marg');
    expect(text).toContain('Warehouse 2, Unit 4, Sai Industrial Estate, Bhosari MIDC');
    expect(text).toContain('Invoice No. INV/25-26/0042');
    expect(text).toContain('Invoice Date 14-Jul-2025');
    expect(text).toContain('Place of Supply Maharashtra (27)');
    for (const hsn of ['73239390', '10063020', '61091000', '85395000', '998729', '996511']) {
      expect(text).toContain(hsn);
    }
    expect(text).toContain('Freight and forwarding charges');
    expect(text).toContain('CGST');
    expect(text).toContain('SGST');
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('Cess');
    // line 1: 24 x 349.00 less 5% = 7,957.20 taxable, 9% + 9%
    expect(text).toContain('24 NOS 349.00 418.80 7,957.20 9% 716.15 9% 716.15 9,389.50');
    expect(text).toContain(`Taxable Value ${formatInvoiceAmount(doc.totals.taxablePaise)}`);
    expect(text).toContain(`CGST ${formatInvoiceAmount(doc.totals.cgstPaise)}`);
    expect(text).toContain('Round Off +0.31');
    expect(text).toContain('Total ₹ 29,729.00');
    expect(text).toContain('Rupees Twenty Nine Thousand Seven Hundred Twenty Nine Only');
    expect(text).toContain('HSN/SAC-wise Tax Summary');
    expect(text).toContain('Bank: HDFC Bank A/c No.: 50200012345678 IFSC: HDFC0000123');
    expect(text).toContain('Subject to Mumbai jurisdiction.');
    expect(text).toContain('Whether tax is payable on reverse charge: No');
    expect(text).toContain('For Utkarsh Kitchenware Private Limited');
    expect(text).toContain('Authorised Signatory');
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('CANCELLED');
  });

  it('prints IGST and cess for an inter-state supply, and the e-invoice IRN with its QR code', async () => {
    const eInvoice = {
      irn: `${'f'.repeat(60)}a1b2`,
      ackNumber: '112510036498734',
      ackDate: '2025-07-14 12:30:05',
      signedQrCode: `eyJhbGciOiJSUzI1NiJ9.${'eyJkYXRhIjoi'.repeat(60)}.c2lnbmF0dXJl`,
    };
    const plain = await render({ interState: true, cess: true });
    const { pages, text } = await render({ interState: true, cess: true }, { eInvoice });
    expect(text).toContain(`GSTIN/UIN: ${SAMPLE_OTHER_STATE_BUYER_GSTIN}`);
    expect(text).toContain('Place of Supply Karnataka (29)');
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    expect(text).toContain('Cess');
    expect(text).toContain('22021010'); // the line that carries 12% cess
    expect(text).toContain(`IRN ${eInvoice.irn}`);
    expect(text).toContain('Ack No. 112510036498734');
    expect(text).toContain('Ack Date 2025-07-14 12:30:05');
    // The QR code is drawn as rectangles: hundreds more on the first page than without it.
    const rectangles = (content: string) => content.match(/ re\n/g)?.length ?? 0;
    expect(rectangles(pages[0].content) - rectangles(plain.pages[0].content)).toBeGreaterThan(300);
  });

  it('breaks 60 lines over pages, repeating the table header, and totals on the last', async () => {
    const { doc, pages, text } = await render({ lines: 60 });
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (let n = 1; n <= 60; n += 1) {
      expect(text.match(new RegExp(`#${n}(?!\\d)`, 'g'))).toHaveLength(1);
    }
    const withLines = pages.filter((page) => /#\d+/.test(page.text));
    expect(withLines.length).toBeGreaterThanOrEqual(2);
    for (const page of withLines) expect(flat(page.text)).toContain('Description of Goods / Services');
    pages.forEach((page, index) => {
      expect(page.text).toContain(`Page ${index + 1} of ${pages.length}`);
      if (index > 0) expect(flat(page.text)).toContain('Tax Invoice INV/25-26/0042 (continued)');
    });
    const last = flat(pages[pages.length - 1].text);
    expect(last).toContain(`Total ₹ ${formatInvoiceAmount(doc.totals.totalPaise)}`);
    expect(last).toContain('Authorised Signatory');
    expect(doc.totals.totalPaise).toBeGreaterThan(1_00_000_00); // shown with lakh grouping
    expect(last).toMatch(/₹ \d,\d\d,\d{3}\.\d\d/);
  });

  it('labels the transporter and supplier copies', async () => {
    const doc = sampleInvoiceDocument({ lines: 1 });
    const duplicate = flat(pdfPages(await renderInvoicePdf(doc, { copy: 'duplicate' }))[0].text);
    expect(duplicate).toContain('DUPLICATE FOR TRANSPORTER');
    expect(duplicate).not.toContain('ORIGINAL FOR RECIPIENT');
    const triplicate = flat(pdfPages(await renderInvoicePdf(doc, { copy: 'triplicate' }))[0].text);
    expect(triplicate).toContain('TRIPLICATE FOR SUPPLIER');
  });

  it('marks every page of a cancelled invoice CANCELLED', async () => {
    const { pages } = await render({ lines: 40 }, { status: 'cancelled' });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.text).toContain('CANCELLED');
  });

  it('prints an invoice without optional details', async () => {
    const base = sampleInvoiceDocument({ lines: 1, freight: false });
    const { text } = await render(
      { lines: 1, freight: false },
      {
        dueDate: null,
        referenceNumber: null,
        bank: null,
        termsAndConditions: null,
        notes: null,
        buyer: { ...base.buyer, gstin: null, phone: null, email: null },
        shipTo: { ...base.buyer, gstin: null, phone: null, email: null },
        seller: { ...base.seller, pan: null, phone: null, email: null },
      },
    );
    expect(text).toContain('GSTIN/UIN: Unregistered');
    expect(text).toContain('Due Date —');
    expect(text).not.toContain("Company's Bank Details");
    expect(text).not.toContain('Terms & Conditions');
    expect(text).toContain('Whether tax is payable on reverse charge: No');
  });

  describe('UPI QR code', () => {
    const rectangles = (content: string) => content.match(/ re\n/g)?.length ?? 0;
    /** The rectangles drawQr draws for `text`: one per run of dark modules in a row, and the white square. */
    const qrRectangles = (text: string) => {
      const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
      let runs = 0;
      for (let row = 0; row < modules.size; row += 1) {
        for (let col = 0; col < modules.size; col += 1) {
          if (modules.get(row, col) && (col === 0 || !modules.get(row, col - 1))) runs += 1;
        }
      }
      return runs + 1;
    };
    const withoutUpi = (doc: ReturnType<typeof sampleInvoiceDocument>) => ({
      ...doc,
      bank: doc.bank && { ...doc.bank, upiId: null },
    });

    it('prints the QR code of upi://pay for the amount due, captioned, when the bank details carry a UPI ID', async () => {
      const doc = sampleInvoiceDocument({}, { amountDuePaise: 12_345_67 });
      const uri = invoiceUpiUri(doc);
      expect(uri).toBe(
        'upi://pay?pa=utkarsh@hdfcbank&pn=Utkarsh%20Kitchenware%20Private%20Limited&am=12345.67&cu=INR&tn=INV%2F25-26%2F0042',
      );
      const withQr = pdfPages(await renderInvoicePdf(doc));
      const plain = pdfPages(await renderInvoicePdf(withoutUpi(doc)));
      expect(withQr).toHaveLength(1);
      expect(flat(withQr[0].text)).toContain('Scan to pay with UPI');
      expect(flat(plain[0].text)).not.toContain('Scan to pay with UPI');
      // Exactly the modules of that URI are drawn: another amount would give another pattern.
      expect(rectangles(withQr[0].content) - rectangles(plain[0].content)).toBe(qrRectangles(uri as string));
      expect(qrRectangles(uri as string)).not.toBe(
        qrRectangles((uri as string).replace('12345.67', '12345.68')),
      );
    });

    it('asks for the total when the amount due is not given', () => {
      expect(invoiceUpiUri(sampleInvoiceDocument())).toContain('&am=29729.00&');
    });

    it('prints none without a UPI ID, on a cancelled invoice, or with nothing left to pay', async () => {
      const doc = sampleInvoiceDocument();
      const cases = [
        withoutUpi(doc),
        { ...doc, bank: null },
        { ...doc, status: 'cancelled' as const },
        { ...doc, amountDuePaise: 0 },
      ];
      for (const invoice of cases) {
        expect(invoiceUpiUri(invoice)).toBeNull();
        const text = flat(
          pdfPages(await renderInvoicePdf(invoice))
            .map((page) => page.text)
            .join('\n'),
        );
        expect(text).not.toContain('Scan to pay with UPI');
      }
    });
  });
});
