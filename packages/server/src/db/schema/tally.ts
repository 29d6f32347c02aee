import type { Auto, Json, Timestamp } from './column-types.ts';

/** The Tally export (migration 0061): each post or voucher download, and what each document became in Tally. */

export type TallyDocumentKind =
  | 'invoice'
  | 'credit_note'
  | 'bill'
  | 'debit_note'
  | 'payment'
  | 'payment_made'
  // Stock journals (migration 0063).
  | 'inventory_adjustment'
  | 'inventory_transfer';
export type TallyExportAction = 'Create' | 'Alter' | 'Cancel';
export type TallyPostResult = 'created' | 'altered' | 'cancelled' | 'error';

export interface TallyPostsTable {
  id: Auto<number>;
  company_id: number;
  branch_id: number;
  start_date: string;
  end_date: string;
  mode: 'download' | 'post';
  documents: Auto<number>;
  created: Auto<number>;
  altered: Auto<number>;
  cancelled: Auto<number>;
  errors: Auto<number>;
  master_errors: Json<string[]>;
  created_by: number | null;
  created_at: Timestamp;
}

export interface TallyExportsTable {
  company_id: number;
  document_kind: TallyDocumentKind;
  document_id: number;
  branch_id: number;
  guid: string;
  voucher_number: string;
  last_action: TallyExportAction;
  last_exported_at: Timestamp;
  last_post_id: number | null;
  last_posted_at: Date | string | null;
  last_result: TallyPostResult | null;
  last_error: string | null;
}
