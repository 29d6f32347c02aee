import { sql } from 'kysely';
import type { RedemptionReleaseReason } from '../../db/schema/sales-documents.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

// The SQL of applying offers to an order: what the rules are evaluated from (the offers that could
// apply, the buyer's groups and first order, the lines' categories and brands, the coupon), what
// the offers have given so far, and the redemptions an order writes and gives back.

/** An offer as stored, with its buyer groups and targets (what OfferRule is made from). */
export interface OfferRuleRow {
  id: number;
  kind: 'product' | 'cart';
  title: string;
  discount_type: 'flat' | 'percentage';
  discount_paise: string | number | null;
  discount_percent: string | number | null;
  max_discount_paise: string | number | null;
  min_order_paise: string | number;
  min_quantity: string | number | null;
  first_order_only: boolean;
  sales_channel_id: number | null;
  coupon_mode: 'none' | 'shared' | 'unique';
  uses_per_buyer: number | null;
  total_uses_limit: number | null;
  max_amount_per_transaction_paise: string | number | null;
  max_amount_per_buyer_paise: string | number | null;
  budget_paise: string | number | null;
  reward_type: 'discount' | 'cashpoints';
  cashpoint_min_discount_paise: string | number | null;
  start_date: string | null;
  end_date: string | null;
  is_active: boolean;
  is_visible_to_customers: boolean;
  buyer_group_ids: number[];
  targets: [type: 'product' | 'category' | 'brand', id: number][];
}

export interface OfferFactsRow {
  buyer_group_ids: number[];
  /** The buyer has an order (not cancelled or superseded) besides the one being edited. */
  has_orders: boolean;
  products: { id: number; brand_id: number | null; category_ids: number[] }[];
  coupon: { id: number; offer_id: number; code: string; max_uses: number | null; uses: number } | null;
  /** The company's offers version: the offer rules cached for it are current when it matches. */
  offers_version: number;
}

/**
 * Everything the offer rules need for one order besides the offers themselves, in one statement:
 * the buyer's groups, whether it has ordered before (leaving out `exceptOrderNumber`, the order
 * being edited), each product's brand and category with every parent of it, the coupon code's row
 * with its uses, and the company's offers version (whether the cached rules are current).
 */
export async function offerFacts(
  db: Executor,
  companyId: number,
  input: {
    buyerId: number;
    productIds: readonly number[];
    couponCode: string | null;
    exceptOrderNumber: string | null;
  },
): Promise<OfferFactsRow> {
  const result = await sql<OfferFactsRow>`
    WITH RECURSIVE lineage (product_id, category_id) AS (
      SELECT p.id, p.category_id FROM products p
      WHERE p.company_id = ${companyId} AND p.id = ANY(${input.productIds}::bigint[])
      UNION
      SELECT l.product_id, c.parent_id FROM lineage l
      JOIN categories c ON c.company_id = ${companyId} AND c.id = l.category_id
      WHERE c.parent_id IS NOT NULL
    ),
    line_products AS (
      SELECT p.id, p.brand_id,
        (SELECT array_agg(l.category_id) FROM lineage l WHERE l.product_id = p.id) AS category_ids
      FROM products p
      WHERE p.company_id = ${companyId} AND p.id = ANY(${input.productIds}::bigint[])
    ),
    coupon AS (
      -- Its uses count only for a code with a limit of its own (a shared code's uses are the offer's).
      SELECT cc.id, cc.offer_id, cc.code::text AS code, cc.max_uses,
        CASE WHEN cc.max_uses IS NULL THEN 0 ELSE (SELECT count(DISTINCT r.quotation_id)::int FROM offer_redemptions r
          WHERE r.company_id = cc.company_id AND r.coupon_code_id = cc.id AND r.status = 'redeemed'
            AND NOT EXISTS (
              SELECT 1 FROM sales_orders so WHERE so.company_id = r.company_id AND so.id = r.sales_order_id
                AND so.order_number = ${input.exceptOrderNumber}
            )) END AS uses
      FROM offer_coupon_codes cc
      WHERE cc.company_id = ${companyId} AND cc.code = ${input.couponCode ?? ''}::citext
    )
    SELECT
      coalesce((SELECT array_agg(g.buyer_group_id) FROM buyer_group_buyers g
        WHERE g.company_id = ${companyId} AND g.buyer_id = ${input.buyerId}), '{}') AS buyer_group_ids,
      EXISTS (SELECT 1 FROM sales_orders so
        WHERE so.company_id = ${companyId} AND so.buyer_id = ${input.buyerId}
          AND so.status NOT IN ('cancelled', 'has_new_version')
          AND so.order_number IS DISTINCT FROM ${input.exceptOrderNumber}) AS has_orders,
      coalesce((SELECT json_agg(json_build_object('id', lp.id, 'brand_id', lp.brand_id,
        'category_ids', coalesce(lp.category_ids, '{}'))) FROM line_products lp), '[]') AS products,
      (SELECT row_to_json(coupon) FROM coupon) AS coupon,
      (SELECT offers_version FROM companies WHERE id = ${companyId}) AS offers_version
  `.execute(db);
  return result.rows[0];
}

/**
 * The company's active offers (or the given ones, whatever their state) with their buyer groups
 * and targets: what the offer rules are made from (cached per company by its offers version).
 */
export async function offerRules(
  db: Executor,
  companyId: number,
  only?: readonly number[],
): Promise<OfferRuleRow[]> {
  const result = await sql<OfferRuleRow>`
    SELECT o.id, o.kind, o.title, o.discount_type, o.discount_paise, o.discount_percent,
      o.max_discount_paise, o.min_order_paise, o.min_quantity, o.first_order_only, o.sales_channel_id,
      o.coupon_mode, o.uses_per_buyer, o.total_uses_limit, o.max_amount_per_transaction_paise,
      o.max_amount_per_buyer_paise, o.budget_paise, o.reward_type, o.cashpoint_min_discount_paise,
      to_char(o.start_date, 'YYYY-MM-DD') AS start_date, to_char(o.end_date, 'YYYY-MM-DD') AS end_date,
      o.is_active, o.is_visible_to_customers,
      coalesce(g.ids, '{}') AS buyer_group_ids,
      coalesce(t.targets, '[]') AS targets
    FROM offers o
    LEFT JOIN LATERAL (
      SELECT array_agg(bg.buyer_group_id) AS ids FROM offer_buyer_groups bg
      WHERE bg.company_id = o.company_id AND bg.offer_id = o.id
    ) g ON true
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_array(ot.target_type, ot.target_id)) AS targets FROM offer_targets ot
      WHERE ot.company_id = o.company_id AND ot.offer_id = o.id AND o.kind = 'product'
    ) t ON true
    WHERE o.company_id = ${companyId}
      AND ${only === undefined ? sql`o.is_active` : sql`o.id = ANY(${only}::bigint[])`}
    ORDER BY o.id
  `.execute(db);
  return result.rows;
}

/** The shared code of each of these shared-code offers. */
export const sharedCodes = (db: Executor, companyId: number, offerIds: readonly number[]) =>
  offerIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('offer_coupon_codes')
        .select(['offer_id', sql<string>`min(code::text)`.as('code')])
        .where('company_id', '=', companyId)
        .where(sql<boolean>`offer_id = any(${offerIds}::bigint[])`)
        .groupBy('offer_id')
        .execute();

export interface OfferUsageRow {
  offer_id: number;
  total_uses: number;
  buyer_uses: number;
  total_amount_paise: string | number;
  buyer_amount_paise: string | number;
}

/**
 * What each offer has given so far: uses (placed quotations) and amounts, in all and to the buyer,
 * from its redemptions that stand, leaving out those of the order being edited.
 */
export async function offerUsage(
  db: Executor,
  companyId: number,
  input: { offerIds: readonly number[]; buyerId: number; exceptOrderNumber: string | null },
): Promise<OfferUsageRow[]> {
  const result = await sql<OfferUsageRow>`
    SELECT r.offer_id,
      count(DISTINCT r.quotation_id)::int AS total_uses,
      (count(DISTINCT r.quotation_id) FILTER (WHERE r.buyer_id = ${input.buyerId}))::int AS buyer_uses,
      coalesce(sum(r.discount_paise + r.cashpoints_paise), 0) AS total_amount_paise,
      coalesce(sum(r.discount_paise + r.cashpoints_paise) FILTER (WHERE r.buyer_id = ${input.buyerId}), 0)
        AS buyer_amount_paise
    FROM offer_redemptions r
    WHERE r.company_id = ${companyId} AND r.offer_id = ANY(${input.offerIds}::bigint[]) AND r.status = 'redeemed'
      AND NOT EXISTS (
        SELECT 1 FROM sales_orders so WHERE so.company_id = r.company_id AND so.id = r.sales_order_id
          AND so.order_number = ${input.exceptOrderNumber}
      )
    GROUP BY r.offer_id
  `.execute(db);
  return result.rows;
}

/** How many placed quotations used the coupon code, read again once its offer is locked. */
export async function couponCodeUses(
  db: Executor,
  companyId: number,
  codeId: number,
  exceptOrderNumber: string | null,
): Promise<number> {
  const result = await sql<{ uses: number }>`
    SELECT count(DISTINCT r.quotation_id)::int AS uses FROM offer_redemptions r
    WHERE r.company_id = ${companyId} AND r.coupon_code_id = ${codeId} AND r.status = 'redeemed'
      AND NOT EXISTS (
        SELECT 1 FROM sales_orders so WHERE so.company_id = r.company_id AND so.id = r.sales_order_id
          AND so.order_number = ${exceptOrderNumber}
      )
  `.execute(db);
  return Number(result.rows[0]?.uses ?? 0);
}

/**
 * Level 2b of db/lock-order.ts: the offers whose limits an order's placement counts against, FOR
 * NO KEY UPDATE in id order (the orders and redemptions that reference an offer take KEY SHARE
 * locks on it, which NO KEY UPDATE lets through). Two orders using one limited offer take turns
 * from here to commit, so the second counts the first's redemption.
 */
export async function lockOffers(tx: Tx, companyId: number, offerIds: readonly number[]) {
  if (offerIds.length === 0) return;
  await tx
    .selectFrom('offers')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`id = any(${[...offerIds].sort((a, b) => a - b)}::bigint[])`)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/**
 * The offers a stored quotation got (its lines', its cart offer, its coupon's), locked as
 * lockOffers does: an order edit takes them before it moves stock, so it keeps level 2b before 3.
 */
export async function lockOffersOfQuotation(tx: Tx, companyId: number, quotationId: number) {
  const result = await sql<{ id: number }>`
    SELECT DISTINCT offer_id AS id FROM (
      SELECT offer_id FROM quotation_items WHERE company_id = ${companyId} AND quotation_id = ${quotationId}
      UNION ALL SELECT offer_id FROM quotations WHERE company_id = ${companyId} AND id = ${quotationId}
      UNION ALL SELECT c.offer_id FROM quotations q
        JOIN offer_coupon_codes c ON c.company_id = q.company_id AND c.id = q.coupon_code_id
        WHERE q.company_id = ${companyId} AND q.id = ${quotationId}
    ) ids WHERE offer_id IS NOT NULL
  `.execute(tx);
  await lockOffers(
    tx,
    companyId,
    result.rows.map((row) => Number(row.id)),
  );
}

export interface RedemptionValues {
  company_id: number;
  offer_id: number;
  coupon_code_id: number | null;
  buyer_id: number;
  sales_order_id: number;
  quotation_id: number;
  sales_channel_id: number | null;
  discount_paise: number;
  cashpoints_paise: number;
  order_value_paise: number;
}

export async function insertRedemptions(tx: Tx, rows: readonly RedemptionValues[]) {
  if (rows.length === 0) return;
  await tx
    .insertInto('offer_redemptions')
    .values([...rows])
    .execute();
}

/** Gives back the uses of the orders (their redemptions that stand); answers what was given back. */
export function releaseRedemptions(
  tx: Tx,
  companyId: number,
  orderIds: readonly number[],
  reason: RedemptionReleaseReason,
) {
  return tx
    .updateTable('offer_redemptions')
    .set({ status: 'released', released_reason: reason, released_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where(sql<boolean>`sales_order_id = any(${orderIds}::bigint[])`)
    .where('status', '=', 'redeemed')
    .returning(['id', 'offer_id', 'buyer_id', 'sales_order_id', 'discount_paise', 'cashpoints_paise'])
    .execute();
}

/** The offers applied to orders (their redemptions that stand or not), with titles, for showing on the order. */
export const orderRedemptions = (db: Executor, companyId: number, orderId: number) =>
  db
    .selectFrom('offer_redemptions as r')
    .innerJoin('offers as o', (j) =>
      j.onRef('o.company_id', '=', 'r.company_id').onRef('o.id', '=', 'r.offer_id'),
    )
    .leftJoin('offer_coupon_codes as c', (j) =>
      j.onRef('c.company_id', '=', 'r.company_id').onRef('c.id', '=', 'r.coupon_code_id'),
    )
    .select([
      'r.offer_id',
      'o.kind',
      'o.title',
      'o.reward_type',
      sql<string | null>`c.code::text`.as('code'),
      'r.discount_paise',
      'r.cashpoints_paise',
      'r.status',
    ])
    .where('r.company_id', '=', companyId)
    .where('r.sales_order_id', '=', orderId)
    .orderBy('o.kind', 'desc')
    .orderBy('r.offer_id')
    .execute();

/**
 * Offers by id with what a document shows of them, in one statement: whether the document's
 * coupon code names the offer, and (an order) the cashpoints its redemption credited.
 */
export async function documentOfferRows(
  db: Executor,
  companyId: number,
  input: { offerIds: readonly number[]; couponCodeId: number | null; orderId: number | null },
) {
  const result = await sql<{
    id: number;
    kind: 'product' | 'cart';
    title: string;
    reward_type: 'discount' | 'cashpoints';
    by_coupon: boolean;
    cashpoints_paise: string | number;
  }>`
    SELECT o.id, o.kind, o.title, o.reward_type,
      coalesce(o.id = (SELECT c.offer_id FROM offer_coupon_codes c
        WHERE c.company_id = o.company_id AND c.id = ${input.couponCodeId}::bigint), false) AS by_coupon,
      coalesce((SELECT sum(r.cashpoints_paise) FROM offer_redemptions r
        WHERE r.company_id = o.company_id AND r.sales_order_id = ${input.orderId}::bigint AND r.offer_id = o.id), 0)
        AS cashpoints_paise
    FROM offers o
    WHERE o.company_id = ${companyId} AND o.id = ANY(${input.offerIds}::bigint[])
    ORDER BY o.kind DESC, o.id
  `.execute(db);
  return result.rows;
}

/** The order's buyer and channel, and whether credit notes that stand credit every unit of it. */
export async function creditedOrder(db: Executor, companyId: number, orderId: number) {
  const result = await sql<{ buyer_id: number; sales_channel_id: number | null; fully_credited: boolean }>`
    SELECT so.buyer_id, so.sales_channel_id,
      NOT EXISTS (
        SELECT 1 FROM sales_order_items oi
        WHERE oi.company_id = so.company_id AND oi.order_id = so.id
          AND oi.quantity > coalesce((
            SELECT sum(cni.quantity) FROM credit_note_items cni
            JOIN credit_notes cn ON cn.company_id = cni.company_id AND cn.id = cni.credit_note_id
            JOIN invoice_items ii ON ii.id = cni.invoice_item_id
            WHERE cni.company_id = so.company_id AND ii.order_item_id = oi.id AND cn.status <> 'cancelled'
          ), 0)
      ) AS fully_credited
    FROM sales_orders so
    WHERE so.company_id = ${companyId} AND so.id = ${orderId}
  `.execute(db);
  return result.rows[0];
}

/** Takes back the uses a credit note gave back (its cancel): the order's rows released for it. */
export const restoreCreditedRedemptions = (tx: Tx, companyId: number, orderId: number) =>
  tx
    .updateTable('offer_redemptions')
    .set({ status: 'redeemed', released_reason: null, released_at: null })
    .where('company_id', '=', companyId)
    .where('sales_order_id', '=', orderId)
    .where('status', '=', 'released')
    .where('released_reason', '=', 'credit_note')
    .returning('offer_id')
    .execute();
