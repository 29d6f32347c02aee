import { BUYER_MESSAGES } from '@b2b/domain/api/buyers';
import { gstinBillingStateProblem } from '@b2b/domain/buyers';
import { gstinStateCode } from '@b2b/domain/gstin';
import { notFound, validationError } from '../../core/errors.ts';
import type { Executor } from '../../db/transaction.ts';
import { type AddressOwnerRules, addressesByOwner } from '../addresses/addresses.service.ts';
import { findState } from '../reference/reference.queries.ts';
import * as queries from './buyers.queries.ts';

export async function stateOf(db: Executor, stateId: number, field: string) {
  const state = await findState(db, stateId);
  if (!state) throw validationError(field, 'State Not Found');
  return state;
}

/** Every billing address of the buyer must lie in the state its GSTIN was issued for. */
export async function assertGstinMatchesBilling(
  db: Executor,
  gstNumber: string | null,
  billingStates: { gst_code: string; name: string }[],
  field = 'gst_number',
) {
  if (!gstNumber) return;
  const code = gstinStateCode(gstNumber);
  const gstinState = code ? await findState(db, Number(code)) : undefined;
  for (const state of billingStates) {
    const problem = gstinBillingStateProblem(gstNumber, state, gstinState);
    if (problem) throw validationError(field, problem);
  }
}

export async function assertGstinFree(
  db: Executor,
  companyId: number,
  gstNumber: string | null,
  exceptId?: number,
) {
  if (gstNumber && (await queries.findBuyerByGstin(db, companyId, gstNumber, exceptId))) {
    throw validationError('gst_number', BUYER_MESSAGES.gst_number_taken);
  }
}

export async function assertPaymentTerm(db: Executor, companyId: number, id: number | null | undefined) {
  if (id != null && !(await queries.findPaymentTerm(db, companyId, id))) {
    throw validationError('payment_term', BUYER_MESSAGES.payment_term_not_found);
  }
}

/** Every id must be a sales channel of the company; enabling needs an active one. */
export async function assertSalesChannels(
  db: Executor,
  companyId: number,
  ids: number[],
  field = 'sales_channels',
) {
  const unique = [...new Set(ids)];
  const rows = await queries.salesChannelsByIds(db, companyId, unique);
  if (rows.length !== unique.length) throw validationError(field, BUYER_MESSAGES.sales_channel_not_found);
  if (rows.some((c) => !c.is_active)) throw validationError(field, BUYER_MESSAGES.sales_channel_inactive);
  return unique;
}

export function explainUniqueViolation(error: unknown): never {
  if (queries.isGstinTaken(error)) throw validationError('gst_number', BUYER_MESSAGES.gst_number_taken);
  throw error;
}

/**
 * The buyer's address rules, run by the shared address routes (PATCH addresses/{id}, POST
 * addresses/{id}/delete) and by POST buyers/{id}/addresses inside the change's transaction, on the
 * addresses as they will be committed: a buyer keeps at least one billing address, its addresses
 * are billing or shipping ones, and every billing address lies in the GSTIN's state.
 */
export async function assertBuyerAddressRules(
  db: Executor,
  companyId: number,
  buyerId: number,
  options: { requireBilling: boolean },
) {
  const buyer = await queries.findBuyer(db, companyId, buyerId);
  if (!buyer) throw notFound('Buyer');
  const addresses = (await addressesByOwner(db, companyId, 'buyer', [buyerId])).get(buyerId) ?? [];
  if (addresses.some((a) => a.address_type !== 'billing_address' && a.address_type !== 'shipping_address')) {
    throw validationError('address_type', BUYER_MESSAGES.address_type_for_buyer);
  }
  const billing = addresses.filter((a) => a.address_type === 'billing_address');
  if (options.requireBilling && billing.length === 0) {
    throw validationError('address_type', BUYER_MESSAGES.last_billing_address);
  }
  await assertGstinMatchesBilling(
    db,
    buyer.gst_number,
    billing.map((a) => a.state),
    'state_id',
  );
}

export const buyerAddressRules: AddressOwnerRules = {
  permission: 'change_buyer',
  afterChange: (db, companyId, buyerId) =>
    assertBuyerAddressRules(db, companyId, buyerId, { requireBilling: true }),
};
