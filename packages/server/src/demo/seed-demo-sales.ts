import { generateInvoiceInput } from '@b2b/domain/api/invoices';
import { markAsPaidInput, orderPaymentCreate } from '@b2b/domain/api/payments';
import { quotationInput } from '@b2b/domain/api/sales-orders';
import { createShipmentInput } from '@b2b/domain/api/shipments';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { generateInvoice } from '../modules/invoices/issue-invoice.ts';
import { markOrderAsPaid, recordOrderPayment } from '../modules/payments/record-payment.ts';
import { applyCoupon, submitQuotation } from '../modules/quotations/change-quotation.ts';
import { createQuotation } from '../modules/quotations/create-quotation.ts';
import { confirmOrder, holdOrder } from '../modules/sales-orders/change-order.ts';
import { generateOrder } from '../modules/sales-orders/place-order.ts';
import { changeShipmentStatus } from '../modules/shipments/change-shipment.ts';
import { createShipment } from '../modules/shipments/create-shipment.ts';
import { initiateShipment } from '../modules/shipments/shipment-reads.ts';
import { seedDemoAutomaticOffers, seedDemoOffers } from './seed-demo-offers.ts';
import { buyerAddresses } from './seed-demo-support.ts';

/**
 * The demo's sales: its offers (seed-demo-offers.ts), an order part-invoiced with a coupon
 * (CGST + SGST) whose invoice is with a courier and part paid, an inter-state order invoiced in
 * full (IGST), delivered and paid (so complete), a new order with shipping charges, one on hold
 * and a quotation sent to a buyer in Bengaluru.
 */
interface DemoSale {
  buyer: string;
  branch: 'Mumbai' | 'Bengaluru';
  items: { sku: string; quantity: number; discount?: number }[];
  coupon?: string;
  shippingCharges?: number;
  reference?: string;
  /** What happens after the quotation is made. */
  outcome: 'submit' | 'order' | 'hold' | { invoice: Record<string, number> | 'all' };
  /** The invoice shipped in full: delivered, or with a courier. */
  shipment?: 'delivered' | 'in_transit';
  /** Money received for the order: rupees, or all that its invoice is due. */
  payment?: { amount: number | 'due'; reference: string };
}

const SALES: DemoSale[] = [
  {
    buyer: 'Mehta Kitchen World',
    branch: 'Mumbai',
    items: [
      { sku: 'BJ-MG-REX500', quantity: 4 },
      { sku: 'PR-PC-POP5L', quantity: 6, discount: 5 },
      { sku: 'HV-LT-BATTEN20', quantity: 10 },
    ],
    coupon: 'DIWALI10',
    reference: 'MKW/PO/2611',
    outcome: { invoice: { 'BJ-MG-REX500': 4, 'PR-PC-POP5L': 3 } },
    shipment: 'in_transit',
    payment: { amount: 10000, reference: 'NEFT/HDFC/N2611' },
  },
  {
    buyer: 'Mysuru Electricals & Hardware',
    branch: 'Mumbai',
    items: [
      { sku: 'BJ-CF-FRORE1200', quantity: 12 },
      { sku: 'PR-CW-OMEGA24', quantity: 5 },
    ],
    shippingCharges: 1180,
    reference: 'MEH-7781',
    outcome: { invoice: 'all' },
    shipment: 'delivered',
    payment: { amount: 'due', reference: 'UPI/412233987761' },
  },
  {
    buyer: 'Pune Electric Stores',
    branch: 'Mumbai',
    items: [{ sku: 'HV-CF-STEALTH1200', quantity: 3 }],
    shippingCharges: 500,
    outcome: 'order',
  },
  {
    buyer: 'Nashik Home Needs',
    branch: 'Mumbai',
    items: [{ sku: 'PR-MG-IRIS750', quantity: 2 }],
    outcome: 'hold',
  },
  {
    buyer: 'Sri Lakshmi Appliances',
    branch: 'Bengaluru',
    items: [
      { sku: 'PR-IC-PIC20', quantity: 8 },
      { sku: 'PH-IC-HD4928', quantity: 4 },
    ],
    outcome: 'submit',
  },
];

export interface DemoLookups {
  buyers: ReadonlyMap<string, number>;
  products: ReadonlyMap<string, number>;
  branches: ReadonlyMap<string, number>;
}

export async function seedDemoSales(
  ctx: AppContext,
  actor: Principal,
  lookups: DemoLookups,
  step: <T>(what: string, work: () => Promise<T>) => Promise<T>,
): Promise<void> {
  const { db } = ctx;
  const { companyId } = actor;
  await seedDemoOffers(ctx, actor, step);
  const need = <V>(map: ReadonlyMap<string, V>, key: string) => {
    const value = map.get(key);
    if (value === undefined) throw new Error(`Demo sales: no ${key}`);
    return value;
  };
  for (const sale of SALES) {
    const buyerId = need(lookups.buyers, sale.buyer);
    const addresses = await buyerAddresses(db, companyId, buyerId);
    const items = await Promise.all(
      sale.items.map(async ({ sku, quantity, discount }) => {
        const productId = need(lookups.products, sku);
        const level = await db
          .selectFrom('stock_levels')
          .select('warehouse_id')
          .where('company_id', '=', companyId)
          .where('product_id', '=', productId)
          .orderBy('available_stock', 'desc')
          .executeTakeFirstOrThrow();
        return { product: productId, warehouse: level.warehouse_id, quantity, discount };
      }),
    );
    const input = quotationInput.parse({
      buyer: buyerId,
      branch: need(lookups.branches, sale.branch),
      billing_address: addresses.billing,
      shipping_address: addresses.shipping,
      reference: sale.reference,
      shipping_handling_charges: sale.shippingCharges,
      items,
    });
    let quotation = await step(`quotation for ${sale.buyer}`, () => createQuotation({ db, actor, input }));
    if (sale.coupon) {
      const couponCode = sale.coupon;
      quotation = await step(`coupon ${couponCode}`, () =>
        applyCoupon({ db, actor, id: quotation.id, couponCode }),
      );
    }
    if (sale.outcome === 'submit') {
      await step(`quotation sent to ${sale.buyer}`, () => submitQuotation({ db, actor, id: quotation.id }));
      continue;
    }
    const order = await step(`order of ${sale.buyer}`, () =>
      generateOrder({ db, actor, quotationId: quotation.id, instant: false }),
    );
    if (sale.outcome === 'order') continue;
    if (order.status === 'new') await step('confirm', () => confirmOrder({ db, actor, id: order.id }));
    if (sale.outcome === 'hold') {
      await step('hold', () => holdOrder({ db, actor, id: order.id }));
      continue;
    }
    const { invoice } = sale.outcome;
    const invoiceItems = order.order_items
      .map((item) => ({
        order_item: item.id,
        quantity: invoice === 'all' ? item.quantity : (invoice[item.product.sku ?? ''] ?? 0),
      }))
      .filter((item) => item.quantity > 0);
    const created = await step(`invoice for ${sale.buyer}`, () =>
      generateInvoice({
        ctx: { db, eInvoicingConfigured: false },
        actor,
        orderId: order.id,
        input: generateInvoiceInput.parse({ items: invoiceItems }),
      }),
    );
    if (sale.shipment) await seedDemoShipment(ctx, actor, created.id, sale.shipment, step);
    const payment = sale.payment;
    if (payment) {
      await step(`payment from ${sale.buyer}`, () =>
        payment.amount === 'due'
          ? markOrderAsPaid({
              db,
              actor,
              orderId: order.id,
              input: markAsPaidInput.parse({ reference_number: payment.reference }),
            })
          : recordOrderPayment({
              db,
              actor,
              orderId: order.id,
              input: orderPaymentCreate.parse({
                amount: payment.amount,
                reference_number: payment.reference,
              }),
            }),
      );
    }
  }
  await seedDemoAutomaticOffers(ctx, actor, step);
}

/**
 * Ships all of a demo invoice: delivered by the seller's own van (the order is then complete), or
 * handed to a courier and on its way. `date` is the shipment's date (today when absent).
 */
export async function seedDemoShipment(
  ctx: AppContext,
  actor: Principal,
  invoiceId: number,
  kind: 'delivered' | 'in_transit',
  step: <T>(what: string, work: () => Promise<T>) => Promise<T>,
  date?: string,
) {
  const shipmentCtx = { db: ctx.db, carrier: undefined };
  const proposal = await initiateShipment(shipmentCtx, actor.companyId, invoiceId);
  const items = proposal.items.map((item) => ({
    invoice_item: item.invoice_item,
    quantity: item.shippable_quantity,
  }));
  const input = createShipmentInput.parse(
    kind === 'delivered'
      ? {
          items,
          shipment_date: date,
          status: 'delivered',
          carrier: 'self_delivery',
          notes: 'Delivered by our van.',
        }
      : {
          items,
          shipment_date: date,
          carrier: 'other',
          carrier_name: 'Blue Dart',
          tracking_number: 'BD40917263IN',
          tracking_link: 'https://www.bluedart.com/tracking',
        },
  );
  const shipment = await step(`shipment of ${proposal.invoice.invoice_number}`, () =>
    createShipment({ ctx: shipmentCtx, actor, invoiceId, input }),
  );
  if (kind === 'delivered') return;
  for (const status of ['picked_up', 'shipped'] as const) {
    await step(`shipment ${status}`, () =>
      changeShipmentStatus({ db: ctx.db, actor, shipmentId: shipment.id, status }),
    );
  }
}
