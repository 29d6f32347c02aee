import { productCreate } from '@b2b/domain/api/products';
import { billInput } from '@b2b/domain/bills';
import { paymentMadeInput } from '@b2b/domain/payments-made';
import { purchaseOrderInput } from '@b2b/domain/purchase-orders';
import { purchaseReturnInput } from '@b2b/domain/purchase-returns';
import { addDays, todayInIndia } from '@b2b/domain/validation';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { getBill } from '../modules/bills/bill-reads.ts';
import { createBill, receiveBill, voidBill } from '../modules/bills/bills.service.ts';
import { createPaymentMade } from '../modules/payments-made/payments-made.service.ts';
import { createProduct } from '../modules/products/create-product.ts';
import {
  createPurchaseOrder,
  sendPurchaseOrder,
} from '../modules/purchase-orders/purchase-orders.service.ts';
import { createPurchaseReturn } from '../modules/purchase-returns/purchase-returns.service.ts';
import { lookup } from './seed-demo-support.ts';

/**
 * Demo bills (issue 19): what the company bought from its two sellers this month. Fans and lights
 * from Sahyadri (Maharashtra) into Mumbai, received; kitchen appliances from Kaveri (Karnataka)
 * into Mumbai (inter-state, IGST) still a draft, and into Bengaluru (intra-state) received with
 * batch numbers; one bill entered twice by mistake and voided. The first Sahyadri bill is paid in
 * full by bank transfer (a payment made at /payments-made). Two purchase orders: kitchen appliances
 * ordered from Kaveri, partly billed by the draft KHA/26-27/1187, and a sent order of fans and
 * battens to Sahyadri still to be billed.
 */
export async function seedDemoBills(
  ctx: AppContext,
  actor: Principal,
  refs: {
    sellers: Map<string, number>;
    products: Map<string, number>;
    branches: Map<string, number>;
    warehouses: Map<string, number>;
    methods: Map<string, number>;
    categories: Map<string, number>;
    units: Map<string, number>;
    taxes: Map<number, number>;
  },
  step: <T>(what: string, work: () => Promise<T>) => Promise<T>,
): Promise<void> {
  const { db } = ctx;
  const today = todayInIndia();
  const product = (sku: string) => lookup(refs.products, sku, 'product');
  const at = (branch: 'Mumbai' | 'Bengaluru') => ({
    branch: lookup(refs.branches, branch, 'branch'),
    warehouse: lookup(refs.warehouses, branch, 'warehouse'),
  });
  const sahyadri = lookup(refs.sellers, 'Sahyadri Electricals LLP', 'seller');
  const kaveri = lookup(refs.sellers, 'Kaveri Home Appliances Private Limited', 'seller');
  const dated = (daysAgo: number, termDays: number) => ({
    bill_date: addDays(today, -daysAgo),
    due_date: addDays(today, termDays - daysAgo),
  });

  // Purchase orders (sent, so they may be billed): Kaveri's is billed in part below.
  const order = async (what: string, input: unknown) => {
    const made = await step(`purchase order ${what}`, () =>
      createPurchaseOrder({ db, actor, input: purchaseOrderInput.parse(input) }),
    );
    return step(`purchase order ${what} sent`, () => sendPurchaseOrder({ db, actor, id: made.id }));
  };
  const kaveriOrder = await order('Kaveri kitchen appliances', {
    seller: kaveri,
    ...at('Mumbai'),
    order_date: addDays(today, -6),
    expected_date: addDays(today, 4),
    reference: 'KHA-QTN-2291',
    notes: 'Second lot of mixer grinders to follow by the end of the month.',
    items: [
      { product: product('PR-MG-IRIS750'), quantity: 20, rate: 2441, tax_rate: 18 },
      { product: product('PR-IC-PIC20'), quantity: 10, rate: 1595.5, tax_rate: 18 },
    ],
  });
  const [grinders, cooktops] = kaveriOrder.items;
  await order('Sahyadri fans and battens', {
    seller: sahyadri,
    ...at('Mumbai'),
    order_date: addDays(today, -1),
    expected_date: addDays(today, 6),
    items: [
      { product: product('HV-CF-STEALTH1200'), quantity: 8, rate: 4117, tax_rate: 18 },
      { product: product('HV-LT-BATTEN20'), quantity: 150, rate: 305.5, discount_percent: 2, tax_rate: 18 },
    ],
  });

  const bills = [
    {
      receive: true,
      input: {
        seller: sahyadri,
        ...at('Mumbai'),
        bill_number: 'SE/2627/0418',
        ...dated(12, 30),
        freight_charges: 850,
        notes: 'Ceiling fans for the Diwali season.',
        items: [
          { product: product('HV-CF-STEALTH1200'), quantity: 10, rate: 4117, tax_rate: 18 },
          { product: product('BJ-CF-FRORE1200'), quantity: 12, rate: 1347.5, tax_rate: 18 },
        ],
      },
    },
    {
      receive: true,
      input: {
        seller: sahyadri,
        ...at('Mumbai'),
        bill_number: 'SE/2627/0452',
        ...dated(5, 30),
        items: [
          { product: product('HV-LT-BATTEN20'), quantity: 100, rate: 305.5, tax_rate: 18 },
          {
            product: product('BJ-CF-FRORE1200'),
            quantity: 6,
            rate: 1347.5,
            discount_percent: 5,
            tax_rate: 18,
          },
        ],
      },
    },
    {
      receive: false,
      input: {
        seller: kaveri,
        ...at('Mumbai'),
        bill_number: 'KHA/26-27/1187',
        ...dated(2, 45),
        notes: 'Awaiting the goods at the Mumbai warehouse.',
        purchase_order: kaveriOrder.id,
        items: [
          {
            product: product('PR-MG-IRIS750'),
            quantity: 8,
            rate: 2441,
            tax_rate: 18,
            purchase_order_item: grinders?.id,
          },
          {
            product: product('PR-IC-PIC20'),
            quantity: 10,
            rate: 1595.5,
            tax_rate: 18,
            purchase_order_item: cooktops?.id,
          },
        ],
      },
    },
    {
      receive: true,
      input: {
        seller: kaveri,
        ...at('Bengaluru'),
        bill_number: 'KHA/26-27/1152',
        ...dated(9, 45),
        other_charges: 400,
        items: [
          {
            product: product('PR-PC-POP5L'),
            quantity: 20,
            rate: 1480,
            tax_rate: 5,
            batch_number: 'POP-2610',
          },
          {
            product: product('PR-CW-OMEGA24'),
            quantity: 15,
            rate: 1090,
            tax_rate: 5,
            batch_number: 'OMG-2609',
          },
        ],
      },
    },
  ];
  const entered = new Map<string, number>();
  for (const bill of bills) {
    const made = await step(`bill ${bill.input.bill_number}`, () =>
      createBill({ db, actor, input: billInput.parse(bill.input) }),
    );
    entered.set(bill.input.bill_number, made.id);
    if (bill.receive && made.status === 'draft') {
      await step(`bill ${bill.input.bill_number} received`, () => receiveBill({ db, actor, id: made.id }));
    }
  }
  const firstBill = lookup(entered, 'SE/2627/0418', 'bill');
  await step('payment made for SE/2627/0418', async () => {
    const bill = await getBill(db, actor.companyId, firstBill);
    return createPaymentMade({
      db,
      actor,
      input: paymentMadeInput.parse({
        seller: sahyadri,
        payment_date: addDays(today, -3),
        amount: bill.balance_due,
        payment_method: lookup(refs.methods, 'bank_transfer', 'payment method'),
        reference_number: 'HDFCN52026112600418',
        allocations: [{ bill: firstBill, amount: bill.balance_due }],
      }),
    });
  });
  // Two Frore fans of SE/2627/0418 came with cracked blades and went back to Sahyadri: the debit
  // note stays as Sahyadri's credit with us (the bill was paid), to be refunded or set off.
  await step('purchase return for SE/2627/0418', async () => {
    const bill = await getBill(db, actor.companyId, firstBill);
    const fans = bill.items.find((item) => item.product.id === product('BJ-CF-FRORE1200'));
    return createPurchaseReturn({
      db,
      actor,
      input: purchaseReturnInput.parse({
        bill: firstBill,
        return_date: addDays(today, -2),
        reason: 'Two fans arrived with cracked blades.',
        items: [{ bill_item: fans?.id, quantity: 2 }],
      }),
    });
  });
  // Entered twice by mistake (the same goods as KHA/26-27/1152 under a typo), then voided.
  const mistake = await step('mistaken bill', () =>
    createBill({
      db,
      actor,
      input: billInput.parse({
        seller: kaveri,
        ...at('Bengaluru'),
        bill_number: 'KHA/26-27/1125',
        ...dated(9, 45),
        notes: 'Entered by mistake; the right number is KHA/26-27/1152.',
        items: [{ product: product('PR-PC-POP5L'), quantity: 20, rate: 1480, tax_rate: 5 }],
      }),
    }),
  );
  await step('mistaken bill voided', () => voidBill({ db, actor, id: mistake.id }));
  await seedExemptPurchase(
    ctx,
    actor,
    { ...refs, kaveri, at: at('Mumbai'), billDate: addDays(today, -5) },
    step,
  );
}

/**
 * Earthen pots are exempt from GST (HSN 6912 00 40): a summer lot of matkas bought at 0% shows an
 * exempt inward supply in GSTR-3B table 5 and a nil/exempt line on the bill.
 */
async function seedExemptPurchase(
  ctx: AppContext,
  actor: Principal,
  refs: {
    categories: Map<string, number>;
    units: Map<string, number>;
    taxes: Map<number, number>;
    kaveri: number;
    at: { branch: number; warehouse: number };
    billDate: string;
  },
  step: <T>(what: string, work: () => Promise<T>) => Promise<T>,
) {
  const { db } = ctx;
  const matka = await step('product CL-WP-MATKA12', () =>
    createProduct({
      db,
      actor,
      input: productCreate.parse({
        name: 'Earthen Water Pot (Matka) 12 L with Tap',
        sku: 'CL-WP-MATKA12',
        category: lookup(refs.categories, 'Cookware', 'category'),
        unit: lookup(refs.units, 'PCS', 'unit'),
        tax: lookup(refs.taxes, 0, 'GST rate'),
        gst_treatment: 'exempt',
        hsn: '69120040',
        mrp: 650,
        selling_price: 480,
        cost_price: 310,
        weight: 4.5,
        reorder_point: 10,
        short_description: 'Hand-made unglazed clay pot that keeps water cool, with a brass-finish tap.',
        tags: ['summer', 'clay'],
      }),
    }),
  );
  const bill = await step('bill KHA/26-27/1209', () =>
    createBill({
      db,
      actor,
      input: billInput.parse({
        seller: refs.kaveri,
        ...refs.at,
        bill_number: 'KHA/26-27/1209',
        bill_date: refs.billDate,
        due_date: addDays(refs.billDate, 30),
        notes: 'Clay matkas for the summer counter display; exempt from GST.',
        items: [{ product: matka.id, quantity: 60, rate: 310, tax_rate: 0, gst_treatment: 'exempt' }],
      }),
    }),
  );
  if (bill.status === 'draft')
    await step('bill KHA/26-27/1209 received', () => receiveBill({ db, actor, id: bill.id }));
}
