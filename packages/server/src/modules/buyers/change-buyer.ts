import {
  BUYER_MESSAGES,
  type BuyerAddressCreate,
  type BuyerDetailOutput,
  type BuyerUpdate,
} from '@b2b/domain/api/buyers';
import type { AddressOutput } from '@b2b/domain/api/common';
import { type BuyerType, buyerGstinProblem } from '@b2b/domain/buyers';
import { gstinPan } from '@b2b/domain/gstin';
import { toPaise } from '@b2b/domain/money';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import type { Principal } from '../../core/principal.ts';
import type { Database } from '../../db/database.ts';
import { type Executor, inTransaction, type Tx, withinTransaction } from '../../db/transaction.ts';
import { updateAddress as updateAddressRow } from '../addresses/addresses.queries.ts';
import { addAddress, addOwnedAddress, addressesByOwner } from '../addresses/addresses.service.ts';
import { historyWriter } from '../history/history.service.ts';
import {
  assertBuyerAddressRules,
  assertGstinFree,
  assertPaymentTerm,
  assertSalesChannels,
  explainUniqueViolation,
  stateOf,
} from './buyer-checks.ts';
import { getBuyerDetail } from './buyer-reads.ts';
import * as queries from './buyers.queries.ts';
import { type AddressInput, addressValues } from './create-buyer.ts';

const recordBuyerHistory = historyWriter('buyer');

/** The buyer's first address of a type is changed in place, or added when it has none. */
async function saveFirstAddress(
  tx: Tx,
  companyId: number,
  buyerId: number,
  current: AddressOutput[],
  addressType: 'billing_address' | 'shipping_address',
  input: AddressInput,
) {
  const existing = current.find((a) => a.address_type === addressType);
  if (!existing) {
    await addAddress(
      tx,
      { companyId, ownerType: 'buyer', ownerId: buyerId },
      addressValues(input, addressType),
    );
    return;
  }
  await updateAddressRow(tx, companyId, existing.id, {
    ...addressValues(input, addressType),
    address_line_2: input.address_line_2 ?? null,
    landmark: input.landmark ?? null,
  });
}

/** Any field, same rules, applied together; the opening balance is fixed once posted. */
export async function updateBuyer(options: {
  db: Executor;
  actor: Principal;
  buyerId: number;
  changes: BuyerUpdate;
}): Promise<BuyerDetailOutput> {
  const { db, actor, buyerId, changes } = options;
  const companyId = actor.companyId;
  // Given a transaction (an import of buyers), it runs inside it.
  await withinTransaction(db, async (tx) => {
    const current = await queries.lockBuyer(tx, companyId, buyerId);
    if (!current) throw notFound('Buyer');
    if (
      changes.opening_balance !== undefined &&
      toPaise(changes.opening_balance) !== current.opening_balance_paise
    ) {
      throw validationError('opening_balance', BUYER_MESSAGES.opening_balance_locked);
    }
    const buyerType: BuyerType = changes.buyer_type ?? current.buyer_type;
    const gstNumber = changes.gst_number !== undefined ? changes.gst_number : current.gst_number;
    const problem = buyerGstinProblem(buyerType, gstNumber);
    if (problem) throw validationError('gst_number', problem);
    if (changes.billing_address)
      await stateOf(tx, changes.billing_address.state_id, 'billing_address.state_id');
    if (changes.shipping_address) {
      await stateOf(tx, changes.shipping_address.state_id, 'shipping_address.state_id');
    }
    if (gstNumber !== current.gst_number) await assertGstinFree(tx, companyId, gstNumber, buyerId);
    if (changes.payment_term !== current.payment_term_id)
      await assertPaymentTerm(tx, companyId, changes.payment_term);
    const channels =
      changes.sales_channels === undefined
        ? undefined
        : await assertSalesChannels(tx, companyId, changes.sales_channels);

    // Addresses first, then the GSTIN is checked against the billing addresses as they now are.
    const addresses = (await addressesByOwner(tx, companyId, 'buyer', [buyerId])).get(buyerId) ?? [];
    if (changes.billing_address) {
      await saveFirstAddress(tx, companyId, buyerId, addresses, 'billing_address', changes.billing_address);
    }
    const shipping = changes.addSameAsBilling
      ? (changes.billing_address ??
        addressInputOf(addresses.find((a) => a.address_type === 'billing_address')))
      : changes.shipping_address;
    if (shipping) await saveFirstAddress(tx, companyId, buyerId, addresses, 'shipping_address', shipping);

    await queries
      .updateBuyer(tx, companyId, buyerId, {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.contact_person_name !== undefined
          ? { contact_person_name: changes.contact_person_name }
          : {}),
        ...(changes.email !== undefined ? { email: changes.email } : {}),
        ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
        ...(changes.gst_number !== undefined
          ? { gst_number: gstNumber, pan: gstNumber ? gstinPan(gstNumber) : null }
          : {}),
        ...(changes.buyer_type !== undefined ? { buyer_type: changes.buyer_type } : {}),
        ...(changes.payment_term !== undefined ? { payment_term_id: changes.payment_term } : {}),
        ...(changes.credit_limit !== undefined
          ? { credit_limit_paise: changes.credit_limit === null ? null : toPaise(changes.credit_limit) }
          : {}),
      })
      .catch(explainUniqueViolation);
    if (channels) await queries.replaceBuyerSalesChannels(tx, companyId, buyerId, channels);
    // Buyers imported without an address can still be edited; the address routes insist on one.
    await assertBuyerAddressRules(tx, companyId, buyerId, { requireBilling: false }).catch(
      (error: unknown) => {
        // Here the GSTIN is what the user is most likely changing: report it on that field.
        if (error instanceof AppError && error.errors?.state_id) {
          throw validationError(
            changes.billing_address ? 'billing_address.state_id' : 'gst_number',
            error.message,
          );
        }
        throw error;
      },
    );
    await recordBuyerHistory(tx, actor, buyerId, 'updated', changes);
  });
  return getBuyerDetail(db, companyId, buyerId);
}

const addressInputOf = (address: AddressOutput | undefined): AddressInput | undefined =>
  address && {
    address_line_1: address.address_line_1,
    address_line_2: address.address_line_2 ?? undefined,
    landmark: address.landmark ?? undefined,
    city: address.city,
    state_id: address.state.id,
    pincode: address.pincode,
  };

type BuyerFlag = 'is_active' | 'is_inventory_exposed' | 'ignore_for_bi';
const FLAG_ACTIONS: Record<BuyerFlag, [on: string, off: string]> = {
  is_active: ['activated', 'deactivated'],
  is_inventory_exposed: ['inventory_exposed', 'inventory_hidden'],
  ignore_for_bi: ['ignored_for_bi', 'not_ignored_for_bi'],
};

/** Activate/deactivate, expose/hide inventory, ignore for BI or not: one switch, one history row. */
export async function setBuyerFlag(options: {
  db: Database;
  actor: Principal;
  buyerId: number;
  flag: BuyerFlag;
  value: boolean;
}): Promise<BuyerDetailOutput> {
  const { db, actor, buyerId, flag, value } = options;
  await inTransaction(db, async (tx) => {
    if (!(await queries.lockBuyer(tx, actor.companyId, buyerId))) throw notFound('Buyer');
    await queries.updateBuyer(tx, actor.companyId, buyerId, { [flag]: value });
    await recordBuyerHistory(tx, actor, buyerId, FLAG_ACTIONS[flag][value ? 0 : 1]);
  });
  return getBuyerDetail(db, actor.companyId, buyerId);
}

/**
 * POST buyers/{id}/addresses: through the shared address service, so the buyer's address rules
 * (registered with it) run on the result. A billing address may be copied as shipping too.
 */
export async function addBuyerAddress(options: {
  db: Database;
  actor: Principal;
  buyerId: number;
  input: BuyerAddressCreate;
}): Promise<AddressOutput> {
  const { db, actor, buyerId, input } = options;
  return inTransaction(db, async (tx) => {
    if (!(await queries.lockBuyer(tx, actor.companyId, buyerId))) throw notFound('Buyer');
    const { addSameAsBilling, ...address } = input;
    await stateOf(tx, address.state_id, 'state_id');
    const owner = { actor, ownerType: 'buyer' as const, ownerId: buyerId };
    const created = await addOwnedAddress(tx, owner, address);
    if (addSameAsBilling) await addOwnedAddress(tx, owner, { ...address, address_type: 'shipping_address' });
    await queries.updateBuyer(tx, actor.companyId, buyerId, {});
    return created;
  });
}

/** Enables or disables one sales channel for the buyer (v2 enable-/disable-sales-channel). */
export async function setBuyerSalesChannel(options: {
  db: Database;
  actor: Principal;
  buyerId: number;
  salesChannelId: number;
  enabled: boolean;
}): Promise<BuyerDetailOutput> {
  const { db, actor, buyerId, salesChannelId, enabled } = options;
  const companyId = actor.companyId;
  await inTransaction(db, async (tx) => {
    if (!(await queries.lockBuyer(tx, companyId, buyerId))) throw notFound('Buyer');
    const [channel] = await queries.salesChannelsByIds(tx, companyId, [salesChannelId]);
    if (!channel) throw validationError('sales_channel', BUYER_MESSAGES.sales_channel_not_found);
    // Disabling an inactive channel is fine (it tidies up); enabling one is not.
    if (enabled && !channel.is_active)
      throw validationError('sales_channel', BUYER_MESSAGES.sales_channel_inactive);
    await queries.setBuyerSalesChannel(tx, companyId, buyerId, salesChannelId, enabled);
    await queries.updateBuyer(tx, companyId, buyerId, {});
    await recordBuyerHistory(
      tx,
      actor,
      buyerId,
      enabled ? 'sales_channel_enabled' : 'sales_channel_disabled',
      { sales_channel: salesChannelId, name: channel.name },
    );
  });
  return getBuyerDetail(db, companyId, buyerId);
}
