import type { CampaignCounts } from '@b2b/domain/api/campaigns';
import { istDate } from '@b2b/domain/campaigns';
import { deliveredOrRead, share, wentOut } from './campaign-form';

/** The campaign report's figures, from the campaigns list's counts (unit-tested). */

export interface ReportCampaign {
  id: number;
  title: string;
  status: string;
  campaign_medium: string;
  started_at: string | null;
  created_at: string;
  counts: CampaignCounts;
}

export interface ReportRow {
  id: number;
  title: string;
  medium: string;
  status: string;
  /** The Indian day it ran (or was made, before it ran). */
  day: string;
  sent: number;
  delivered: number;
  read: number;
  clicks: number;
  failed: number;
  skipped: number;
  /** Recipients who opted out through the campaign's link. */
  optedOut: number;
  deliveredRate: number | null;
  readRate: number | null;
  clickRate: number | null;
}

export interface ReportTotals extends Omit<ReportRow, 'id' | 'title' | 'medium' | 'status' | 'day'> {
  campaigns: number;
  audience: number;
}

/** The campaigns that ran in a period (both ends inclusive, Indian days; an open end is no bound). */
export function campaignsInPeriod<T extends ReportCampaign>(
  campaigns: readonly T[],
  from: string | null,
  to: string | null,
): T[] {
  return campaigns.filter((c) => {
    // Drafts and campaigns waiting for their time have sent nothing yet.
    if (c.status === 'draft' || c.status === 'scheduled') return false;
    const day = istDate(new Date(c.started_at ?? c.created_at));
    return (!from || day >= from) && (!to || day <= to);
  });
}

export function reportRow(c: ReportCampaign): ReportRow {
  const { read, clicks, failed, skipped, opted_out: optedOut } = c.counts;
  const sent = wentOut(c.counts);
  const delivered = deliveredOrRead(c.counts);
  return {
    id: c.id,
    title: c.title,
    medium: c.campaign_medium,
    status: c.status,
    day: istDate(new Date(c.started_at ?? c.created_at)),
    sent,
    delivered,
    read,
    clicks,
    failed,
    skipped,
    optedOut,
    deliveredRate: share(delivered, sent),
    readRate: share(read, sent),
    clickRate: share(clicks, sent),
  };
}

export function reportTotals(campaigns: readonly ReportCampaign[]): ReportTotals {
  const sum = (key: keyof CampaignCounts) => campaigns.reduce((total, c) => total + c.counts[key], 0);
  const sent = sum('sent') + sum('delivered') + sum('read');
  const delivered = sum('delivered') + sum('read');
  return {
    campaigns: campaigns.length,
    audience: sum('audience'),
    sent,
    delivered,
    read: sum('read'),
    clicks: sum('clicks'),
    failed: sum('failed'),
    skipped: sum('skipped'),
    optedOut: sum('opted_out'),
    deliveredRate: share(delivered, sent),
    readRate: share(sum('read'), sent),
    clickRate: share(sum('clicks'), sent),
  };
}

/** Per medium, for the chart: sent, delivered, read and failed. */
export function byMedium(campaigns: readonly ReportCampaign[], label: (medium: string) => string) {
  const rows = new Map<
    string,
    { medium: string; sent: number; delivered: number; read: number; failed: number }
  >();
  for (const c of campaigns) {
    const row = rows.get(c.campaign_medium) ?? {
      medium: label(c.campaign_medium),
      sent: 0,
      delivered: 0,
      read: 0,
      failed: 0,
    };
    row.sent += wentOut(c.counts);
    row.delivered += deliveredOrRead(c.counts);
    row.read += c.counts.read;
    row.failed += c.counts.failed;
    rows.set(c.campaign_medium, row);
  }
  return [...rows.values()];
}
