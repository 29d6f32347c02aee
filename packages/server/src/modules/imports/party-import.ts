import { type BuyerCreate, type BuyerUpdate, buyerCreate } from '@b2b/domain/api/buyers';
import { SELLER_MESSAGES, type SellerCreate, type SellerUpdate, sellerCreate } from '@b2b/domain/api/sellers';
import { BUYER_TYPES, type BuyerType, gstinBillingStateProblem } from '@b2b/domain/buyers';
import { gstinStateCode } from '@b2b/domain/gstin';
import {
  bareNumber,
  type ImportKind,
  type ImportMapping,
  type ImportRowError,
  rowCells,
} from '@b2b/domain/imports';
import type { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { type Principal, systemPrincipal } from '../../core/principal.ts';
import type { Executor } from '../../db/transaction.ts';
import { updateBuyer } from '../buyers/change-buyer.ts';
import { createBuyer } from '../buyers/create-buyer.ts';
import { createSeller, updateSeller } from '../sellers/sellers.service.ts';
import { ImportRowRefused } from './import-row-refused.ts';
import * as queries from './party-import.queries.ts';

export const PARTY_IMPORT_TEXTS = {
  state_unknown: (name: string) => `No state named '${name}' (give its name or its 2-digit GST code).`,
  payment_term_unknown: (name: string) => `No payment term named '${name}'.`,
  buyer_type_unknown: (name: string) =>
    `Unknown buyer type '${name}' (one of ${BUYER_TYPES.map((t) => t.value).join(', ')}).`,
  key_required: 'Give the GSTIN or the phone number: a row is matched by one of them.',
  repeated: (label: string) => `This ${label} is repeated in an earlier row of the file.`,
  phone_ambiguous: (what: string) =>
    `More than one ${what} has this phone number; add the GSTIN to say which one this row is.`,
  cannot_change: (what: string) => `You do not have permissions to change ${what}.`,
} as const;

/** A checked buyers or sellers row: a new party, or the changes to an existing one. */
export type PartyImportRow<Create, Update> =
  | { row: number; action: 'create'; input: Create }
  | { row: number; action: 'update'; id: number; changes: Update };
export type BuyerImportRow = PartyImportRow<BuyerCreate, BuyerUpdate>;
export type SellerImportRow = PartyImportRow<SellerCreate, SellerUpdate>;

const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Which import field a create-route field (its zod issue path) is read from. */
function fieldOfPath(path: readonly PropertyKey[]): string {
  const [head, inner] = path.map(String);
  if (head === 'billing_address' || head === 'shipping_address') {
    const side = head === 'billing_address' ? 'billing' : 'shipping';
    if (inner === 'state_id') return `${side}_state`;
    if (inner === 'address_line_1' || inner === 'address_line_2') return `${side}_${inner}`;
    if (inner === 'city' || inner === 'pincode') return `${side}_${inner}`;
    return `${side}_address_line_1`;
  }
  if (head === 'gst_number') return 'gstin';
  if (head === 'contact_person_name') return 'contact_person';
  return head ?? '';
}

type Lookups = Awaited<ReturnType<typeof queries.partyImportLookups>>;

/**
 * What buyers and sellers rows share: the row turned into the create route's input (names of
 * states and payment terms resolved), parsed by that route's own zod schema (GSTIN checksum,
 * pincode, phone, e-mail), and the key: the GSTIN, else the phone number.
 */
function partyRowReader(kind: ImportKind, mapping: ImportMapping, lookups: Lookups) {
  const states = new Map<string, Lookups['states'][number]>();
  for (const s of lookups.states) {
    states.set(key(s.name), s);
    states.set(s.gst_code, s);
    states.set(String(Number(s.gst_code)), s);
  }
  const terms = new Map(lookups.paymentTerms.map((t) => [key(t.name), t.id]));
  const cellsOf = rowCells(kind, mapping);

  return function read(row: number, values: Record<string, string>, errors: ImportRowError[]) {
    const failed = new Set<string>();
    const cells = cellsOf(row, values, errors);
    const { text } = cells;
    const fail = (fieldName: string, message: string) => {
      failed.add(fieldName);
      cells.fail(fieldName, message);
    };
    const mapped = (name: string) => values[name] !== undefined;

    const stateOf = (fieldName: string) => {
      const raw = text(fieldName);
      if (raw === '') return '';
      const found = states.get(key(raw));
      if (!found) fail(fieldName, PARTY_IMPORT_TEXTS.state_unknown(raw));
      return found?.id;
    };
    const address = (side: 'billing' | 'shipping') => ({
      address_line_1: text(`${side}_address_line_1`),
      ...(text(`${side}_address_line_2`) !== '' ? { address_line_2: text(`${side}_address_line_2`) } : {}),
      city: text(`${side}_city`),
      state_id: stateOf(`${side}_state`),
      pincode: text(`${side}_pincode`),
    });
    const shippingGiven = ['address_line_1', 'address_line_2', 'city', 'state', 'pincode'].some(
      (f) => text(`shipping_${f}`) !== '',
    );

    let paymentTerm: number | undefined;
    if (text('payment_term') !== '') {
      paymentTerm = terms.get(key(text('payment_term')));
      if (paymentTerm === undefined)
        fail('payment_term', PARTY_IMPORT_TEXTS.payment_term_unknown(text('payment_term')));
    }

    const gstin = text('gstin').toUpperCase();
    const input: Record<string, unknown> = {
      name: text('name'),
      billing_address: address('billing'),
      // A row without a shipping address ships to its billing address.
      ...(shippingGiven ? { shipping_address: address('shipping') } : { addSameAsBilling: true }),
    };
    if (gstin !== '') input.gst_number = gstin;
    if (text('phone') !== '') input.phone = tenDigitPhone(text('phone'));
    if (text('email') !== '') input.email = text('email');
    if (text('contact_person') !== '') input.contact_person_name = text('contact_person');
    if (paymentTerm !== undefined) input.payment_term = paymentTerm;
    const phone = typeof input.phone === 'string' ? input.phone : '';
    return { fail, failed, text, mapped, input, gstin, phone };
  };
}

type Fail = (fieldName: string, message: string) => void;

/** Reports a failed parse of the create route's schema, once per import field. */
function reportIssues(issues: readonly z.core.$ZodIssue[], fail: Fail, failed: Set<string>) {
  for (const issue of issues) {
    const fieldName = fieldOfPath(issue.path);
    // A field already reported (a state or payment term that is not found) is not reported twice.
    if (!failed.has(fieldName)) fail(fieldName, issue.message);
  }
}

/**
 * A sheet's phone as the 10 digits the party keeps: spaces and dashes dropped, and a leading +91,
 * 91 or 0 only when ten digits follow it (9123456789 is a mobile number, not 91 + 8 digits).
 */
export function tenDigitPhone(cell: string): string {
  const digits = cell.replace(/[\s-]/g, '');
  return /^(?:\+91|91|0)(\d{10})$/.exec(digits)?.[1] ?? digits;
}

/**
 * The key of a buyers or sellers file: a row names a party by its GSTIN when it has one, else by
 * its phone. `find` answers the party it names (more than one with that phone is the row's error);
 * `claim` takes the row's key for the file (a key given twice is an error, and so is naming an
 * existing party without the permission to change it).
 */
function partyKeys<P extends { id: number; gst_number: string | null; phone: string | null }>(
  parties: P[],
  what: 'buyer' | 'seller',
) {
  const byGstin = new Map<string, P>();
  const byPhone = new Map<string, P[]>();
  for (const p of parties) {
    if (p.gst_number) byGstin.set(p.gst_number.toUpperCase(), p);
    if (p.phone) byPhone.set(p.phone, [...(byPhone.get(p.phone) ?? []), p]);
  }
  const seenGstins = new Set<string>();
  const seenPhones = new Set<string>();
  return {
    find(gstin: string, phone: string, fail: Fail): P | undefined {
      if (gstin !== '') return byGstin.get(gstin);
      const withPhone = phone !== '' ? (byPhone.get(phone) ?? []) : [];
      if (withPhone.length > 1) fail('phone', PARTY_IMPORT_TEXTS.phone_ambiguous(what));
      return withPhone[0];
    },
    claim(gstin: string, phone: string, fail: Fail, changesExisting: boolean) {
      if (gstin !== '') {
        if (seenGstins.has(gstin)) fail('gstin', PARTY_IMPORT_TEXTS.repeated('GSTIN'));
        seenGstins.add(gstin);
      } else if (phone !== '') {
        if (seenPhones.has(phone)) fail('phone', PARTY_IMPORT_TEXTS.repeated('phone number'));
        seenPhones.add(phone);
      }
      if (changesExisting)
        fail(gstin !== '' ? 'gstin' : 'phone', PARTY_IMPORT_TEXTS.cannot_change(`${what}s`));
    },
  };
}

/**
 * The checker of a buyers file: each row parsed by the buyer create route's schema (buyerCreate),
 * the GSTIN checked against the billing state by the buyers' own rule, and the key (GSTIN, else
 * phone) telling a create from an update. An update never changes the GSTIN (it is the key).
 */
export async function buyerRowChecker(
  db: Executor,
  companyId: number,
  mapping: ImportMapping,
  canUpdate: boolean,
) {
  const lookups = await queries.partyImportLookups(db, companyId);
  const read = partyRowReader('buyers', mapping, lookups);
  const statesById = new Map(lookups.states.map((s) => [s.id, s]));
  const keys = partyKeys(await queries.buyerKeys(db, companyId), 'buyer');

  return function check(
    row: number,
    values: Record<string, string>,
    errors: ImportRowError[],
  ): BuyerImportRow | null {
    const before = errors.length;
    const { fail, failed, text, mapped, input, gstin, phone } = read(row, values, errors);

    const current = keys.find(gstin, phone, fail);
    // On an update by phone the buyer keeps its GSTIN: the rules see the buyer as it will be.
    if (gstin === '' && current?.gst_number) input.gst_number = current.gst_number;
    if (gstin === '' && phone === '') fail('gstin', PARTY_IMPORT_TEXTS.key_required);

    let buyerType: BuyerType | undefined;
    const typeText = key(text('buyer_type'));
    if (typeText !== '') {
      buyerType = BUYER_TYPES.find(
        (t) => t.value === typeText.replaceAll(' ', '_') || key(t.label) === typeText,
      )?.value;
      if (buyerType === undefined)
        fail('buyer_type', PARTY_IMPORT_TEXTS.buyer_type_unknown(text('buyer_type')));
    }
    // A new buyer with a GSTIN is a registered one, without one an unregistered business.
    input.buyer_type = buyerType ?? current?.buyer_type ?? (gstin !== '' ? 'regular' : 'unregistered');
    if (text('credit_limit') !== '') input.credit_limit = bareNumber(text('credit_limit'));

    const parsed = buyerCreate.safeParse(input);
    if (!parsed.success) reportIssues(parsed.error.issues, fail, failed);
    else {
      const gstNumber = parsed.data.gst_number ?? null;
      const billing = statesById.get(parsed.data.billing_address.state_id);
      const code = gstNumber ? gstinStateCode(gstNumber) : null;
      const problem =
        billing && gstinBillingStateProblem(gstNumber, billing, code ? statesById.get(Number(code)) : null);
      if (problem) fail('gstin', problem);
    }

    keys.claim(gstin, phone, fail, current !== undefined && !canUpdate);

    if (errors.length > before || !parsed.success) return null;
    const b = parsed.data;
    if (!current) return { row, action: 'create', input: b };
    // An update changes what the file carries: a column left unmapped leaves its field as it is.
    const changes: BuyerUpdate = {
      name: b.name,
      billing_address: b.billing_address,
      ...(b.shipping_address ? { shipping_address: b.shipping_address } : { addSameAsBilling: true }),
    };
    if (mapped('phone') && b.phone) changes.phone = b.phone;
    if (mapped('email')) changes.email = b.email ?? null;
    if (mapped('contact_person')) changes.contact_person_name = b.contact_person_name ?? null;
    if (buyerType !== undefined) changes.buyer_type = buyerType;
    if (mapped('credit_limit')) changes.credit_limit = b.credit_limit ?? null;
    if (mapped('payment_term')) changes.payment_term = b.payment_term ?? null;
    return { row, action: 'update', id: current.id, changes };
  };
}

/**
 * The checker of a sellers file: each row parsed by the seller create route's schema
 * (sellerCreate: GSTIN checksum and state, PAN inside the GSTIN, pincode, phone), a seller's name
 * taken by no other seller, and the key (GSTIN, else phone). An update changes the seller's own
 * fields; its addresses are changed on the seller's page (the sellers module has no first-address
 * update as buyers have).
 */
export async function sellerRowChecker(
  db: Executor,
  companyId: number,
  mapping: ImportMapping,
  canUpdate: boolean,
) {
  const lookups = await queries.partyImportLookups(db, companyId);
  const read = partyRowReader('sellers', mapping, lookups);
  const sellers = await queries.sellerKeys(db, companyId);
  const keys = partyKeys(sellers, 'seller');
  // The seller (id, or the row of the file) each name belongs to.
  const nameOwner = new Map<string, string>(sellers.map((s) => [key(s.name), `id:${s.id}`]));

  return function check(
    row: number,
    values: Record<string, string>,
    errors: ImportRowError[],
  ): SellerImportRow | null {
    const before = errors.length;
    const { fail, failed, text, mapped, input, gstin, phone } = read(row, values, errors);

    const current = keys.find(gstin, phone, fail);
    if (gstin === '' && phone === '') fail('gstin', PARTY_IMPORT_TEXTS.key_required);
    if (text('pan') !== '') input.pan = text('pan');

    const parsed = sellerCreate.safeParse(input);
    if (!parsed.success) reportIssues(parsed.error.issues, fail, failed);

    const owner = current ? `id:${current.id}` : `row:${row}`;
    const name = key(text('name'));
    if (name !== '') {
      const taken = nameOwner.get(name);
      if (taken !== undefined && taken !== owner) fail('name', SELLER_MESSAGES.name_taken);
      else nameOwner.set(name, owner);
    }
    keys.claim(gstin, phone, fail, current !== undefined && !canUpdate);

    if (errors.length > before || !parsed.success) return null;
    const s = parsed.data;
    if (!current) return { row, action: 'create', input: s };
    const changes: SellerUpdate = { name: s.name };
    if (mapped('phone') && s.phone) changes.phone = s.phone;
    if (mapped('email')) changes.email = s.email ?? null;
    if (mapped('contact_person')) changes.contact_person_name = s.contact_person_name ?? null;
    if (mapped('pan') && s.pan) changes.pan = s.pan;
    if (mapped('payment_term')) changes.payment_term = s.payment_term ?? null;
    return { row, action: 'update', id: current.id, changes };
  };
}

/**
 * The import runs as the user who started it: their permission to add (and, row by row, to
 * change) was checked when the file was accepted; the services take the actor for the company,
 * the created_by and the history rows.
 */
const importActor = (companyId: number, userId: number): Principal =>
  systemPrincipal({ companyId, userId, sessionId: `import:${companyId}`, roleName: 'Import' });

/**
 * The services are the last word: a rule they refuse a row by that the file's check could not see
 * (a GSTIN taken since, a seller's billing address in another state than its GSTIN) refuses the
 * whole file at that row, named by the file's column.
 */
async function refusedAsRow(row: number, write: () => Promise<void>) {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation_error') throw error;
    const path = Object.keys(error.errors ?? {})[0] ?? '';
    throw new ImportRowRefused({ row, field: fieldOfPath(path.split('.')), message: error.message });
  }
}

/**
 * Writes a batch of buyers rows through the buyers service (create or update, each with its
 * addresses, sales channels and history row, exactly as the buyer routes write them), inside the
 * import's one transaction.
 */
export async function writeBuyerBatch(
  tx: Executor,
  options: { companyId: number; userId: number; jobId: number; rows: readonly BuyerImportRow[] },
) {
  const actor = importActor(options.companyId, options.userId);
  let created = 0;
  for (const r of options.rows) {
    await refusedAsRow(r.row, async () => {
      if (r.action === 'create') {
        await createBuyer({ db: tx, actor, input: r.input });
        created++;
      } else await updateBuyer({ db: tx, actor, buyerId: r.id, changes: r.changes });
    });
  }
  return { created, updated: options.rows.length - created };
}

/** Writes a batch of sellers rows through the sellers service, as writeBuyerBatch does for buyers. */
export async function writeSellerBatch(
  tx: Executor,
  options: { companyId: number; userId: number; jobId: number; rows: readonly SellerImportRow[] },
) {
  const actor = importActor(options.companyId, options.userId);
  let created = 0;
  for (const r of options.rows) {
    await refusedAsRow(r.row, async () => {
      if (r.action === 'create') {
        await createSeller({ db: tx, actor, input: r.input });
        created++;
      } else await updateSeller({ db: tx, actor, sellerId: r.id, changes: r.changes });
    });
  }
  return { created, updated: options.rows.length - created };
}
