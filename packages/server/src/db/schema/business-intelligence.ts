import type { Auto, Json, Timestamp } from './column-types.ts';

/** An actionable insight marked done or dismissed for a month (migration 0086, issue 25). */
export interface BiActionMarksTable {
  id: Auto<number>;
  company_id: number;
  action_key: string;
  /** 'YYYY-MM', India's calendar month. */
  period: string;
  status: 'done' | 'dismissed';
  title: string;
  figures: Json<unknown>;
  marked_by: number | null;
  marked_at: Timestamp;
}
