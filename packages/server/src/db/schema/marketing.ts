import type { ConsentSource, ContactMedium, ContactSource, OptOutWay } from '@b2b/domain/contacts';
import type { BulkJobStatus } from '@b2b/domain/statuses';
import type { ColumnType } from 'kysely';
import type { Auto, Json, Timestamp } from './column-types.ts';

/** Marketing tables (migrations 0068-0070, issue 23): contacts, their consents, contact lists, bulk jobs. */

export interface ContactsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  whatsapp_number: string | null;
  city: string | null;
  state_id: number | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  buyer_id: number | null;
  source: ColumnType<ContactSource, ContactSource | undefined, ContactSource>;
  created_by: number | null;
  deleted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactConsentsTable {
  company_id: number;
  contact_id: number;
  medium: ContactMedium;
  consent_source: ConsentSource | null;
  consented_at: Date | null;
  opted_out_at: Date | null;
  opt_out_way: OptOutWay | null;
  updated_at: Timestamp;
}

export interface ContactListsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  description: string | null;
  kind: 'static' | 'dynamic';
  filters: Json;
  created_by: number | null;
  deleted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactListMembersTable {
  company_id: number;
  contact_list_id: number;
  contact_id: number;
  created_at: Timestamp;
}

export interface BulkJobsTable {
  id: Auto<number>;
  company_id: number;
  kind: string;
  status: ColumnType<BulkJobStatus, BulkJobStatus | undefined, BulkJobStatus>;
  file_name: string | null;
  /** The uploaded file (pg hands a Buffer, a Uint8Array). */
  file_data: Uint8Array | null;
  options: Json;
  total_rows: Auto<number>;
  processed_rows: Auto<number>;
  created_count: Auto<number>;
  updated_count: Auto<number>;
  failed_count: Auto<number>;
  errors: Json<{ row: number; column: string; message: string }[]>;
  created_by: number | null;
  started_at: Date | null;
  finished_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
