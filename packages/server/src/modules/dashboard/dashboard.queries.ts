import { sql } from 'kysely';
import { type BranchScope, sqlInBranches } from '../../db/branch-scope.ts';
import type { Executor } from '../../db/transaction.ts';

/**
 * The Home dashboard's reads. Sales come from sales_lines (one row per line of a live invoice,
 * negative for a credit note; cancelled documents have none), always through its index
 * (company_id, day): filter by the company and a day range first, aggregate, and only then join
 * names. Receivables, payables and low stock are read through their own areas' services.
 */

/** The branch, if it is the company's. */
export async function findBranch(db: Executor, companyId: number, branchId: number) {
  const result = await sql<{ id: number; name: string }>`
    SELECT id, name FROM branches WHERE company_id = ${companyId} AND id = ${branchId}`.execute(db);
  return result.rows[0];
}

/**
 * Net Sales (sum of taxable_paise) per day from `start` to `end`, both included: one index range
 * scan that every sales figure of the dashboard (today, month, financial year, their last-year
 * twins and the 12-month trend) is summed from. At most ~730 rows.
 */
export async function netSalesByDay(
  db: Executor,
  companyId: number,
  branches: BranchScope,
  start: string,
  end: string,
) {
  const result = await sql<{ day: string; net_sales: string }>`
    SELECT to_char(sl.day, 'YYYY-MM-DD') AS day, sum(sl.taxable_paise) AS net_sales
    FROM sales_lines sl
    WHERE sl.company_id = ${companyId} AND sl.day BETWEEN ${start}::date AND ${end}::date
      AND ${sqlInBranches('sl.branch_id', branches)}
    GROUP BY sl.day`.execute(db);
  return result.rows;
}

/** Whether the branches have any sales line at all (the empty state of a new company). */
export async function hasSales(db: Executor, companyId: number, branches: BranchScope) {
  const result = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM sales_lines sl
      WHERE sl.company_id = ${companyId} AND ${sqlInBranches('sl.branch_id', branches)}
    ) AS found`.execute(db);
  return Boolean(result.rows[0]?.found);
}

/**
 * The `limit` products and the `limit` buyers with the most Net Sales between the days, largest
 * first (then by id): one scan of the days' lines grouped both ways (GROUPING SETS), so the heap
 * is read once for both lists; names are joined to the ten rows kept.
 */
export async function topProductsAndBuyers(
  db: Executor,
  companyId: number,
  branches: BranchScope,
  start: string,
  end: string,
  limit: number,
) {
  const result = await sql<{ kind: 'product' | 'buyer'; id: number; name: string; net_sales: string }>`
    WITH g AS (
      SELECT sl.product_id, sl.buyer_id, GROUPING(sl.product_id) AS by_buyer,
        sum(sl.taxable_paise) AS net_sales
      FROM sales_lines sl
      WHERE sl.company_id = ${companyId} AND sl.day BETWEEN ${start}::date AND ${end}::date
        AND ${sqlInBranches('sl.branch_id', branches)}
      GROUP BY GROUPING SETS ((sl.product_id), (sl.buyer_id))
    ),
    ranked AS (
      SELECT g.by_buyer, coalesce(g.product_id, g.buyer_id) AS id, g.net_sales,
        row_number() OVER (
          PARTITION BY g.by_buyer ORDER BY g.net_sales DESC, coalesce(g.product_id, g.buyer_id)
        ) AS n
      FROM g
    )
    SELECT CASE WHEN r.by_buyer = 1 THEN 'buyer' ELSE 'product' END AS kind, r.id,
      coalesce(p.name, b.name, '') AS name, r.net_sales
    FROM ranked r
    LEFT JOIN products p ON r.by_buyer = 0 AND p.company_id = ${companyId} AND p.id = r.id
    LEFT JOIN buyers b ON r.by_buyer = 1 AND b.company_id = ${companyId} AND b.id = r.id
    WHERE r.n <= ${limit}
    ORDER BY r.by_buyer, r.n`.execute(db);
  return result.rows;
}

/**
 * Orders and invoices waiting for the next step, in the branches (the status indexes lead with
 * company_id and status): orders to confirm (new), orders to invoice (confirmed or processing with
 * quantity not yet invoiced) and invoices to ship (generated or ready to ship: not processed).
 */
export async function waitingCounts(db: Executor, companyId: number, branches: BranchScope) {
  const result = await sql<{ to_confirm: string; to_invoice: string; to_ship: string }>`
    SELECT
      (SELECT count(*) FROM sales_orders o
        WHERE o.company_id = ${companyId} AND o.status = 'new'
          AND ${sqlInBranches('o.branch_id', branches)}) AS to_confirm,
      (SELECT count(*) FROM sales_orders o
        WHERE o.company_id = ${companyId} AND o.status IN ('confirmed', 'processing')
          AND o.total_quantity_invoiced + o.total_quantity_cancelled < o.total_quantity
          AND ${sqlInBranches('o.branch_id', branches)}) AS to_invoice,
      (SELECT count(*) FROM invoices i
        WHERE i.company_id = ${companyId} AND i.status IN ('generated', 'ready_to_ship')
          AND ${sqlInBranches('i.branch_id', branches)}) AS to_ship`.execute(db);
  const row = result.rows[0];
  return {
    to_confirm: Number(row?.to_confirm ?? 0),
    to_invoice: Number(row?.to_invoice ?? 0),
    to_ship: Number(row?.to_ship ?? 0),
  };
}

/**
 * Money received from buyers (completed payments) and paid to sellers (payments made, not void)
 * per month ('YYYY-MM') between the days, through the (company_id, payment_date) indexes.
 */
export async function moneyByMonth(
  db: Executor,
  companyId: number,
  branches: BranchScope,
  start: string,
  end: string,
) {
  const result = await sql<{ month: string; money_in: string; money_out: string }>`
    SELECT m.month, sum(m.money_in) AS money_in, sum(m.money_out) AS money_out
    FROM (
      SELECT to_char(p.payment_date, 'YYYY-MM') AS month, p.amount_paise AS money_in, 0 AS money_out
      FROM payments p
      WHERE p.company_id = ${companyId} AND p.payment_date BETWEEN ${start}::date AND ${end}::date
        AND p.status = 'completed' AND ${sqlInBranches('p.branch_id', branches)}
      UNION ALL
      SELECT to_char(pm.payment_date, 'YYYY-MM'), 0, pm.amount_paise
      FROM payments_made pm
      WHERE pm.company_id = ${companyId} AND pm.payment_date BETWEEN ${start}::date AND ${end}::date
        AND pm.status = 'completed' AND ${sqlInBranches('pm.branch_id', branches)}
    ) m
    GROUP BY m.month`.execute(db);
  return result.rows;
}
