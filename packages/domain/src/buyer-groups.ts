import { addDays } from './cashpoints.ts';
import { toPaise } from './money.ts';
import type { StatusOption } from './statuses.ts';

/**
 * Buyer groups: static (buyers chosen by hand) or dynamic (the active buyers whose invoiced
 * purchases over the last N days fall within an amount range, re-evaluated by a job).
 */

export const BUYER_GROUP_NAME_MAX = 100;
export const BUYER_GROUP_DESCRIPTION_MAX = 500;
/** The longest purchase window a dynamic group may look back over: ten years. */
export const BUYER_GROUP_MAX_DAYS = 3650;
/** Rupee bounds stay far inside what integer paise can hold. */
export const BUYER_GROUP_MAX_AMOUNT = 100_000_000_000;

/** Section 8 of spec 2, word for word, and the group's own validation texts. */
export const BUYER_GROUP_MESSAGES = {
  created_static: 'Static Buyer Group created successfully.',
  created_dynamic: 'Dynamic Buyer Group created successfully.',
  create_static_failed: 'Failed to Create Static BuyerGroup.',
  create_dynamic_failed: 'Failed to Create Dynamic BuyerGroup.',
  updated: 'Update BuyerGroup successfully.',
  update_failed: 'Failed to Update BuyerGroup.',
  conditions_updated: 'Conditions updated successfully.',
  conditions_failed: 'Failed to update conditions.',
  activated: 'Buyer Group Activated successfully.',
  deactivated: 'Buyer Group Deactivated successfully.',
  activate_failed: 'Failed to Activate Buyer Group.',
  deactivate_failed: 'Failed to Deactivate Buyer Group.',
  load_failed: 'Failed to Load BuyerGroup.',
  list_failed: 'Failed to load BuyerGroups.',
  branch_assigned: 'Assign Branch Successfully.',
  branch_unassigned: 'Unassign Branch Successfully.',
  branch_assign_failed: 'Failed to assign Branch.',
  branch_unassign_failed: 'Failed to unassign Branch.',
  buyers_assigned: 'Buyers assigned successfully.',
  buyers_updated: 'Buyers updated successfully.',
  buyers_update_failed: 'Failed to update Buyers.',
  buyer_unassigned: 'Buyer unassigned successfully.',
  buyer_unassign_failed: 'Failed to unassign the Buyer.',
  buyers_load_failed: 'Failed to load Buyers.',
  purchase_range: 'Please check the Buyer purchase amount range.',
  last_days: `Please enter a number of days from 1 to ${BUYER_GROUP_MAX_DAYS}.`,
  name_required: 'Buyer group name is required.',
  name_taken: 'A buyer group with this name already exists.',
  conditions_static: 'Only a dynamic buyer group has conditions.',
  dynamic_by_hand:
    'The buyers of a dynamic buyer group follow its conditions; they cannot be assigned or unassigned by hand.',
  buyer_not_assigned: 'This buyer is not assigned to the buyer group.',
  buyers_required: 'Please select at least one buyer.',
  branches_required: 'Please select at least one branch.',
  branch_not_assigned: 'This branch is not assigned to the buyer group.',
} as const;

export const BUYER_GROUP_TYPES = [
  { value: 'static', label: 'Static', color: 'blue' },
  { value: 'dynamic', label: 'Dynamic', color: 'grape' },
] as const satisfies readonly StatusOption[];

export type BuyerGroupType = (typeof BUYER_GROUP_TYPES)[number]['value'];

export const buyerGroupType = (isDynamic: boolean): BuyerGroupType => (isDynamic ? 'dynamic' : 'static');

/** Invoiced purchases (rupees) a dynamic group's members must fall within; no maximum is open-ended. */
export interface PurchaseRange {
  min_amount: number;
  max_amount: number | null;
}

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isFinite(value) &&
  value >= 0 &&
  value <= BUYER_GROUP_MAX_AMOUNT &&
  Math.abs(toPaise(value) - value * 100) < 1e-6;

/** A minimum of zero or more, a maximum that is absent or not below the minimum, rupees and paise. */
export function isPurchaseRangeValid(range: { min_amount?: unknown; max_amount?: unknown }): boolean {
  if (!isAmount(range.min_amount)) return false;
  if (range.max_amount === null || range.max_amount === undefined) return true;
  return isAmount(range.max_amount) && range.max_amount >= range.min_amount;
}

/** Whether purchases of `totalPaise` qualify for the range (both bounds included). */
export function isWithinPurchaseRange(totalPaise: number, range: PurchaseRange): boolean {
  if (totalPaise < toPaise(range.min_amount)) return false;
  return range.max_amount === null || totalPaise <= toPaise(range.max_amount);
}

export const isLastDaysValid = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= BUYER_GROUP_MAX_DAYS;

/** The first day of a window of `lastDays` days that ends today (both days included). */
export function purchaseWindowStart(today: string, lastDays: number): string {
  return addDays(today, -(lastDays - 1));
}
