import type { ZohoConnectionStatus, ZohoEntityType, ZohoSyncAction } from '@b2b/domain/zoho';
import type { ColumnType } from 'kysely';
import type { Auto, Json, Timestamp } from './column-types.ts';

/** Zoho Books (migration 0097, issue 26): the connection, the records pushed, the push log. */
export interface ZohoConnectionsTable {
  company_id: number;
  status: ColumnType<ZohoConnectionStatus, ZohoConnectionStatus | undefined>;
  oauth_state_hash: string | null;
  oauth_state_expires_at: Date | null;
  sealed_access_token: string | null;
  sealed_refresh_token: string | null;
  access_token_expires_at: Date | null;
  organizations: Json<{ organization_id: string; name: string }[]>;
  connected_by: number | null;
  connected_at: Date | null;
  sync_started_at: Date | null;
  last_synced_at: Date | null;
  last_sync_ok: boolean | null;
  last_sync_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ZohoRecordsTable {
  company_id: number;
  organization_id: string;
  entity_type: ZohoEntityType;
  entity_id: number;
  zoho_id: string;
  source_updated_at: Date | string;
  is_closed: Auto<boolean>;
  pushed_at: Timestamp;
}

export interface ZohoSyncLogTable {
  id: Auto<number>;
  company_id: number;
  entity_type: ZohoEntityType;
  entity_id: number;
  label: string;
  action: ZohoSyncAction | null;
  ok: boolean;
  zoho_id: string | null;
  error: string | null;
  created_at: Timestamp;
}
