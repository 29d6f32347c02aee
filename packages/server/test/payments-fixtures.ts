import { expect } from 'vitest';
import { type SignedUpCompany, signUpCompany } from './factories.ts';
import { dbOf } from './inventory-fixtures.ts';
import {
  type Buyer,
  createBuyerWithAddress,
  createOrder,
  createTaxedProduct,
  daysFromToday,
  invoiceOrder,
  setRoundOff,
} from './sales-fixtures.ts';

/** Test data for payments: a company, a buyer, a ₹118 (18% GST) product with stock, a payment method. */
export interface PaymentWorld {
  company: SignedUpCompany;
  buyer: Buyer;
  productId: number;
  methodId: number;
}

export async function paymentWorld(company?: SignedUpCompany): Promise<PaymentWorld> {
  const c = company ?? (await signUpCompany());
  if (!company) await setRoundOff(c, false);
  const buyer = await createBuyerWithAddress(c);
  const product = await createTaxedProduct(c, { openingStock: 10_000 });
  const method = await dbOf(c)
    .selectFrom('payment_methods')
    .select('id')
    .where('company_id', '=', c.companyId)
    .where('is_active', '=', true)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  return { company: c, buyer, productId: product.id, methodId: method.id };
}

/** A confirmed order of `quantity` × ₹118 (not invoiced). */
export async function confirmedOrder(world: PaymentWorld, quantity = 1) {
  const { order } = await createOrder(world.company, {
    buyer: world.buyer,
    lines: [{ product: world.productId, quantity }],
    confirm: true,
  });
  return order as { id: number; total: number; order_items: { id: number; invoiceable_quantity: number }[] };
}

/** An order invoiced in full: ₹118 per unit. Returns the order and its invoice. */
export async function invoicedOrder(world: PaymentWorld, quantity = 1, extra: Record<string, unknown> = {}) {
  const order = await confirmedOrder(world, quantity);
  const invoice = await invoiceOrder(world.company, order, undefined, extra);
  return { order, invoice: invoice as { id: number; invoice_number: string; invoice_total: number } };
}

export async function orderOf(company: SignedUpCompany, orderId: number) {
  const res = await company.api.get(`admin/orders/${orderId}`);
  expect(res.status).toBe(200);
  return res.body as { id: number; payment_status: string; status: string };
}

export async function invoiceOf(company: SignedUpCompany, invoiceId: number) {
  const res = await company.api.get(`admin/invoices/${invoiceId}`);
  expect(res.status).toBe(200);
  return res.body as {
    id: number;
    payment_status: string;
    amount_due: number;
    amount_paid: number;
    status: string;
  };
}

/** The buyer's outstanding in paise, straight from the row the ledger writer keeps. */
export async function outstandingPaise(company: SignedUpCompany, buyerId: number) {
  const row = await dbOf(company)
    .selectFrom('buyers')
    .select('outstanding_paise')
    .where('company_id', '=', company.companyId)
    .where('id', '=', buyerId)
    .executeTakeFirstOrThrow();
  return Number(row.outstanding_paise);
}

/** POST admin/companies/{companyId}/payments; expects 201 unless told otherwise. */
export async function payInvoices(
  world: PaymentWorld,
  body: Record<string, unknown>,
  options: { status?: number; key?: string } = {},
) {
  const res = await world.company.api.post(
    `admin/companies/${world.company.companyId}/payments`,
    { buyer: world.buyer.id, payment_method: world.methodId, ...body },
    options.key ? { 'idempotency-key': options.key } : {},
  );
  expect(res.status, JSON.stringify(res.body)).toBe(options.status ?? 201);
  return res.body;
}

/** A path under the world's company: admin/companies/{companyId}/<rest>. */
export const companyPath = (world: PaymentWorld, rest: string) =>
  `admin/companies/${world.company.companyId}/${rest}`;

/** Invoice dates and due dates moved into the past, for ageing (the API refuses back-dated invoices before their order). */
export async function makeOverdue(world: PaymentWorld, invoiceId: number, daysOverdue: number) {
  await dbOf(world.company)
    .updateTable('invoices')
    .set({ invoice_date: daysFromToday(-daysOverdue - 1), due_date: daysFromToday(-daysOverdue) })
    .where('company_id', '=', world.company.companyId)
    .where('id', '=', invoiceId)
    .execute();
}
