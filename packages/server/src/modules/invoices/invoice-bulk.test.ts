import { BULK_MESSAGES } from '@b2b/domain/api/bulk-documents';
import { INVOICE_FORM_MESSAGES } from '@b2b/domain/api/invoices';
import { INVOICE_MESSAGES } from '@b2b/domain/invoices';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { testAppWith, testServer } from '../../../test/harness.ts';
import { createWarehouse } from '../../../test/inventory-fixtures.ts';
import { pdfPageTexts } from '../../../test/pdf-text.ts';
import {
  createBuyerWithAddress,
  createInvoicedOrder,
  createTaxedProduct,
} from '../../../test/sales-fixtures.ts';
import type { Mailer } from '../../core/ports/mailer.ts';
import { INVOICE_REFUSALS_HERE } from './invoice-context.ts';

// The shared server starts (and migrates) once per worker: not inside the first test's time.
beforeAll(() => testServer(), 180_000);

/** An invoice of a new buyer with this e-mail (none when null). */
async function invoiceFor(company: SignedUpCompany, email: string | null) {
  const buyer = await createBuyerWithAddress(company, email ? { fields: { email } } : {});
  const { invoice } = await createInvoicedOrder(company, { buyer });
  return invoice as { id: number; invoice_number: string };
}

const bulkPdf = (
  company: SignedUpCompany,
  body: unknown,
  baseUrl = company.t.baseUrl,
  token = company.api.token,
) =>
  fetch(`${baseUrl}/admin/companies/${company.companyId}/invoices/bulk_pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const historyActions = async (company: SignedUpCompany, invoiceId: number) =>
  (
    (await company.api.get(`admin/invoices/${invoiceId}/history`)).body.results as {
      actions: { action: string };
    }[]
  ).map((row) => row.actions.action);

describe('POST admin/companies/{companyId}/invoices/bulk_pdf', () => {
  it('answers one PDF with every selected invoice, each from a new page, in the order given', async () => {
    const company = await signUpCompany();
    const first = await invoiceFor(company, null);
    const second = await invoiceFor(company, null);
    const res = await bulkPdf(company, { ids: [second.id, first.id, second.id] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/invoices-\d{4}-\d{2}-\d{2}\.pdf/);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = pdfPageTexts(pdf);
    // One page each (the repeat is dropped), each numbered on its own.
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(second.invoice_number);
    expect(pages[0]).not.toContain(first.invoice_number);
    expect(pages[0]).toContain('Page 1 of 1');
    expect(pages[1]).toContain(first.invoice_number);
    expect(pages[1]).toContain('Page 1 of 1');
  });

  it('answers 404 naming nothing when an id is another company’s, and 400 for too many or none', async () => {
    const company = await signUpCompany();
    const own = await invoiceFor(company, null);
    const other = await signUpCompany();
    const theirs = await invoiceFor(other, null);
    const foreign = await bulkPdf(company, { ids: [own.id, theirs.id] });
    expect(foreign.status).toBe(404);
    const body = (await foreign.json()) as { detail: string };
    expect(body.detail).toBe(INVOICE_MESSAGES.not_found);
    expect(JSON.stringify(body)).not.toContain(theirs.invoice_number);
    expect(JSON.stringify(body)).not.toContain(String(theirs.id));

    const tooMany = await bulkPdf(company, { ids: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { detail: string }).detail).toBe(`ids: ${BULK_MESSAGES.too_many}`);
    const none = await bulkPdf(company, { ids: [] });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { detail: string }).detail).toBe(`ids: ${BULK_MESSAGES.ids_required}`);
    expect((await bulkPdf(company, { ids: [0] })).status).toBe(400);
    expect((await bulkPdf(company, { ids: ['x'] })).status).toBe(400);
    // Another company's path answers 404 as every company route does.
    expect((await bulkPdf(other, { ids: [own.id] }, company.t.baseUrl, company.api.token)).status).toBe(404);
  });

  it('needs view_invoice', async () => {
    const company = await signUpCompany();
    const own = await invoiceFor(company, null);
    const viewer = await createUserWithPermissions(company, ['view_invoice']);
    expect((await bulkPdf(company, { ids: [own.id] }, company.t.baseUrl, viewer.api.token)).status).toBe(200);
    const stranger = await createUserWithPermissions(company, ['view_buyer']);
    const res = await bulkPdf(company, { ids: [own.id] }, company.t.baseUrl, stranger.api.token);
    expect(res.status).toBe(403);
  });
});

describe('POST admin/companies/{companyId}/invoices/bulk_email', () => {
  it('mails each invoice to its buyer, skipping cancelled ones and buyers without e-mail, with a history row per send', async () => {
    const company = await signUpCompany();
    const emailA = `buyer.${unique()}@example.in`;
    const emailB = `buyer.${unique()}@example.in`;
    const a = await invoiceFor(company, emailA);
    const b = await invoiceFor(company, emailB);
    const noEmail = await invoiceFor(company, null);
    const cancelled = await invoiceFor(company, `buyer.${unique()}@example.in`);
    expect((await company.api.post(`admin/invoices/${cancelled.id}/cancel/`)).status).toBe(200);

    const res = await company.api.post(`admin/companies/${company.companyId}/invoices/bulk_email`, {
      ids: [a.id, noEmail.id, b.id, cancelled.id],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      detail: '2 invoices sent, 2 skipped.',
      sent: 2,
      skipped: [
        { id: noEmail.id, number: noEmail.invoice_number, reason: INVOICE_FORM_MESSAGES.no_buyer_email },
        { id: cancelled.id, number: cancelled.invoice_number, reason: BULK_MESSAGES.invoice_cancelled },
      ],
    });
    for (const [email, inv] of [
      [emailA, a],
      [emailB, b],
    ] as const) {
      const mail = company.t.mail.messages.filter((m) => m.to === email);
      expect(mail).toHaveLength(1);
      expect(mail[0].subject).toContain(inv.invoice_number);
      expect(mail[0].raw).toContain('application/pdf');
      expect(await historyActions(company, inv.id)).toContain('notifications_sent');
    }
    expect(await historyActions(company, noEmail.id)).not.toContain('notifications_sent');
  });

  it('goes on when the mail server refuses one invoice, and reports it', async () => {
    const company = await signUpCompany();
    const refusedEmail = `refused.${unique()}@example.in`;
    const okEmail = `buyer.${unique()}@example.in`;
    const refused = await invoiceFor(company, refusedEmail);
    const ok = await invoiceFor(company, okEmail);
    const real = company.t.server.ctx.mailer;
    const mailer: Mailer = {
      configured: true,
      send: async (message) => {
        if (message.to === refusedEmail) throw new Error('550 mailbox unavailable');
        return real.send(message);
      },
    };
    const app = await testAppWith({ mailer });
    try {
      const api = new ApiClient(app.baseUrl, company.api.token);
      const res = await api.post(`admin/companies/${company.companyId}/invoices/bulk_email`, {
        ids: [refused.id, ok.id],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.sent).toBe(1);
      expect(res.body.skipped).toEqual([
        { id: refused.id, number: refused.invoice_number, reason: INVOICE_REFUSALS_HERE.mail_failed },
      ]);
      expect(company.t.mail.countFor(okEmail)).toBe(1);
      expect(await historyActions(company, refused.id)).not.toContain('notifications_sent');
    } finally {
      await app.close();
    }
  });

  it('answers 404 for another company’s id (sending nothing), 400 for too many, 403 without change_invoice', async () => {
    const company = await signUpCompany();
    const email = `buyer.${unique()}@example.in`;
    const own = await invoiceFor(company, email);
    const other = await signUpCompany();
    const theirs = await invoiceFor(other, `buyer.${unique()}@example.in`);
    const path = `admin/companies/${company.companyId}/invoices/bulk_email`;
    const foreign = await company.api.post(path, { ids: [own.id, theirs.id] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(INVOICE_MESSAGES.not_found);
    expect(company.t.mail.countFor(email)).toBe(0);
    const tooMany = await company.api.post(path, { ids: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.ids).toEqual([BULK_MESSAGES.too_many]);
    const viewer = await createUserWithPermissions(company, ['view_invoice']);
    expect((await viewer.api.post(path, { ids: [own.id] })).status).toBe(403);
    expect(company.t.mail.countFor(email)).toBe(0);
  });
});

describe('GET admin/companies/{companyId}/invoices_export?id__in=', () => {
  it('exports only the selected invoices', async () => {
    const company = await signUpCompany();
    const a = await invoiceFor(company, null);
    const b = await invoiceFor(company, null);
    const c = await invoiceFor(company, null);
    const res = await company.api.get(
      `admin/companies/${company.companyId}/invoices_export?id__in=${a.id},${c.id}`,
    );
    expect(res.status).toBe(200);
    const csv = String(res.body);
    expect(csv).toContain(a.invoice_number);
    expect(csv).toContain(c.invoice_number);
    expect(csv).not.toContain(b.invoice_number);
  });
});

describe('bulk actions and branches', () => {
  it('a user of one branch gets 404 for an invoice of another branch, and their own branch works', async () => {
    const company = await signUpCompany();
    const own = await invoiceFor(company, `buyer.${unique()}@example.in`);
    const branch = await company.api.post(`companies/${company.companyId}/branches`, {
      name: `Nashik ${unique()}`,
      address: { address_line_1: '4 FC Road', city: 'Pune', state_id: 27, pincode: '411004' },
    });
    expect(branch.status, JSON.stringify(branch.body)).toBe(201);
    const warehouse = await createWarehouse(company, { branchId: branch.body.id });
    const product = await createTaxedProduct(company, { openingStock: 10, warehouseId: warehouse.id });
    const { invoice: theirs } = await createInvoicedOrder(company, {
      lines: [{ product: product.id, quantity: 1, warehouse: warehouse.id }],
      fields: { branch: branch.body.id },
    });
    const staff = await createUserWithPermissions(company, ['view_invoice', 'change_invoice']);
    const base = `admin/companies/${company.companyId}/invoices`;
    const email = await staff.api.post(`${base}/bulk_email`, { ids: [own.id, theirs.id] });
    expect(email.status).toBe(404);
    expect(email.body.detail).toBe(INVOICE_MESSAGES.not_found);
    const pdf = await bulkPdf(company, { ids: [theirs.id] }, company.t.baseUrl, staff.api.token);
    expect(pdf.status).toBe(404);
    expect((await bulkPdf(company, { ids: [own.id] }, company.t.baseUrl, staff.api.token)).status).toBe(200);
    // The Company Admin sees both branches.
    expect((await bulkPdf(company, { ids: [own.id, theirs.id] })).status).toBe(200);
  });
});
