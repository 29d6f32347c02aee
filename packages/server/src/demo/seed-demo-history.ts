import { createCreditNoteInput } from '@b2b/domain/api/credit-notes';
import { generateInvoiceInput } from '@b2b/domain/api/invoices';
import { paymentCreate } from '@b2b/domain/api/payments';
import { quotationInput } from '@b2b/domain/api/sales-orders';
import { billInput } from '@b2b/domain/bills';
import { paymentMadeInput } from '@b2b/domain/payments-made';
import { addDays, todayInIndia } from '@b2b/domain/validation';
import { sql } from 'kysely';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { inTransaction } from '../db/transaction.ts';
import { createBill, receiveBill } from '../modules/bills/bills.service.ts';
import { createCreditNote } from '../modules/credit-notes/issue-credit-note.ts';
import { generateInvoice } from '../modules/invoices/issue-invoice.ts';
import { createPayment } from '../modules/payments/record-payment.ts';
import { createPaymentMade } from '../modules/payments-made/payments-made.service.ts';
import { confirmOrder } from '../modules/sales-orders/change-order.ts';
import { generateDirectOrder } from '../modules/sales-orders/place-order.ts';
import { DEMO_PRODUCTS } from './seed-demo-catalogue.ts';
import { seedDemoShipment } from './seed-demo-sales.ts';
import { type Branch, buyerAddresses, lookup } from './seed-demo-support.ts';

/**
 * The demo's past (issue 21): thirteen months of business before today, so the reports and the
 * dashboard's trends have a year to show. Orders invoiced on their own dates, more of them each
 * month and most in the festive October and November; Mehta Kitchen World and Sri Lakshmi
 * Appliances buy the most, Mysuru Electricals buys from Mumbai (IGST). Most invoices are paid
 * around their due date; a few are paid in part or not at all, so money is overdue in every
 * ageing bucket. Stock comes first: every four months each warehouse's seller bills what it
 * will sell in the next four (received, then paid at its due date), so stock never goes below what
 * today's demo starts with. Two invoices got a credit note for a damaged unit.
 *
 * Everything goes through the services with the documents' own dates (quotation date, invoice
 * date, due date, payment date, bill date, credit note date, shipment date), created in date order
 * so every series stays in date order. Invoices older than a few days were delivered by the
 * seller's van the day after. The stock ledger is dated by its rows' creation, so once the past is
 * written its movements are moved to their documents' days, and the products' opening stock to
 * the day the past begins (datePastStockMovements): the only place the immutable ledger is
 * rewritten, and only for a demo being made.
 *
 * Deterministic: one seeded random sequence, and dates counted back from today.
 */

type Step = <T>(what: string, work: () => Promise<T>) => Promise<T>;

interface HistoryBuyer {
  name: string;
  /** How often the buyer orders, against the others. */
  weight: number;
  /** The branch that sells to them, and the share of their orders another branch ships (IGST). */
  branch: Branch;
  /** Rupees an order is worth, about. */
  orderValue: number;
  /** Days the buyer's payment term gives (its Net N). */
  termDays: number;
  /** May be left owing: the buyers whose credit limit can carry it. */
  mayOwe: boolean;
  /** Buys the premium range only their group may buy. */
  preferred: boolean;
}

// Anand Rao (a consumer brought in by a referral) has no past: the referral seed makes his first order.
const BUYERS: HistoryBuyer[] = [
  {
    name: 'Mehta Kitchen World',
    weight: 32,
    branch: 'Mumbai',
    orderValue: 42000,
    termDays: 30,
    mayOwe: true,
    preferred: true,
  },
  {
    name: 'Sri Lakshmi Appliances',
    weight: 26,
    branch: 'Bengaluru',
    orderValue: 36000,
    termDays: 45,
    mayOwe: true,
    preferred: true,
  },
  {
    name: 'Pune Electric Stores',
    weight: 18,
    branch: 'Mumbai',
    orderValue: 22000,
    termDays: 15,
    mayOwe: false,
    preferred: true,
  },
  {
    name: 'Mysuru Electricals & Hardware',
    weight: 14,
    branch: 'Mumbai',
    orderValue: 18000,
    termDays: 30,
    mayOwe: false,
    preferred: false,
  },
  {
    name: 'Nashik Home Needs',
    weight: 10,
    branch: 'Mumbai',
    orderValue: 9000,
    termDays: 7,
    mayOwe: false,
    preferred: false,
  },
];

/** Each warehouse's stock comes from one seller (both in the warehouse's state: CGST + SGST). */
const SUPPLIERS: Record<Branch, { seller: string; prefix: string; termDays: number }> = {
  Mumbai: { seller: 'Sahyadri Electricals LLP', prefix: 'SE', termDays: 30 },
  Bengaluru: { seller: 'Kaveri Home Appliances Private Limited', prefix: 'KHA', termDays: 45 },
};

const MONTHS = 13;
/** Days between two restocking bills of a warehouse. */
const RESTOCK_DAYS = 122;

interface PlannedSale {
  date: string;
  dueDate: string;
  buyer: HistoryBuyer;
  branch: Branch;
  lines: { sku: string; quantity: number }[];
  /** How it gets paid: in full, half of it, or not at all. */
  payment: 'full' | 'part' | 'none';
  /** Days after the due date the money comes (negative: early). */
  payDelay: number;
  /** A damaged unit of the first line credited a few days after the invoice. */
  creditNote: boolean;
}

/** mulberry32: a small seeded generator, so every demo has the same past. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const monthStart = (today: string, monthsBack: number) => {
  const date = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - monthsBack);
  return date.toISOString().slice(0, 10);
};

const daysInMonth = (start: string) => {
  const date = new Date(`${start}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
};

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** The sales of the thirteen months before this one and of this month until three days ago. */
export function planDemoHistory(today: string): PlannedSale[] {
  const random = seededRandom(20_261_121);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const totalWeight = BUYERS.reduce((sum, b) => sum + b.weight, 0);
  const pickBuyer = () => {
    let left = random() * totalWeight;
    for (const buyer of BUYERS) {
      left -= buyer.weight;
      if (left < 0) return buyer;
    }
    return BUYERS[0] as HistoryBuyer;
  };
  const sales: PlannedSale[] = [];
  for (let back = MONTHS; back >= 0; back--) {
    const start = monthStart(today, back);
    const month = Number(start.slice(5, 7));
    const festive = month === 10 || month === 11;
    const growth = 1 + (MONTHS - back) * 0.04;
    const lastDay = back === 0 ? Number(today.slice(8, 10)) - 3 : daysInMonth(start);
    if (lastDay < 1) continue;
    const count = Math.round((1.6 + (MONTHS - back) / 10) * (festive ? 1.8 : 1) * (lastDay / 30));
    for (let n = 0; n < count; n++) {
      const buyer = pickBuyer();
      const date = addDays(start, Math.floor(random() * lastDay));
      const branch: Branch =
        buyer.name === 'Sri Lakshmi Appliances' && random() < 0.25 ? 'Mumbai' : buyer.branch;
      const range = DEMO_PRODUCTS.filter((p) => buyer.preferred || !p.buyerGroup);
      const lineCount = 1 + Math.floor(random() * 3);
      const skus = new Set<string>();
      while (skus.size < lineCount) skus.add(pick(range).sku);
      const value = buyer.orderValue * growth * (festive ? 1.3 : 1) * (0.6 + random() * 0.8);
      const lines = [...skus].map((sku) => {
        const price = lookup(PRICES, sku, 'product');
        return { sku, quantity: Math.max(1, Math.round(value / lineCount / price)) };
      });
      const roll = random();
      sales.push({
        date,
        dueDate: addDays(date, buyer.termDays),
        buyer,
        branch,
        lines,
        payment: buyer.mayOwe && roll < 0.06 ? 'none' : buyer.mayOwe && roll < 0.12 ? 'part' : 'full',
        payDelay: Math.floor(random() * 30) - 8,
        creditNote: false,
      });
    }
  }
  sales.sort((a, b) => a.date.localeCompare(b.date));
  leaveOwingInEveryBucket(sales, today);
  creditTwo(sales, today);
  return sales;
}

const PRICES = new Map(DEMO_PRODUCTS.map((p) => [p.sku, p.sellingPrice]));

/** One invoice overdue in each ageing bucket (1-30, 31-60, 61-90, over 90 days) is still owed. */
function leaveOwingInEveryBucket(sales: PlannedSale[], today: string) {
  const buckets: [number, number, PlannedSale['payment']][] = [
    [1, 30, 'part'],
    [31, 60, 'none'],
    [61, 90, 'part'],
    [91, 300, 'none'],
  ];
  for (const [from, to, payment] of buckets) {
    const inBucket = sales.filter((sale) => {
      const overdue = daysBetween(sale.dueDate, today);
      return overdue >= from && overdue <= to;
    });
    const owing = inBucket.find((sale) => sale.buyer.mayOwe) ?? inBucket[0];
    if (owing) owing.payment = payment;
  }
}

/** Credit notes for a damaged unit on two invoices, about five and eight months back. */
function creditTwo(sales: PlannedSale[], today: string) {
  for (const monthsBack of [8, 5]) {
    const around = addDays(today, -monthsBack * 30);
    const sale = sales.find((s) => s.date >= around && s.payment === 'full');
    if (sale) sale.creditNote = true;
  }
}

interface HistoryRefs {
  buyers: Map<string, number>;
  sellers: Map<string, number>;
  products: Map<string, number>;
  branches: Map<string, number>;
  warehouses: Map<string, number>;
  methods: Map<string, number>;
}

type Event = { date: string; order: number; run: () => Promise<unknown> };

/** Makes the planned past: restocking bills, the sales, their credit notes and payments, in date order. */
export async function seedDemoHistory(
  ctx: AppContext,
  actor: Principal,
  refs: HistoryRefs,
  step: Step,
): Promise<void> {
  const today = todayInIndia();
  const yesterday = addDays(today, -1);
  const sales = planDemoHistory(today);
  const events: Event[] = [];
  // Bills first on a day, then invoices, then credit notes, then money.
  const at = (date: string, order: number, run: () => Promise<unknown>) => {
    if (date <= today) events.push({ date, order, run });
  };
  for (const restock of planRestocking(sales, today)) {
    at(restock.date, 0, async () => {
      const bill = await seedRestockingBill(ctx, actor, refs, restock, step);
      at(bill.due_date, 3, () => payBill(ctx, actor, refs, { ...bill, number: restock.number }, step));
      events.sort(byDate);
    });
  }
  const shippedBy = addDays(today, -SHIPPED_AFTER_DAYS);
  for (const [index, sale] of sales.entries()) {
    at(sale.date, 1, async () => {
      const invoice = await seedPastSale(ctx, actor, refs, sale, step);
      if (sale.date <= shippedBy) {
        await seedDemoShipment(ctx, actor, invoice.id, 'delivered', step, addDays(sale.date, 1));
      }
      if (sale.creditNote) at(addDays(sale.date, 6), 2, () => seedCreditNote(ctx, actor, invoice, step));
      // Early payers pay on the invoice's day at the earliest.
      const payDay = addDays(sale.dueDate, Math.max(sale.payDelay, -sale.buyer.termDays));
      if (sale.payment !== 'none' && payDay <= yesterday) {
        at(payDay, 3, () =>
          seedPayment(ctx, actor, refs, { sale, invoiceId: invoice.id, number: index + 1, payDay }, step),
        );
      }
      events.sort(byDate);
    });
  }
  events.sort(byDate);
  const firstDay = events[0]?.date ?? today;
  // Events add later events (credit notes, payments): take them one at a time, earliest first.
  for (let next = events.shift(); next; next = events.shift()) await next.run();
  await datePastStockMovements(ctx, actor.companyId, firstDay);
}

/** Invoices of the last few days are still to be shipped; older ones were delivered the day after. */
const SHIPPED_AFTER_DAYS = 5;

/**
 * The past's stock movements, written today, dated at 11:00 IST of their documents' days (bill
 * received, order reserved, invoice issued), and the products' opening stock (written before the
 * past) at the day the past begins: the stock on the shelves today is then of every age, as
 * inventory age, stock movement and the inventory summary show. The ledger refuses updates
 * (stock_ledger_immutable); the demo, and nothing else, lifts that for this one statement, in one
 * transaction with it. Today's documents are made after this and keep today's date.
 */
async function datePastStockMovements(ctx: AppContext, companyId: number, firstDay: string) {
  await inTransaction(ctx.db, async (tx) => {
    await sql`ALTER TABLE stock_ledger DISABLE TRIGGER stock_ledger_immutable`.execute(tx);
    await sql`
      UPDATE stock_ledger l SET created_at = (d.day + time '11:00') AT TIME ZONE 'Asia/Kolkata'
      FROM (
        SELECT 'bill' AS kind, id, bill_date AS day FROM bills WHERE company_id = ${companyId}
        UNION ALL SELECT 'invoice', id, invoice_date FROM invoices WHERE company_id = ${companyId}
        UNION ALL SELECT 'sales_order', id, order_date FROM sales_orders WHERE company_id = ${companyId}
        UNION ALL SELECT 'product', id, ${firstDay}::date FROM products WHERE company_id = ${companyId}
      ) d
      WHERE l.company_id = ${companyId} AND l.document_type = d.kind AND l.document_id = d.id`.execute(tx);
    await sql`ALTER TABLE stock_ledger ENABLE TRIGGER stock_ledger_immutable`.execute(tx);
  });
}

const byDate = (a: Event, b: Event) => a.date.localeCompare(b.date) || a.order - b.order;

/** An order placed and invoiced in full on the sale's day, due by the buyer's term. */
async function seedPastSale(
  ctx: AppContext,
  actor: Principal,
  refs: HistoryRefs,
  sale: PlannedSale,
  step: Step,
) {
  const { db } = ctx;
  const buyerId = lookup(refs.buyers, sale.buyer.name, 'buyer');
  const addresses = await buyerAddresses(db, actor.companyId, buyerId);
  const input = quotationInput.parse({
    buyer: buyerId,
    branch: lookup(refs.branches, sale.branch, 'branch'),
    billing_address: addresses.billing,
    shipping_address: addresses.shipping,
    date: sale.date,
    items: sale.lines.map(({ sku, quantity }) => ({
      product: lookup(refs.products, sku, 'product'),
      warehouse: lookup(refs.warehouses, warehouseOf(sku), 'warehouse'),
      quantity,
    })),
  });
  const what = `past order of ${sale.buyer.name} on ${sale.date}`;
  const order = await step(what, () => generateDirectOrder({ db, actor, input, instant: false }));
  if (order.status === 'new')
    await step(`${what} confirmed`, () => confirmOrder({ db, actor, id: order.id }));
  return step(`${what} invoiced`, () =>
    generateInvoice({
      ctx: { db, eInvoicingConfigured: false },
      actor,
      orderId: order.id,
      input: generateInvoiceInput.parse({
        invoice_date: sale.date,
        due_date: sale.dueDate,
        items: order.order_items.map((item) => ({ order_item: item.id, quantity: item.quantity })),
      }),
    }),
  );
}

const warehouseOf = (sku: string): Branch => {
  const product = DEMO_PRODUCTS.find((p) => p.sku === sku);
  if (!product) throw new Error(`Demo data: no product "${sku}".`);
  return product.warehouse;
};

/** What the buyer still owes on the invoice (after credit notes), in rupees. */
async function amountDue(ctx: AppContext, companyId: number, invoiceId: number) {
  const row = await ctx.db
    .selectFrom('invoices')
    .select((eb) =>
      eb(
        eb(eb('total_paise', '-', eb.ref('amount_paid_paise')), '-', eb.ref('credited_paise')),
        '-',
        eb.ref('write_off_paise'),
      ).as('due'),
    )
    .where('company_id', '=', companyId)
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return Number(row.due) / 100;
}

/** Money for the invoice: all that is due, or half of it, by bank transfer or UPI. */
async function seedPayment(
  ctx: AppContext,
  actor: Principal,
  refs: HistoryRefs,
  payment: { sale: PlannedSale; invoiceId: number; number: number; payDay: string },
  step: Step,
) {
  const { sale, invoiceId, number, payDay } = payment;
  const due = await amountDue(ctx, actor.companyId, invoiceId);
  const amount = sale.payment === 'part' ? Math.round(due / 2) : due;
  if (amount <= 0) return;
  const byUpi = amount < 15000;
  const input = paymentCreate.parse({
    buyer: lookup(refs.buyers, sale.buyer.name, 'buyer'),
    amount,
    payment_date: payDay,
    payment_method: lookup(refs.methods, byUpi ? 'upi' : 'bank_transfer', 'payment method'),
    reference_number: byUpi
      ? `UPI/${payDay.replaceAll('-', '')}${String(number).padStart(4, '0')}`
      : `NEFT/${payDay.replaceAll('-', '')}/${String(number).padStart(4, '0')}`,
    allocations: [{ invoice: invoiceId, amount }],
  });
  await step(`payment from ${sale.buyer.name} on ${payDay}`, () =>
    createPayment({ db: ctx.db, actor, input }),
  );
}

/** One unit of the invoice's first line came damaged: credited in full six days on. */
async function seedCreditNote(
  ctx: AppContext,
  actor: Principal,
  invoice: { id: number; invoice_date: string; items: { id: number }[] },
  step: Step,
) {
  const [line] = invoice.items;
  if (!line) return;
  const input = createCreditNoteInput.parse({
    credit_note_date: addDays(invoice.invoice_date, 6),
    reason: 'One unit arrived damaged in transit.',
    items: [{ invoice_item: line.id, quantity: 1 }],
  });
  await step(`credit note on invoice ${invoice.id}`, () =>
    createCreditNote({ db: ctx.db, actor, invoiceId: invoice.id, input }),
  );
}

interface Restock {
  date: string;
  branch: Branch;
  number: number;
  lines: { sku: string; quantity: number }[];
}

/** Every RESTOCK_DAYS from the first sale, each warehouse's bill of what it sells until the next. */
function planRestocking(sales: PlannedSale[], today: string): Restock[] {
  const first = sales[0];
  if (!first) return [];
  const restocks: Restock[] = [];
  let number = 100;
  for (let from = addDays(first.date, -3); from <= today; from = addDays(from, RESTOCK_DAYS)) {
    const until = addDays(from, RESTOCK_DAYS);
    for (const branch of ['Mumbai', 'Bengaluru'] as const) {
      const needed = new Map<string, number>();
      for (const sale of sales) {
        if (sale.date < from || sale.date >= until) continue;
        for (const line of sale.lines) {
          if (warehouseOf(line.sku) !== branch) continue;
          needed.set(line.sku, (needed.get(line.sku) ?? 0) + line.quantity);
        }
      }
      if (needed.size === 0) continue;
      number += 7;
      restocks.push({
        date: from,
        branch,
        number,
        lines: [...needed].map(([sku, quantity]) => ({ sku, quantity })),
      });
    }
  }
  return restocks;
}

/** A received bill of the warehouse's seller at cost, paid at its due date when that has passed. */
async function seedRestockingBill(
  ctx: AppContext,
  actor: Principal,
  refs: HistoryRefs,
  restock: Restock,
  step: Step,
) {
  const supplier = SUPPLIERS[restock.branch];
  const seller = lookup(refs.sellers, supplier.seller, 'seller');
  const year = restock.date.slice(2, 4);
  const billNumber = `${supplier.prefix}/${year}/${String(restock.number).padStart(4, '0')}`;
  const dueDate = addDays(restock.date, supplier.termDays);
  const input = billInput.parse({
    seller,
    branch: lookup(refs.branches, restock.branch, 'branch'),
    warehouse: lookup(refs.warehouses, restock.branch, 'warehouse'),
    bill_number: billNumber,
    bill_date: restock.date,
    due_date: dueDate,
    items: restock.lines.map(({ sku, quantity }) => {
      const product = DEMO_PRODUCTS.find((p) => p.sku === sku);
      if (!product) throw new Error(`Demo data: no product "${sku}".`);
      return {
        product: lookup(refs.products, sku, 'product'),
        quantity,
        rate: product.costPrice,
        tax_rate: product.gst,
      };
    }),
  });
  const bill = await step(`bill ${billNumber}`, () => createBill({ db: ctx.db, actor, input }));
  if (bill.status === 'draft') {
    await step(`bill ${billNumber} received`, () => receiveBill({ db: ctx.db, actor, id: bill.id }));
  }
  return { id: bill.id, billNumber, seller, total: bill.total, due_date: dueDate };
}

/** The bill paid in full by bank transfer on its due date. */
async function payBill(
  ctx: AppContext,
  actor: Principal,
  refs: HistoryRefs,
  bill: { id: number; billNumber: string; seller: number; total: number; due_date: string; number: number },
  step: Step,
) {
  const input = paymentMadeInput.parse({
    seller: bill.seller,
    payment_date: bill.due_date,
    amount: bill.total,
    payment_method: lookup(refs.methods, 'bank_transfer', 'payment method'),
    reference_number: `NEFT/${bill.due_date.replaceAll('-', '')}/${bill.number}`,
    allocations: [{ bill: bill.id, amount: bill.total }],
  });
  await step(`payment made for ${bill.billNumber}`, () => createPaymentMade({ db: ctx.db, actor, input }));
}
