import type { BuyerCreate, BuyerDetailOutput } from '@b2b/domain/api/buyers';
import { buyerGstinProblem, openingBalanceAmounts } from '@b2b/domain/buyers';
import { gstinPan } from '@b2b/domain/gstin';
import { toPaise } from '@b2b/domain/money';
import { validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import { type Executor, withinTransaction } from '../../db/transaction.ts';
import { addAddress } from '../addresses/addresses.service.ts';
import { postBuyerLedgerEntry } from '../buyer-ledger/buyer-ledger.service.ts';
import { historyWriter } from '../history/history.service.ts';
import {
  assertGstinFree,
  assertGstinMatchesBilling,
  assertPaymentTerm,
  assertSalesChannels,
  explainUniqueViolation,
  stateOf,
} from './buyer-checks.ts';
import { getBuyerDetail } from './buyer-reads.ts';
import * as queries from './buyers.queries.ts';

const recordBuyerHistory = historyWriter('buyer');

export type AddressInput = BuyerCreate['billing_address'];

export const addressValues = (input: AddressInput, addressType: 'billing_address' | 'shipping_address') => ({
  address_line_1: input.address_line_1,
  address_line_2: input.address_line_2,
  landmark: input.landmark,
  city: input.city,
  state_id: input.state_id,
  pincode: input.pincode,
  address_type: addressType,
});

/**
 * Creates the buyer with its addresses and sales channels and, when it has one, posts its
 * opening balance to the ledger in the same transaction: the buyer never exists without the
 * balance it was taken on with. Given a transaction (a lead's conversion), it runs inside it.
 */
export async function createBuyer(options: {
  db: Executor;
  actor: Principal;
  input: BuyerCreate;
}): Promise<BuyerDetailOutput> {
  const { db, actor, input } = options;
  const companyId = actor.companyId;
  const gstNumber = input.gst_number ?? null;
  const id = await withinTransaction(db, async (tx) => {
    const problem = buyerGstinProblem(input.buyer_type, gstNumber);
    if (problem) throw validationError('gst_number', problem);
    const billingState = await stateOf(tx, input.billing_address.state_id, 'billing_address.state_id');
    if (input.shipping_address)
      await stateOf(tx, input.shipping_address.state_id, 'shipping_address.state_id');
    await assertGstinMatchesBilling(tx, gstNumber, [billingState]);
    await assertGstinFree(tx, companyId, gstNumber);
    await assertPaymentTerm(tx, companyId, input.payment_term);
    const channels =
      input.sales_channels === undefined
        ? await queries.activeSalesChannelIds(tx, companyId)
        : await assertSalesChannels(tx, companyId, input.sales_channels);
    const openingBalancePaise = toPaise(input.opening_balance ?? 0);
    const { id } = await queries
      .insertBuyer(tx, companyId, {
        name: input.name,
        contact_person_name: input.contact_person_name ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        gst_number: gstNumber,
        pan: gstNumber ? gstinPan(gstNumber) : null,
        buyer_type: input.buyer_type,
        payment_term_id: input.payment_term ?? null,
        credit_limit_paise: input.credit_limit == null ? null : toPaise(input.credit_limit),
        opening_balance_paise: openingBalancePaise,
        created_by: actor.userId,
      })
      .catch(explainUniqueViolation);
    const owner = { companyId, ownerType: 'buyer' as const, ownerId: id };
    await addAddress(tx, owner, addressValues(input.billing_address, 'billing_address'));
    const shipping = input.addSameAsBilling ? input.billing_address : input.shipping_address;
    if (shipping) await addAddress(tx, owner, addressValues(shipping, 'shipping_address'));
    await queries.replaceBuyerSalesChannels(tx, companyId, id, channels);
    // A zero opening balance posts nothing: the ledger starts empty and the outstanding at zero.
    if (openingBalancePaise !== 0) {
      await postBuyerLedgerEntry(tx, {
        companyId,
        buyerId: id,
        type: 'opening_balance',
        ...openingBalanceAmounts(openingBalancePaise),
        notes: 'Opening balance',
        userId: actor.userId,
      });
    }
    await recordBuyerHistory(tx, actor, id, 'created', input);
    return id;
  });
  return getBuyerDetail(db, companyId, id);
}
