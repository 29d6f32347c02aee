import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { type SignedUpCompany, signUpCompany, unique, validGstin } from '../../../test/factories.ts';
import { testAppWith } from '../../../test/harness.ts';
import { firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { startIrpStandIn } from '../../../test/irp-stand-in.ts';
import {
  createInvoicedOrder,
  createTaxedProduct,
  daysFromToday,
  today,
} from '../../../test/sales-fixtures.ts';
import { createHttpIrpClient } from '../e-invoice/irp-client.ts';

/**
 * The filed-period lock over real HTTP beyond sales documents (issue 22): bills (GSTR-3B's ITC)
 * and e-invoices (an IRN reports the invoice to the portal). Each change dated in a filed period is
 * refused with the lock's sentence and changes nothing; reopening the period lets it through.
 */

const returns = (company: SignedUpCompany) => `admin/companies/${company.companyId}/gst_returns`;
const period = () => today().slice(0, 7);

async function gstinOf(company: SignedUpCompany) {
  const branch = await company.api.get(`branches/${company.branchId}`);
  expect(branch.status, JSON.stringify(branch.body)).toBe(200);
  return String(branch.body.gstin ?? branch.body.gst_number);
}

/** The sentence of a filed month of this period's return. */
function sentenceFor(returnLabel: string) {
  const [year, month] = period().split('-').map(Number);
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-IN', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${returnLabel} for ${monthName} ${year} is filed: documents dated in it cannot be changed. Reopen the period to change them.`;
}

async function markFiled(company: SignedUpCompany, returnType: 'gstr1' | 'gstr3b') {
  const res = await company.api.post(`${returns(company)}/filed_periods`, {
    gstin: await gstinOf(company),
    period: period(),
    return_type: returnType,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

async function reopen(company: SignedUpCompany, id: number) {
  const res = await company.api.delete(`${returns(company)}/filed_periods/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

describe('the filed-period lock on bills', { timeout: 300_000 }, () => {
  it('refuses entering, editing, receiving and voiding a bill dated in a filed month, until it is reopened', async () => {
    const company = await signUpCompany();
    const product = await createTaxedProduct(company, { openingStock: 10 });
    const seller = await company.api.post(`companies/${company.companyId}/sellers`, {
      name: `Shree Traders ${unique()}`,
      gst_number: validGstin('27'),
      billing_address: { address_line_1: '12 MG Road', city: 'Pune', state_id: 27, pincode: '411001' },
    });
    expect(seller.status, JSON.stringify(seller.body)).toBe(201);
    const warehouse = (await firstWarehouse(company)).id;
    const billBody = (billDate: string, rate = 1000) => ({
      branch: company.branchId,
      warehouse,
      seller: seller.body.id,
      bill_number: `ST/${unique().slice(-8)}`,
      bill_date: billDate,
      items: [{ product: product.id, quantity: 1, rate, tax_rate: 18 }],
    });
    const enter = async (body: Record<string, unknown>) => {
      const res = await company.api.post(`admin/companies/${company.companyId}/bills`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { id: res.body.id as number, body };
    };
    const draft = await enter(billBody(today()));
    const toReceive = await enter(billBody(today()));
    const received = await enter(billBody(today()));
    expect((await company.api.post(`admin/bills/${received.id}/receive`, {})).status).toBe(200);
    const earlier = await enter(billBody(daysFromToday(-40)));

    const filed = await markFiled(company, 'gstr3b');
    const sentence = sentenceFor('GSTR-3B');
    const refused = async (res: { status: number; body: any }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.detail).toBe(sentence);
    };
    await refused(await company.api.post(`admin/companies/${company.companyId}/bills`, billBody(today())));
    await refused(
      await company.api.patch(`admin/bills/${draft.id}`, {
        ...draft.body,
        items: [{ product: product.id, quantity: 2, rate: 1000, tax_rate: 18 }],
      }),
    );
    await refused(await company.api.post(`admin/bills/${toReceive.id}/receive`, {}));
    await refused(await company.api.post(`admin/bills/${received.id}/void`, {}));
    // A bill of another month is not locked, but cannot be moved into the filed one.
    await refused(
      await company.api.patch(`admin/bills/${earlier.id}`, { ...earlier.body, bill_date: today() }),
    );
    const elsewhere = await company.api.patch(`admin/bills/${earlier.id}`, {
      ...earlier.body,
      notes: 'Checked',
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);

    // Nothing changed: one bill of the month less than would be, each as it was.
    const list = await company.api.get(`admin/companies/${company.companyId}/bills?limit=-1`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.count).toBe(4);
    expect((await company.api.get(`admin/bills/${draft.id}`)).body.items[0].quantity).toBe(1);
    expect((await company.api.get(`admin/bills/${toReceive.id}`)).body.status).toBe('draft');
    expect((await company.api.get(`admin/bills/${received.id}`)).body.status).toBe('open');
    expect((await company.api.get(`admin/bills/${earlier.id}`)).body.bill_date).toBe(daysFromToday(-40));

    await reopen(company, filed);
    expect((await company.api.post(`admin/bills/${toReceive.id}/receive`, {})).status).toBe(200);
    expect((await company.api.post(`admin/bills/${received.id}/void`, {})).status).toBe(200);
    await enter(billBody(today()));
  });
});

describe('the filed-period lock on e-invoices', { timeout: 300_000 }, () => {
  it('refuses generating and cancelling an IRN of an invoice in a filed month, asking the IRP nothing', async () => {
    const stand = await startIrpStandIn();
    const irp = createHttpIrpClient({
      baseUrl: stand.url,
      clientId: stand.clientId,
      clientSecret: stand.clientSecret,
      username: stand.username,
      password: stand.password,
      publicKey: stand.publicKey,
    });
    const configured = await testAppWith({ irp });
    try {
      const company = await signUpCompany();
      const api = new ApiClient(configured.baseUrl, company.api.token);
      const product = await createTaxedProduct(company, { openingStock: 10, hsn: '84713010' });
      const registered = await createInvoicedOrder(company, {
        lines: [{ product: product.id, quantity: 1 }],
      });
      const plain = await createInvoicedOrder(company, { lines: [{ product: product.id, quantity: 1 }] });
      const generated = await api.post(`admin/invoices/${registered.invoice.id}/e_invoice/`);
      expect(generated.status, JSON.stringify(generated.body)).toBe(200);
      const irn = generated.body.e_invoice.irn as string;

      const filed = await markFiled(company, 'gstr1');
      const sentence = sentenceFor('GSTR-1');
      const requestsBefore = stand.requests.length;
      const refused = await api.post(`admin/invoices/${plain.invoice.id}/e_invoice/`);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.detail).toBe(sentence);
      const cancel = await api.post(`admin/invoices/${registered.invoice.id}/cancel/`, {
        reason: 'Wrong buyer',
      });
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(409);
      expect(cancel.body.detail).toBe(sentence);
      // The IRP was asked nothing; the IRN is live and the invoice as it was.
      expect(stand.requests.length).toBe(requestsBefore);
      expect(stand.invoices.get(irn)?.cancelled).toBeUndefined();
      expect(stand.invoices.size).toBe(1);
      const unchanged = await api.get(`admin/invoices/${registered.invoice.id}`);
      expect(unchanged.body).toMatchObject({
        status: 'generated',
        e_invoice: { irn, irn_cancelled_at: null },
      });
      expect((await api.get(`admin/invoices/${plain.invoice.id}`)).body.e_invoice ?? null).toBeNull();

      await reopen(company, filed);
      const later = await api.post(`admin/invoices/${plain.invoice.id}/e_invoice/`);
      expect(later.status, JSON.stringify(later.body)).toBe(200);
      expect(stand.invoices.size).toBe(2);
    } finally {
      await configured.close();
      await stand.close();
    }
  });
});
