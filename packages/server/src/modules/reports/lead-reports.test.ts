import { todayInIndia } from '@b2b/domain/validation';
import { describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  insertBuyer,
  type SignedUpCompany,
  signUpCompany,
  unique,
  uniquePhone,
} from '../../../test/factories.ts';
import { dbOf } from '../../../test/inventory-fixtures.ts';
import { reportCsv, reportPath } from '../../../test/report-fixtures.ts';

// Issue 24: the attribution reports, Leads by Source and Buyers by Source.

const ADDRESS = { address_line_1: '4 Laxmi Road', city: 'Pune', state_id: 27, pincode: '411030' };

async function createLead(company: SignedUpCompany, overrides: Record<string, unknown> = {}) {
  const res = await company.api.post(`admin/companies/${company.companyId}/leads`, {
    name: `Shree Traders ${unique()}`,
    phone: uniquePhone(),
    source: 'campaign',
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A lead converted into a buyer through the leads API (a billing address first). */
async function convertedLead(company: SignedUpCompany, overrides: Record<string, unknown> = {}) {
  const lead = await createLead(company, { billing_address: ADDRESS, ...overrides });
  const res = await company.api.post(`admin/leads/${lead.id}/convert`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { lead, buyerId: res.body.buyer.id as number };
}

const today = todayInIndia();
const period = `start_date=${today}&end_date=${today}`;

describe('GET admin/companies/{id}/reports/leads_by_source', () => {
  it('counts the period’s leads by source and first UTM values, with conversions and the rate', async () => {
    const company = await signUpCompany();
    await convertedLead(company, {
      utm_source: 'google,newsletter',
      utm_medium: 'cpc',
      utm_campaign: 'diwali',
    });
    await createLead(company, { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'diwali' });
    await createLead(company, {
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali',
      status: 'not_interested',
    });
    await createLead(company, { source: 'walk_in' });
    const other = await signUpCompany();
    await createLead(other, { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'diwali' });

    const res = await company.api.get(`${reportPath(company, 'leads_by_source')}?${period}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toEqual([
      {
        source: 'Campaign',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'diwali',
        leads: 3,
        open_leads: 1,
        lost: 1,
        converted: 1,
        conversion: 33.33,
      },
      {
        source: 'Walk-in',
        utm_source: 'None',
        utm_medium: 'None',
        utm_campaign: 'None',
        leads: 1,
        open_leads: 1,
        lost: 0,
        converted: 0,
        conversion: 0,
      },
    ]);
    expect(res.body.totals).toMatchObject({ leads: 4, converted: 1, conversion: 25 });
    expect(res.body.chart).toEqual([
      { source: 'Campaign', leads: 3, converted: 1 },
      { source: 'Walk-in', leads: 1, converted: 0 },
    ]);

    const { res: csv, text } = await reportCsv(
      company,
      `${reportPath(company, 'leads_by_source')}?${period}&format=csv`,
    );
    expect(csv.status).toBe(200);
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Source,UTM Source,UTM Medium,UTM Campaign,Leads,Open,Not Interested,Converted,Conversion %',
    );
  });

  it('narrows by sales person and leaves out leads of other days', async () => {
    const company = await signUpCompany();
    const seller = await createUserWithPermissions(company, ['view_lead', 'add_lead']);
    await createLead(company, { utm_source: 'facebook', sales_person: seller.user.id });
    await createLead(company, { utm_source: 'instagram' });
    const old = await createLead(company, { utm_source: 'facebook', sales_person: seller.user.id });
    await dbOf(company)
      .updateTable('leads')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('id', '=', old.id)
      .execute();

    const res = await company.api.get(
      `${reportPath(company, 'leads_by_source')}?${period}&sales_person=${seller.user.id}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.results.map((row: { utm_source: string; leads: number }) => [row.utm_source, row.leads]),
    ).toEqual([['facebook', 1]]);
  });

  it('takes view_reports, and refuses a sales person of another company', async () => {
    const company = await signUpCompany();
    const clerk = await createUserWithPermissions(company, ['view_lead']);
    expect((await clerk.api.get(reportPath(company, 'leads_by_source'))).status).toBe(403);
    const other = await signUpCompany();
    const res = await company.api.get(
      `${reportPath(company, 'leads_by_source')}?sales_person=${other.userId}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.sales_person).toEqual(['There is no such sales person in this company.']);
  });
});

describe('GET admin/companies/{id}/reports/buyers_by_source', () => {
  it('groups the period’s new buyers by the source of their lead, Direct without one, with net sales', async () => {
    const company = await signUpCompany();
    const fromAd = await convertedLead(company, {
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali',
    });
    await convertedLead(company, { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'diwali' });
    const direct = await insertBuyer(company.companyId);
    // Sales lines as invoices and credit notes write them (sales_lines, migration 0052).
    const line = (buyerId: number, lineId: number, taxable: number) => ({
      company_id: company.companyId,
      document_type: 'invoice' as const,
      document_id: lineId,
      line_id: lineId,
      order_id: lineId,
      day: today,
      branch_id: company.branchId,
      buyer_id: buyerId,
      product_id: 1,
      quantity: '1',
      taxable_paise: taxable,
      tax_paise: 0,
    });
    await dbOf(company)
      .insertInto('sales_lines')
      .values([line(fromAd.buyerId, 1, 1_250_000), line(direct.id, 2, 40_000)])
      .execute();

    const res = await company.api.get(`${reportPath(company, 'buyers_by_source')}?${period}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toEqual([
      {
        source: 'Campaign',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'diwali',
        buyers: 2,
        buying_buyers: 1,
        net_sales: 12500,
      },
      {
        source: 'Direct',
        utm_source: 'None',
        utm_medium: 'None',
        utm_campaign: 'None',
        buyers: 1,
        buying_buyers: 1,
        net_sales: 400,
      },
    ]);
    expect(res.body.totals).toMatchObject({ buyers: 3, net_sales: 12900 });
    expect(res.body.chart).toEqual([
      { source: 'Campaign', buyers: 2 },
      { source: 'Direct', buyers: 1 },
    ]);
  });
});
