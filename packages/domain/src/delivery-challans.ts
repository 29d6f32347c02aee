/**
 * Delivery challans (GST rule 55): goods that leave a warehouse without a sale. Issuing the challan
 * takes the goods out of the source warehouse (they are then with the recipient or on the road);
 * what happens next depends on why they went:
 *
 * - job work, supply on approval, other: the recipient is a buyer. The goods come back (returned),
 *   or the buyer keeps some or all of them and the challan is converted into an invoice: the kept
 *   quantities are sold through an order and an invoice, the rest comes back to the warehouse.
 * - branch transfer: the recipient is one of the company's own warehouses; delivering the challan
 *   brings the goods into it.
 *
 * A challan whose goods have not been delivered can be cancelled (they come back). Returned,
 * invoiced and cancelled challans are final. The server applies these rules under the challan's
 * row lock; the web app shows the buttons `allowedChallanActions` gives.
 */

export const DELIVERY_CHALLAN_PURPOSES = [
  'job_work',
  'supply_on_approval',
  'branch_transfer',
  'other',
] as const;
export type DeliveryChallanPurpose = (typeof DELIVERY_CHALLAN_PURPOSES)[number];

export const DELIVERY_CHALLAN_PURPOSE_OPTIONS = [
  { value: 'job_work', label: 'Job Work' },
  { value: 'supply_on_approval', label: 'Supply on Approval' },
  { value: 'branch_transfer', label: 'Branch Transfer' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly { value: DeliveryChallanPurpose; label: string }[];

export const challanPurposeLabel = (purpose: string): string =>
  DELIVERY_CHALLAN_PURPOSE_OPTIONS.find((o) => o.value === purpose)?.label ?? purpose;

/** Whether the goods go to one of the company's own warehouses rather than to a buyer. */
export const isInternalChallan = (purpose: DeliveryChallanPurpose) => purpose === 'branch_transfer';

export const DELIVERY_CHALLAN_STATUSES = ['open', 'delivered', 'returned', 'invoiced', 'cancelled'] as const;
export type DeliveryChallanStatus = (typeof DELIVERY_CHALLAN_STATUSES)[number];

export const DELIVERY_CHALLAN_STATUS_OPTIONS = [
  { value: 'open', label: 'Open', color: 'blue' },
  { value: 'delivered', label: 'Delivered', color: 'teal' },
  { value: 'returned', label: 'Returned', color: 'gray' },
  { value: 'invoiced', label: 'Invoiced', color: 'green' },
  { value: 'cancelled', label: 'Cancelled', color: 'red' },
] as const satisfies readonly { value: DeliveryChallanStatus; label: string; color: string }[];

export const challanStatusLabel = (status: string): string =>
  DELIVERY_CHALLAN_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status;
export const challanStatusColor = (status: string): string =>
  DELIVERY_CHALLAN_STATUS_OPTIONS.find((o) => o.value === status)?.color ?? 'gray';

export const DELIVERY_CHALLAN_ACTIONS = ['deliver', 'return', 'invoice', 'cancel'] as const;
export type DeliveryChallanAction = (typeof DELIVERY_CHALLAN_ACTIONS)[number];

export const DELIVERY_CHALLAN_REFUSALS = {
  final: (status: string) =>
    `This delivery challan is ${challanStatusLabel(status).toLowerCase()}; it cannot change.`,
  deliver_twice: 'This delivery challan is already delivered.',
  cancel_delivered: 'Delivered goods cannot be cancelled; record their return instead.',
  internal_return: 'A branch transfer is cancelled before delivery, not returned.',
  internal_invoice: 'A branch transfer stays within the company and cannot be invoiced.',
} as const;

const FINAL: readonly DeliveryChallanStatus[] = ['returned', 'invoiced', 'cancelled'];

/** The sentence refusing `action` on a challan, or null when it is allowed. */
export function challanRefusal(
  challan: { status: DeliveryChallanStatus; purpose: DeliveryChallanPurpose },
  action: DeliveryChallanAction,
): string | null {
  if (FINAL.includes(challan.status)) return DELIVERY_CHALLAN_REFUSALS.final(challan.status);
  const internal = isInternalChallan(challan.purpose);
  switch (action) {
    case 'deliver':
      return challan.status === 'delivered' ? DELIVERY_CHALLAN_REFUSALS.deliver_twice : null;
    case 'return':
      return internal ? DELIVERY_CHALLAN_REFUSALS.internal_return : null;
    case 'invoice':
      return internal ? DELIVERY_CHALLAN_REFUSALS.internal_invoice : null;
    case 'cancel':
      return challan.status === 'delivered' ? DELIVERY_CHALLAN_REFUSALS.cancel_delivered : null;
  }
}

/**
 * Cancelling is for a challan whose goods never reached the recipient; once a buyer has them, they
 * come back through a return. A delivered branch transfer allows nothing more (its goods are in the
 * destination warehouse).
 */
export function allowedChallanActions(challan: {
  status: DeliveryChallanStatus;
  purpose: DeliveryChallanPurpose;
}): DeliveryChallanAction[] {
  return DELIVERY_CHALLAN_ACTIONS.filter((action) => challanRefusal(challan, action) === null);
}

/** The status an allowed action leads to. */
export const STATUS_AFTER_CHALLAN_ACTION: Record<DeliveryChallanAction, DeliveryChallanStatus> = {
  deliver: 'delivered',
  return: 'returned',
  invoice: 'invoiced',
  cancel: 'cancelled',
};

/** Quantities are kept to three decimals; compare and subtract them without float dust. */
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Converting a challan: the buyer keeps `kept` of each line (0 up to the quantity sent); the rest
 * comes back. Returns the quantity to invoice and the quantity to return per line, or the index of
 * the first line whose kept quantity is out of range.
 */
export function splitChallanLines(
  lines: readonly { quantity: number }[],
  kept: readonly number[],
): { ok: true; lines: { invoice: number; back: number }[] } | { ok: false; index: number } {
  const result: { invoice: number; back: number }[] = [];
  for (const [index, line] of lines.entries()) {
    const keep = round3(kept[index] ?? 0);
    if (!Number.isFinite(keep) || keep < 0 || keep > line.quantity) return { ok: false, index };
    result.push({ invoice: keep, back: round3(line.quantity - keep) });
  }
  return { ok: true, lines: result };
}
