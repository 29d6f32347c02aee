import { sql } from 'kysely';
import type { BranchScope } from '../../db/branch-scope.ts';
import { inBranches } from '../../db/branch-scope.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/** Contra adjustments' SQL (migration 0040); the invoice and bills are settled through their own areas. */

const partyColumns = ['id', 'name', 'gst_number', 'pan', 'phone'] as const;

/** The invoice a contra settles, with its buyer's identity (name, GSTIN, PAN, phone). */
export const findInvoiceParty = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('invoices as i')
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'i.company_id').onRef('b.id', '=', 'i.buyer_id'),
    )
    .select([
      'i.id',
      'i.invoice_number',
      'i.status',
      'i.branch_id',
      'i.buyer_id',
      'i.total_paise',
      'i.amount_paid_paise',
      'i.credited_paise',
      'i.write_off_paise',
      'b.name as buyer_name',
      'b.gst_number as buyer_gstin',
      'b.pan as buyer_pan',
      'b.phone as buyer_phone',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();

export const findSellerParty = (db: Executor, companyId: number, sellerId: number) =>
  db
    .selectFrom('sellers')
    .select(partyColumns)
    .where('company_id', '=', companyId)
    .where('id', '=', sellerId)
    .executeTakeFirst();

/**
 * Sellers that may be the same party as a buyer: the same GSTIN, PAN or phone digits. The domain
 * rule (samePartyBy) decides among them; this only narrows the search.
 */
export const sellerCandidates = (
  db: Executor,
  companyId: number,
  party: { gstin: string | null; pan: string | null; phone: string | null },
) => {
  const gstin = party.gstin?.trim().toUpperCase() || null;
  const pan = party.pan?.trim().toUpperCase() || null;
  const phone = party.phone?.replace(/\D/g, '').slice(-10) || null;
  return db
    .selectFrom('sellers')
    .select([...partyColumns, 'is_active'])
    .where('company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        ...(gstin ? [eb(sql`upper(gst_number)`, '=', gstin)] : []),
        ...(pan ? [eb(sql`upper(pan)`, '=', pan)] : []),
        ...(phone
          ? [eb(sql`right(regexp_replace(coalesce(phone, ''), '\\D', '', 'g'), 10)`, '=', phone)]
          : []),
        sql<boolean>`false`,
      ]),
    )
    .orderBy('is_active', 'desc')
    .orderBy('id')
    .limit(20)
    .execute();
};

/** The bills a request names (not locked): their seller, branch and number. */
export const findBills = (db: Executor, companyId: number, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('bills')
        .select(['id', 'seller_id', 'branch_id', 'bill_number'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();

/** A seller's received bills with a balance (for the dialog), oldest bill date first. */
export const openBillsOfSeller = (db: Executor, companyId: number, sellerId: number, scope: BranchScope) =>
  db
    .selectFrom('bills as bl')
    .select([
      'bl.id',
      'bl.bill_number',
      sql<string>`to_char(bl.bill_date, 'YYYY-MM-DD')`.as('bill_date'),
      sql<string>`to_char(bl.due_date, 'YYYY-MM-DD')`.as('due_date'),
      'bl.total_paise',
      'bl.amount_paid_paise',
      'bl.credited_paise',
    ])
    .where('bl.company_id', '=', companyId)
    .where('bl.seller_id', '=', sellerId)
    .where('bl.status', 'in', ['open', 'partially_paid'])
    .where(sql<boolean>`bl.amount_paid_paise + bl.credited_paise < bl.total_paise`)
    .where(inBranches('bl.branch_id', scope))
    .orderBy('bl.bill_date')
    .orderBy('bl.id')
    .limit(200)
    .execute();

export const insertContra = (
  tx: Tx,
  values: {
    company_id: number;
    contra_number: string;
    financial_year: string;
    contra_date: string;
    invoice_id: number;
    buyer_id: number;
    seller_id: number;
    branch_id: number;
    amount_paise: number;
    notes: string | null;
    created_by: number | null;
  },
) => tx.insertInto('contra_adjustments').values(values).returning('id').executeTakeFirstOrThrow();

export const insertContraLines = (
  tx: Tx,
  lines: { company_id: number; contra_adjustment_id: number; bill_id: number; amount_paise: number }[],
) => tx.insertInto('contra_adjustment_lines').values(lines).execute();

/** The contra's parties and branch, unlocked: the cancel locks the buyer and seller before the row. */
export const findContraOwner = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('contra_adjustments')
    .select(['id', 'buyer_id', 'seller_id', 'branch_id', 'invoice_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

export const lockContra = (tx: Tx, companyId: number, id: number) =>
  tx
    .selectFrom('contra_adjustments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const markCancelled = (tx: Tx, companyId: number, id: number, userId: number | null) =>
  tx
    .updateTable('contra_adjustments')
    .set({ status: 'cancelled', cancelled_at: new Date(), cancelled_by: userId })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

const contraSelect = (db: Executor) =>
  db
    .selectFrom('contra_adjustments as c')
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.company_id', '=', 'c.company_id').onRef('i.id', '=', 'c.invoice_id'),
    )
    .innerJoin('buyers as b', (j) =>
      j.onRef('b.company_id', '=', 'c.company_id').onRef('b.id', '=', 'c.buyer_id'),
    )
    .innerJoin('sellers as s', (j) =>
      j.onRef('s.company_id', '=', 'c.company_id').onRef('s.id', '=', 'c.seller_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.company_id', '=', 'c.company_id').onRef('u.id', '=', 'c.created_by'),
    )
    .select([
      'c.id',
      'c.contra_number',
      sql<string>`to_char(c.contra_date, 'YYYY-MM-DD')`.as('contra_date'),
      'c.status',
      'c.invoice_id',
      'i.invoice_number',
      'c.buyer_id',
      'b.name as buyer_name',
      'c.seller_id',
      's.name as seller_name',
      'c.branch_id',
      'c.amount_paise',
      'c.notes',
      'c.created_by',
      'u.first_name',
      'u.last_name',
      'c.created_at',
      'c.cancelled_at',
    ]);

export const findContra = (db: Executor, companyId: number, id: number) =>
  contraSelect(db).where('c.company_id', '=', companyId).where('c.id', '=', id).executeTakeFirst();

/** Lines of contras with their bills' numbers, for the given contras. */
export const linesOf = (db: Executor, companyId: number, contraIds: number[]) =>
  contraIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('contra_adjustment_lines as l')
        .innerJoin('bills as bl', (j) =>
          j.onRef('bl.company_id', '=', 'l.company_id').onRef('bl.id', '=', 'l.bill_id'),
        )
        .select([
          'l.contra_adjustment_id',
          'l.bill_id',
          'bl.bill_number',
          'bl.status as bill_status',
          'l.amount_paise',
        ])
        .where('l.company_id', '=', companyId)
        .where('l.contra_adjustment_id', 'in', contraIds)
        .orderBy('l.bill_id')
        .execute();

/** An invoice's contra adjustments, oldest first. */
export const contrasOfInvoice = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('contra_adjustments')
    .select([
      'id',
      'contra_number',
      sql<string>`to_char(contra_date, 'YYYY-MM-DD')`.as('contra_date'),
      'status',
      'amount_paise',
    ])
    .where('company_id', '=', companyId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();

/** A bill's contra lines with the invoice each set it against, oldest first. */
export const contrasOfBill = (db: Executor, companyId: number, billId: number) =>
  db
    .selectFrom('contra_adjustment_lines as l')
    .innerJoin('contra_adjustments as c', (j) =>
      j.onRef('c.company_id', '=', 'l.company_id').onRef('c.id', '=', 'l.contra_adjustment_id'),
    )
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.company_id', '=', 'c.company_id').onRef('i.id', '=', 'c.invoice_id'),
    )
    .select([
      'c.id',
      'c.contra_number',
      sql<string>`to_char(c.contra_date, 'YYYY-MM-DD')`.as('contra_date'),
      'c.status',
      'l.amount_paise',
      'c.invoice_id',
      'i.invoice_number',
    ])
    .where('l.company_id', '=', companyId)
    .where('l.bill_id', '=', billId)
    .orderBy('c.id')
    .execute();
