import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

export interface BatchNearExpiry {
  company_id: number;
  batch_id: number;
  warehouse_id: number;
  batch_number: string;
  expires_on: string;
  quantity: number;
  product_name: string;
  unit_code: string | null;
  warehouse_name: string;
}

/**
 * Batches on hand that expire within their company's alert days (or have expired), for the
 * companies whose batch configuration is on. A malformed stored alert-days value counts as 30,
 * the configuration's default.
 */
export const batchesNearExpiry = (db: Executor, today: string, companyId?: number) =>
  sql<BatchNearExpiry>`
    WITH companies AS (
      SELECT company_id,
        CASE WHEN configurations->>'expiry_alert_days' ~ '^[0-9]{1,3}$'
             THEN (configurations->>'expiry_alert_days')::int ELSE 30 END AS alert_days
      FROM company_configurations
      WHERE configuration_type = 'batch_configuration' AND is_enabled
        AND (${companyId ?? null}::bigint IS NULL OR company_id = ${companyId ?? null}::bigint)
    )
    SELECT bs.company_id, bs.batch_id, bs.warehouse_id, pb.batch_number,
      to_char(pb.expires_on, 'YYYY-MM-DD') AS expires_on, bs.quantity,
      p.name AS product_name, u.code AS unit_code, w.name AS warehouse_name
    FROM companies c
    JOIN batch_stock bs ON bs.company_id = c.company_id AND bs.quantity > 0
    JOIN product_batches pb ON pb.company_id = bs.company_id AND pb.id = bs.batch_id
    JOIN products p ON p.company_id = bs.company_id AND p.id = bs.product_id AND p.deleted_at IS NULL
    LEFT JOIN units u ON u.company_id = p.company_id AND u.id = p.unit_id
    JOIN warehouses w ON w.company_id = bs.company_id AND w.id = bs.warehouse_id
    WHERE pb.expires_on <= ${today}::date + c.alert_days
    ORDER BY bs.company_id, pb.expires_on, bs.batch_id, bs.warehouse_id`
    .execute(db)
    .then((result) => result.rows);

/**
 * Resolves the open expiry warnings whose batch is no longer on hand in that warehouse (written
 * off, sold, sent on) or whose company turned batches off; returns the companies touched.
 */
export const resolveGoneBatchAlerts = (db: Executor, companyId?: number) =>
  sql<{ company_id: number }>`
    UPDATE notifications n SET resolved_at = now()
    WHERE n.resolved_at IS NULL
      AND (n.dedupe_key LIKE 'batch_expiring:%' OR n.dedupe_key LIKE 'batch_expired:%')
      AND (${companyId ?? null}::bigint IS NULL OR n.company_id = ${companyId ?? null}::bigint)
      AND NOT EXISTS (
        SELECT 1 FROM batch_stock bs
        JOIN company_configurations cc ON cc.company_id = bs.company_id
          AND cc.configuration_type = 'batch_configuration' AND cc.is_enabled
        WHERE bs.company_id = n.company_id AND bs.quantity > 0
          AND split_part(n.dedupe_key, ':', 2) = bs.batch_id::text
          AND split_part(n.dedupe_key, ':', 3) = bs.warehouse_id::text
      )
    RETURNING n.company_id`
    .execute(db)
    .then((result) => result.rows);
