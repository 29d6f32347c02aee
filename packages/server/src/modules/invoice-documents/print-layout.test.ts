import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { sampleInvoiceDocument } from '../../../test/invoice-document-sample.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { formatInvoiceAmount, renderInvoicePdf } from './invoice-pdf.ts';
import { DEFAULT_PRINT_LAYOUT, type PrintLayout, printableImage } from './print-layout.ts';

// The real renderer writes the PDF; test/pdf-text.ts reads its text back and the page boxes are
// read from the file itself.

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Each page's MediaBox width and height, in points. */
const pageSizes = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((match) => [
    Math.round(Number(match[1])),
    Math.round(Number(match[2])),
  ]);

const imageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

async function render(layout: Partial<PrintLayout>) {
  const pdf = await renderInvoicePdf(sampleInvoiceDocument(), {
    layout: { ...DEFAULT_PRINT_LAYOUT, ...layout },
  });
  const pages = pdfPages(pdf);
  return { pdf, pages, text: flat(pages.map((page) => page.text).join('\n')) };
}

const png = () => QRCode.toBuffer('Authorised', { type: 'png', width: 120 });

describe('print_configuration in the tax invoice PDF', () => {
  it('prints on A4 by default, the original only, with the HSN summary and no images', async () => {
    const { pdf, pages, text } = await render({});
    expect(pageSizes(pdf)).toEqual(pages.map(() => [595, 842]));
    expect(text).toContain('ORIGINAL FOR RECIPIENT');
    expect(text).not.toContain('DUPLICATE FOR TRANSPORTER');
    expect(text).toContain('HSN/SAC-wise Tax Summary');
    expect(imageCount(pdf)).toBe(0);
  });

  it('prints on A5, the same text scaled to the paper', async () => {
    const a4 = await render({});
    const a5 = await render({ paperSize: 'A5' });
    expect(a5.pages).toHaveLength(a4.pages.length);
    expect(pageSizes(a5.pdf)).toEqual(a5.pages.map(() => [420, 595]));
    expect(a5.text).toBe(a4.text);
    expect(a5.pages[0].content).toMatch(/^0\.70\d* 0 0 0\.70\d* 0 0 cm/m);
  });

  it('prints on an 80 mm thermal roll as one narrow receipt, as long as its lines, at a readable size', async () => {
    const invoice = sampleInvoiceDocument();
    const thermal = await render({ paperSize: 'Thermal 80mm', copies: ['original', 'duplicate'] });
    expect(thermal.pages).toHaveLength(1);
    const [[width, height]] = pageSizes(thermal.pdf) as [[number, number]];
    expect(width).toBe(227);
    const longer = await renderInvoicePdf(sampleInvoiceDocument({ lines: 12 }), {
      layout: { ...DEFAULT_PRINT_LAYOUT, paperSize: 'Thermal 80mm' },
    });
    expect((pageSizes(longer) as [[number, number]])[0][1]).toBeGreaterThan(height);
    for (const particular of [
      'TAX INVOICE',
      invoice.invoiceNumber,
      invoice.seller.legalName,
      `GSTIN ${invoice.seller.gstin}`,
      invoice.buyer.name,
      'Place of supply',
      'Taxable value',
      invoice.amountInWords,
      'Authorised Signatory',
      invoice.lines[0]?.description.slice(0, 20) ?? '',
    ])
      expect(thermal.text).toContain(particular);
    expect(thermal.text).toContain(formatInvoiceAmount(invoice.totals.totalPaise));
    // One copy on a roll, and no text scaled below 6 points.
    expect(thermal.text).not.toContain('DUPLICATE FOR TRANSPORTER');
    const eInvoiced = await renderInvoicePdf(
      {
        ...invoice,
        eInvoice: {
          irn: 'f'.repeat(64),
          ackNumber: '112010036563310',
          ackDate: '2025-07-14 10:00:00',
          signedQrCode: 'eyJhbGciOiJSUzI1NiJ9.signed',
        },
      },
      { layout: { ...DEFAULT_PRINT_LAYOUT, paperSize: 'Thermal 80mm' } },
    );
    expect(
      flat(
        pdfPages(eInvoiced)
          .map((page) => page.text)
          .join('\n'),
      ),
    ).toContain(`IRN ${'f'.repeat(20)}`);
    const sizes = [...thermal.pages[0].content.matchAll(/\/F\d+ ([\d.]+) Tf/g)].map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(6);
  });

  it('leaves the HSN summary out when it is switched off', async () => {
    const { text } = await render({ showHsnSummary: false });
    expect(text).not.toContain('HSN/SAC-wise Tax Summary');
    expect(text).toContain('TAX INVOICE');
  });

  it('prints the footer note on every page', async () => {
    const note = 'Goods once sold will not be taken back. Subject to Pune jurisdiction.';
    const { pages } = await render({ footerNote: note, copies: ['original', 'duplicate'] });
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(flat(page.text)).toContain(note);
  });

  it('prints one set of pages per chosen copy, each titled with its copy and numbered on its own', async () => {
    const one = await render({});
    const { pages } = await render({ copies: ['original', 'duplicate', 'triplicate'] });
    expect(pages).toHaveLength(one.pages.length * 3);
    const titles = ['ORIGINAL FOR RECIPIENT', 'DUPLICATE FOR TRANSPORTER', 'TRIPLICATE FOR SUPPLIER'];
    titles.forEach((title, index) => {
      const first = flat(pages[index * one.pages.length].text);
      expect(first).toContain(title);
      expect(first).toContain(`Page 1 of ${one.pages.length}`);
      for (const other of titles.filter((each) => each !== title)) expect(first).not.toContain(other);
    });
  });

  it('draws the logo and the signature image above Authorised Signatory', async () => {
    const image = await png();
    const plain = await render({});
    const { pdf, pages, text } = await render({ logo: image, signature: image });
    // Two images (a PNG with transparency adds its soft mask as one more each).
    expect(imageCount(pdf)).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Authorised Signatory');
    // The signature is drawn just before its line ('Do' paints an image).
    const last = pages[pages.length - 1].content;
    expect(last.lastIndexOf(' Do')).toBeGreaterThan(0);
    expect(pages).toHaveLength(plain.pages.length);
  });

  it('prints no image that is not PNG or JPEG (a WebP logo)', async () => {
    expect(printableImage(Buffer.from('RIFF....WEBPVP8 ', 'latin1'))).toBeNull();
    expect(printableImage(await png())).not.toBeNull();
  });
});
