import type { InvoiceOutput, InvoiceSummaryOutput } from '@b2b/domain/api/invoices';
import { allowedInvoiceActions, type InvoiceSettlement, invoiceAmountDuePaise } from '@b2b/domain/invoices';
import { toRupees } from '@b2b/domain/money';
import { apportionPaise } from '@b2b/domain/sales-pricing';
import type { CommentOutput } from '../comments/comments.service.ts';
import { person, presentLine, presentTotals, type totalsColumns } from '../sales-documents/sales-document.ts';
import type * as queries from './invoices.queries.ts';

/** How an invoice is answered: the stored row in rupees, with the actions the user may take now. */

export const amountDuePaise = (row: {
  status: string;
  total_paise: number;
  amount_paid_paise: number;
  credited_paise: number;
  write_off_paise: number;
}) => invoiceAmountDuePaise(settlementOf(row));

export const settlementOf = (row: {
  status: string;
  total_paise: number;
  amount_paid_paise: number;
  credited_paise: number;
  write_off_paise: number;
}): InvoiceSettlement => ({
  totalPaise: Number(row.total_paise),
  paidPaise: Number(row.amount_paid_paise),
  creditedPaise: Number(row.credited_paise),
  writtenOffPaise: Number(row.write_off_paise),
  cancelled: row.status === 'cancelled',
});

/** What the user may do with the invoice now: the domain's state machine, then money and e-invoice facts. */
export function invoiceActions(row: {
  status: InvoiceOutput['status'];
  total_paise: number;
  amount_paid_paise: number;
  credited_paise: number;
  write_off_paise: number;
  irn: string | null;
}): InvoiceOutput['allowed_actions'] {
  const actions: InvoiceOutput['allowed_actions'] = [];
  const domain = allowedInvoiceActions(row);
  const paid = Number(row.amount_paid_paise) + Number(row.credited_paise) > 0;
  const writtenOff = Number(row.write_off_paise) > 0;
  if (domain.includes('cancel') && !paid) actions.push('cancel');
  if (domain.includes('ready_to_ship')) actions.push('ready_to_ship');
  if (domain.includes('edit') && !paid && !writtenOff && !row.irn) actions.push('edit');
  if (row.status !== 'cancelled') {
    if (!writtenOff && amountDuePaise(row) > 0) actions.push('write_off');
    if (writtenOff) actions.push('cancel_write_off');
    if (!row.irn) actions.push('e_invoice');
    actions.push('resend');
  }
  return actions;
}

/** The invoice's share of the order's coupon and additional discount, split like the order's. */
function discountSplit(orderDiscountPaise: number, couponPaise: number, additionalPaise: number) {
  if (orderDiscountPaise === 0 || couponPaise + additionalPaise === 0) {
    return { coupon: 0, additional: orderDiscountPaise };
  }
  const [coupon, additional] = apportionPaise(orderDiscountPaise, [couponPaise, additionalPaise]);
  return { coupon, additional };
}

/**
 * The totals of an invoice priced but not stored (preview_invoice), presented as presentInvoice
 * presents the stored one, so the two compare field by field.
 */
export function presentPricedTotals(
  columns: ReturnType<typeof totalsColumns> & { shipping_charges_paise: number; other_charges_paise: number },
  order: { coupon_discount_paise: number; additional_discount_paise: number },
) {
  const split = discountSplit(
    columns.order_discount_paise,
    Number(order.coupon_discount_paise),
    Number(order.additional_discount_paise),
  );
  return presentTotals({
    ...columns,
    tax_summary: JSON.parse(columns.tax_summary),
    coupon_discount_paise: split.coupon,
    additional_discount_paise: split.additional,
  });
}

export function presentInvoice(
  row: queries.InvoiceRow,
  items: queries.InvoiceItemRow[],
  comments: CommentOutput[],
  eInvoicingConfigured: boolean,
): InvoiceOutput {
  const { seller, buyer, shipping_address: shipping } = row;
  const split = discountSplit(
    Number(row.order_discount_paise),
    Number(row.order_coupon_discount_paise),
    Number(row.order_additional_discount_paise),
  );
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    financial_year: row.financial_year,
    invoice_date: row.invoice_day,
    due_date: row.due_day,
    status: row.status,
    payment_status: row.payment_status,
    order: { id: row.order_id, order_number: row.order_number, version: row.order_version },
    seller_company: seller.company_name,
    seller_branch: { id: row.branch_id, name: row.branch_name },
    seller_branch_address: seller.address,
    seller_gstin: seller.gstin,
    buyer: { id: row.buyer_id, name: row.buyer_name },
    buyer_company: buyer.name,
    buyer_gstin: buyer.gstin,
    billing_address: row.billing_address,
    shipping_address: shipping,
    place_of_supply: {
      id: row.place_of_supply_state_id,
      name: row.place_of_supply_name ?? shipping.state.name,
      gst_code: row.place_of_supply_gst_code ?? shipping.state.gst_code,
    },
    reference_number: row.reference_number,
    notes: row.notes,
    terms_and_conditions: row.terms_and_conditions,
    items: items.map((item) => presentLine(item)),
    totals: presentTotals({
      ...row,
      coupon_discount_paise: split.coupon,
      additional_discount_paise: split.additional,
    }),
    invoice_total: toRupees(Number(row.total_paise)),
    amount_paid: toRupees(Number(row.amount_paid_paise)),
    amount_credited: toRupees(Number(row.credited_paise)),
    amount_due: toRupees(amountDuePaise(row)),
    write_off_amount: toRupees(Number(row.write_off_paise)),
    expense_ledger_name: row.expense_ledger_name,
    bank_charges: toRupees(Number(row.bank_charges_paise)),
    is_payment_mode_emi: row.is_payment_mode_emi,
    shipping_charges_paid_by_company: row.shipping_charges_paid_by_company,
    e_invoice:
      row.irn && row.ack_number && row.ack_date && row.signed_qr_code
        ? {
            irn: row.irn,
            ack_number: row.ack_number,
            ack_date: row.ack_date,
            signed_qr_code: row.signed_qr_code,
            irn_cancelled_at: row.irn_cancelled_at ?? null,
          }
        : null,
    e_invoicing_configured: eInvoicingConfigured,
    comments,
    allowed_actions: invoiceActions(row),
    sales_person: person(row.sales_person_id, row.sales_person_first_name, row.sales_person_last_name),
    created_by: person(row.created_by, row.created_by_first_name, row.created_by_last_name),
    cancelled_at: row.cancelled_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function presentSummary(row: queries.InvoiceListRow): InvoiceSummaryOutput & { sort_value: string } {
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    invoice_date: row.invoice_date,
    due_date: row.due_date,
    status: row.status,
    payment_status: row.payment_status,
    order: { id: row.order_id, order_number: row.order_number },
    buyer: { id: row.buyer_id, name: row.buyer_name },
    buyer_company: row.buyer_company,
    seller_branch: { id: row.branch_id, name: row.branch_name },
    sales_person: person(row.sales_person_id, row.sales_person_first_name, row.sales_person_last_name),
    invoice_total: toRupees(Number(row.total_paise)),
    amount_due: toRupees(amountDuePaise(row)),
    irn: row.irn,
    created_at: row.created_at,
    sort_value: row.sort_value,
  };
}
