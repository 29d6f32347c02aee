import { SETUP_STEP_KEYS } from '@b2b/domain/setup-guide';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import {
  createUserWithPermissions,
  signUpCompany,
  uploadCompanyLogo,
  validGstin,
} from '../../../test/factories.ts';
import { testAppWith } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createInvoicedOrder } from '../../../test/sales-fixtures.ts';
import type { IrpClient } from '../../core/ports/irp.ts';

// Real HTTP on the shared test server, whose mail goes to a real SMTP capture (so mail counts as
// configured) and which has no e-invoice portal; one test adds a portal client that is never called.

type Company = Awaited<ReturnType<typeof signUpCompany>>;

const guidePath = (company: Company) => `companies/${company.companyId}/setup_guide`;

async function guide(company: Company, api = company.api) {
  const res = await api.get(guidePath(company));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    steps: { key: string; title: string; done: boolean }[];
    done_count: number;
    total: number;
    complete: boolean;
    branches: {
      id: number;
      name: string;
      has_bank_account: boolean;
      has_upi_id: boolean;
      has_invoice_series: boolean;
    }[];
  };
}

const doneKeys = (body: Awaited<ReturnType<typeof guide>>) =>
  body.steps.filter((step) => step.done).map((step) => step.key);

describe('GET companies/{companyId}/setup_guide', () => {
  it('shows a new company with nothing done but the server-wide mail, and its first branch', async () => {
    const company = await signUpCompany({ gstin: '' });
    const body = await guide(company);
    expect(body.steps.map((step) => step.key)).toEqual([...SETUP_STEP_KEYS]);
    expect(body.steps[0].title).toBe('Company profile and GSTIN');
    expect(doneKeys(body)).toEqual(['mail']);
    expect(body).toMatchObject({ done_count: 1, total: 10, complete: false });
    expect(body.branches).toEqual([
      {
        id: company.branchId,
        name: 'Pune',
        has_bank_account: false,
        has_upi_id: false,
        has_invoice_series: false,
      },
    ]);
  });

  it('turns each step done as the company does it', async () => {
    const company = await signUpCompany({ gstin: '' });
    const { companyId, branchId, api } = company;

    expect((await api.patch(`companies/${companyId}`, { gstin: validGstin('27') })).status).toBe(200);
    expect((await uploadCompanyLogo(company)).status).toBe(200);
    expect(doneKeys(await guide(company))).toEqual(['company_profile', 'logo', 'mail']);

    // Blank terms are no terms.
    const terms = `admin/companies/${companyId}/terms-and-conditions`;
    expect((await api.post(terms, { terms: '   ' })).status).toBe(200);
    expect(doneKeys(await guide(company))).not.toContain('terms');
    expect((await api.patch(terms, { terms: 'Payment within 30 days.' })).status).toBe(200);

    // A bank account without a UPI ID is half the step.
    const account = await api.post(`v1/branches/${branchId}/bank_accounts`, {
      bank_name: 'HDFC Bank',
      account_holder_name: 'Acme Traders',
      account_number: `5010${String(Date.now()).slice(-10)}`,
      ifsc_code: 'HDFC0001234',
    });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    let body = await guide(company);
    expect(body.branches[0]).toMatchObject({ has_bank_account: true, has_upi_id: false });
    expect(doneKeys(body)).toEqual(['company_profile', 'logo', 'terms', 'mail']);
    expect((await api.patch(`v1/bank_accounts/${account.body.id}`, { upi_id: 'acme@hdfcbank' })).status).toBe(
      200,
    );
    expect((await api.patch(`branches/${branchId}`, { invoice_series: 'PUN' })).status).toBe(200);
    body = await guide(company);
    expect(body.branches[0]).toMatchObject({
      has_bank_account: true,
      has_upi_id: true,
      has_invoice_series: true,
    });
    expect(doneKeys(body)).toEqual([
      'company_profile',
      'bank_and_upi',
      'logo',
      'terms',
      'invoice_series',
      'mail',
    ]);

    // A product, a buyer and an order invoiced in full: its PDF carries the UPI QR code.
    const { invoice } = await createInvoicedOrder(company);
    const pdf = await fetch(`${company.t.baseUrl}/admin/invoices/${invoice.id}/pdf`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('Scan to pay with UPI');
    body = await guide(company);
    expect(doneKeys(body)).toEqual(SETUP_STEP_KEYS.filter((key) => key !== 'e_invoicing'));
    expect(body).toMatchObject({ done_count: 9, total: 10, complete: false });

    // With an e-invoice portal connected (a client that is never called), the guide is complete.
    const irp = {} as IrpClient;
    const withPortal = await testAppWith({ irp });
    try {
      const complete = await guide(company, new ApiClient(withPortal.baseUrl).as(company.api.token));
      expect(complete).toMatchObject({ done_count: 10, total: 10, complete: true });
    } finally {
      await withPortal.close();
    }
  });

  it('is open to any signed-in user of the company, and to no one else', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, []);
    expect(doneKeys(await guide(company, staff.api))).toEqual(['company_profile', 'mail']);

    const other = await signUpCompany();
    const foreign = await other.api.get(guidePath(company));
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Company Not Found');
    expect((await company.anonymous.get(guidePath(company))).status).toBe(401);
  });
});
