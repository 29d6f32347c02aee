import { expect } from 'vitest';
import type { SignedUpCompany } from './factories.ts';
import { dbOf } from './inventory-fixtures.ts';

/** Test data for sales returns and credit notes, made through the API. */

interface InvoiceWithItems {
  id: number;
  items: { id: number; quantity: number }[];
}

/**
 * A sales return of the invoice's lines (`quantities` by line, all sold when omitted); expects 201
 * and returns the return.
 */
export async function createSalesReturn(
  company: SignedUpCompany,
  invoice: InvoiceWithItems,
  quantities?: readonly number[],
  extra: Record<string, unknown> = {},
) {
  const items = invoice.items
    .map((item, index) => ({
      invoice_item: item.id,
      return_quantity: quantities ? quantities[index] : item.quantity,
    }))
    .filter((item) => (item.return_quantity ?? 0) > 0);
  const res = await company.api.post(`admin/invoices/${invoice.id}/sales_returns`, { items, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/**
 * A credit note against the invoice: `lines` as [quantity, additional discount] by invoice line
 * (everything at 100% when omitted); expects 201 and returns the note.
 */
export async function createCreditNote(
  company: SignedUpCompany,
  invoice: InvoiceWithItems,
  lines?: readonly (readonly [number, number] | null)[],
  extra: Record<string, unknown> = {},
) {
  const items = invoice.items.flatMap((item, index) => {
    const line = lines ? lines[index] : [item.quantity, 100];
    return line ? [{ invoice_item: item.id, quantity: line[0], additional_discount: line[1] }] : [];
  });
  const res = await company.api.post(`admin/invoices/${invoice.id}/credit_notes`, { items, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The buyer's outstanding in rupees, as the buyer ledger keeps it. */
export async function outstandingOf(company: SignedUpCompany, buyerId: number) {
  const row = await dbOf(company)
    .selectFrom('buyers')
    .select('outstanding_paise')
    .where('company_id', '=', company.companyId)
    .where('id', '=', buyerId)
    .executeTakeFirstOrThrow();
  return Number(row.outstanding_paise) / 100;
}
