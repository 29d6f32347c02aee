import { documentSendMessages } from '@b2b/domain/api/document-sharing';
import { quotationValidUntil } from '@b2b/domain/document-sharing';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
  uniquePhone,
} from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import {
  createBuyerWithAddress,
  createOrder,
  createQuotation,
  createTaxedProduct,
  setRoundOff,
} from '../../../test/sales-fixtures.ts';

/** A company, a buyer with the given e-mail and phone, and a quotation of 2 x ₹118 (18% GST) with shipping. */
async function setUp(buyerFields: Record<string, unknown> = {}) {
  const company = await signUpCompany();
  await setRoundOff(company, false);
  const buyer = await createBuyerWithAddress(company, { fields: buyerFields });
  const product = await createTaxedProduct(company, {
    gstRate: 18,
    sellingPrice: 118,
    hsn: '8471',
    openingStock: 50,
  });
  const quotation = await createQuotation(company, buyer, [{ product: product.id, quantity: 2 }], {
    shipping_handling_charges: 50,
    reference: 'PO-991',
  });
  return { company, buyer, product, quotation };
}

async function download(company: SignedUpCompany, path: string, token = company.api.token) {
  const response = await fetch(`${company.t.baseUrl}/${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const amount = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rupees);

const day = (iso: string) => {
  const [y, m, d] = iso.split('-');
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d}-${months[Number(m) - 1]}-${y}`;
};

// Each test signs up a company, makes a buyer, products and documents and renders PDFs (the first
// also embeds the fonts): over 30 s on a loaded machine, as the instore tests.
describe('GET admin/quotations/{id}/pdf and admin/orders/{id}/pdf', { timeout: 90_000 }, () => {
  it('prints the quotation with its validity, figures and parties, titled as a quotation and not a tax invoice', async () => {
    const { company, buyer, quotation } = await setUp();
    const { response, bytes } = await download(company, `admin/quotations/${quotation.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`${quotation.quotation_number}.pdf`);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('QUOTATION');
    expect(text).not.toContain('TAX INVOICE');
    expect(text).not.toContain('Tax Invoice');
    expect(text).toContain(quotation.quotation_number);
    expect(text).toContain('Valid Until');
    expect(text).toContain(day(quotationValidUntil(quotation.date)));
    expect(text).toContain('PO-991');
    expect(text).toContain(buyer.name);
    expect(text).toContain('is not a tax invoice');
    // The figures as the quotation answers them, printed with Indian grouping; shipping has its SAC.
    const { totals } = quotation;
    expect(totals.cgst).toBeGreaterThan(0);
    expect(text).toContain(amount(totals.taxable_value));
    expect(text).toContain(amount(totals.cgst));
    expect(text).toContain(`₹ ${amount(totals.total)}`);
    expect(text).toContain('996511');
  });

  it('prints a sales order with its quotation number, without a validity', async () => {
    const { company, quotation } = await setUp();
    const order = (await company.api.post(`admin/quotations/${quotation.id}/generate_order/`, {})).body;
    expect(order.order_number).toBeTruthy();
    const { response, bytes } = await download(company, `admin/orders/${order.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(bytes);
    expect(text).toContain('SALES ORDER');
    expect(text).not.toContain('TAX INVOICE');
    expect(text).not.toContain('Valid Until');
    expect(text).toContain(order.order_number);
    expect(text).toContain(quotation.quotation_number);
    expect(text).toContain(`₹ ${amount(order.totals.total)}`);
  });

  it('needs view_quotation and view_order, and answers 404 for another company’s document', async () => {
    const { company, quotation } = await setUp();
    const { order } = await createOrder(company);
    const staff = await createUserWithPermissions(company, ['view_product']);
    expect(
      (await download(company, `admin/quotations/${quotation.id}/pdf`, staff.api.token)).response.status,
    ).toBe(403);
    expect((await download(company, `admin/orders/${order.id}/pdf`, staff.api.token)).response.status).toBe(
      403,
    );
    const viewer = await createUserWithPermissions(company, ['view_quotation', 'view_order']);
    expect(
      (await download(company, `admin/quotations/${quotation.id}/pdf`, viewer.api.token)).response.status,
    ).toBe(200);
    expect((await download(company, `admin/orders/${order.id}/pdf`, viewer.api.token)).response.status).toBe(
      200,
    );
    const other = await signUpCompany();
    const foreign = await download(other, `admin/quotations/${quotation.id}/pdf`);
    expect(foreign.response.status).toBe(404);
    expect(JSON.parse(foreign.bytes.toString('utf8')).detail).toBe('Quotation Not Found');
    expect((await download(other, `admin/orders/${order.id}/pdf`)).response.status).toBe(404);
  });
});

describe('GET admin/quotations/{id}/share and the shared PDF link', () => {
  it("gives the buyer's address and mobile, the message's figures and a link to the PDF that needs no login", async () => {
    const email = `buyer.${unique()}@example.in`;
    const phone = uniquePhone();
    const { company, buyer, quotation } = await setUp({ email, phone });
    const share = await company.api.get(`admin/quotations/${quotation.id}/share`);
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    expect(share.body).toMatchObject({
      emails: [email],
      phone,
      number: quotation.quotation_number,
      total: quotation.totals.total,
      buyer_name: buyer.name,
    });
    expect(share.body.seller_name).toMatch(/^Acme /);
    expect(share.body.pdf_path).toMatch(/^shared\/quotations\/q\.\d+\.\d+\.\d+\.[\w-]{43}$/);
    expect(Date.parse(share.body.link_expires_at)).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);

    // The buyer opens the link: no token, the PDF of this quotation.
    const opened = await fetch(`${company.t.baseUrl}/${share.body.pdf_path}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(Buffer.from(await opened.arrayBuffer()))).toContain(quotation.quotation_number);

    // Altered to reach another document, or used for another kind: not found.
    const altered = share.body.pdf_path.replace(`.${quotation.id}.`, `.${quotation.id + 1}.`);
    const refused = await fetch(`${company.t.baseUrl}/${altered}`);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { detail: string }).detail).toBe('Quotation Not Found');
    const asOrder = share.body.pdf_path.replace('shared/quotations/', 'shared/orders/');
    expect((await fetch(`${company.t.baseUrl}/${asOrder}`)).status).toBe(404);
  });

  it('links an order the same way, and has no phone for a buyer without one', async () => {
    const { company } = await setUp();
    const { order } = await createOrder(company);
    const share = await company.api.get(`admin/orders/${order.id}/share`);
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    expect(share.body).toMatchObject({ emails: [], phone: null, number: order.order_number });
    const opened = await fetch(`${company.t.baseUrl}/${share.body.pdf_path}`);
    expect(opened.status).toBe(200);
    expect(pdfText(Buffer.from(await opened.arrayBuffer()))).toContain('SALES ORDER');
  });
});

describe('POST admin/quotations/{id}/send and admin/orders/{id}/send', () => {
  it('mails the quotation PDF to the buyer and notes it in the history', async () => {
    const email = `buyer.${unique()}@example.in`;
    const { company, quotation } = await setUp({ email });
    const sent = await company.api.post(`admin/quotations/${quotation.id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.detail).toBe(documentSendMessages('quotation').sent);
    const mail = company.t.mail.messages.filter((m) => m.to === email);
    expect(mail.length).toBe(1);
    expect(mail[0].subject).toContain(`Quotation ${quotation.quotation_number}`);
    expect(mail[0].raw).toContain('application/pdf');
    expect(mail[0].raw).toContain(`${quotation.quotation_number}.pdf`);
    expect(mail[0].raw).toContain('JVBERi0');
    const history = (await company.api.get(`admin/quotations/${quotation.id}/history/`)).body;
    expect(history.results[0].actions).toMatchObject({ action: 'emailed' });
    expect(JSON.stringify(history.results[0])).toContain(email);
  });

  it('mails the order to the addresses given instead', async () => {
    const { company } = await setUp();
    const { order } = await createOrder(company);
    const to = [`accounts.${unique()}@example.in`, `owner.${unique()}@example.in`];
    const sent = await company.api.post(`admin/orders/${order.id}/send`, { to });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.detail).toBe(documentSendMessages('sales_order').sent);
    for (const address of to) {
      const mail = company.t.mail.messages.filter((m) => m.to === address);
      expect(mail.length).toBe(1);
      expect(mail[0].subject).toContain(`Sales Order ${order.order_number}`);
      expect(mail[0].raw).toContain('JVBERi0');
    }
    const history = (await company.api.get(`admin/orders/${order.id}/history/`)).body;
    expect(history.results.map((h: { actions: { action: string } }) => h.actions.action)).toContain(
      'emailed',
    );
  });

  it('refuses without a recipient, a bad address, a cancelled order, or without change permission', async () => {
    const { company, quotation } = await setUp();
    const none = await company.api.post(`admin/quotations/${quotation.id}/send`, {});
    expect(none.status).toBe(409);
    expect(none.body.detail).toBe(documentSendMessages('quotation').no_recipient);
    const bad = await company.api.post(`admin/quotations/${quotation.id}/send`, { to: ['not-an-address'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('Please enter a valid email address.');
    const empty = await company.api.post(`admin/quotations/${quotation.id}/send`, { to: [] });
    expect(empty.status).toBe(400);

    const { order } = await createOrder(company);
    const cancelled = await company.api.post(`admin/orders/${order.id}/cancel/`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const refused = await company.api.post(`admin/orders/${order.id}/send`, { to: ['a@example.in'] });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('A cancelled sales order cannot be sent.');

    const viewer = await createUserWithPermissions(company, ['view_quotation']);
    const forbidden = await viewer.api.post(`admin/quotations/${quotation.id}/send`, {
      to: ['a@example.in'],
    });
    expect(forbidden.status).toBe(403);
  });
});
