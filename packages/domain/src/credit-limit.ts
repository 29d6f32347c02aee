import { formatMoney } from './money.ts';

/**
 * The credit limit rule (spec 2, section 1): a credit limit set on a buyer blocks further orders
 * once exceeded, when the company has the credit limit restriction applied. Amounts in paise.
 */
export interface CreditLimitInput {
  /** companies.apply_credit_limit_restriction */
  restrictionApplied: boolean;
  /** null: the buyer has no limit. */
  creditLimitPaise: number | null;
  /** What the buyer owes now (debits minus credits); negative is an advance. */
  outstandingPaise: number;
  /** What the new order or invoice would add. */
  additionalPaise: number;
}

export type CreditLimitDecision =
  | { allowed: true }
  | {
      allowed: false;
      creditLimitPaise: number;
      outstandingPaise: number;
      additionalPaise: number;
      totalPaise: number;
      excessPaise: number;
    };

/**
 * Reaching the limit exactly is allowed; going past it by one paisa is not. What adds nothing to
 * what the buyer owes (a sale paid in full at the counter) is allowed even past the limit.
 */
export function checkCreditLimit(input: CreditLimitInput): CreditLimitDecision {
  const { restrictionApplied, creditLimitPaise, outstandingPaise, additionalPaise } = input;
  if (!restrictionApplied || creditLimitPaise === null) return { allowed: true };
  if (additionalPaise <= 0) return { allowed: true };
  const totalPaise = outstandingPaise + additionalPaise;
  if (totalPaise <= creditLimitPaise) return { allowed: true };
  return {
    allowed: false,
    creditLimitPaise,
    outstandingPaise,
    additionalPaise,
    totalPaise,
    excessPaise: totalPaise - creditLimitPaise,
  };
}

const rupees = (paise: number) => formatMoney(paise / 100);

/** The refusal, with every amount in ₹ and Indian grouping. */
export function creditLimitExceededMessage(
  decision: Extract<CreditLimitDecision, { allowed: false }>,
): string {
  return (
    `Credit limit exceeded: the buyer owes ${rupees(decision.outstandingPaise)} and this adds ` +
    `${rupees(decision.additionalPaise)}, ${rupees(decision.totalPaise)} in all, above the credit limit of ` +
    `${rupees(decision.creditLimitPaise)} by ${rupees(decision.excessPaise)}.`
  );
}

/** Credit figures of a buyer's summary: used is what is owed (an advance uses none). */
export function creditFigures(
  outstandingPaise: number,
  creditLimitPaise: number | null,
): { creditUsedPaise: number; creditAvailablePaise: number | null } {
  const creditUsedPaise = Math.max(outstandingPaise, 0);
  return {
    creditUsedPaise,
    creditAvailablePaise: creditLimitPaise === null ? null : Math.max(creditLimitPaise - creditUsedPaise, 0),
  };
}
