import type { EwbDocumentKind, EwbPartBEntry, EwbStatus } from '@b2b/domain/eway-bill';
import type { ColumnType } from 'kysely';
import type { Auto, Json, Paise, Timestamp } from './column-types.ts';

/** E-way bills of invoices, delivery challans and inventory transfers (migration 0058). */
export interface EWayBillsTable {
  id: Auto<number>;
  company_id: number;
  document_kind: EwbDocumentKind;
  document_id: number;
  document_number: string;
  gstin: string;
  status: ColumnType<EwbStatus, EwbStatus | undefined, EwbStatus>;
  ewb_no: string | null;
  ewb_date: Date | null;
  valid_until: Date | null;
  total_value_paise: Paise;
  voluntary: Auto<boolean>;
  trans_mode: string | null;
  trans_distance: number | null;
  vehicle_no: string | null;
  vehicle_type: string | null;
  transporter_id: string | null;
  transporter_name: string | null;
  trans_doc_no: string | null;
  trans_doc_date: string | null;
  request: Json;
  part_b_history: ColumnType<EwbPartBEntry[], string | undefined, string>;
  error: string | null;
  cancel_reason: string | null;
  cancel_remark: string | null;
  cancelled_at: Date | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
