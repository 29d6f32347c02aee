/**
 * The periods the GSTR-1 screen offers: the last 24 months and the last 8 calendar quarters up to
 * the one of `today` (YYYY-MM-DD, India's day), newest first, in the API's spelling (YYYY-MM,
 * YYYY-Qn with Q1 = January to March).
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export type PeriodKind = 'month' | 'quarter';

export interface PeriodOption {
  value: string;
  label: string;
}

export function monthOptions(today: string, count = 24): PeriodOption[] {
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const options: PeriodOption[] = [];
  for (let i = 0; i < count; i += 1) {
    options.push({
      value: `${year}-${String(month).padStart(2, '0')}`,
      label: `${MONTHS[month - 1]} ${year}`,
    });
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return options;
}

export function quarterOptions(today: string, count = 8): PeriodOption[] {
  let year = Number(today.slice(0, 4));
  let quarter = Math.ceil(Number(today.slice(5, 7)) / 3);
  const options: PeriodOption[] = [];
  for (let i = 0; i < count; i += 1) {
    const first = MONTHS[(quarter - 1) * 3]?.slice(0, 3);
    const last = MONTHS[(quarter - 1) * 3 + 2]?.slice(0, 3);
    options.push({ value: `${year}-Q${quarter}`, label: `${first}–${last} ${year}` });
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return options;
}

export const periodOptions = (kind: PeriodKind, today: string) =>
  kind === 'month' ? monthOptions(today) : quarterOptions(today);

/**
 * The months (YYYY-MM) a GSTR-1 period covers: a month itself, a quarter's three. Periods are marked
 * filed (and locked) month by month.
 */
export function monthsOfPeriod(period: string): string[] {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (!quarter) return [period];
  const first = (Number(quarter[2]) - 1) * 3 + 1;
  return [0, 1, 2].map((i) => `${quarter[1]}-${String(first + i).padStart(2, '0')}`);
}
