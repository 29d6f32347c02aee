/**
 * Stores (issue 26): the company's physical shops and counters. A store sells from one warehouse
 * of its branch (the counter's sale takes that branch and warehouse), counts its sales and the
 * cashpoints they earn under a sales channel (the company's instore channel when none is chosen),
 * and prints its till receipts on a 58 mm or 80 mm roll.
 */

/** The widths of the thermal rolls a receipt printer takes, in millimetres. */
export const RECEIPT_WIDTHS = [58, 80] as const;
export type ReceiptWidth = (typeof RECEIPT_WIDTHS)[number];
export const DEFAULT_RECEIPT_WIDTH: ReceiptWidth = 80;

/**
 * The printable width of a roll: the print head leaves about 5 mm each side (a 58 mm roll prints
 * 48 mm, an 80 mm roll 72 mm).
 */
export const printableWidthMm = (width: ReceiptWidth): number => (width === 58 ? 48 : 72);

export const STORE_NAME_MAX = 100;

export const STORE_MESSAGES = {
  not_found: 'Store Not Found',
  name_required: 'Store name is required.',
  name_taken: 'A store with this name already exists.',
  branch_required: 'Branch is required.',
  branch_not_found: 'Branch Not Found',
  branch_inactive: 'This branch is inactive.',
  warehouse_required: 'Warehouse is required.',
  warehouse_not_found: 'Warehouse Not Found',
  warehouse_inactive: 'This warehouse is inactive.',
  warehouse_of_branch: 'Choose a warehouse of the store’s branch.',
  sales_channel_not_found: 'Sales Channel Not Found',
  receipt_width: 'Receipt printer width must be 58 mm or 80 mm.',
  store_inactive: 'This store is inactive.',
  store_or_warehouse: 'Choose the store (or the warehouse) to sell from.',
  store_warehouse_mismatch: 'The warehouse is not the store’s; sell from the store’s own warehouse.',
  created: 'Store created.',
  updated: 'Store updated.',
  deactivated: 'Store deactivated.',
  activated: 'Store activated.',
  create_failed: 'Failed to create store.',
  update_failed: 'Failed to update store.',
} as const;
