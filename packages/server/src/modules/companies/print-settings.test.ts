import { PRINT_SIGNATURE_FORMATS_MESSAGE } from '@b2b/domain/api/companies';
import { PRINT_COPIES_MESSAGE } from '@b2b/domain/company-configurations';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique } from '../../../test/factories.ts';
import { historyRows } from '../../../test/history-rows.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { createInvoicedOrder } from '../../../test/sales-fixtures.ts';
import { uploadFile } from '../../../test/uploads.ts';

// print_configuration over HTTP: saved as the company's settings, the signature image uploaded,
// then the invoice and order PDFs downloaded and read back (test/pdf-text.ts).

const flat = (text: string) => text.replace(/\s+/g, ' ');
const pageSizes = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((match) => [
    Math.round(Number(match[1])),
    Math.round(Number(match[2])),
  ]);
const imageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

async function download(company: SignedUpCompany, path: string) {
  const res = await fetch(`${company.t.baseUrl}/${path}`, {
    headers: { authorization: `Bearer ${company.api.token}` },
  });
  expect(res.status).toBe(200);
  const pdf = Buffer.from(await res.arrayBuffer());
  const pages = pdfPages(pdf);
  return { pdf, pages, text: flat(pages.map((page) => page.text).join('\n')) };
}

const FOOTER = 'Goods once sold will not be taken back. Subject to Pune jurisdiction.';

describe('print_configuration shapes the PDFs', { timeout: 400_000 }, () => {
  it('prints the invoice on A5 in the chosen copies, with the footer and signature, without the HSN summary', async () => {
    const company = await signUpCompany();
    const { invoice, order } = await createInvoicedOrder(company);
    const before = await download(company, `admin/invoices/${invoice.id}/pdf`);
    expect(pageSizes(before.pdf)[0]).toEqual([595, 842]);
    expect(before.text).toContain('HSN/SAC-wise Tax Summary');
    expect(before.text).not.toContain('TRIPLICATE FOR SUPPLIER');

    const none = await company.api.post('company_configurations', {
      configuration_type: 'print_configuration',
      configurations: { copies: [] },
      is_enabled: true,
    });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain(PRINT_COPIES_MESSAGE);

    const saved = await company.api.post('company_configurations', {
      configuration_type: 'print_configuration',
      configurations: {
        paper_size: 'A5',
        show_logo: true,
        show_hsn_summary: false,
        footer_note: FOOTER,
        show_signature: true,
        copies: ['triplicate', 'original'],
      },
      is_enabled: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);

    const path = `companies/${company.companyId}/print_signature`;
    const webp = Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(16)]);
    const refused = await uploadFile(company, path, webp, 'signature.webp');
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(PRINT_SIGNATURE_FORMATS_MESSAGE);
    expect((await company.api.get(path)).body).toEqual({ print_signature_set: false });
    const signature = await QRCode.toBuffer('signature', { type: 'png', width: 120 });
    const uploaded = await uploadFile(company, path, signature, 'signature.png');
    expect(uploaded).toEqual({ status: 200, body: { print_signature_set: true } });
    expect((await company.api.get(path)).body).toEqual({ print_signature_set: true });
    const history = await historyRows(company, 'company', company.companyId, ['action']);
    expect(history.map((row) => row.action)).toContain('print_signature_uploaded');

    const after = await download(company, `admin/invoices/${invoice.id}/pdf`);
    expect(after.pages.length).toBe(before.pages.length * 2);
    expect(pageSizes(after.pdf)).toEqual(after.pages.map(() => [420, 595]));
    expect(flat(after.pages[0].text)).toContain('ORIGINAL FOR RECIPIENT');
    expect(flat(after.pages[before.pages.length].text)).toContain('TRIPLICATE FOR SUPPLIER');
    expect(after.text).not.toContain('DUPLICATE FOR TRANSPORTER');
    expect(after.text).not.toContain('HSN/SAC-wise Tax Summary');
    for (const page of after.pages) expect(flat(page.text)).toContain(FOOTER);
    expect(imageCount(after.pdf)).toBeGreaterThan(0);

    // The order's PDF follows the same paper and footer (one copy: copies are the tax invoice's).
    const orderPdf = await download(company, `admin/orders/${order.id}/pdf`);
    expect(pageSizes(orderPdf.pdf)[0]).toEqual([420, 595]);
    expect(orderPdf.text).toContain(FOOTER);

    // The mailed copy is the printed one, the signature image included.
    const to = `buyer.${unique()}@example.in`;
    const sent = await company.api.post(`admin/orders/${order.id}/send`, { to: [to] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = company.t.mail.messages.filter((m) => m.to === to).at(-1);
    const attached = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
      mail?.raw ?? '',
    );
    const mailedPdf = Buffer.from((attached?.[1] ?? '').replace(/\s/g, ''), 'base64');
    expect(pageSizes(mailedPdf)[0]).toEqual([420, 595]);
    expect(imageCount(mailedPdf)).toBeGreaterThan(0);

    // Removing the signature prints none again.
    const removed = await company.api.delete(path);
    expect(removed.body).toEqual({ print_signature_set: false });
    const plain = await download(company, `admin/invoices/${invoice.id}/pdf`);
    expect(imageCount(plain.pdf)).toBe(0);
  });

  it('does not let another company read or change the signature', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const path = `companies/${company.companyId}/print_signature`;
    expect((await other.api.get(path)).status).toBeGreaterThanOrEqual(403);
    expect((await other.api.delete(path)).status).toBeGreaterThanOrEqual(403);
  });
});
