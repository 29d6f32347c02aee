import { financialYearOf } from './invoices';

/** A named range of days (YYYY-MM-DD, both ends included) offered beside a list's date filter. */
export interface DayRangePreset {
  label: string;
  range: [string, string];
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) => {
  const date = utcDay(day);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
};

/**
 * The presets of a date filter, seen from `today` (India's calendar day): today, this week (Monday
 * to Sunday, as Indian businesses count it), this and last month, and this and last financial year
 * (April to March). A range ends on its last day even when that lies ahead, so 'This month'
 * keeps meaning the whole month.
 */
export function dayRangePresets(today: string): DayRangePreset[] {
  const date = utcDay(today);
  const mondayOffset = (date.getUTCDay() + 6) % 7;
  const weekStart = addDays(today, -mondayOffset);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const monthStart = iso(new Date(Date.UTC(year, month, 1)));
  const monthEnd = iso(new Date(Date.UTC(year, month + 1, 0)));
  const lastMonthStart = iso(new Date(Date.UTC(year, month - 1, 1)));
  const lastMonthEnd = iso(new Date(Date.UTC(year, month, 0)));
  const thisYear = financialYearOf(today);
  const lastYear = financialYearOf(addDays(thisYear.start, -1));
  return [
    { label: 'Today', range: [today, today] },
    { label: 'This week', range: [weekStart, addDays(weekStart, 6)] },
    { label: 'This month', range: [monthStart, monthEnd] },
    { label: 'Last month', range: [lastMonthStart, lastMonthEnd] },
    { label: `This financial year (${thisYear.label})`, range: [thisYear.start, thisYear.end] },
    { label: `Last financial year (${lastYear.label})`, range: [lastYear.start, lastYear.end] },
  ];
}
