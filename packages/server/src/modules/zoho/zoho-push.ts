import {
  pushedTypes,
  ZOHO_ENTITY_LABELS,
  type ZohoEntityType,
  type ZohoSettings,
  type ZohoSyncAction,
} from '@b2b/domain/zoho';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../core/errors.ts';
import {
  ZohoApiError,
  type ZohoBooksClient,
  type ZohoModule,
  type ZohoTax,
} from '../../core/ports/zoho-books.ts';
import { inTransaction } from '../../db/transaction.ts';
import * as queries from './zoho.queries.ts';
import { documentLines, zohoStateCode } from './zoho-gst.ts';

/** What the push needs of the app (zoho.service.ts's context is the same). */
export type ZohoContext = Pick<AppContext, 'db' | 'secrets' | 'config'>;

/**
 * One push of a company's changes to its Zoho Books organisation: contacts (buyers) first, then
 * invoices, credit notes and payments received, each of which needs its buyer's contact (pushed on
 * the way when contacts are off). Each record: its Zoho id kept from an earlier push is updated;
 * without one, Zoho is asked for a record of the same number (a push whose answer was lost) before
 * one is created; a cancelled document is voided (a payment deleted). The Zoho id and the log row
 * commit together after each record.
 */

/** At most this many records of each kind per sync; the rest follow at the next one. */
export const SYNC_BATCH = 200;

const MODULE: Record<ZohoEntityType, ZohoModule> = {
  contact: 'contacts',
  invoice: 'invoices',
  credit_note: 'creditnotes',
  payment: 'customerpayments',
};

/** The field a record is found by in Zoho when its id was never kept. */
const KEY_FIELD: Record<ZohoEntityType, string> = {
  contact: 'contact_name',
  invoice: 'invoice_number',
  credit_note: 'creditnote_number',
  payment: 'reference_number',
};

const rupees = (paise: number | string) => Math.round(Number(paise)) / 100;
const dateOf = (value: string | Date) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** What an invoice or credit note says of GST to Zoho besides its lines (India edition). */
const gstFields = (doc: { place_of_supply_code: string | null; buyer_gstin: string | null }) => {
  const place = zohoStateCode(doc.place_of_supply_code);
  return {
    ...(place && { place_of_supply: place }),
    gst_treatment: doc.buyer_gstin ? 'business_gst' : 'consumer',
    ...(doc.buyer_gstin && { gst_no: doc.buyer_gstin }),
  };
};

/** A body to push, and the sentence the sync log keeps with it (a document pushed the old way). */
interface Body {
  body: Record<string, unknown>;
  note: string | null;
}

interface Prepared {
  label: string;
  key: string;
  sourceUpdatedAt: Date | string;
  /** Cancelled here: void (or delete) it in Zoho when it was pushed, else nothing to do. */
  cancelled: boolean;
  body: () => Promise<Body>;
  /** Our total in paise, for a document whose total Zoho computes (invoices, credit notes). */
  totalPaise?: number;
}

export interface PushRun {
  ctx: ZohoContext;
  companyId: number;
  organizationId: string;
  settings: ZohoSettings;
  client: ZohoBooksClient;
  /** A Books call with the connection's access token (refreshed once on a 401). */
  call: <T>(work: (accessToken: string) => Promise<T>) => Promise<T>;
  /** Records the call in integration_calls. */
  logged: <T>(operation: string, target: string | null, call: () => Promise<T>) => Promise<T>;
}

export async function pushChanges(run: PushRun) {
  const { ctx, companyId, organizationId } = run;
  const done = new Map<string, string>();
  let pushed = 0;
  let failed = 0;

  // The organisation's taxes, read once per push run (the first document that needs them). A
  // refusal other than the connection's: the documents go the old way, saying why.
  let taxes: Promise<ZohoTax[] | { error: string }> | undefined;
  const organisationTaxes = () => {
    taxes ??= run
      .logged('list_taxes', '/books/v3/settings/taxes', () =>
        run.call((accessToken) => run.client.taxes({ accessToken, organizationId })),
      )
      .catch((error: unknown) => {
        if (error instanceof ZohoApiError) return { error: error.message };
        throw error;
      });
    return taxes;
  };

  const prepare = async (type: ZohoEntityType, id: number): Promise<Prepared | undefined> => {
    const db = ctx.db;
    switch (type) {
      case 'contact': {
        const buyer = await queries.findBuyer(db, companyId, id);
        if (!buyer) return undefined;
        return {
          label: buyer.name,
          key: buyer.name,
          sourceUpdatedAt: buyer.updated_at,
          cancelled: false,
          body: async () => ({
            note: null,
            body: {
              contact_name: buyer.name,
              company_name: buyer.name,
              contact_type: 'customer',
              gst_treatment: buyer.gst_number ? 'business_gst' : 'consumer',
              ...(buyer.gst_number && { gst_no: buyer.gst_number }),
              ...(buyer.pan && { pan_no: buyer.pan }),
              ...(buyer.email || buyer.phone
                ? {
                    contact_persons: [
                      {
                        first_name: (buyer.contact_person_name || buyer.name).slice(0, 100),
                        ...(buyer.email && { email: buyer.email }),
                        ...(buyer.phone && { phone: buyer.phone }),
                        is_primary_contact: true,
                      },
                    ],
                  }
                : {}),
            },
          }),
        };
      }
      case 'invoice': {
        const invoice = await queries.findInvoice(db, companyId, id);
        if (!invoice) return undefined;
        return {
          label: invoice.invoice_number,
          key: invoice.invoice_number,
          sourceUpdatedAt: invoice.updated_at,
          cancelled: invoice.status === 'cancelled',
          totalPaise: Number(invoice.total_paise),
          body: async () => {
            const {
              taxed,
              note: logNote,
              ...zohoLines
            } = documentLines({
              lines: await queries.invoiceLines(db, companyId, id),
              totalPaise: invoice.total_paise,
              intraState: invoice.is_intra_state,
              taxes: await organisationTaxes(),
              documentNumber: invoice.invoice_number,
            });
            return {
              note: taxed ? null : logNote,
              body: {
                customer_id: await contactOf(Number(invoice.buyer_id)),
                invoice_number: invoice.invoice_number,
                date: dateOf(invoice.invoice_date),
                ...(invoice.due_date && { due_date: dateOf(invoice.due_date) }),
                ...(invoice.reference_number && { reference_number: invoice.reference_number }),
                ...(invoice.notes && { notes: invoice.notes.slice(0, 1000) }),
                ...gstFields(invoice),
                is_inclusive_tax: false,
                ...zohoLines,
              },
            };
          },
        };
      }
      case 'credit_note': {
        const note = await queries.findCreditNote(db, companyId, id);
        if (!note) return undefined;
        return {
          label: note.credit_note_number,
          key: note.credit_note_number,
          sourceUpdatedAt: note.updated_at,
          cancelled: note.status === 'cancelled',
          totalPaise: Number(note.total_paise),
          body: async () => {
            const invoice = await queries.findRecord(db, {
              companyId,
              organizationId,
              type: 'invoice',
              entityId: Number(note.invoice_id),
            });
            const {
              taxed,
              note: logNote,
              ...zohoLines
            } = documentLines({
              lines: await queries.creditNoteLines(db, companyId, id),
              totalPaise: note.total_paise,
              intraState: note.is_intra_state,
              taxes: await organisationTaxes(),
              documentNumber: note.credit_note_number,
            });
            return {
              note: taxed ? null : logNote,
              body: {
                customer_id: await contactOf(Number(note.buyer_id)),
                creditnote_number: note.credit_note_number,
                date: dateOf(note.credit_note_date),
                reference_number: note.invoice_number,
                ...(invoice && !invoice.is_closed && { invoice_id: invoice.zoho_id }),
                ...(note.reason && { notes: note.reason.slice(0, 1000) }),
                ...gstFields(note),
                is_inclusive_tax: false,
                ...zohoLines,
              },
            };
          },
        };
      }
      case 'payment': {
        const payment = await queries.findPayment(db, companyId, id);
        if (!payment) return undefined;
        return {
          label: payment.payment_number,
          key: payment.payment_number,
          sourceUpdatedAt: payment.updated_at,
          cancelled: payment.status === 'cancelled',
          body: async () => {
            const invoices = [];
            for (const allocation of await queries.paymentAllocations(db, companyId, id)) {
              const invoice = await queries.findRecord(db, {
                companyId,
                organizationId,
                type: 'invoice',
                entityId: Number(allocation.invoice_id),
              });
              // An invoice not in Zoho: the amount stays unapplied there (the customer's credit).
              if (invoice && !invoice.is_closed)
                invoices.push({
                  invoice_id: invoice.zoho_id,
                  amount_applied: rupees(allocation.amount_paise),
                });
            }
            return {
              note: null,
              body: {
                customer_id: await contactOf(Number(payment.buyer_id)),
                payment_mode: (payment.method_name ?? 'Cash').slice(0, 50),
                amount: rupees(payment.amount_paise),
                date: dateOf(payment.payment_date),
                reference_number: payment.payment_number,
                ...(payment.notes && { description: payment.notes.slice(0, 500) }),
                invoices,
              },
            };
          },
        };
      }
    }
  };

  /** Pushes one record; answers its Zoho id (null when there was nothing to push). */
  async function push(type: ZohoEntityType, id: number): Promise<string | null> {
    const seen = done.get(`${type}:${id}`);
    if (seen !== undefined) return seen;
    const prepared = await prepare(type, id);
    if (!prepared) return null;
    const module = MODULE[type];
    const record = await queries.findRecord(ctx.db, { companyId, organizationId, type, entityId: id });
    let zohoId = record?.zoho_id ?? null;
    let action: ZohoSyncAction | null = null;
    let note: string | null = null;
    try {
      if (record?.is_closed) return zohoId;
      if (zohoId === null) {
        const key = prepared.key;
        zohoId = await run.logged(`find_${type}`, `/books/v3/${module}`, () =>
          run.call((accessToken) =>
            run.client.findBy({ accessToken, organizationId, module, field: KEY_FIELD[type], value: key }),
          ),
        );
      }
      if (prepared.cancelled) {
        if (zohoId === null) return null;
        const existing = zohoId;
        await run.logged(`close_${type}`, `/books/v3/${module}/${existing}`, () =>
          run.call((accessToken) =>
            run.client.close({ accessToken, organizationId, module, zohoId: existing }),
          ),
        );
        action = type === 'payment' ? 'deleted' : 'voided';
      } else {
        const { body, note: logNote } = await prepared.body();
        note = logNote;
        const existing = zohoId;
        const saved = await run.logged(
          `push_${type}`,
          existing ? `/books/v3/${module}/${existing}` : `/books/v3/${module}`,
          () =>
            run.call((accessToken) =>
              run.client.save({ accessToken, organizationId, module, zohoId: existing, body }),
            ),
        );
        zohoId = saved.id;
        action = existing ? 'updated' : 'created';
        // Zoho rounded its line taxes otherwise than we expected (an organisation rounding tax on
        // the whole document, say): the paise go to the adjustment, so that its total is ours.
        const offPaise =
          prepared.totalPaise !== undefined && saved.total !== null
            ? prepared.totalPaise - Math.round(saved.total * 100)
            : 0;
        if (offPaise !== 0 && typeof body.adjustment === 'number') {
          const savedId = saved.id;
          const corrected = {
            ...body,
            adjustment: Math.round(body.adjustment * 100 + offPaise) / 100,
          };
          await run.logged(`push_${type}`, `/books/v3/${module}/${savedId}`, () =>
            run.call((accessToken) =>
              run.client.save({ accessToken, organizationId, module, zohoId: savedId, body: corrected }),
            ),
          );
        }
      }
      const savedId = zohoId as string;
      await inTransaction(ctx.db, async (tx) => {
        await queries.saveRecord(tx, {
          companyId,
          organizationId,
          type,
          entityId: id,
          zohoId: savedId,
          sourceUpdatedAt: prepared.sourceUpdatedAt,
          isClosed: prepared.cancelled,
        });
        await queries.insertLog(tx, {
          companyId,
          type,
          entityId: id,
          label: prepared.label,
          action,
          ok: true,
          zohoId: savedId,
          // A document pushed with its GST as an adjustment says why (the row is still a success).
          error: note,
        });
      });
      pushed += 1;
      done.set(`${type}:${id}`, savedId);
      return savedId;
    } catch (error) {
      // The connection itself is refused (reconnect needed): the whole sync stops.
      if (error instanceof AppError) throw error;
      failed += 1;
      await queries.insertLog(ctx.db, {
        companyId,
        type,
        entityId: id,
        label: prepared.label,
        action: null,
        ok: false,
        zohoId,
        error: (error as Error).message,
      });
      throw new PushFailed(`${ZOHO_ENTITY_LABELS[type]} ${prepared.label} was not pushed.`);
    }
  }

  /** The buyer's Zoho contact: pushed now when it never was or changed since. */
  async function contactOf(buyerId: number): Promise<string> {
    const current = await queries.currentContact(ctx.db, companyId, organizationId, buyerId);
    if (current !== null) return current;
    const id = await push('contact', buyerId);
    if (id === null) throw new PushFailed('The buyer of this document was not found.');
    return id;
  }

  const types = pushedTypes(run.settings);
  const changed: Record<ZohoEntityType, () => Promise<number[]>> = {
    contact: () => queries.changedBuyerIds(ctx.db, companyId, organizationId, SYNC_BATCH),
    invoice: () => queries.changedInvoiceIds(ctx.db, companyId, organizationId, SYNC_BATCH),
    credit_note: () => queries.changedCreditNoteIds(ctx.db, companyId, organizationId, SYNC_BATCH),
    payment: () => queries.changedPaymentIds(ctx.db, companyId, organizationId, SYNC_BATCH),
  };
  for (const type of types) {
    for (const id of await changed[type]()) {
      try {
        await push(type, id);
      } catch (error) {
        if (!(error instanceof PushFailed)) throw error;
      }
    }
  }
  const detail =
    pushed === 0 && failed === 0
      ? 'Nothing changed since the last sync.'
      : `${pushed} record${pushed === 1 ? '' : 's'} pushed to Zoho Books${failed > 0 ? `, ${failed} failed (see the sync log)` : ''}.`;
  return { detail, pushed, failed };
}

/** A record that could not be pushed (logged already); the sync goes on with the next. */
class PushFailed extends Error {}
