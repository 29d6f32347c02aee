import { toRupees } from '@b2b/domain/money';
import { roundQuantity } from '@b2b/domain/products';
import {
  type AmountPayableRow,
  type BrandWisePurchaseRow,
  monthPeriods,
  PAYABLE_AGEING_BUCKET_VALUES,
  type PayableAgeingBucket,
  type PaymentToSellerRow,
  type ReportPeriod,
  reportRange,
} from '@b2b/domain/purchase-reports';
import { todayInIndia } from '@b2b/domain/validation';
import type { PageWindow, SortKey } from '../../core/paging.ts';
import type { Executor } from '../../db/transaction.ts';
import * as queries from './purchase-reports.queries.ts';

export { PAYABLES_ORDER_COLUMNS } from './purchase-reports.queries.ts';

type Window = PageWindow | null;

const paise = (value: string | number | null | undefined) => Number(value ?? 0);
const rupees = (value: string | number | null | undefined) => toRupees(paise(value));

function bucketsOf(row: Record<`b_${PayableAgeingBucket}`, number>) {
  return Object.fromEntries(PAYABLE_AGEING_BUCKET_VALUES.map((b) => [b, rupees(row[`b_${b}`])])) as Record<
    PayableAgeingBucket,
    number
  >;
}

/**
 * GET reports/amount_payables: per seller, the balance of its received bills (open, partly paid)
 * dated on or before `asOf` (default today in India), aged by due date on that day; one page (or
 * all, for the CSV) and the totals over every seller of the filters. The balances are today's:
 * a payment made after `asOf` already lowers them.
 */
export async function amountPayables(
  db: Executor,
  companyId: number,
  filter: Omit<queries.PayablesFilter, 'asOf'> & { asOf?: string },
  sort: readonly SortKey[],
  window: Window,
) {
  const scope = { ...filter, asOf: filter.asOf ?? todayInIndia() };
  const [rows, totals] = await Promise.all([
    queries.listPayables(db, companyId, scope, sort, window),
    window ? queries.payablesTotals(db, companyId, scope) : undefined,
  ]);
  const results: AmountPayableRow[] = rows.map((r) => ({
    seller: { id: Number(r.seller_id), name: r.seller_name, gstin: r.seller_gstin },
    bills: Number(r.bills),
    amount_due: rupees(r.amount_due),
    overdue: rupees(r.overdue),
    buckets: bucketsOf(r),
    oldest_due_date: r.oldest_due_date,
    max_days_overdue: Number(r.max_days_overdue),
  }));
  return {
    count: totals ? Number(totals.sellers) : results.length,
    results,
    as_of: scope.asOf,
    totals: totals && {
      bills: Number(totals.bills),
      amount_due: rupees(totals.amount_due),
      overdue: rupees(totals.overdue),
      buckets: bucketsOf(totals),
    },
  };
}

/** API ordering field -> how two rows of a period report compare on it. */
type Comparators<Row> = Record<string, (a: Row, b: Row) => number>;

const byName = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a.localeCompare(b, 'en-IN', { sensitivity: 'base' });

/** Sorts rows by the sort keys (already checked against the comparators' fields), then `last`. */
function sortRows<Row>(
  rows: Row[],
  sort: readonly SortKey[],
  comparators: Comparators<Row>,
  last: (a: Row, b: Row) => number,
) {
  return rows.sort((a, b) => {
    for (const key of sort) {
      const compare = comparators[key.column];
      if (!compare) continue;
      const order = compare(a, b);
      if (order !== 0) return key.direction === 'desc' ? -order : order;
    }
    return last(a, b);
  });
}

const pageOf = <Row>(rows: Row[], window: Window) =>
  window ? rows.slice(window.offset, window.offset + window.limit) : rows;

/** The period's position in the answer's `periods`. */
const indexOfPeriods = (periods: ReportPeriod[]) => new Map(periods.map((p, index) => [p.key, index]));

// ---------------------------------------------------------------------------------------------
// Brand wise purchase

export const BRAND_ORDER_FIELDS = {
  brand_name: 'brand_name',
  quantity: 'quantity',
  value: 'value',
  bills: 'bills',
};

type BrandAccumulator = {
  brand: { id: number; name: string } | null;
  bills: number;
  quantity: number;
  valuePaise: number;
  periods: { quantity: number; valuePaise: number }[];
};

function accumulateBrands(records: queries.BrandPeriodRecord[], periods: ReportPeriod[]) {
  const index = indexOfPeriods(periods);
  const byBrand = new Map<string, BrandAccumulator>();
  for (const r of records) {
    const key = r.brand_id === null ? 'none' : String(r.brand_id);
    let brand = byBrand.get(key);
    if (!brand) {
      brand = {
        brand: r.brand_id === null ? null : { id: Number(r.brand_id), name: r.brand_name ?? '' },
        bills: 0,
        quantity: 0,
        valuePaise: 0,
        periods: periods.map(() => ({ quantity: 0, valuePaise: 0 })),
      };
      byBrand.set(key, brand);
    }
    const quantity = Number(r.quantity);
    const value = paise(r.value);
    brand.bills += Number(r.bills);
    brand.quantity += quantity;
    brand.valuePaise += value;
    const at = brand.periods[index.get(r.period) ?? -1];
    if (at) {
      at.quantity += quantity;
      at.valuePaise += value;
    }
  }
  return [...byBrand.values()];
}

const brandRow = (b: BrandAccumulator): BrandWisePurchaseRow => ({
  brand: b.brand,
  bills: b.bills,
  quantity: roundQuantity(b.quantity),
  value: toRupees(b.valuePaise),
  periods: b.periods.map((p) => ({ quantity: roundQuantity(p.quantity), value: toRupees(p.valuePaise) })),
});

const BRAND_COMPARATORS: Comparators<BrandAccumulator> = {
  brand_name: (a, b) => byName(a.brand?.name ?? null, b.brand?.name ?? null),
  quantity: (a, b) => a.quantity - b.quantity,
  value: (a, b) => a.valuePaise - b.valuePaise,
  bills: (a, b) => a.bills - b.bills,
};

/**
 * GET reports/brand_wise_purchase: the quantity and taxable value bought per brand in the range
 * (default the financial year of today), month by month, from received bills; one page of brands
 * (or all, for the CSV) and the totals (a bill with two brands counts once in them).
 */
export async function brandWisePurchase(
  db: Executor,
  companyId: number,
  filter: Omit<queries.PeriodFilter, 'start' | 'end'> & {
    brandId?: number;
    startDate?: string;
    endDate?: string;
  },
  sort: readonly SortKey[],
  window: Window,
) {
  const range = reportRange({ start_date: filter.startDate, end_date: filter.endDate }, todayInIndia());
  const periods = monthPeriods(range.start, range.end);
  const scope = { ...filter, ...range };
  const [records, totalRecords] = await Promise.all([
    queries.brandPurchases(db, companyId, scope, true),
    window ? queries.brandPurchases(db, companyId, scope, false) : undefined,
  ]);
  const brands = sortRows(accumulateBrands(records, periods), sort, BRAND_COMPARATORS, (a, b) =>
    byName(a.brand?.name ?? null, b.brand?.name ?? null),
  );
  const total = totalRecords && accumulateBrands(totalRecords, periods)[0];
  return {
    count: brands.length,
    results: pageOf(brands, window).map(brandRow),
    start_date: range.start,
    end_date: range.end,
    periods,
    totals: window
      ? (() => {
          const row = brandRow(
            total ?? {
              brand: null,
              bills: 0,
              quantity: 0,
              valuePaise: 0,
              periods: periods.map(() => ({ quantity: 0, valuePaise: 0 })),
            },
          );
          return { bills: row.bills, quantity: row.quantity, value: row.value, periods: row.periods };
        })()
      : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Payment to seller

export const PAYMENT_ORDER_FIELDS = {
  seller_name: 'seller_name',
  amount: 'amount',
  tds: 'tds',
  net_paid: 'net_paid',
  payments: 'payments',
};

type PaymentFigures = { payments: number; amountPaise: number; tdsPaise: number };
type SellerAccumulator = PaymentFigures & {
  seller: { id: number; name: string; gstin: string | null } | null;
  periods: PaymentFigures[];
};

const noPayments = (): PaymentFigures => ({ payments: 0, amountPaise: 0, tdsPaise: 0 });

function accumulateSellers(records: queries.SellerPaymentRecord[], periods: ReportPeriod[]) {
  const index = indexOfPeriods(periods);
  const bySeller = new Map<string, SellerAccumulator>();
  for (const r of records) {
    const key = r.seller_id === null ? 'all' : String(r.seller_id);
    let seller = bySeller.get(key);
    if (!seller) {
      seller = {
        seller:
          r.seller_id === null
            ? null
            : { id: Number(r.seller_id), name: r.seller_name ?? '', gstin: r.seller_gstin },
        ...noPayments(),
        periods: periods.map(noPayments),
      };
      bySeller.set(key, seller);
    }
    for (const target of [seller, seller.periods[index.get(r.period) ?? -1]]) {
      if (!target) continue;
      target.payments += Number(r.payments);
      target.amountPaise += paise(r.amount);
      target.tdsPaise += paise(r.tds);
    }
  }
  return [...bySeller.values()];
}

const figures = (f: PaymentFigures) => ({
  payments: f.payments,
  amount: toRupees(f.amountPaise),
  tds: toRupees(f.tdsPaise),
  net_paid: toRupees(f.amountPaise - f.tdsPaise),
});

const SELLER_COMPARATORS: Comparators<SellerAccumulator> = {
  seller_name: (a, b) => byName(a.seller?.name ?? null, b.seller?.name ?? null),
  amount: (a, b) => a.amountPaise - b.amountPaise,
  tds: (a, b) => a.tdsPaise - b.tdsPaise,
  net_paid: (a, b) => a.amountPaise - a.tdsPaise - (b.amountPaise - b.tdsPaise),
  payments: (a, b) => a.payments - b.payments,
};

/**
 * GET reports/payment_to_seller: completed payments made in the range (default the financial year
 * of today) per seller, month by month: how many, the amount settled, the TDS deducted and what the
 * seller got (amount less TDS); one page of sellers (or all, for the CSV) and the totals.
 */
export async function paymentToSeller(
  db: Executor,
  companyId: number,
  filter: Omit<queries.PeriodFilter, 'start' | 'end'> & {
    paymentMethodId?: number;
    startDate?: string;
    endDate?: string;
  },
  sort: readonly SortKey[],
  window: Window,
) {
  const range = reportRange({ start_date: filter.startDate, end_date: filter.endDate }, todayInIndia());
  const periods = monthPeriods(range.start, range.end);
  const scope = { ...filter, ...range };
  const [records, totalRecords] = await Promise.all([
    queries.sellerPayments(db, companyId, scope, true),
    window ? queries.sellerPayments(db, companyId, scope, false) : undefined,
  ]);
  const sellers = sortRows(accumulateSellers(records, periods), sort, SELLER_COMPARATORS, (a, b) =>
    byName(a.seller?.name ?? null, b.seller?.name ?? null),
  );
  const results: PaymentToSellerRow[] = pageOf(sellers, window).map((s) => ({
    seller: s.seller as NonNullable<SellerAccumulator['seller']>,
    ...figures(s),
    periods: s.periods.map(figures),
  }));
  const total = (totalRecords && accumulateSellers(totalRecords, periods)[0]) ?? {
    ...noPayments(),
    periods: periods.map(noPayments),
  };
  return {
    count: sellers.length,
    results,
    start_date: range.start,
    end_date: range.end,
    periods,
    totals: window ? { ...figures(total), periods: total.periods.map(figures) } : undefined,
    /** The CSV's lines: one per seller and month with payments. */
    csvLines: window
      ? []
      : sellers.flatMap((s) =>
          s.periods
            .map((p, i) => ({ seller: s.seller, period: periods[i] as ReportPeriod, ...figures(p) }))
            .filter((line) => line.payments > 0),
        ),
  };
}
