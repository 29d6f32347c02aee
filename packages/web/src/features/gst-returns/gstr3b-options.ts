import { periodLabel, previousPeriod } from '@b2b/domain/gst/gstr3b';

/** The choices of the GSTR-3B page's pickers. */

export interface Choice {
  value: string;
  label: string;
}

/** One choice per GSTIN (upper case), naming the branches registered under it. */
export function gstinOptions(branches: readonly { name: string; gstin: string | null }[]): Choice[] {
  const byGstin = new Map<string, string[]>();
  for (const branch of branches) {
    if (!branch.gstin) continue;
    const gstin = branch.gstin.toUpperCase();
    byGstin.set(gstin, [...(byGstin.get(gstin) ?? []), branch.name]);
  }
  return [...byGstin]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([gstin, names]) => ({ value: gstin, label: `${gstin} (${names.join(', ')})` }));
}

/** The month of `today` and the `count - 1` before it, newest first: 'November 2026'. */
export function recentPeriods(today: string, count: number): Choice[] {
  const periods: Choice[] = [];
  let period = today.slice(0, 7);
  for (let i = 0; i < count; i++) {
    periods.push({ value: period, label: periodLabel(period) });
    period = previousPeriod(period);
  }
  return periods;
}
