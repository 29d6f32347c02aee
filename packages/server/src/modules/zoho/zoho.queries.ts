import type { ZohoEntityType, ZohoSyncAction } from '@b2b/domain/zoho';
import { type ExpressionBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

/**
 * The SQL of Zoho Books (issue 26): the connection, the Zoho id of each record pushed, the push
 * log, and the company's buyers, invoices, credit notes and payments read for pushing (read only:
 * each document stays the only writer of its rows).
 */

export const findConnection = (db: Executor, companyId: number) =>
  db
    .selectFrom('zoho_connections as z')
    .leftJoin('users as u', (join) =>
      join.onRef('u.company_id', '=', 'z.company_id').onRef('u.id', '=', 'z.connected_by'),
    )
    .select([
      'z.company_id',
      'z.status',
      'z.organizations',
      'z.connected_at',
      'z.last_synced_at',
      'z.last_sync_ok',
      'z.last_sync_message',
      sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('connected_by_name'),
    ])
    .where('z.company_id', '=', companyId)
    .executeTakeFirst();
export type ConnectionRow = NonNullable<Awaited<ReturnType<typeof findConnection>>>;

/** The connection with its sealed tokens: for the server's own use, never for an answer. */
export const findSecrets = (db: Executor, companyId: number) =>
  db
    .selectFrom('zoho_connections')
    .select([
      'company_id',
      'status',
      'sealed_access_token',
      'sealed_refresh_token',
      'access_token_expires_at',
      'organizations',
    ])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
export type SecretsRow = NonNullable<Awaited<ReturnType<typeof findSecrets>>>;

/** A new authorization: a connected company stays connected until Zoho sends the user back. */
export const savePendingState = (db: Executor, companyId: number, stateHash: string, expiresAt: Date) =>
  db
    .insertInto('zoho_connections')
    .values({ company_id: companyId, oauth_state_hash: stateHash, oauth_state_expires_at: expiresAt })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({
        oauth_state_hash: stateHash,
        oauth_state_expires_at: expiresAt,
        status: sql`CASE WHEN zoho_connections.status = 'connected' THEN 'connected' ELSE 'pending' END`,
        updated_at: sql`now()`,
      }),
    )
    .execute();

/** Uses up the state if it is known and not expired: a second use finds nothing. */
export const takeState = (db: Executor, companyId: number, stateHash: string) =>
  db
    .updateTable('zoho_connections')
    .set({ oauth_state_hash: null, oauth_state_expires_at: null, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('oauth_state_hash', '=', stateHash)
    .where('oauth_state_expires_at', '>', sql<Date>`now()`)
    .returning('company_id')
    .executeTakeFirst();

export const lockConnection = (db: Executor, companyId: number) =>
  db
    .selectFrom('zoho_connections')
    .select(['company_id', 'status', 'sealed_refresh_token', 'oauth_state_hash', 'oauth_state_expires_at'])
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();

export const saveTokens = (
  db: Executor,
  companyId: number,
  values: {
    sealedAccess: string;
    sealedRefresh?: string | null;
    expiresAt: Date | null;
    connectedBy?: number | null;
    organizations?: { organization_id: string; name: string }[];
  },
) =>
  db
    .updateTable('zoho_connections')
    .set({
      sealed_access_token: values.sealedAccess,
      access_token_expires_at: values.expiresAt,
      ...(values.sealedRefresh !== undefined && { sealed_refresh_token: values.sealedRefresh }),
      ...(values.connectedBy !== undefined && {
        connected_by: values.connectedBy,
        connected_at: sql`now()`,
        status: 'connected' as const,
        last_sync_message: null,
      }),
      ...(values.organizations && { organizations: JSON.stringify(values.organizations) }),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .execute();

export const setStatus = (
  db: Executor,
  companyId: number,
  status: 'reconnect_needed' | 'disconnected',
  message: string | null,
) =>
  db
    .updateTable('zoho_connections')
    .set({
      status,
      last_sync_message: message,
      ...(status === 'disconnected' && {
        sealed_access_token: null,
        sealed_refresh_token: null,
        access_token_expires_at: null,
        oauth_state_hash: null,
        oauth_state_expires_at: null,
      }),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', companyId)
    .execute();

/** Claims the connection for one sync; a claim older than 15 minutes is taken to be a crashed sync's. */
export const claimSync = (db: Executor, companyId: number) =>
  db
    .updateTable('zoho_connections')
    .set({ sync_started_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('status', '=', 'connected')
    .where((eb) =>
      eb.or([
        eb('sync_started_at', 'is', null),
        eb('sync_started_at', '<', sql<Date>`now() - interval '15 minutes'`),
      ]),
    )
    .returning('company_id')
    .executeTakeFirst();

export const finishSync = (
  db: Executor,
  companyId: number,
  outcome: { ok: boolean; message: string } | null,
) =>
  db
    .updateTable('zoho_connections')
    .set({
      sync_started_at: null,
      ...(outcome && {
        last_synced_at: sql`now()`,
        last_sync_ok: outcome.ok,
        last_sync_message: outcome.message.slice(0, 1000),
      }),
    })
    .where('company_id', '=', companyId)
    .execute();

/** Every connected company, for the scheduled sync. */
export const connectedCompanies = (db: Executor) =>
  db
    .selectFrom('zoho_connections')
    .select('company_id')
    .where('status', '=', 'connected')
    .orderBy('company_id')
    .execute()
    .then((rows) => rows.map((row) => Number(row.company_id)));

// Records pushed.

export const findRecord = (
  db: Executor,
  key: { companyId: number; organizationId: string; type: ZohoEntityType; entityId: number },
) =>
  db
    .selectFrom('zoho_records')
    .select(['zoho_id', 'is_closed'])
    .where('company_id', '=', key.companyId)
    .where('organization_id', '=', key.organizationId)
    .where('entity_type', '=', key.type)
    .where('entity_id', '=', key.entityId)
    .executeTakeFirst();

export const saveRecord = (
  db: Executor,
  values: {
    companyId: number;
    organizationId: string;
    type: ZohoEntityType;
    entityId: number;
    zohoId: string;
    sourceUpdatedAt: Date | string;
    isClosed: boolean;
  },
) =>
  db
    .insertInto('zoho_records')
    .values({
      company_id: values.companyId,
      organization_id: values.organizationId,
      entity_type: values.type,
      entity_id: values.entityId,
      zoho_id: values.zohoId,
      source_updated_at: values.sourceUpdatedAt,
      is_closed: values.isClosed,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'organization_id', 'entity_type', 'entity_id']).doUpdateSet({
        zoho_id: values.zohoId,
        source_updated_at: values.sourceUpdatedAt,
        is_closed: values.isClosed,
        pushed_at: sql`now()`,
      }),
    )
    .execute();

export const insertLog = (
  db: Executor,
  values: {
    companyId: number;
    type: ZohoEntityType;
    entityId: number;
    label: string;
    action: ZohoSyncAction | null;
    ok: boolean;
    zohoId: string | null;
    error: string | null;
  },
) =>
  db
    .insertInto('zoho_sync_log')
    .values({
      company_id: values.companyId,
      entity_type: values.type,
      entity_id: values.entityId,
      label: values.label.slice(0, 200),
      action: values.action,
      ok: values.ok,
      zoho_id: values.zohoId,
      error: values.error?.slice(0, 1000) ?? null,
    })
    .execute();

export interface LogFilter {
  type?: ZohoEntityType;
  ok?: boolean;
  search?: string;
}

const logWhere = (companyId: number, filter: LogFilter) => (eb: ExpressionBuilder<DB, 'zoho_sync_log'>) =>
  eb.and([
    eb('company_id', '=', companyId),
    ...(filter.type ? [eb('entity_type', '=', filter.type)] : []),
    ...(filter.ok !== undefined ? [eb('ok', '=', filter.ok)] : []),
    ...(filter.search ? [sql<boolean>`strpos(lower(label), lower(${filter.search})) > 0`] : []),
  ]);

export const listLog = (
  db: Executor,
  companyId: number,
  filter: LogFilter,
  window: { limit: number; offset: number },
) =>
  db
    .selectFrom('zoho_sync_log')
    .select(['id', 'entity_type', 'entity_id', 'label', 'action', 'ok', 'zoho_id', 'error', 'created_at'])
    .where(logWhere(companyId, filter))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();

export const countLog = (db: Executor, companyId: number, filter: LogFilter) =>
  db
    .selectFrom('zoho_sync_log')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(logWhere(companyId, filter))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));

// What changed since the last push: never pushed (and not cancelled), or changed after its push
// (a cancellation included) and not yet closed in Zoho.

const changedSince = (type: ZohoEntityType, organizationId: string, alias: string, cancelled: string) =>
  sql<boolean>`NOT EXISTS (
      SELECT 1 FROM zoho_records r
      WHERE r.company_id = ${sql.ref(`${alias}.company_id`)} AND r.organization_id = ${organizationId}
        AND r.entity_type = ${type} AND r.entity_id = ${sql.ref(`${alias}.id`)}
        AND (r.is_closed OR (r.source_updated_at >= ${sql.ref(`${alias}.updated_at`)}
                             AND NOT ${sql.ref(`${alias}.status`)} = ${cancelled}))
    ) AND (${sql.ref(`${alias}.status`)} <> ${cancelled} OR EXISTS (
      SELECT 1 FROM zoho_records r
      WHERE r.company_id = ${sql.ref(`${alias}.company_id`)} AND r.organization_id = ${organizationId}
        AND r.entity_type = ${type} AND r.entity_id = ${sql.ref(`${alias}.id`)}))`;

export const changedBuyerIds = (db: Executor, companyId: number, organizationId: string, limit: number) =>
  db
    .selectFrom('buyers as e')
    .select('e.id')
    .where('e.company_id', '=', companyId)
    .where(
      sql<boolean>`NOT EXISTS (
        SELECT 1 FROM zoho_records r
        WHERE r.company_id = e.company_id AND r.organization_id = ${organizationId}
          AND r.entity_type = 'contact' AND r.entity_id = e.id AND r.source_updated_at >= e.updated_at)`,
    )
    .orderBy('e.id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => Number(row.id)));

export const changedInvoiceIds = (db: Executor, companyId: number, organizationId: string, limit: number) =>
  db
    .selectFrom('invoices as e')
    .select('e.id')
    .where('e.company_id', '=', companyId)
    .where(changedSince('invoice', organizationId, 'e', 'cancelled'))
    .orderBy('e.id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => Number(row.id)));

export const changedCreditNoteIds = (
  db: Executor,
  companyId: number,
  organizationId: string,
  limit: number,
) =>
  db
    .selectFrom('credit_notes as e')
    .select('e.id')
    .where('e.company_id', '=', companyId)
    .where(changedSince('credit_note', organizationId, 'e', 'cancelled'))
    .orderBy('e.id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => Number(row.id)));

/** Payments received that are completed (or cancelled after a push); pending ones wait. */
export const changedPaymentIds = (db: Executor, companyId: number, organizationId: string, limit: number) =>
  db
    .selectFrom('payments as e')
    .select('e.id')
    .where('e.company_id', '=', companyId)
    .where('e.status', '<>', 'pending')
    .where(changedSince('payment', organizationId, 'e', 'cancelled'))
    .orderBy('e.id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((row) => Number(row.id)));

// The records as pushed.

/**
 * updated_at as PostgreSQL's text, microseconds and offset included: kept as the record's
 * source_updated_at, it compares equal (a JavaScript Date would drop the microseconds and make
 * every record look changed).
 */
const exactUpdatedAt = (column: string) => sql<string>`${sql.ref(column)}::text`.as('updated_at');

/** The buyer's Zoho contact id when it was pushed and has not changed since. */
export const currentContact = (db: Executor, companyId: number, organizationId: string, buyerId: number) =>
  db
    .selectFrom('zoho_records as r')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'r.company_id').onRef('b.id', '=', 'r.entity_id'),
    )
    .select('r.zoho_id')
    .where('r.company_id', '=', companyId)
    .where('r.organization_id', '=', organizationId)
    .where('r.entity_type', '=', 'contact')
    .where('r.entity_id', '=', buyerId)
    .whereRef('r.source_updated_at', '>=', 'b.updated_at')
    .executeTakeFirst()
    .then((row) => row?.zoho_id ?? null);

export const findBuyer = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('buyers')
    .select([
      'id',
      'name',
      'contact_person_name',
      'email',
      'phone',
      'gst_number',
      'pan',
      exactUpdatedAt('updated_at'),
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The GST code of the document's place of supply (Zoho's two-letter code is made of it). */
const placeOfSupplyCode = (alias: string) =>
  sql<
    string | null
  >`(SELECT s.gst_code FROM states s WHERE s.id = ${sql.ref(`${alias}.place_of_supply_state_id`)})`.as(
    'place_of_supply_code',
  );

export const findInvoice = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('invoices as i')
    .select([
      'i.id',
      'i.invoice_number',
      'i.invoice_date',
      'i.due_date',
      'i.buyer_id',
      'i.status',
      'i.reference_number',
      'i.notes',
      'i.total_paise',
      'i.is_intra_state',
      placeOfSupplyCode('i'),
      sql<string | null>`nullif(i.buyer->>'gstin', '')`.as('buyer_gstin'),
      exactUpdatedAt('i.updated_at'),
    ])
    .where('i.company_id', '=', companyId)
    .where('i.id', '=', id)
    .executeTakeFirst();

export const invoiceLines = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoice_items')
    .select([
      'product_name',
      'sku',
      'hsn',
      'unit',
      'quantity',
      'taxable_paise',
      'gst_rate',
      'cess_rate',
      'gst_treatment',
    ])
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findCreditNote = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('credit_notes as c')
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.company_id', '=', 'c.company_id').onRef('i.id', '=', 'c.invoice_id'),
    )
    .select([
      'c.id',
      'c.credit_note_number',
      'c.credit_note_date',
      'c.buyer_id',
      'c.invoice_id',
      'i.invoice_number',
      'c.status',
      'c.reason',
      'c.total_paise',
      'c.is_intra_state',
      placeOfSupplyCode('c'),
      sql<string | null>`nullif(i.buyer->>'gstin', '')`.as('buyer_gstin'),
      exactUpdatedAt('c.updated_at'),
    ])
    .where('c.company_id', '=', companyId)
    .where('c.id', '=', id)
    .executeTakeFirst();

export const creditNoteLines = (db: Executor, companyId: number, creditNoteId: number) =>
  db
    .selectFrom('credit_note_items')
    .select([
      'product_name',
      'sku',
      'hsn',
      'unit',
      'quantity',
      'taxable_paise',
      'gst_rate',
      'cess_rate',
      'gst_treatment',
    ])
    .where('company_id', '=', companyId)
    .where('credit_note_id', '=', creditNoteId)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findPayment = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('payments as p')
    .leftJoin('payment_methods as m', (j) =>
      j.onRef('m.company_id', '=', 'p.company_id').onRef('m.id', '=', 'p.payment_method_id'),
    )
    .select([
      'p.id',
      'p.payment_number',
      'p.payment_date',
      'p.buyer_id',
      'p.amount_paise',
      'p.reference_number',
      'p.notes',
      'p.status',
      exactUpdatedAt('p.updated_at'),
      'm.name as method_name',
    ])
    .where('p.company_id', '=', companyId)
    .where('p.id', '=', id)
    .executeTakeFirst();

export const paymentAllocations = (db: Executor, companyId: number, paymentId: number) =>
  db
    .selectFrom('payment_allocations')
    .select(['invoice_id', sql<string>`sum(amount_paise)`.as('amount_paise')])
    .where('company_id', '=', companyId)
    .where('payment_id', '=', paymentId)
    .where('cancelled_at', 'is', null)
    .groupBy('invoice_id')
    .orderBy('invoice_id')
    .execute();
