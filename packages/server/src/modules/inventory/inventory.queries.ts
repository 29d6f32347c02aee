import { sql } from 'kysely';
import { sameTenant } from '../../db/tenant-join.ts';
import type { Executor, Tx } from '../../db/transaction.ts';

/**
 * Applies a signed quantity to the stock level of a product in a warehouse and returns the new
 * level, in one statement: INSERT ... ON CONFLICT DO UPDATE takes the row lock, so concurrent
 * movements of the same product and warehouse apply one after the other.
 *
 * Unless `allowNegative`, a movement that would take the level below zero changes nothing and
 * returns no row: the existing row is only updated when the result stays >= 0 (re-checked on the
 * latest row version after waiting for a concurrent movement), and a missing row (stock zero) is
 * only inserted for a non-negative quantity.
 */
export async function applyToStockLevel(
  db: Executor,
  movement: {
    companyId: number;
    productId: number;
    warehouseId: number;
    quantity: string;
    allowNegative: boolean;
    /** Stock reserved for orders (df_quantity) must stay on hand: only sellable stock may leave. */
    keepReserved?: boolean;
  },
): Promise<{ available_stock: number; df_quantity: number } | undefined> {
  const { companyId, productId, warehouseId, quantity, allowNegative } = movement;
  const keepReserved = movement.keepReserved ?? false;
  const result = await sql<{ available_stock: number; df_quantity: number }>`
    INSERT INTO stock_levels AS sl (company_id, product_id, warehouse_id, available_stock)
    SELECT ${companyId}, ${productId}, ${warehouseId}, ${quantity}::numeric
    WHERE ${allowNegative}::boolean OR ${quantity}::numeric >= 0
       OR EXISTS (
         SELECT 1 FROM stock_levels
         WHERE company_id = ${companyId} AND product_id = ${productId} AND warehouse_id = ${warehouseId}
       )
    ON CONFLICT (company_id, product_id, warehouse_id) DO UPDATE
      SET available_stock = sl.available_stock + excluded.available_stock, updated_at = now()
      WHERE ${allowNegative}::boolean
         OR sl.available_stock + excluded.available_stock
            >= CASE WHEN ${keepReserved}::boolean THEN sl.df_quantity ELSE 0 END
    RETURNING sl.available_stock, sl.df_quantity`.execute(db);
  return result.rows[0];
}

export interface LevelChange {
  companyId: number;
  productId: number;
  warehouseId: number;
  /** Change to stock on hand, exact decimal text. */
  onHand: string;
  /** Change to stock reserved for orders (df_quantity), exact decimal text. */
  reserved: string;
}

/**
 * Adds non-negative changes to a stock level, making the row if there is none (receipts, returns,
 * back-ordered reservations: nothing to check). The row lock orders concurrent changes.
 */
export async function addToStockLevel(db: Executor, change: LevelChange) {
  const { companyId, productId, warehouseId, onHand, reserved } = change;
  const result = await sql<{ available_stock: number; df_quantity: number }>`
    INSERT INTO stock_levels AS sl (company_id, product_id, warehouse_id, available_stock, df_quantity)
    VALUES (${companyId}, ${productId}, ${warehouseId}, ${onHand}::numeric, ${reserved}::numeric)
    ON CONFLICT (company_id, product_id, warehouse_id) DO UPDATE
      SET available_stock = sl.available_stock + excluded.available_stock,
          df_quantity = sl.df_quantity + excluded.df_quantity,
          updated_at = now()
    RETURNING sl.available_stock, sl.df_quantity`.execute(db);
  return result.rows[0];
}

/**
 * Applies a change to an existing stock level only when the result keeps the rules, in one
 * statement: the UPDATE waits for the row lock of a concurrent change and then re-checks its
 * WHERE on the latest row version (PostgreSQL's read-committed re-check), so parallel
 * reservations of the last units cannot both pass. Returns no row when refused (or no row exists).
 *
 * - df_quantity never goes below zero (cannot release or issue more than is reserved);
 * - available_stock stays >= 0 unless `allowNegative`;
 * - with `requireSellable`, the new reservation must fit in what is on hand and not yet reserved.
 */
export async function changeStockLevelIf(
  db: Executor,
  change: LevelChange & { allowNegative: boolean; requireSellable: boolean },
) {
  const { companyId, productId, warehouseId, onHand, reserved, allowNegative, requireSellable } = change;
  const result = await sql<{ available_stock: number; df_quantity: number }>`
    UPDATE stock_levels
    SET available_stock = available_stock + ${onHand}::numeric,
        df_quantity = df_quantity + ${reserved}::numeric,
        updated_at = now()
    WHERE company_id = ${companyId} AND product_id = ${productId} AND warehouse_id = ${warehouseId}
      AND df_quantity + ${reserved}::numeric >= 0
      AND (${allowNegative}::boolean OR available_stock + ${onHand}::numeric >= 0)
      AND (NOT ${requireSellable}::boolean OR available_stock - df_quantity >= ${reserved}::numeric)
    RETURNING available_stock, df_quantity`.execute(db);
  return result.rows[0];
}

/**
 * What a movement needs to know, in one query: the warehouse and its branch (both share-locked
 * until the transaction ends, so neither is deactivated under the movement) and the product with
 * its back-ordering switch (null columns when the product is not the company's).
 */
export const findMovementContext = (
  db: Executor,
  companyId: number,
  productId: number,
  warehouseId: number,
) =>
  db
    .selectFrom('warehouses as w')
    .innerJoin('branches as b', (j) => sameTenant(j, 'b.id', 'w.branch_id'))
    .leftJoin('products as p', (j) => j.onRef('p.company_id', '=', 'w.company_id').on('p.id', '=', productId))
    .select([
      'w.name',
      'w.is_active',
      'b.name as branch_name',
      'b.is_active as branch_is_active',
      'p.id as product_id',
      'p.name as product_name',
      'p.allow_back_ordering',
      'p.reorder_point',
    ])
    .where('w.company_id', '=', companyId)
    .where('w.id', '=', warehouseId)
    .forShare(['w', 'b'])
    .executeTakeFirst();

/** What `lockStockLines` answers for one line (a product in a warehouse) of a document. */
export interface StockLineContext {
  line_product_id: number;
  line_warehouse_id: number;
  name: string;
  is_active: boolean;
  branch_name: string;
  branch_is_active: boolean;
  /** Null when the product is not the company's. */
  product_id: number | null;
  product_name: string | null;
  allow_back_ordering: boolean | null;
  reorder_point: number | null;
  /** The level, null when there is no stock row (stock zero). */
  available_stock: number | null;
  df_quantity: number | null;
}

/** What `lockAndMoveReservations` answers for one line: its context, and its ledger row once moved. */
export interface MovedStockLine extends StockLineContext {
  /** The ledger row of the move; null when nothing moved (a line refused, so no line moved). */
  ledger_id: number | null;
  batch_id: number | null;
  quantity: number | null;
  balance_after: number | null;
  reserved_after: number | null;
  created_at: Date | null;
}

/**
 * Moves the reservations (df_quantity) of a document's lines (each product and warehouse once) and
 * writes their ledger rows, in one statement, so the stock rows are locked for as short a time as
 * can be. It locks each line's level FOR UPDATE in product then warehouse order (the order every
 * stock movement locks levels in, so documents sharing products never deadlock) and share-locks
 * its warehouse and branch (as findMovementContext); then, only when every line may move (the
 * company's warehouse, active with its branch, the company's product, and for a reservation
 * enough sellable stock unless back-ordering is allowed, for a release enough reserved), it moves
 * them all: levels without a row get one (a back-ordered reservation), ledger rows are written in
 * product then warehouse order. Answers each line's context as it was locked (the latest: nobody
 * else can change it until the transaction ends) for the caller's checks and refusals, with the
 * line's ledger row when it moved. A line whose warehouse is not the company's has no row.
 */
export async function lockAndMoveReservations(
  db: Executor,
  document: {
    companyId: number;
    reason: string;
    documentType: string;
    documentId: number;
    userId: number | null;
  },
  moves: readonly {
    productId: number;
    warehouseId: number;
    /** Signed change of df_quantity, exact decimal text: positive reserves, negative releases. */
    reserved: string;
  }[],
) {
  const { companyId } = document;
  const result = await sql<MovedStockLine>`
    WITH v AS (
      SELECT * FROM unnest(
        ${moves.map((m) => m.productId)}::bigint[], ${moves.map((m) => m.warehouseId)}::bigint[],
        ${moves.map((m) => m.reserved)}::numeric[]
      ) AS v (product_id, warehouse_id, reserved)
    ),
    levels AS MATERIALIZED (
      SELECT sl.product_id, sl.warehouse_id, sl.available_stock, sl.df_quantity
      FROM stock_levels sl
      JOIN v ON v.product_id = sl.product_id AND v.warehouse_id = sl.warehouse_id
      WHERE sl.company_id = ${companyId}
      ORDER BY sl.product_id, sl.warehouse_id
      FOR UPDATE OF sl
    ),
    lines AS MATERIALIZED (
      SELECT v.product_id AS line_product_id, v.warehouse_id AS line_warehouse_id, v.reserved,
        w.name, w.is_active, b.name AS branch_name, b.is_active AS branch_is_active,
        p.id AS product_id, p.name AS product_name, p.allow_back_ordering, p.reorder_point,
        l.available_stock, l.df_quantity
      FROM v
      JOIN warehouses w ON w.company_id = ${companyId} AND w.id = v.warehouse_id
      JOIN branches b ON b.company_id = w.company_id AND b.id = w.branch_id
      LEFT JOIN products p ON p.company_id = w.company_id AND p.id = v.product_id
      LEFT JOIN levels l ON l.product_id = v.product_id AND l.warehouse_id = v.warehouse_id
      FOR SHARE OF w, b
    ),
    movable AS MATERIALIZED (
      SELECT * FROM lines
      WHERE (SELECT count(*) FROM lines) = ${moves.length}
        AND NOT EXISTS (
          SELECT 1 FROM lines x
          WHERE (x.is_active AND x.branch_is_active AND x.product_id IS NOT NULL
            AND CASE WHEN x.reserved > 0
              THEN x.allow_back_ordering OR x.available_stock - x.df_quantity >= x.reserved
              ELSE x.df_quantity + x.reserved >= 0 END) IS NOT TRUE
        )
    ),
    updated AS (
      UPDATE stock_levels sl
      SET df_quantity = sl.df_quantity + m.reserved, updated_at = now()
      FROM movable m
      WHERE m.available_stock IS NOT NULL AND sl.company_id = ${companyId}
        AND sl.product_id = m.line_product_id AND sl.warehouse_id = m.line_warehouse_id
        AND sl.df_quantity + m.reserved >= 0
        AND (m.reserved <= 0 OR m.allow_back_ordering OR sl.available_stock - sl.df_quantity >= m.reserved)
      RETURNING sl.product_id, sl.warehouse_id, sl.available_stock, sl.df_quantity
    ),
    inserted AS (
      INSERT INTO stock_levels AS sl (company_id, product_id, warehouse_id, df_quantity)
      SELECT ${companyId}, m.line_product_id, m.line_warehouse_id, m.reserved
      FROM movable m WHERE m.available_stock IS NULL AND m.reserved >= 0
      ORDER BY m.line_product_id, m.line_warehouse_id
      ON CONFLICT (company_id, product_id, warehouse_id) DO UPDATE
        SET df_quantity = sl.df_quantity + excluded.df_quantity, updated_at = now()
      RETURNING sl.product_id, sl.warehouse_id, sl.available_stock, sl.df_quantity
    ),
    moved AS (SELECT * FROM updated UNION ALL SELECT * FROM inserted),
    ledger AS (
      INSERT INTO stock_ledger (company_id, product_id, warehouse_id, quantity, balance_after,
        reserved_quantity, reserved_after, reason, document_type, document_id, user_id)
      SELECT ${companyId}, m.product_id, m.warehouse_id, 0, m.available_stock, v.reserved, m.df_quantity,
        ${document.reason}, ${document.documentType}, ${document.documentId}, ${document.userId}::bigint
      FROM moved m JOIN v ON v.product_id = m.product_id AND v.warehouse_id = m.warehouse_id
      ORDER BY m.product_id, m.warehouse_id
      RETURNING id, product_id, warehouse_id, batch_id, quantity, balance_after, reserved_after, created_at
    )
    SELECT l.line_product_id, l.line_warehouse_id, l.name, l.is_active, l.branch_name, l.branch_is_active,
      l.product_id, l.product_name, l.allow_back_ordering, l.reorder_point, l.available_stock, l.df_quantity,
      g.id AS ledger_id, g.batch_id, g.quantity, g.balance_after, g.reserved_after, g.created_at
    FROM lines l
    LEFT JOIN ledger g ON g.product_id = l.line_product_id AND g.warehouse_id = l.line_warehouse_id`.execute(
    db,
  );
  return result.rows;
}

/**
 * The warehouse, branch and product of several lines at once (as findMovementContext answers for
 * one), the warehouses and branches FOR SHARE; one row per line, in the order given.
 */
export async function findMovementContexts(
  db: Executor,
  companyId: number,
  lines: readonly { productId: number; warehouseId: number }[],
) {
  const result = await sql<Omit<StockLineContext, 'available_stock' | 'df_quantity'>>`
    SELECT v.product_id AS line_product_id, v.warehouse_id AS line_warehouse_id,
      w.name, w.is_active, b.name AS branch_name, b.is_active AS branch_is_active,
      p.id AS product_id, p.name AS product_name, p.allow_back_ordering, p.reorder_point
    FROM unnest(${lines.map((l) => l.productId)}::bigint[], ${lines.map((l) => l.warehouseId)}::bigint[])
      WITH ORDINALITY AS v (product_id, warehouse_id, position)
    JOIN warehouses w ON w.company_id = ${companyId} AND w.id = v.warehouse_id
    JOIN branches b ON b.company_id = w.company_id AND b.id = w.branch_id
    LEFT JOIN products p ON p.company_id = w.company_id AND p.id = v.product_id
    ORDER BY v.position
    FOR SHARE OF w, b`.execute(db);
  return result.rows;
}

/**
 * Adds goods to several stock levels in one statement, in product then warehouse order (the lock
 * order): each level made when new. Answers the levels after, one row per (distinct) line.
 */
export async function addToStockLevels(
  db: Executor,
  companyId: number,
  changes: readonly { productId: number; warehouseId: number; onHand: string }[],
) {
  const result = await sql<{
    product_id: number;
    warehouse_id: number;
    available_stock: number;
    df_quantity: number;
  }>`
    INSERT INTO stock_levels AS sl (company_id, product_id, warehouse_id, available_stock, df_quantity)
    SELECT ${companyId}, v.product_id, v.warehouse_id, v.on_hand, 0
    FROM unnest(${changes.map((c) => c.productId)}::bigint[], ${changes.map((c) => c.warehouseId)}::bigint[],
      ${changes.map((c) => c.onHand)}::numeric[]) AS v (product_id, warehouse_id, on_hand)
    ORDER BY v.product_id, v.warehouse_id
    ON CONFLICT (company_id, product_id, warehouse_id) DO UPDATE
      SET available_stock = sl.available_stock + excluded.available_stock, updated_at = now()
    RETURNING sl.product_id, sl.warehouse_id, sl.available_stock, sl.df_quantity`.execute(db);
  return result.rows;
}

export const insertLedgerEntries = (
  db: Executor,
  values: {
    company_id: number;
    product_id: number;
    warehouse_id: number;
    quantity: string;
    balance_after: number;
    reserved_quantity: string;
    reserved_after: number;
    rate_paise: number | null;
    reason: string;
    document_type: string | null;
    document_id: number | null;
    user_id: number | null;
    batch_id: number | null;
  }[],
) =>
  db
    .insertInto('stock_ledger')
    .values(values)
    .returning(['id', 'batch_id', 'quantity', 'balance_after', 'reserved_after', 'created_at'])
    .execute();

/**
 * Locks the stock levels of `lines` FOR UPDATE, in product then warehouse order (level 3 of
 * db/lock-order.ts), for a transaction that then moves stock for several documents: its later
 * movements only take locks it holds. Levels without a row are not locked (nothing to wait on).
 */
export const lockStockLevels = (
  tx: Tx,
  companyId: number,
  lines: readonly { productId: number; warehouseId: number }[],
) =>
  sql`
    SELECT sl.product_id FROM stock_levels sl
    JOIN unnest(${lines.map((l) => l.productId)}::bigint[], ${lines.map((l) => l.warehouseId)}::bigint[])
      AS v (product_id, warehouse_id)
      ON v.product_id = sl.product_id AND v.warehouse_id = sl.warehouse_id
    WHERE sl.company_id = ${companyId}
    ORDER BY sl.product_id, sl.warehouse_id
    FOR UPDATE OF sl`.execute(tx);

export const findStockLevel = (db: Executor, companyId: number, productId: number, warehouseId: number) =>
  db
    .selectFrom('stock_levels')
    .select(['available_stock', 'df_quantity'])
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();

/** Names for the sentence that refuses a movement. */
export const findProductAndWarehouseNames = (
  db: Executor,
  companyId: number,
  productId: number,
  warehouseId: number,
) =>
  db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('products')
        .select('name')
        .where('company_id', '=', companyId)
        .where('id', '=', productId)
        .as('product_name'),
      eb
        .selectFrom('warehouses')
        .select('name')
        .where('company_id', '=', companyId)
        .where('id', '=', warehouseId)
        .as('warehouse_name'),
    ])
    .executeTakeFirstOrThrow();

/**
 * A warehouse of the company with its branch, both rows share-locked until the transaction ends
 * so neither can be deactivated while stock is posted to the warehouse.
 */
export const findWarehouseForShare = (db: Executor, companyId: number, warehouseId: number) =>
  db
    .selectFrom('warehouses as w')
    .innerJoin('branches as b', (j) => sameTenant(j, 'b.id', 'w.branch_id'))
    .select(['w.id', 'w.name', 'w.is_active', 'b.name as branch_name', 'b.is_active as branch_is_active'])
    .where('w.company_id', '=', companyId)
    .where('w.id', '=', warehouseId)
    .forShare()
    .executeTakeFirst();

/** Ledger rows of a product, oldest first (tests and the future stock card read them). */
export const ledgerOf = (db: Executor, companyId: number, productId: number) =>
  db
    .selectFrom('stock_ledger')
    .select([
      'id',
      'warehouse_id',
      'quantity',
      'balance_after',
      'reserved_quantity',
      'reserved_after',
      'rate_paise',
      'reason',
      'document_type',
      'document_id',
      'user_id',
      'batch_id',
      'created_at',
    ])
    .where('company_id', '=', companyId)
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
