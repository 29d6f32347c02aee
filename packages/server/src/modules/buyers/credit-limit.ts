import { checkCreditLimit, creditLimitExceededMessage } from '@b2b/domain/credit-limit';
import { conflict, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './buyers.queries.ts';

// Called by the orders issue before an order adds to what a buyer owes.

/**
 * Refuses (400 on `buyer`, the amounts in ₹) when the company applies the credit limit
 * restriction, the buyer has a limit, and outstanding + additional would pass it. Inside a
 * transaction the buyer row is locked first, so two orders cannot both pass on the same headroom;
 * call it before posting the order's amount to the ledger in that same transaction.
 */
export async function assertWithinCreditLimit(
  db: Executor,
  companyId: number,
  buyerId: number,
  additionalPaise: number,
): Promise<void> {
  const state = await queries.creditState(db, companyId, buyerId, db.isTransaction);
  if (!state) throw notFound('Buyer');
  assertCreditHeadroom(state, additionalPaise);
}

/**
 * The same rule on figures the caller has read: a transaction that posts nothing to the buyer's
 * ledger (an order) reads them as committed, without the lock, which would only queue every order
 * of the buyer behind the others without changing what any of them sees.
 */
export function assertCreditHeadroom(
  state: {
    apply_credit_limit_restriction: boolean;
    credit_limit_paise: number | null;
    outstanding_paise: number;
  },
  additionalPaise: number,
): void {
  const decision = checkCreditLimit({
    restrictionApplied: state.apply_credit_limit_restriction,
    creditLimitPaise: state.credit_limit_paise,
    outstandingPaise: state.outstanding_paise,
    additionalPaise,
  });
  if (!decision.allowed) throw conflict(creditLimitExceededMessage(decision), 'buyer');
}
