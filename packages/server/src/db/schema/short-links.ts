import type { DeviceClass } from '@b2b/domain/short-links';
import type { ColumnType } from 'kysely';
import type { Auto, Timestamp } from './column-types.ts';

/** Short links of the URL shortener (migration 0080, issue 24). */
export interface ShortLinksTable {
  id: Auto<number>;
  company_id: number;
  target_url: string;
  domain: string | null;
  path: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  /** A date column: read as YYYY-MM-DD text (the pg type parser keeps dates as strings). */
  expiry_date: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  is_active: Auto<boolean>;
  is_permanent: Auto<boolean>;
  /** The .ico's bytes (pg hands a Buffer, a Uint8Array). */
  favicon: Uint8Array | null;
  favicon_updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  click_count: ColumnType<number, never, never>;
  last_clicked_at: ColumnType<Date | null, never, never>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Counted hits of a short link (migration 0080): time, referrer host and device class only. */
export interface ShortLinkClicksTable {
  company_id: number;
  short_link_id: number;
  clicked_at: Timestamp;
  device: DeviceClass;
  referrer_host: string | null;
  /** The hits of the row's second, device and referrer. */
  clicks: number;
}
