import { describe, expect, it } from 'vitest';
import { type SignedUpCompany, signUpCompany, unique } from '../../../test/factories.ts';
import { adjust, dbOf, firstWarehouse, levelOf } from '../../../test/inventory-fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { createOrder, createTaxedProduct, invoiceOrder } from '../../../test/sales-fixtures.ts';

/** A product that tracks serial numbers, with `serials` brought in by an adjustment. */
async function trackedProductWith(company: SignedUpCompany, serials: string[]) {
  const product = await createTaxedProduct(company, {
    name: `Laser Printer ${unique()}`,
    fields: { tracks_serial_numbers: true },
  });
  if (serials.length) {
    await adjust(company, {
      reason: 'extra_inventory_found',
      lines: [{ product: product.id, quantity: serials.length, serial_numbers: serials }],
    });
  }
  return product;
}

const serialList = (company: SignedUpCompany, query = '') =>
  company.api.get(`admin/companies/${company.companyId}/serial_numbers${query}`);

const available = async (company: SignedUpCompany, productId: number) => {
  const warehouse = await firstWarehouse(company);
  const res = await company.api.get(
    `admin/companies/${company.companyId}/products/${productId}/serial_numbers/available?warehouse_id=${warehouse.id}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results.map((row: { serial_number: string }) => row.serial_number);
};

const countInvoices = async (company: SignedUpCompany) =>
  Number(
    (
      await dbOf(company)
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', company.companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('serial numbers coming in by an inventory adjustment', () => {
  it('stores one unit per serial, normalised, in the warehouse, with its trace', async () => {
    const company = await signUpCompany();
    const product = await createTaxedProduct(company, { fields: { tracks_serial_numbers: true } });
    const detail = await company.api.get(`products/${product.id}`);
    expect(detail.body.tracks_serial_numbers).toBe(true);
    const adjustment = await adjust(company, {
      reason: 'extra_inventory_found',
      lines: [{ product: product.id, quantity: 3, serial_numbers: [' pr-001', 'PR-002', 'pr-003 '] }],
    });
    const warehouse = await firstWarehouse(company);
    expect(await levelOf(company, product.id, warehouse.id)).toBe(3);
    expect(await available(company, product.id)).toEqual(['PR-001', 'PR-002', 'PR-003']);

    const list = await serialList(company, `?product_id=${product.id}&ordering=serial_number`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.results[0]).toMatchObject({
      serial_number: 'PR-001',
      status: 'in_stock',
      product: { id: product.id, name: product.name },
      warehouse: { id: warehouse.id },
      came_in: { type: 'inventory_adjustment', id: adjustment.id, number: adjustment.number },
      sold_on: null,
    });
    // Found from the start of the serial, whatever its case.
    const searched = await serialList(company, '?search=pr-00');
    expect(searched.body.count).toBe(3);
  });

  it('refuses a wrong count, a fractional quantity, a serial twice and a serial the product has, writing nothing', async () => {
    const company = await signUpCompany();
    const product = await trackedProductWith(company, ['UPS-1']);
    const name = product.name;
    const line = (quantity: number, serials?: string[]) => ({
      reason: 'extra_inventory_found',
      lines: [{ product: product.id, quantity, ...(serials ? { serial_numbers: serials } : {}) }],
    });
    const wrong = await adjust(company, line(3, ['A', 'B']), 400);
    expect(wrong.detail).toBe(`Enter 3 serial numbers for ${name}: one for each unit.`);
    expect(wrong.errors['lines.0.serial_numbers']).toEqual([wrong.detail]);
    const none = await adjust(company, line(1), 400);
    expect(none.detail).toBe(`Enter 1 serial number for ${name}: one for each unit.`);
    const fractional = await adjust(company, line(1.5, ['A']), 400);
    expect(fractional.detail).toBe(
      `${name} tracks serial numbers: enter a whole number of units (one serial number each).`,
    );
    const twice = await adjust(company, line(2, ['SN123', 'sn123']), 400);
    expect(twice.detail).toBe('Serial number SN123 is entered twice.');
    const taken = await adjust(company, line(1, ['ups-1']), 409);
    expect(taken.detail).toBe(`Serial number UPS-1 already exists for ${name}.`);
    const bad = await adjust(company, line(1, ['UPS 1']), 400);
    expect(bad.errors['lines.0.serial_numbers.0'][0]).toMatch(/may hold only letters, digits/);
    // Nothing of the refused ones was kept: one unit, one serial.
    expect(await levelOf(company, product.id, (await firstWarehouse(company)).id)).toBe(1);
    expect((await serialList(company, `?product_id=${product.id}`)).body.count).toBe(1);
  });

  it('takes named serials out with a negative adjustment, and a product without tracking takes none', async () => {
    const company = await signUpCompany();
    const product = await trackedProductWith(company, ['D-1', 'D-2']);
    const missing = await adjust(
      company,
      { reason: 'stock_damaged', lines: [{ product: product.id, quantity: -1, serial_numbers: ['D-9'] }] },
      409,
    );
    expect(missing.detail).toBe(`Serial number D-9 is not in stock for ${product.name}.`);
    await adjust(company, {
      reason: 'stock_damaged',
      lines: [{ product: product.id, quantity: -1, serial_numbers: ['d-2'] }],
    });
    expect(await available(company, product.id)).toEqual(['D-1']);
    const plain = await createTaxedProduct(company);
    const refused = await adjust(
      company,
      { lines: [{ product: plain.id, quantity: 1, serial_numbers: ['X-1'] }] },
      400,
    );
    expect(refused.detail).toBe(`${plain.name} does not track serial numbers: remove its serial numbers.`);
  });

  it('refuses to start tracking a product with units on hand that have no serial', async () => {
    const company = await signUpCompany();
    const product = await createTaxedProduct(company, { openingStock: 2 });
    const res = await company.api.patch(`products/${product.id}`, { tracks_serial_numbers: true });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/has 2 units in stock without serial numbers/);
    const opening = await company.api.post(`companies/${company.companyId}/products`, {
      name: `Product ${unique()}`,
      category: (await company.api.get(`products/${product.id}`)).body.category.id,
      mrp: 100,
      selling_price: 90,
      warehouse: (await firstWarehouse(company)).id,
      opening_stock: 1,
      tracks_serial_numbers: true,
    });
    expect(opening.status).toBe(400);
    expect(opening.body.errors.opening_stock[0]).toMatch(/leave the opening stock at 0/);
  });
});

describe('serial numbers sold on an invoice', () => {
  it('marks them sold, lists them on the invoice, refuses them to a second invoice and puts them back on cancel', async () => {
    const company = await signUpCompany();
    const product = await trackedProductWith(company, ['PRN-1', 'PRN-2', 'PRN-3']);
    const { order, buyer } = await createOrder(company, {
      lines: [{ product: product.id, quantity: 2 }],
      confirm: true,
    });
    const invoice = await invoiceOrder(company, order, [2], {
      items: [{ order_item: order.order_items[0].id, quantity: 2, serial_numbers: ['prn-2', 'PRN-1'] }],
    });
    expect(await available(company, product.id)).toEqual(['PRN-3']);

    const sold = await company.api.get(`invoices/${invoice.id}/serial_numbers`);
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body).toMatchObject({
      invoice: { id: invoice.id, invoice_number: invoice.invoice_number },
      count: 2,
      lines: [{ product: { id: product.id }, quantity: 2, serial_numbers: ['PRN-1', 'PRN-2'] }],
    });
    // The PDF prints the units under the line.
    const pdf = await fetch(`${company.t.baseUrl}/admin/invoices/${invoice.id}/pdf`, {
      headers: { authorization: `Bearer ${company.api.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer())).replace(/\s+/g, ' ')).toContain('S/N: PRN-1, PRN-2');
    const scoped = await company.api.get(
      `admin/companies/${company.companyId}/invoices/${invoice.id}/serial_numbers`,
    );
    expect(scoped.body).toEqual(sold.body);

    // A second order for the same unit: refused with the sentence, nothing written.
    const second = await createOrder(company, {
      buyer,
      lines: [{ product: product.id, quantity: 1 }],
      confirm: true,
    });
    const invoicesBefore = await countInvoices(company);
    const levelBefore = await levelOf(company, product.id, (await firstWarehouse(company)).id);
    const refused = await company.api.post(`admin/orders/${second.order.id}/generate_invoice/`, {
      items: [{ order_item: second.order.order_items[0].id, quantity: 1, serial_numbers: ['PRN-1'] }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`Serial number PRN-1 is not in stock for ${product.name}.`);
    expect(refused.body.errors['items.0.serial_numbers']).toEqual([refused.body.detail]);
    expect(await countInvoices(company)).toBe(invoicesBefore);
    expect(await levelOf(company, product.id, (await firstWarehouse(company)).id)).toBe(levelBefore);
    expect(await available(company, product.id)).toEqual(['PRN-3']);

    // Without serials, or too few: 400 with the count sentence.
    const none = await company.api.post(`admin/orders/${second.order.id}/generate_invoice/`, {
      items: [{ order_item: second.order.order_items[0].id, quantity: 1 }],
    });
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe(`Enter 1 serial number for ${product.name}: one for each unit.`);
    const fractional = await company.api.post(`admin/orders/${second.order.id}/generate_invoice/`, {
      items: [{ order_item: second.order.order_items[0].id, quantity: 0.5, serial_numbers: ['PRN-3'] }],
    });
    expect(fractional.status).toBe(400);
    expect(fractional.body.detail).toMatch(/tracks serial numbers: enter a whole number of units/);

    // The trace: in by the adjustment, sold to the buyer on the invoice.
    const [row] = (await serialList(company, '?search=PRN-1')).body.results;
    expect(row).toMatchObject({
      status: 'sold',
      sold_on: { id: invoice.id, invoice_number: invoice.invoice_number, buyer: buyer.name },
    });
    const cancel = await company.api.post(`admin/invoices/${invoice.id}/cancel/`, {});
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await available(company, product.id)).toEqual(['PRN-1', 'PRN-2', 'PRN-3']);
    const trace = await company.api.get(
      `admin/companies/${company.companyId}/serial_numbers/${row.id}/trace`,
    );
    expect(trace.status, JSON.stringify(trace.body)).toBe(200);
    expect(trace.body).toMatchObject({ serial_number: 'PRN-1', status: 'in_stock', sold_on: null });
    expect(
      trace.body.events.map((e: { event: string; document: { number: string }; party: string | null }) => [
        e.event,
        e.document.number,
        e.party,
      ]),
    ).toEqual([
      ['received', expect.stringMatching(/^ADJ-/), null],
      ['sold', invoice.invoice_number, buyer.name],
      ['sale_cancelled', invoice.invoice_number, buyer.name],
    ]);
    expect((await company.api.get(`invoices/${invoice.id}/serial_numbers`)).body.count).toBe(0);

    // After the cancel the unit sells again.
    const again = await invoiceOrder(company, second.order, [1], {
      items: [{ order_item: second.order.order_items[0].id, quantity: 1, serial_numbers: ['PRN-1'] }],
    });
    expect(
      (await company.api.get(`invoices/${again.id}/serial_numbers`)).body.lines[0].serial_numbers,
    ).toEqual(['PRN-1']);
  });

  it('lets exactly one of two invoices racing for the same serial have it', async () => {
    const company = await signUpCompany();
    const product = await trackedProductWith(company, ['RACE-1', 'RACE-2']);
    const first = await createOrder(company, {
      lines: [{ product: product.id, quantity: 1 }],
      confirm: true,
    });
    const second = await createOrder(company, {
      buyer: first.buyer,
      lines: [{ product: product.id, quantity: 1 }],
      confirm: true,
    });
    const invoicesBefore = await countInvoices(company);
    const results = await Promise.all(
      [first, second].map(({ order }) =>
        company.api.post(`admin/orders/${order.id}/generate_invoice/`, {
          items: [{ order_item: order.order_items[0].id, quantity: 1, serial_numbers: ['RACE-1'] }],
        }),
      ),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses, JSON.stringify(results.map((res) => res.body))).toEqual([201, 409]);
    const loser = results.find((res) => res.status === 409);
    expect(loser?.body.detail).toBe(`Serial number RACE-1 is not in stock for ${product.name}.`);
    expect(await countInvoices(company)).toBe(invoicesBefore + 1);
    expect(await available(company, product.id)).toEqual(['RACE-2']);
  });
});

describe('serial numbers coming back on a sales return', () => {
  it('returns the units named (or the whole line’s), sellable again, and puts them back on the invoice when the return is cancelled', async () => {
    const company = await signUpCompany();
    const product = await trackedProductWith(company, ['RT-1', 'RT-2', 'RT-3']);
    const { order } = await createOrder(company, {
      lines: [{ product: product.id, quantity: 2 }],
      confirm: true,
    });
    const invoice = await invoiceOrder(company, order, [2], {
      items: [{ order_item: order.order_items[0].id, quantity: 2, serial_numbers: ['RT-1', 'RT-2'] }],
    });
    const itemId = (await company.api.get(`invoices/${invoice.id}/serial_numbers`)).body.lines[0]
      .invoice_item_id;
    const returnPath = `admin/invoices/${invoice.id}/sales_returns`;
    // Part of the line: its unit must be named, and be one sold on this invoice.
    const unnamed = await company.api.post(returnPath, {
      items: [{ invoice_item: itemId, return_quantity: 1 }],
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.detail).toBe(`Enter 1 serial number for ${product.name}: one for each unit.`);
    const stranger = await company.api.post(returnPath, {
      items: [{ invoice_item: itemId, return_quantity: 1, serial_numbers: ['RT-3'] }],
    });
    expect(stranger.status).toBe(409);
    expect(stranger.body.detail).toBe(`Serial number RT-3 of ${product.name} was not sold on this invoice.`);
    const returned = await company.api.post(returnPath, {
      items: [{ invoice_item: itemId, return_quantity: 1, serial_numbers: ['rt-2'] }],
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    expect(await available(company, product.id)).toEqual(['RT-2', 'RT-3']);
    const [row] = (await serialList(company, '?search=RT-2')).body.results;
    expect(row).toMatchObject({ status: 'returned', sold_on: null });
    expect(
      (await company.api.get(`invoices/${invoice.id}/serial_numbers`)).body.lines[0].serial_numbers,
    ).toEqual(['RT-1']);

    // Cancelled: RT-2 is sold on the invoice again.
    const cancelled = await company.api.post(`admin/sales_returns/${returned.body.id}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await available(company, product.id)).toEqual(['RT-3']);
    expect(
      (await company.api.get(`invoices/${invoice.id}/serial_numbers`)).body.lines[0].serial_numbers,
    ).toEqual(['RT-1', 'RT-2']);
    const trace = await company.api.get(
      `admin/companies/${company.companyId}/serial_numbers/${row.id}/trace`,
    );
    expect(trace.body.events.map((e: { event: string }) => e.event)).toEqual([
      'received',
      'sold',
      'returned',
      'sold',
    ]);

    // The whole line back without naming its units: the ones sold on it.
    const whole = await company.api.post(returnPath, {
      items: [{ invoice_item: itemId, return_quantity: 2 }],
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    expect(await available(company, product.id)).toEqual(['RT-1', 'RT-2', 'RT-3']);
  });
});

describe('another company', () => {
  it('finds none of the invoice, the serial or the product', async () => {
    const company = await signUpCompany();
    const product = await trackedProductWith(company, ['OWN-1']);
    const { order } = await createOrder(company, {
      lines: [{ product: product.id, quantity: 1 }],
      confirm: true,
    });
    const invoice = await invoiceOrder(company, order, [1], {
      items: [{ order_item: order.order_items[0].id, quantity: 1, serial_numbers: ['OWN-1'] }],
    });
    const [row] = (await serialList(company)).body.results;
    const other = await signUpCompany();
    const warehouse = await firstWarehouse(other);
    for (const path of [
      `invoices/${invoice.id}/serial_numbers`,
      `admin/companies/${other.companyId}/invoices/${invoice.id}/serial_numbers`,
      `admin/companies/${other.companyId}/serial_numbers/${row.id}/trace`,
      `admin/companies/${other.companyId}/products/${product.id}/serial_numbers/available?warehouse_id=${warehouse.id}`,
    ]) {
      const res = await other.api.get(path);
      expect(res.status, path).toBe(404);
    }
    expect((await serialList(other)).body.count).toBe(0);
    const bad = await company.api.get(`admin/companies/${company.companyId}/serial_numbers?status=lost`);
    expect(bad.status).toBe(400);
    const noWarehouse = await company.api.get(
      `admin/companies/${company.companyId}/products/${product.id}/serial_numbers/available`,
    );
    expect(noWarehouse.status).toBe(400);
  });
});
