import { inventoryAdjustmentCreate } from '@b2b/domain/api/inventory-adjustments';
import { generateInvoiceInput } from '@b2b/domain/api/invoices';
import { productCreate } from '@b2b/domain/api/products';
import { quotationInput } from '@b2b/domain/api/sales-orders';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { createAdjustment } from '../modules/inventory-adjustments/inventory-adjustments.service.ts';
import { generateInvoice } from '../modules/invoices/issue-invoice.ts';
import { createProduct } from '../modules/products/create-product.ts';
import { createQuotation } from '../modules/quotations/create-quotation.ts';
import { confirmOrder } from '../modules/sales-orders/change-order.ts';
import { generateOrder } from '../modules/sales-orders/place-order.ts';
import { buyerAddresses, lookup } from './seed-demo-support.ts';

/**
 * Serial numbers in the demo (issue 22): an air fryer and an oven toaster grill sold with a
 * warranty card each track their units. Their stock came in by an adjustment with a serial per
 * unit; Pune Electric Stores bought one of each, and its invoice names the units sold.
 */
const TRACKED = [
  {
    name: 'Philips HD9252 4.1 L Air Fryer',
    sku: 'PH-AF-HD9252',
    brand: 'Philips',
    hsn: '85167990',
    mrp: 9995,
    sellingPrice: 7499,
    costPrice: 5465.5,
    weightKg: 5.2,
    serials: ['PH9252-2410-0101', 'PH9252-2410-0102', 'PH9252-2410-0103', 'PH9252-2410-0104'],
    sold: 'PH9252-2410-0102',
  },
  {
    name: 'Bajaj Majesty 16 L Oven Toaster Grill',
    sku: 'BJ-OTG-MAJ16',
    brand: 'Bajaj',
    hsn: '85166000',
    mrp: 6490,
    sellingPrice: 4999,
    costPrice: 3643.5,
    weightKg: 7.4,
    serials: ['BJOTG16-2409-0031', 'BJOTG16-2409-0032', 'BJOTG16-2409-0033'],
    sold: 'BJOTG16-2409-0033',
  },
] as const;

export async function seedDemoSerialNumbers(
  ctx: AppContext,
  actor: Principal,
  refs: {
    categories: Map<string, number>;
    brands: Map<string, number>;
    units: Map<string, number>;
    taxes: Map<number, number>;
    warehouses: Map<string, number>;
    branches: Map<string, number>;
    buyers: ReadonlyMap<string, number>;
  },
  step: <T>(what: string, work: () => Promise<T>) => Promise<T>,
): Promise<void> {
  const { db } = ctx;
  const warehouse = lookup(refs.warehouses, 'Mumbai', 'warehouse of branch');
  const products = new Map<string, number>();
  for (const p of TRACKED) {
    const input = productCreate.parse({
      name: p.name,
      sku: p.sku,
      category: lookup(refs.categories, 'Kitchen Appliances', 'category'),
      brand: lookup(refs.brands, p.brand, 'brand'),
      unit: lookup(refs.units, 'PCS', 'unit'),
      tax: lookup(refs.taxes, 18, 'GST rate'),
      hsn: p.hsn,
      mrp: p.mrp,
      selling_price: p.sellingPrice,
      cost_price: p.costPrice,
      weight: p.weightKg,
      reorder_point: 2,
      tracks_serial_numbers: true,
      short_description: `${p.name}, with a serial-numbered warranty card.`,
      tags: ['kitchen', 'warranty'],
    });
    products.set(p.sku, (await step(`product ${p.sku}`, () => createProduct({ db, actor, input }))).id);
  }
  await step('adjustment with serial numbers', () =>
    createAdjustment({
      db,
      actor,
      input: inventoryAdjustmentCreate.parse({
        warehouse,
        reason: 'extra_inventory_found',
        notes: 'Warranty stock counted unit by unit, serials from the cartons.',
        lines: TRACKED.map((p) => ({
          product: lookup(products, p.sku, 'product'),
          quantity: p.serials.length,
          serial_numbers: p.serials,
        })),
      }),
    }),
  );

  const buyerId = lookup(new Map(refs.buyers), 'Pune Electric Stores', 'buyer');
  const addresses = await buyerAddresses(db, actor.companyId, buyerId);
  const quotation = await step('quotation with tracked products', () =>
    createQuotation({
      db,
      actor,
      input: quotationInput.parse({
        buyer: buyerId,
        branch: lookup(refs.branches, 'Mumbai', 'branch'),
        billing_address: addresses.billing,
        shipping_address: addresses.shipping,
        reference: 'PES/PO/1187',
        items: TRACKED.map((p) => ({ product: lookup(products, p.sku, 'product'), warehouse, quantity: 1 })),
      }),
    }),
  );
  const order = await step('order with tracked products', () =>
    generateOrder({ db, actor, quotationId: quotation.id, instant: false }),
  );
  if (order.status === 'new') await step('confirm', () => confirmOrder({ db, actor, id: order.id }));
  const soldOf = new Map(TRACKED.map((p) => [lookup(products, p.sku, 'product'), p.sold]));
  await step('invoice with serial numbers', () =>
    generateInvoice({
      ctx: { db, eInvoicingConfigured: false },
      actor,
      orderId: order.id,
      input: generateInvoiceInput.parse({
        items: order.order_items.map((item) => ({
          order_item: item.id,
          quantity: item.quantity,
          serial_numbers: [soldOf.get(item.product.id)],
        })),
      }),
    }),
  );
}
