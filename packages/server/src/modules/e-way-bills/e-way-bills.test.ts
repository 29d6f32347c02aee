import { belowThresholdMessage, EWB_MESSAGES } from '@b2b/domain/eway-bill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../test/api-client.ts';
import { type EwbStandIn, startEwbStandIn } from '../../../test/ewb-stand-in.ts';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { testAppWith, testServer } from '../../../test/harness.ts';
import { createProduct, createWarehouse, dbOf, firstWarehouse } from '../../../test/inventory-fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createInvoicedOrder, createTaxedProduct } from '../../../test/sales-fixtures.ts';
import { createHttpEwbClient } from './ewb-client.ts';

let stand: EwbStandIn;
let configured: Awaited<ReturnType<typeof testAppWith>>;

beforeAll(async () => {
  stand = await startEwbStandIn();
  const ewb = createHttpEwbClient({
    baseUrl: stand.url,
    clientId: stand.clientId,
    clientSecret: stand.clientSecret,
    username: stand.username,
    password: stand.password,
  });
  configured = await testAppWith({ ewb });
});

afterAll(async () => {
  await configured?.close();
  await stand?.close();
});

const road = { trans_mode: '1', trans_distance: 250, vehicle_no: 'MH12AB1234' };
const on = (company: SignedUpCompany) => new ApiClient(configured.baseUrl, company.api.token);
const path = (company: SignedUpCompany, segment: string, id: number) =>
  `admin/companies/${company.companyId}/${segment}/${id}/e_way_bill`;

/** An invoice of 5 x ₹11,800 (tax inclusive, 18%): goods worth ₹59,000.00, above ₹50,000. */
async function bigInvoice(company: SignedUpCompany, quantity = 5) {
  const product = await createTaxedProduct(company, {
    sellingPrice: 11_800,
    openingStock: 20,
    hsn: '84713010',
  });
  const { invoice } = await createInvoicedOrder(company, { lines: [{ product: product.id, quantity }] });
  return invoice as { id: number; invoice_number: string; invoice_total: number };
}

describe('e-way bills of invoices', () => {
  it('generates, changes the vehicle, extends and cancels, with history and the PDF', async () => {
    const company = await signUpCompany();
    const invoice = await bigInvoice(company);
    const api = on(company);
    const before = await api.get(path(company, 'invoices', invoice.id));
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toMatchObject({
      configured: true,
      document_number: invoice.invoice_number,
      goods_value: 59000,
      threshold: 50000,
      required: true,
      blocked_reason: null,
      e_way_bill: null,
    });

    const made = await api.post(path(company, 'invoices', invoice.id), road);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const bill = stand.bills.get(made.body.e_way_bill.ewb_no);
    expect(bill?.docNo).toBe(invoice.invoice_number);
    expect(made.body.e_way_bill).toMatchObject({
      status: 'generated',
      ewb_no: bill?.ewbNo,
      vehicle_no: 'MH12AB1234',
      trans_distance: 250,
      total_value: 59000,
      voluntary: false,
      can_cancel: true,
    });
    // 250 km: two days, ending at midnight.
    expect(new Date(made.body.e_way_bill.valid_until).getTime()).toBe(bill?.validUpto);
    const sent = bill?.request as any;
    expect(sent).toMatchObject({
      supplyType: 'O',
      subSupplyType: '1',
      docType: 'INV',
      docNo: invoice.invoice_number,
      fromStateCode: 27,
      totalValue: 50000,
      cgstValue: 4500,
      sgstValue: 4500,
      igstValue: 0,
      totInvValue: invoice.invoice_total,
      vehicleNo: 'MH12AB1234',
    });
    expect(sent.itemList).toEqual([
      expect.objectContaining({
        hsnCode: 84713010,
        quantity: 5,
        taxableAmount: 50000,
        cgstRate: 9,
        sgstRate: 9,
      }),
    ]);

    const again = await api.post(path(company, 'invoices', invoice.id), road);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(EWB_MESSAGES.exists);

    const moved = await api.put(`${path(company, 'invoices', invoice.id)}/part_b`, {
      trans_mode: '1',
      vehicle_no: 'mh 14 cd 5678',
      from_place: 'Lonavala',
      reason_code: '1',
      reason_remark: 'Breakdown on the expressway',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.e_way_bill.vehicle_no).toBe('MH14CD5678');
    expect(moved.body.e_way_bill.part_b_history).toEqual([
      expect.objectContaining({
        kind: 'vehicle',
        vehicle_no: 'MH14CD5678',
        from_place: 'Lonavala',
        reason: '1',
      }),
    ]);
    expect(bill?.vehicles).toHaveLength(1);

    const extension = {
      remaining_distance: 120,
      from_place: 'Satara',
      from_pincode: '415001',
      reason_code: '5',
      remark: 'Accident on the highway',
    };
    // A day before the expiry the portal would refuse: the window is 8 hours either side of it.
    const early = await api.post(`${path(company, 'invoices', invoice.id)}/extend`, extension);
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(
      /^The validity can be extended only from 8 hours before it expires: from /,
    );
    expect(moved.body.e_way_bill.extend_refusal).toBe(early.body.detail);
    // Two hours before the expiry it is open (the stored validity brought near, as time would).
    await dbOf(company)
      .updateTable('e_way_bills')
      .set({ valid_until: new Date(Date.now() + 2 * 3_600_000) })
      .where('company_id', '=', company.companyId)
      .execute();
    const extended = await api.post(`${path(company, 'invoices', invoice.id)}/extend`, extension);
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(new Date(extended.body.e_way_bill.valid_until).getTime()).toBe(bill?.validUpto);
    expect(new Date(extended.body.e_way_bill.valid_until).getTime()).toBeGreaterThan(
      new Date(moved.body.e_way_bill.valid_until).getTime(),
    );
    expect(extended.body.e_way_bill.part_b_history).toHaveLength(2);

    // The PDF prints the e-way bill number.
    const pdf = await fetch(`${configured.baseUrl}/admin/invoices/${invoice.id}/pdf`, {
      headers: { authorization: `Bearer ${company.api.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(await pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(bill?.ewbNo);

    const cancelled = await api.post(`${path(company, 'invoices', invoice.id)}/cancel`, {
      reason_code: '2',
      remark: 'Order cancelled by the buyer',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.e_way_bill).toMatchObject({
      status: 'cancelled',
      cancel_reason: '2',
      can_cancel: false,
    });
    expect(bill?.cancelled).toMatchObject({ reason: '2' });

    const history = await company.api.get(`admin/invoices/${invoice.id}/history`);
    expect(history.status).toBe(200);
    const actions = JSON.stringify(history.body);
    for (const action of [
      'e_way_bill_generated',
      'e_way_bill_vehicle_updated',
      'e_way_bill_extended',
      'e_way_bill_cancelled',
    ])
      expect(actions).toContain(action);

    // After a cancellation a new one may be generated (the portal holds the old one as cancelled).
    const renewed = await api.post(path(company, 'invoices', invoice.id), road);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.e_way_bill.ewb_no).not.toBe(bill?.ewbNo);
  });

  it('refuses to cancel after 24 hours with a sentence', async () => {
    const company = await signUpCompany();
    const invoice = await bigInvoice(company);
    const api = on(company);
    const made = await api.post(path(company, 'invoices', invoice.id), road);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { db } = (await testServer()).server.ctx;
    await db
      .updateTable('e_way_bills')
      .set({ ewb_date: new Date(Date.now() - 25 * 3_600_000) })
      .where('company_id', '=', company.companyId)
      .execute();
    const late = await api.post(`${path(company, 'invoices', invoice.id)}/cancel`, {
      reason_code: '1',
      remark: 'Late',
    });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(EWB_MESSAGES.cancel_window);
  });

  it('refuses below the threshold unless forced, and reads the company threshold', async () => {
    const company = await signUpCompany();
    const small = await bigInvoice(company, 1);
    const api = on(company);
    const asked = stand.requests.length;
    const refused = await api.post(path(company, 'invoices', small.id), road);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(belowThresholdMessage(1_180_000, 50_000));
    expect(stand.requests.length).toBe(asked);
    const forced = await api.post(path(company, 'invoices', small.id), { ...road, force: true });
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    expect(forced.body.e_way_bill).toMatchObject({ status: 'generated', voluntary: true });

    // A company threshold of ₹10,000 makes the same goods require one.
    const saved = await company.api.post('company_configurations', {
      configuration_type: 'e_way_bill',
      configurations: { threshold_rupees: 10_000 },
      is_enabled: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const state = await api.get(path(company, 'invoices', small.id));
    expect(state.body).toMatchObject({ threshold: 10000, required: true });
  });

  it("answers a portal refusal with 502 and its sentence, storing nothing as generated; retries adopt the portal's bill", async () => {
    const company = await signUpCompany();
    const invoice = await bigInvoice(company);
    const api = on(company);
    stand.failNext('GENEWAYBILL', '210');
    const refused = await api.post(path(company, 'invoices', invoice.id), road);
    expect(refused.status).toBe(502);
    expect(refused.body.detail).toBe(
      `The e-way bill portal refused document ${invoice.invoice_number}: Invalid or blank supplier PIN code (error 210).`,
    );
    const state = await api.get(path(company, 'invoices', invoice.id));
    expect(state.body.e_way_bill).toMatchObject({ status: 'failed', ewb_no: null });

    // The answer is lost after the portal made it: the retry finds it instead of making a second.
    stand.loseNextAnswer('GENEWAYBILL');
    const lost = await api.post(path(company, 'invoices', invoice.id), road);
    expect(lost.status).toBe(503);
    const retried = await api.post(path(company, 'invoices', invoice.id), road);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const adopted = stand.bills.get(retried.body.e_way_bill.ewb_no);
    const made = [...stand.bills.values()].filter(
      (b) => b.docNo === invoice.invoice_number && b.gstin === adopted?.gstin,
    );
    expect(made).toHaveLength(1);
  });

  it('checks part B with sentences', async () => {
    const company = await signUpCompany();
    const invoice = await bigInvoice(company);
    const api = on(company);
    const bad = await api.post(path(company, 'invoices', invoice.id), { ...road, vehicle_no: 'MH12' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.vehicle_no).toEqual([EWB_MESSAGES.vehicle_number]);
    const far = await api.post(path(company, 'invoices', invoice.id), { ...road, trans_distance: 5000 });
    expect(far.status).toBe(400);
    expect(far.body.errors.trans_distance).toEqual([EWB_MESSAGES.distance]);
  });
});

describe('e-way bill access', () => {
  it('says not configured (409 and configured: false) without a portal', async () => {
    const company = await signUpCompany();
    const invoice = await bigInvoice(company);
    const state = await company.api.get(path(company, 'invoices', invoice.id));
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ configured: false, e_way_bill: null });
    const res = await company.api.post(path(company, 'invoices', invoice.id), road);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('E-way bill is not configured: set EWB_URL and the e-way bill credentials.');
  });

  it("answers 404 for another company's document and 403 without add_e_way_bill", async () => {
    const owner = await signUpCompany();
    const invoice = await bigInvoice(owner);
    const other = await signUpCompany();
    const foreign = await on(other).post(path(other, 'invoices', invoice.id), road);
    expect(foreign.status).toBe(404);
    const foreignRead = await on(other).get(path(other, 'invoices', invoice.id));
    expect(foreignRead.status).toBe(404);
    const viewer = await createUserWithPermissions(owner, ['view_e_way_bill', 'view_invoice']);
    const viewerApi = new ApiClient(configured.baseUrl, viewer.api.token);
    expect((await viewerApi.get(path(owner, 'invoices', invoice.id))).status).toBe(200);
    const asked = stand.requests.length;
    const denied = await viewerApi.post(path(owner, 'invoices', invoice.id), road);
    expect(denied.status).toBe(403);
    expect(stand.requests.length).toBe(asked);
  });
});

describe('e-way bills of delivery challans and transfers', () => {
  it('generates one for a job-work challan (CHL, sub supply 4, URP-free) and for a transfer (sub supply 5)', async () => {
    const company = await signUpCompany();
    const api = on(company);
    const warehouse = await firstWarehouse(company);
    const product = await createTaxedProduct(company, {
      sellingPrice: 30_000,
      openingStock: 10,
      hsn: '84713010',
    });
    const buyerRes = await company.api.post(`companies/${company.companyId}/buyers`, {
      name: 'Job Worker',
      buyer_type: 'unregistered',
      billing_address: { address_line_1: '5 Works Road', city: 'Nashik', state_id: 27, pincode: '422001' },
      shipping_address: { address_line_1: '5 Works Road', city: 'Nashik', state_id: 27, pincode: '422001' },
    });
    expect(buyerRes.status, JSON.stringify(buyerRes.body)).toBe(201);
    const challan = await company.api.post(`admin/companies/${company.companyId}/delivery_challans`, {
      purpose: 'job_work',
      warehouse: warehouse.id,
      buyer: buyerRes.body.id,
      items: [{ product: product.id, quantity: 2 }],
    });
    expect(challan.status, JSON.stringify(challan.body)).toBe(201);
    const made = await api.post(path(company, 'delivery_challans', challan.body.id), road);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const sent = stand.bills.get(made.body.e_way_bill.ewb_no)?.request as any;
    expect(sent).toMatchObject({
      docType: 'CHL',
      subSupplyType: '4',
      toGstin: 'URP',
      toPincode: 422001,
      totInvValue: 60000,
    });

    const other = await createWarehouse(company);
    const moving = await createProduct(company, {
      openingStock: 10,
      warehouseId: warehouse.id,
      fields: { hsn: '9403', selling_price: 1000, mrp: 1000 },
    });
    const transfer = await company.api.post(`companies/${company.companyId}/inventory_transfers`, {
      source_warehouse: warehouse.id,
      destination_warehouse: other.id,
      lines: [{ product: moving.id, quantity: 3 }],
    });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
    const state = await api.get(path(company, 'inventory_transfers', transfer.body.id));
    expect(state.body).toMatchObject({ required: false, e_way_bill: null });
    // By rail, with the railway receipt, as a voluntary e-way bill.
    const voluntary = await api.post(path(company, 'inventory_transfers', transfer.body.id), {
      trans_mode: '2',
      trans_distance: 300,
      trans_doc_no: 'RR-4471',
      trans_doc_date: '2026-11-20',
      force: true,
    });
    expect(voluntary.status, JSON.stringify(voluntary.body)).toBe(200);
    expect(voluntary.body.e_way_bill).toMatchObject({
      trans_mode: '2',
      trans_doc_no: 'RR-4471',
      trans_doc_date: '2026-11-20',
      vehicle_no: null,
      voluntary: true,
    });
    const moved = stand.bills.get(voluntary.body.e_way_bill.ewb_no)?.request as any;
    expect(moved).toMatchObject({
      docType: 'CHL',
      subSupplyType: '5',
      toGstin: moved?.fromGstin,
      transMode: '2',
      transDocNo: 'RR-4471',
      transDocDate: '20/11/2026',
      vehicleNo: '',
    });
  });
});
