import { describe, expect, it } from 'vitest';
import { signUpCompany } from '../../../test/factories.ts';
import {
  confirmOrder,
  createBuyerWithAddress,
  createQuotation,
  createTaxedProduct,
  generateOrder,
  invoiceOrder,
} from '../../../test/sales-fixtures.ts';

/**
 * The GST treatment on quotation and order lines (issue 22, migration 0085): a quotation line keeps
 * its product's treatment as priced, the order placed from it keeps the quotation line's while the
 * line is untaxed, and the invoice line takes the order line's. So a line quoted exempt stays exempt
 * on the invoice even when the product is marked otherwise in between.
 */

type Line = { product: { id: number }; gst_rate: number; gst_treatment?: string };

describe('gst_treatment from quotation to order to invoice', { timeout: 180_000 }, () => {
  it('keeps a line quoted exempt exempt on its order and invoice; a taxed line is taxable', async () => {
    const company = await signUpCompany();
    const books = await createTaxedProduct(company, {
      gstRate: null,
      sellingPrice: 500,
      hsn: '4901',
      openingStock: 10,
      fields: { gst_treatment: 'exempt' },
    });
    const taxed = await createTaxedProduct(company, { openingStock: 10 });
    const buyer = await createBuyerWithAddress(company);
    const quotation = await createQuotation(company, buyer, [
      { product: books.id, quantity: 2 },
      { product: taxed.id, quantity: 1 },
    ]);
    expect((quotation.items as Line[]).map((line) => line.gst_treatment)).toEqual(['exempt', 'taxable']);

    // The product is re-classified (nil rated) before the quotation becomes an order.
    const marked = await company.api.patch(`products/${books.id}`, { gst_treatment: 'nil_rated' });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);

    let order = await generateOrder(company, quotation.id);
    if (order.status === 'new') order = await confirmOrder(company, order.id);
    const orderLines = order.order_items as Line[];
    expect(orderLines.map((line) => [line.product.id, line.gst_rate, line.gst_treatment])).toEqual([
      [books.id, 0, 'exempt'],
      [taxed.id, 18, 'taxable'],
    ]);

    const invoice = await invoiceOrder(company, order);
    expect((invoice.items as Line[]).map((line) => line.gst_treatment)).toEqual(['exempt', 'taxable']);
    const read = await company.api.get(`admin/invoices/${invoice.id}`);
    expect(read.status).toBe(200);
    expect((read.body.items as Line[]).map((line) => line.gst_treatment)).toEqual(['exempt', 'taxable']);

    // A new quotation prices the product as it is now.
    const later = await createQuotation(company, buyer, [{ product: books.id, quantity: 1 }]);
    expect((later.items as Line[])[0]?.gst_treatment).toBe('nil_rated');
  });
});
