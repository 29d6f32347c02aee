import { formatMoney } from './money.ts';

/**
 * The instore counter (point of sale): how a payment method counts as a tender, and how the
 * tenders a cashier takes settle a sale. Pure rules, shared by the server (which enforces them in
 * the transaction that writes the sale) and the counter screen (which shows what is left to pay
 * and the change due by the very same function).
 */

/** Cash may be handed over in excess (change is given back); card and UPI are charged exactly. */
export const TENDER_KINDS = ['cash', 'card', 'upi', 'other'] as const;
export type TenderKind = (typeof TENDER_KINDS)[number];

/** The counter's three tender fields, by their labels. */
export const COUNTER_TENDERS = [
  { kind: 'cash', label: 'Cash' },
  { kind: 'card', label: 'Card' },
  { kind: 'upi', label: 'UPI' },
] as const satisfies readonly { kind: TenderKind; label: string }[];

/**
 * The kind of tender a payment method is, by its code (the seeded methods: cash, upi,
 * credit_card, debit_card; a company's own methods count as card when their code says card).
 */
export function tenderKindOf(methodCode: string): TenderKind {
  const code = methodCode.trim().toLowerCase();
  if (code === 'cash') return 'cash';
  if (code === 'upi') return 'upi';
  if (code.includes('card')) return 'card';
  return 'other';
}

export const INSTORE_MESSAGES = {
  forbidden_sell: 'You do not have permissions to sell at the counter.',
  product_not_found: 'Product Not Found',
  code_required: 'Scan or type a barcode (UPC or SKU).',
  warehouse_not_found: 'Warehouse Not Found',
  items_required: 'Add at least one product to the sale.',
  item_repeated: 'This product is already in the sale; change its quantity instead.',
  tenders_required: 'Take at least one payment (cash, card or UPI).',
  tender_positive: 'Each payment must be more than zero.',
  buyer_or_walk_in: 'Choose a buyer or a walk-in customer, not both.',
  branch_without_address:
    'The counter’s branch has no address; add one to the branch to sell at the counter.',
  sale_failed: 'The sale could not be completed; please try again.',
  sale_completed: 'Sale completed.',
  walk_in_name: 'Walk-in Customer',
} as const;

export interface Tender {
  kind: TenderKind;
  /** What the cashier took, in paise. */
  amountPaise: number;
}

export interface TenderProblem {
  /** The tender at fault; null when the tenders as a whole fall short. */
  index: number | null;
  message: string;
}

export type TenderSettlement =
  | {
      ok: true;
      /** What each tender pays toward the sale (cash less the change; a tender of 0 records nothing). */
      paidPaise: number[];
      changeDuePaise: number;
    }
  | { ok: false; problems: TenderProblem[] };

const rupees = (paise: number) => formatMoney(paise / 100);

/**
 * How the tenders settle a sale of `totalPaise`. Card, UPI and other methods are charged exactly,
 * so together (in the order given) they never take more than the total; cash covers the rest and
 * may exceed it, the excess being the change to give back. Short of the total is refused, and so
 * is cash that would all go back as change (the other tenders already pay everything).
 */
export function settleTenders(totalPaise: number, tenders: readonly Tender[]): TenderSettlement {
  if (tenders.length === 0) {
    return { ok: false, problems: [{ index: null, message: INSTORE_MESSAGES.tenders_required }] };
  }
  const problems: TenderProblem[] = [];
  tenders.forEach((tender, index) => {
    if (!Number.isSafeInteger(tender.amountPaise) || tender.amountPaise <= 0) {
      problems.push({ index, message: INSTORE_MESSAGES.tender_positive });
    }
  });
  if (problems.length > 0) return { ok: false, problems };

  let charged = 0;
  for (const [index, tender] of tenders.entries()) {
    if (tender.kind === 'cash') continue;
    const left = Math.max(totalPaise - charged, 0);
    if (tender.amountPaise > left) {
      problems.push({
        index,
        message: `Only ${rupees(left)} is left to pay; a ${tender.kind === 'upi' ? 'UPI' : tender.kind} payment cannot take more.`,
      });
      return { ok: false, problems };
    }
    charged += tender.amountPaise;
  }
  const cash = tenders.reduce((sum, tender) => sum + (tender.kind === 'cash' ? tender.amountPaise : 0), 0);
  const tendered = charged + cash;
  if (tendered < totalPaise) {
    return {
      ok: false,
      problems: [
        {
          index: null,
          message: `The payments (${rupees(tendered)}) do not cover the total (${rupees(totalPaise)}); ${rupees(totalPaise - tendered)} is still due.`,
        },
      ],
    };
  }
  const changeDuePaise = tendered - totalPaise;
  if (cash > 0 && changeDuePaise >= cash) {
    const index = tenders.findIndex((tender) => tender.kind === 'cash');
    return {
      ok: false,
      problems: [{ index, message: 'The other payments already cover the total; remove the cash payment.' }],
    };
  }
  // The change comes out of the last cash tenders first.
  let change = changeDuePaise;
  const paidPaise = tenders.map((tender) => tender.amountPaise);
  for (let index = tenders.length - 1; index >= 0 && change > 0; index -= 1) {
    if (tenders[index].kind !== 'cash') continue;
    const back = Math.min(change, paidPaise[index]);
    paidPaise[index] -= back;
    change -= back;
  }
  return { ok: true, paidPaise, changeDuePaise };
}

/** What is still to pay after the tenders taken so far (0 when covered), for the counter's display. */
export function amountLeftPaise(totalPaise: number, tenders: readonly Tender[]): number {
  const taken = tenders.reduce((sum, tender) => sum + Math.max(tender.amountPaise, 0), 0);
  return Math.max(totalPaise - taken, 0);
}

/** A barcode or SKU as the counter matches it: trimmed, case ignored. */
export const normaliseCode = (code: string) => code.trim().toLowerCase();
