import type { GstReturnType } from '@b2b/domain/gst/gstr3b';
import type { Auto, Timestamp } from './column-types.ts';

/** Migration 0060: the GST returns a company marked filed, per GSTIN and month (issue 22). */
export interface GstFiledPeriodsTable {
  id: Auto<number>;
  company_id: number;
  gstin: string;
  /** 'YYYY-MM' */
  period: string;
  return_type: GstReturnType;
  filed_at: Timestamp;
  filed_by: number | null;
}
