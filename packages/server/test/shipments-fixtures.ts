import { expect } from 'vitest';
import type { SignedUpCompany } from './factories.ts';
import { createInvoicedOrder, type OrderOptions } from './sales-fixtures.ts';

/**
 * Test data for shipments: an invoiced order, and shipments of its invoice made through the API.
 */

/** The invoice's lines as initiate_shipment proposes them. */
export async function initiate(company: SignedUpCompany, invoiceId: number) {
  const res = await company.api.get(`admin/invoices/${invoiceId}/initiate_shipment/`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/**
 * Ships the given quantities of the invoice's lines, in line order (everything left when
 * omitted); expects 201 and returns the shipment.
 */
export async function ship(
  company: SignedUpCompany,
  invoiceId: number,
  quantities?: readonly number[],
  extra: Record<string, unknown> = {},
) {
  const proposal = await initiate(company, invoiceId);
  const items = (proposal.items as { invoice_item: number; shippable_quantity: number }[])
    .map((item, index) => ({
      invoice_item: item.invoice_item,
      quantity: quantities ? quantities[index] : item.shippable_quantity,
    }))
    .filter((item) => (item.quantity ?? 0) > 0);
  const res = await company.api.post(`admin/invoices/${invoiceId}/shipments`, { items, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Moves a shipment through statuses in turn; expects 200 each time and returns the last answer. */
export async function moveShipment(company: SignedUpCompany, shipmentId: number, ...statuses: string[]) {
  let body: any;
  for (const status of statuses) {
    const res = await company.api.post(`admin/shipments/${shipmentId}/status`, { status });
    expect(res.status, `${status}: ${JSON.stringify(res.body)}`).toBe(200);
    body = res.body;
  }
  return body;
}

/** A confirmed order invoiced in full (by default 2 of one 18% product): order, invoice and buyer. */
export const createShippableInvoice = (
  company: SignedUpCompany,
  options: OrderOptions & { quantities?: readonly number[] } = {},
) => createInvoicedOrder(company, options);
