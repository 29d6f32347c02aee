import type { MarketingMedium } from '@b2b/domain/api/marketing-mediums';
import type { Auto, Json, Timestamp } from './column-types.ts';

/** A company's configuration of one marketing medium (migration 0073); secrets sealed (core/secret-box.ts). */
export interface MarketingMediumsTable {
  company_id: number;
  medium: MarketingMedium;
  settings: Json<Record<string, string | number | boolean | null>>;
  sealed_secrets: Json<Record<string, string>>;
  is_enabled: Auto<boolean>;
  last_test_ok: boolean | null;
  last_test_message: string | null;
  last_tested_at: Date | null;
  updated_by: number | null;
  updated_at: Timestamp;
}
