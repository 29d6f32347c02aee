import { creditFigures } from '@b2b/domain/credit-limit';
import { toRupees } from '@b2b/domain/money';
import type { BuyerPageRow, BuyerRow } from './buyers.queries.ts';

const moneyOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));

/** The fields every buyer shape starts with (rupees at the edge). */
export function baseOf(row: BuyerRow | BuyerPageRow) {
  return {
    id: row.id,
    name: row.name,
    contact_person_name: row.contact_person_name,
    email: row.email,
    phone: row.phone,
    gst_number: row.gst_number,
    pan: row.pan,
    buyer_type: row.buyer_type,
    credit_limit: moneyOrNull(row.credit_limit_paise),
    opening_balance: toRupees(row.opening_balance_paise),
    outstanding: toRupees(row.outstanding_paise),
    is_active: row.is_active,
    is_inventory_exposed: row.is_inventory_exposed,
    ignore_for_bi: row.ignore_for_bi,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function paymentTermOf(row: {
  payment_term_id: number | null;
  payment_term_name: string | null;
  payment_term_days: number | null;
}) {
  return row.payment_term_id === null
    ? null
    : { id: row.payment_term_id, name: row.payment_term_name ?? '', days: row.payment_term_days ?? 0 };
}

export function figuresOf(row: { outstanding_paise: number; credit_limit_paise: number | null }) {
  const { creditUsedPaise, creditAvailablePaise } = creditFigures(
    row.outstanding_paise,
    row.credit_limit_paise,
  );
  return {
    outstanding: toRupees(row.outstanding_paise),
    credit_limit: moneyOrNull(row.credit_limit_paise),
    credit_used: toRupees(creditUsedPaise),
    credit_available: moneyOrNull(creditAvailablePaise),
  };
}
