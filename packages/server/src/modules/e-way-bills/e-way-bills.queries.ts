import type { EwbDocumentKind, EwbPartBEntry } from '@b2b/domain/eway-bill';
import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/transaction.ts';

// The SQL of e-way bills: their rows, the company's threshold, and what a challan or a transfer
// moves (read only; an invoice is read through the invoices area). A branch without a GSTIN of its
// own dispatches under the company's.

const COLUMNS = [
  'id',
  'document_kind',
  'document_id',
  'document_number',
  'gstin',
  'status',
  'ewb_no',
  'ewb_date',
  'valid_until',
  'total_value_paise',
  'voluntary',
  'trans_mode',
  'trans_distance',
  'vehicle_no',
  'vehicle_type',
  'transporter_id',
  'transporter_name',
  'trans_doc_no',
  'trans_doc_date',
  'part_b_history',
  'error',
  'cancel_reason',
  'cancel_remark',
  'cancelled_at',
  'created_at',
  'updated_at',
] as const;

const ofDocument = (db: Executor, companyId: number, kind: EwbDocumentKind, documentId: number) =>
  db
    .selectFrom('e_way_bills')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('document_kind', '=', kind)
    .where('document_id', '=', documentId);

/** The document's live e-way bill (pending or generated), else its newest. */
export const latestEWayBill = (db: Executor, companyId: number, kind: EwbDocumentKind, documentId: number) =>
  ofDocument(db, companyId, kind, documentId)
    .orderBy(sql`status IN ('pending', 'generated')`, 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export type EWayBillRow = NonNullable<Awaited<ReturnType<typeof latestEWayBill>>>;

/** The document's live e-way bill, locked for the change. */
export const lockLiveEWayBill = (tx: Tx, companyId: number, kind: EwbDocumentKind, documentId: number) =>
  ofDocument(tx, companyId, kind, documentId)
    .where('status', 'in', ['pending', 'generated'])
    .forUpdate()
    .executeTakeFirst();

/** The generated e-way bill of an invoice, for its PDF. */
export const invoiceEWayBill = (db: Executor, companyId: number, invoiceId: number) =>
  db
    .selectFrom('e_way_bills')
    .select(['ewb_no', 'valid_until'])
    .where('company_id', '=', companyId)
    .where('document_kind', '=', 'invoice')
    .where('document_id', '=', invoiceId)
    .where('status', '=', 'generated')
    .executeTakeFirst();

export const insertPendingEWayBill = (
  tx: Tx,
  values: {
    company_id: number;
    document_kind: EwbDocumentKind;
    document_id: number;
    document_number: string;
    gstin: string;
    total_value_paise: number;
    voluntary: boolean;
    request: Record<string, unknown>;
    created_by: number;
  },
) =>
  tx
    .insertInto('e_way_bills')
    .values({ ...values, request: JSON.stringify(values.request) })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateEWayBill = (
  db: Executor,
  companyId: number,
  id: number,
  changes: {
    status?: 'pending' | 'generated' | 'cancelled' | 'failed';
    ewb_no?: string;
    ewb_date?: Date;
    valid_until?: Date | null;
    trans_mode?: string;
    trans_distance?: number;
    vehicle_no?: string | null;
    vehicle_type?: string | null;
    transporter_id?: string | null;
    transporter_name?: string | null;
    trans_doc_no?: string | null;
    trans_doc_date?: string | null;
    request?: Record<string, unknown>;
    part_b_history?: EwbPartBEntry[];
    error?: string | null;
    cancel_reason?: string;
    cancel_remark?: string;
    cancelled_at?: Date;
    gstin?: string;
    total_value_paise?: number;
    voluntary?: boolean;
    updated_at?: Date;
  },
) => {
  const { request, part_b_history, ...rest } = changes;
  return db
    .updateTable('e_way_bills')
    .set({
      ...rest,
      ...(request ? { request: JSON.stringify(request) } : {}),
      ...(part_b_history ? { part_b_history: JSON.stringify(part_b_history) } : {}),
      updated_at: changes.updated_at ?? new Date(),
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

/** The company's e-way bill configuration, when saved. */
export const findEWayBillConfiguration = (db: Executor, companyId: number) =>
  db
    .selectFrom('company_configurations')
    .select(['is_enabled', 'configurations'])
    .where('company_id', '=', companyId)
    .where('configuration_type', '=', 'e_way_bill')
    .executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// Places

export interface PlaceRow {
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  pincode: string;
  gst_code: string;
}

/** The first live address of a warehouse, else of its branch. */
export async function warehousePlace(db: Executor, companyId: number, warehouseId: number) {
  const rows = await sql<PlaceRow & { owner_type: string }>`
    SELECT a.owner_type, a.address_line_1, a.address_line_2, a.city, a.pincode, s.gst_code
      FROM warehouses w
      JOIN addresses a ON a.company_id = w.company_id AND a.is_deleted = false
       AND ((a.owner_type = 'warehouse' AND a.owner_id = w.id) OR (a.owner_type = 'branch' AND a.owner_id = w.branch_id))
      JOIN states s ON s.id = a.state_id
     WHERE w.company_id = ${companyId} AND w.id = ${warehouseId}
     ORDER BY (a.owner_type = 'warehouse') DESC, a.id
     LIMIT 1`.execute(db);
  return rows.rows[0];
}

export interface ChallanSourceRow {
  challan_number: string;
  challan_date: string;
  purpose: string;
  status: string;
  warehouse_id: number;
  destination_warehouse_id: number | null;
  buyer_address: {
    address_line_1: string;
    address_line_2: string | null;
    city: string;
    pincode: string;
    state: { gst_code: string };
  } | null;
  company_name: string;
  branch_gstin: string | null;
  buyer_name: string | null;
  buyer_gstin: string | null;
  destination_name: string | null;
  destination_gstin: string | null;
}

export async function challanSource(db: Executor, companyId: number, id: number) {
  const rows = await sql<ChallanSourceRow>`
    SELECT c.challan_number, to_char(c.challan_date, 'YYYY-MM-DD') AS challan_date, c.purpose, c.status,
           c.warehouse_id, c.destination_warehouse_id, c.buyer_address,
           co.name AS company_name, coalesce(b.gstin, co.gstin) AS branch_gstin, bu.name AS buyer_name, bu.gst_number AS buyer_gstin,
           dw.name AS destination_name, coalesce(db.gstin, co.gstin) AS destination_gstin
      FROM delivery_challans c
      JOIN companies co ON co.id = c.company_id
      JOIN branches b ON b.company_id = c.company_id AND b.id = c.branch_id
      LEFT JOIN buyers bu ON bu.company_id = c.company_id AND bu.id = c.buyer_id
      LEFT JOIN warehouses dw ON dw.company_id = c.company_id AND dw.id = c.destination_warehouse_id
      LEFT JOIN branches db ON db.company_id = dw.company_id AND db.id = dw.branch_id
     WHERE c.company_id = ${companyId} AND c.id = ${id}`.execute(db);
  return rows.rows[0];
}

export const challanLines = (db: Executor, companyId: number, id: number) =>
  db
    .selectFrom('delivery_challan_items')
    .select(['product_name', 'hsn', 'unit', 'quantity', 'value_paise'])
    .where('company_id', '=', companyId)
    .where('challan_id', '=', id)
    .orderBy('position')
    .execute();

export interface TransferSourceRow {
  number: string;
  created_day: string;
  status: string;
  source_warehouse_id: number;
  destination_warehouse_id: number;
  company_name: string;
  source_gstin: string | null;
  destination_gstin: string | null;
  destination_name: string;
}

export async function transferSource(db: Executor, companyId: number, id: number) {
  const rows = await sql<TransferSourceRow>`
    SELECT t.number, to_char(t.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS created_day, t.status,
           t.source_warehouse_id, t.destination_warehouse_id, co.name AS company_name,
           coalesce(sb.gstin, co.gstin) AS source_gstin, coalesce(db.gstin, co.gstin) AS destination_gstin,
           dw.name AS destination_name
      FROM inventory_transfers t
      JOIN companies co ON co.id = t.company_id
      JOIN warehouses sw ON sw.company_id = t.company_id AND sw.id = t.source_warehouse_id
      JOIN branches sb ON sb.company_id = sw.company_id AND sb.id = sw.branch_id
      JOIN warehouses dw ON dw.company_id = t.company_id AND dw.id = t.destination_warehouse_id
      JOIN branches db ON db.company_id = dw.company_id AND db.id = dw.branch_id
     WHERE t.company_id = ${companyId} AND t.id = ${id}`.execute(db);
  return rows.rows[0];
}

export interface TransferLineRow {
  name: string;
  hsn: string | null;
  unit: string | null;
  quantity: number;
  value_paise: number;
}

/** A transfer's lines valued at the product's cost price (its selling price when it has none). */
export async function transferLines(db: Executor, companyId: number, id: number) {
  const rows = await sql<TransferLineRow>`
    SELECT p.name, p.hsn, u.uqc AS unit, l.quantity::float8 AS quantity,
           round(l.quantity * coalesce(p.cost_price_paise, p.selling_price_paise))::float8 AS value_paise
      FROM inventory_transfer_lines l
      JOIN products p ON p.company_id = l.company_id AND p.id = l.product_id
      LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
     WHERE l.company_id = ${companyId} AND l.transfer_id = ${id}
     ORDER BY l.id`.execute(db);
  return rows.rows;
}
