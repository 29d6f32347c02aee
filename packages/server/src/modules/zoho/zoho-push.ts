import {
  pushedTypes,
  ZOHO_ENTITY_LABELS,
  type ZohoEntityType,
  type ZohoSettings,
  type ZohoSyncAction,
} from '@b2b/domain/zoho';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../core/errors.ts';
import type { ZohoBooksClient, ZohoModule } from '../../core/ports/zoho-books.ts';
import { inTransaction } from '../../db/transaction.ts';
import * as queries from './zoho.queries.ts';

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

interface Line {
  product_name: string;
  sku: string | null;
  hsn: string | null;
  unit: string | null;
  quantity: number | string;
  taxable_paise: number | string;
  gst_rate: number | string;
}

/**
 * Lines at their taxable value (rate excluding GST), and the GST, charges and round-off as the
 * document's adjustment, so that Zoho's total is ours to the paisa without mapping our GST rates
 * to the organisation's tax ids.
 */
function linesAndAdjustment(lines: Line[], totalPaise: number | string) {
  let linesPaise = 0;
  const items = lines.map((line) => {
    const quantity = Number(line.quantity);
    const ratePaise =
      quantity > 0 ? Math.round(Number(line.taxable_paise) / quantity) : Number(line.taxable_paise);
    linesPaise += Math.round(ratePaise * (quantity > 0 ? quantity : 1));
    return {
      name: line.product_name.slice(0, 100),
      description: [line.sku && `SKU ${line.sku}`, `GST ${Number(line.gst_rate)}%`]
        .filter(Boolean)
        .join(' · '),
      ...(line.hsn && { hsn_or_sac: line.hsn }),
      ...(line.unit && { unit: line.unit }),
      quantity: quantity > 0 ? quantity : 1,
      rate: ratePaise / 100,
    };
  });
  return {
    line_items: items,
    adjustment: rupees(Number(totalPaise) - linesPaise),
    adjustment_description: 'GST, charges and round-off',
  };
}

interface Prepared {
  label: string;
  key: string;
  sourceUpdatedAt: Date | string;
  /** Cancelled here: void (or delete) it in Zoho when it was pushed, else nothing to do. */
  cancelled: boolean;
  body: () => Promise<Record<string, unknown>>;
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
          body: async () => ({
            customer_id: await contactOf(Number(invoice.buyer_id)),
            invoice_number: invoice.invoice_number,
            date: dateOf(invoice.invoice_date),
            ...(invoice.due_date && { due_date: dateOf(invoice.due_date) }),
            ...(invoice.reference_number && { reference_number: invoice.reference_number }),
            ...(invoice.notes && { notes: invoice.notes.slice(0, 1000) }),
            is_inclusive_tax: false,
            ...linesAndAdjustment(await queries.invoiceLines(db, companyId, id), invoice.total_paise),
          }),
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
          body: async () => {
            const invoice = await queries.findRecord(db, {
              companyId,
              organizationId,
              type: 'invoice',
              entityId: Number(note.invoice_id),
            });
            return {
              customer_id: await contactOf(Number(note.buyer_id)),
              creditnote_number: note.credit_note_number,
              date: dateOf(note.credit_note_date),
              reference_number: note.invoice_number,
              ...(invoice && !invoice.is_closed && { invoice_id: invoice.zoho_id }),
              ...(note.reason && { notes: note.reason.slice(0, 1000) }),
              is_inclusive_tax: false,
              ...linesAndAdjustment(await queries.creditNoteLines(db, companyId, id), note.total_paise),
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
              customer_id: await contactOf(Number(payment.buyer_id)),
              payment_mode: (payment.method_name ?? 'Cash').slice(0, 50),
              amount: rupees(payment.amount_paise),
              date: dateOf(payment.payment_date),
              reference_number: payment.payment_number,
              ...(payment.notes && { description: payment.notes.slice(0, 500) }),
              invoices,
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
        const body = await prepared.body();
        const existing = zohoId;
        zohoId = await run.logged(
          `push_${type}`,
          existing ? `/books/v3/${module}/${existing}` : `/books/v3/${module}`,
          () =>
            run.call((accessToken) =>
              run.client.save({ accessToken, organizationId, module, zohoId: existing, body }),
            ),
        );
        action = existing ? 'updated' : 'created';
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
          error: null,
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
