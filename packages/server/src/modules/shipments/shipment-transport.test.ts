import { financialYearOf } from '@b2b/domain/invoices';
import { TRANSPORT_MESSAGES } from '@b2b/domain/transport-details';
import { todayInIndia } from '@b2b/domain/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPermissions, type SignedUpCompany, signUpCompany } from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { pdfPages } from '../../../test/pdf-text.ts';
import { createShippableInvoice, moveShipment, ship } from '../../../test/shipments-fixtures.ts';

// Issue 18: a shipment's e-way bill, vehicle and transporter, and its delivery note / packing slip.

const FY = financialYearOf(todayInIndia()).code;
const TRANSPORTER = '27AAPFU0939F1ZV';

beforeAll(() => testServer(), 180_000);

const historyOf = async (company: SignedUpCompany, shipmentId: number) =>
  (await company.api.get(`admin/shipments/${shipmentId}/history`)).body.results as {
    actions: { action: string; changes: Record<string, unknown> };
  }[];

const download = (company: { api: SignedUpCompany['api'] }, t: SignedUpCompany['t'], id: number) =>
  fetch(`${t.baseUrl}/admin/shipments/${id}/delivery_note`, {
    headers: { authorization: `Bearer ${company.api.token}` },
  });

describe('shipment transport details', () => {
  it('stores the e-way bill, vehicle and transporter as the portal writes them', async () => {
    const company = await signUpCompany();
    const { invoice } = await createShippableInvoice(company);
    const shipment = await ship(company, invoice.id, undefined, {
      eway_bill_number: '3310 0123 4567',
      vehicle_number: 'mh 12 ab-1234',
      transporter_id: ` ${TRANSPORTER.toLowerCase()} `,
      transporter_name: 'Sahyadri Roadways',
    });
    expect(shipment).toMatchObject({
      eway_bill_number: '331001234567',
      vehicle_number: 'MH12AB1234',
      transporter_id: TRANSPORTER,
      transporter_name: 'Sahyadri Roadways',
    });
    const read = (await company.api.get(`admin/shipments/${shipment.id}`)).body;
    expect(read.vehicle_number).toBe('MH12AB1234');
    // Absent: null, not an empty text.
    const plain = await createShippableInvoice(company);
    const bare = await ship(company, plain.invoice.id);
    expect(bare).toMatchObject({
      eway_bill_number: null,
      vehicle_number: null,
      transporter_id: null,
      transporter_name: null,
    });
  });

  it('refuses a bad e-way bill, vehicle or transporter with a sentence at the field, never a 500', async () => {
    const company = await signUpCompany();
    const { invoice } = await createShippableInvoice(company);
    const items = (await company.api.get(`admin/invoices/${invoice.id}/initiate_shipment/`)).body.items.map(
      (item: { invoice_item: number; shippable_quantity: number }) => ({
        invoice_item: item.invoice_item,
        quantity: item.shippable_quantity,
      }),
    );
    const cases: [Record<string, unknown>, string, string][] = [
      [{ eway_bill_number: '12345' }, 'eway_bill_number', TRANSPORT_MESSAGES.eway_bill_number],
      [{ eway_bill_number: '33100123456A' }, 'eway_bill_number', TRANSPORT_MESSAGES.eway_bill_number],
      [{ vehicle_number: 'HELLO' }, 'vehicle_number', TRANSPORT_MESSAGES.vehicle_number],
      [{ transporter_id: '27AAPFU0939F1ZW' }, 'transporter_id', TRANSPORT_MESSAGES.transporter_id],
      [{ transporter_id: 'ABC' }, 'transporter_id', TRANSPORT_MESSAGES.transporter_id],
      [
        { transporter_name: 'x'.repeat(101) },
        'transporter_name',
        'Ensure this field has no more than 100 characters.',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await company.api.post(`admin/invoices/${invoice.id}/shipments`, { items, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors[field]).toEqual([message]);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await company.api.get(`admin/invoices/${invoice.id}/shipments`)).body.count).toBe(0);

    const shipment = await ship(company, invoice.id);
    for (const [fields, field, message] of cases) {
      const res = await company.api.patch(`admin/shipments/${shipment.id}`, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors[field]).toEqual([message]);
    }
  });

  it('PATCH sets, changes and clears them, each change in a history row; a final shipment keeps them', async () => {
    const company = await signUpCompany();
    const { invoice } = await createShippableInvoice(company);
    const shipment = await ship(company, invoice.id);
    const set = await company.api.patch(`admin/shipments/${shipment.id}`, {
      eway_bill_number: '331001234567',
      vehicle_number: 'KA 01 MN 4321',
      transporter_id: TRANSPORTER,
      transporter_name: 'Deccan Carriers',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ vehicle_number: 'KA01MN4321', transporter_id: TRANSPORTER });
    let history = await historyOf(company, shipment.id);
    const updated = history.find((h) => h.actions.action === 'updated');
    expect(updated?.actions.changes).toEqual({
      eway_bill_number: { from: null, to: '331001234567' },
      vehicle_number: { from: null, to: 'KA01MN4321' },
      transporter_id: { from: null, to: TRANSPORTER },
      transporter_name: { from: null, to: 'Deccan Carriers' },
    });

    // The same values again change nothing and write no row; a new vehicle writes one.
    const rows = history.length;
    expect(
      (await company.api.patch(`admin/shipments/${shipment.id}`, { vehicle_number: 'ka01mn4321' })).status,
    ).toBe(200);
    expect((await historyOf(company, shipment.id)).length).toBe(rows);
    const changed = await company.api.patch(`admin/shipments/${shipment.id}`, {
      vehicle_number: 'MH14XY9876',
      transporter_name: null,
    });
    expect(changed.body).toMatchObject({ vehicle_number: 'MH14XY9876', transporter_name: null });
    history = await historyOf(company, shipment.id);
    expect(history.length).toBe(rows + 1);
    expect(history.find((h) => h.actions.changes.vehicle_number && h !== updated)?.actions.changes).toEqual({
      vehicle_number: { from: 'KA01MN4321', to: 'MH14XY9876' },
      transporter_name: { from: 'Deccan Carriers', to: null },
    });

    await moveShipment(company, shipment.id, 'shipped', 'delivered');
    const late = await company.api.patch(`admin/shipments/${shipment.id}`, { vehicle_number: 'MH12AB1234' });
    expect(late.status).toBe(409);
  });
});

describe('GET admin/shipments/{id}/delivery_note', () => {
  it('downloads the delivery note: parties, invoice, e-way bill, vehicle, transporter and the goods without prices', async () => {
    const company = await signUpCompany();
    const { invoice } = await createShippableInvoice(company);
    const shipment = await ship(company, invoice.id, undefined, {
      eway_bill_number: '331001234567',
      vehicle_number: 'MH12AB1234',
      transporter_id: TRANSPORTER,
      transporter_name: 'Sahyadri Roadways',
      notes: 'Handle with care.',
    });
    const res = await download(company, company.t, shipment.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`delivery-note-SHP-${FY}-00001.pdf`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfPages(pdf)
      .map((page) => page.text)
      .join('\n')
      .replace(/\s+/g, ' ');
    const invoiceRead = (await company.api.get(`admin/invoices/${invoice.id}`)).body;
    const item = shipment.items[0];
    expect(text).toContain('DELIVERY NOTE / PACKING SLIP');
    expect(text).toContain(`Delivery Note No. SHP/${FY}/00001`);
    expect(text).toContain(`Invoice No. ${invoiceRead.invoice_number}`);
    expect(text).toContain('E-way Bill No. 331001234567');
    expect(text).toContain('Vehicle No. MH12AB1234');
    expect(text).toContain(`Transporter ID ${TRANSPORTER}`);
    expect(text).toContain('Transporter Sahyadri Roadways');
    expect(text).toContain('SUPPLIER');
    expect(text).toContain('SHIPPED TO (CONSIGNEE)');
    expect(text).toContain(invoiceRead.buyer.name ?? invoiceRead.buyer_name ?? '');
    expect(text).toContain(item.product.name);
    expect(text).toContain(`SKU: ${item.product.sku}`);
    // #, HSN, quantity: one line of 2 units of HSN 8471.
    expect(text).toContain('8471 2');
    expect(text).toContain('Total: 1 item');
    expect(text).toContain('Handle with care.');
    expect(text).toContain('Received the above goods in good order and condition.');
    // A packing slip carries no prices.
    expect(text).not.toContain('₹');
    expect(text).not.toMatch(/Taxable|CGST|\d+\.\d{2}/);
    expect(text).not.toContain('CANCELLED');

    await moveShipment(company, shipment.id, 'cancelled');
    const cancelled = pdfPages(
      Buffer.from(await (await download(company, company.t, shipment.id)).arrayBuffer()),
    );
    expect(cancelled[0].text).toContain('CANCELLED');

    // A GET writes nothing.
    const rows = (await historyOf(company, shipment.id)).length;
    await download(company, company.t, shipment.id);
    expect((await historyOf(company, shipment.id)).length).toBe(rows);
  });

  it('needs view_shipment; another company’s shipment does not exist', async () => {
    const company = await signUpCompany();
    const { invoice } = await createShippableInvoice(company);
    const shipment = await ship(company, invoice.id);
    const viewer = await createUserWithPermissions(company, ['view_shipment']);
    expect((await download(viewer, company.t, shipment.id)).status).toBe(200);
    const stranger = await createUserWithPermissions(company, ['view_invoice']);
    const refused = await download(stranger, company.t, shipment.id);
    expect(refused.status).toBe(403);
    const other = await signUpCompany();
    const foreign = await download(other, other.t, shipment.id);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { detail: string }).detail).toBe('Shipment Not Found');
    expect((await download(company, company.t, 999_999_999)).status).toBe(404);
  });
});
