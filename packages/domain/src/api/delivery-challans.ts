import { z } from 'zod';
import {
  DELIVERY_CHALLAN_ACTIONS,
  DELIVERY_CHALLAN_PURPOSES,
  DELIVERY_CHALLAN_STATUSES,
} from '../delivery-challans.ts';
import { isNumber, MESSAGES, maxDecimals, numberField } from '../validation.ts';
import { id, idInput, optionalText, timestamp } from './common.ts';
import { QUANTITY_MAX, rupeesInput } from './products.ts';
import { calendarDate, documentAddressOutput } from './sales-orders.ts';

/**
 * Delivery challans: goods sent without a sale (job work, supply on approval, branch transfer).
 * The spec names the list call (expand seller_branch and buyer_branch; status__in); the rest of
 * the paths follow the API's style.
 */

export const DELIVERY_CHALLAN_MAX_LINES = 200;

export const DELIVERY_CHALLAN_MESSAGES = {
  not_found: 'Delivery Challan Not Found',
  created: 'Delivery challan created successfully.',
  create_failed: 'Failed to create delivery challan.',
  load_failed: 'Failed to load delivery challans.',
  delivered: 'Delivery challan marked as delivered.',
  returned: 'Goods of the delivery challan received back.',
  invoiced: 'Delivery challan converted into an invoice.',
  cancelled: 'Delivery challan cancelled.',
  action_failed: 'Failed to update delivery challan.',
  purpose_required: 'Please select the purpose of the challan.',
  buyer_required: 'Please select the buyer receiving the goods.',
  buyer_not_for_transfer: 'A branch transfer goes to one of your warehouses, not to a buyer.',
  destination_required: 'Please select the warehouse receiving the goods.',
  destination_not_for_buyer: 'Goods sent to a buyer have no destination warehouse.',
  same_warehouse: 'The receiving warehouse must be different from the sending warehouse.',
  address_not_of_buyer: "This address is not one of the buyer's addresses.",
  buyer_has_no_address: 'The buyer has no address to deliver to; add one first.',
  lines_required: 'Add at least one product.',
  too_many_lines: `A challan can have at most ${DELIVERY_CHALLAN_MAX_LINES} lines.`,
  product_repeated: 'This product is already in the challan.',
  product_not_found: 'Product Not Found',
  quantity_required: 'Quantity is required.',
  quantity_positive: 'Quantity must be greater than zero.',
  quantity_decimals: 'Quantity can have at most 3 decimal places.',
  quantity_max: `Quantity cannot be more than ${QUANTITY_MAX}.`,
  kept_quantity: 'The quantity kept must be between zero and the quantity sent.',
  nothing_kept: 'Enter the quantity the buyer keeps of at least one line.',
  item_not_in_challan: 'This item is not in the challan.',
  future_date: 'The challan date cannot be in the future.',
} as const;

const challanQuantityInput = numberField(
  [
    [isNumber, MESSAGES.number],
    [(v) => Number(v) > 0, DELIVERY_CHALLAN_MESSAGES.quantity_positive],
    [(v) => maxDecimals(v, 3), DELIVERY_CHALLAN_MESSAGES.quantity_decimals],
    [(v) => Number(v) <= QUANTITY_MAX, DELIVERY_CHALLAN_MESSAGES.quantity_max],
  ],
  DELIVERY_CHALLAN_MESSAGES.quantity_required,
);

const keptQuantityInput = numberField(
  [
    [isNumber, MESSAGES.number],
    [(v) => Number(v) >= 0, DELIVERY_CHALLAN_MESSAGES.kept_quantity],
    [(v) => maxDecimals(v, 3), DELIVERY_CHALLAN_MESSAGES.quantity_decimals],
  ],
  DELIVERY_CHALLAN_MESSAGES.quantity_required,
);

export const deliveryChallanLineInput = z
  .object({
    product: idInput,
    quantity: challanQuantityInput,
    /** Value per unit for the challan (tax inclusive); the product's selling price when left out. */
    rate: rupeesInput.optional(),
  })
  .strict();

export const deliveryChallanCreate = z
  .object({
    purpose: z.enum(DELIVERY_CHALLAN_PURPOSES, { error: DELIVERY_CHALLAN_MESSAGES.purpose_required }),
    challan_date: calendarDate.optional(),
    /** The sending warehouse; its branch is the challan's seller branch. */
    warehouse: idInput,
    buyer: idInput.optional(),
    /** The buyer's address the goods go to (the buyer's branch); their shipping address when left out. */
    buyer_address: idInput.optional(),
    destination_warehouse: idInput.optional(),
    reference_number: optionalText(100),
    vehicle_number: optionalText(20),
    notes: optionalText(1000),
    items: z
      .array(deliveryChallanLineInput, { error: DELIVERY_CHALLAN_MESSAGES.lines_required })
      .min(1, DELIVERY_CHALLAN_MESSAGES.lines_required)
      .max(DELIVERY_CHALLAN_MAX_LINES, DELIVERY_CHALLAN_MESSAGES.too_many_lines),
  })
  .strict()
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (value.purpose === 'branch_transfer') {
      if (value.destination_warehouse === undefined)
        issue('destination_warehouse', DELIVERY_CHALLAN_MESSAGES.destination_required);
      if (value.buyer !== undefined) issue('buyer', DELIVERY_CHALLAN_MESSAGES.buyer_not_for_transfer);
      if (value.destination_warehouse !== undefined && value.destination_warehouse === value.warehouse)
        issue('destination_warehouse', DELIVERY_CHALLAN_MESSAGES.same_warehouse);
    } else {
      if (value.buyer === undefined) issue('buyer', DELIVERY_CHALLAN_MESSAGES.buyer_required);
      if (value.destination_warehouse !== undefined)
        issue('destination_warehouse', DELIVERY_CHALLAN_MESSAGES.destination_not_for_buyer);
    }
    const seen = new Set<number>();
    value.items.forEach((item, index) => {
      if (seen.has(item.product)) {
        ctx.addIssue({
          code: 'custom',
          message: DELIVERY_CHALLAN_MESSAGES.product_repeated,
          path: ['items', index, 'product'],
        });
      }
      seen.add(item.product);
    });
  });
export type DeliveryChallanCreate = z.infer<typeof deliveryChallanCreate>;

/** Converting into an invoice: what the buyer keeps of each line (the rest comes back). */
export const deliveryChallanInvoiceInput = z
  .object({
    items: z
      .array(z.object({ item: idInput, quantity: keptQuantityInput }).strict(), {
        error: DELIVERY_CHALLAN_MESSAGES.nothing_kept,
      })
      .min(1, DELIVERY_CHALLAN_MESSAGES.nothing_kept),
    invoice_date: calendarDate.optional(),
  })
  .strict();
export type DeliveryChallanInvoiceInput = z.infer<typeof deliveryChallanInvoiceInput>;

export const deliveryChallanListQuery = z.object({
  status__in: z.string().optional(),
  purpose: z.enum(DELIVERY_CHALLAN_PURPOSES).optional(),
  buyer: idInput.optional(),
  warehouse: idInput.optional(),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
  /** The spec's list asks for seller_branch and buyer_branch; both are always included. */
  expand: z.string().optional(),
});

const quantity = z.number();
const money = z.number();
const named = z.object({ id, name: z.string() });

/** Where the goods went: the buyer at one of their addresses, or one of the company's own warehouses. */
export const challanRecipientOutput = z.object({
  kind: z.enum(['buyer', 'warehouse']),
  id,
  name: z.string(),
  gstin: z.string().nullable(),
  address: documentAddressOutput.nullable(),
});

export const deliveryChallanSummaryOutput = z.object({
  id,
  challan_number: z.string(),
  challan_date: z.string(),
  purpose: z.enum(DELIVERY_CHALLAN_PURPOSES),
  status: z.enum(DELIVERY_CHALLAN_STATUSES),
  seller_branch: named,
  buyer_branch: challanRecipientOutput,
  buyer: named.nullable(),
  warehouse: named,
  total_items: z.number().int(),
  total_quantity: quantity,
  total_value: money,
  reference_number: z.string().nullable(),
  created_at: timestamp,
});
export type DeliveryChallanSummaryOutput = z.infer<typeof deliveryChallanSummaryOutput>;

export const deliveryChallanOutput = deliveryChallanSummaryOutput.extend({
  destination_warehouse: named.nullable(),
  vehicle_number: z.string().nullable(),
  notes: z.string().nullable(),
  items: z.array(
    z.object({
      id,
      product: named,
      sku: z.string().nullable(),
      hsn: z.string().nullable(),
      unit: z.string().nullable(),
      quantity,
      rate: money,
      value: money,
      quantity_invoiced: quantity,
    }),
  ),
  order: z.object({ id, order_number: z.string() }).nullable(),
  invoice: z.object({ id, invoice_number: z.string() }).nullable(),
  delivered_at: timestamp.nullable(),
  closed_at: timestamp.nullable(),
  created_by: z.object({ id, first_name: z.string(), last_name: z.string() }).nullable(),
  allowed_actions: z.array(z.enum(DELIVERY_CHALLAN_ACTIONS)),
});
export type DeliveryChallanOutput = z.infer<typeof deliveryChallanOutput>;

export const DELIVERY_CHALLAN_ORDERINGS = [
  'challan_date',
  'created_at',
  'challan_number',
  'total_value',
] as const;
