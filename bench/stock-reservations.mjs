// Stock reservations (issue 5), on PostgreSQL through the real inventory service functions:
//
// 1. A warehouse with 100,000 ledger rows per product for 100 products (made with set-based SQL):
//    p95 of a product's stock level read (stockOfProducts, what the product detail shows) under
//    5 ms. Levels are kept in step with the ledger, never summed from it on read.
// 2. 1,000 reservations (reserveStock, one transaction each) with 50 in flight on 10 products:
//    no deadlock or other error, and the final levels exact (df_quantity and the ledger agree).
//    Then 200 three-line documents in shuffled line orders (reserveLines) with 50 in flight: no deadlock.
// 3. Reservations per second beside the same number of bare
//    `UPDATE stock_levels SET available_stock = available_stock - n WHERE ... AND available_stock >= n`
//    statements at the same concurrency: the floor ratio (what the ledger row, the warehouse
//    check and the transaction cost over the cheapest possible guarded decrement).
//
// Needs PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). The bench
// makes its own database next to it and drops it afterwards. Without PostgreSQL it says so and skips.
//   LEDGER_ROWS=100000 PRODUCTS=100 RESERVATIONS=1000 IN_FLIGHT=50 node bench/stock-reservations.mjs
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { report, root } from './lib.mjs';

const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ledgerRows = Number(process.env.LEDGER_ROWS ?? 100_000);
const productCount = Number(process.env.PRODUCTS ?? 100);
const reservations = Number(process.env.RESERVATIONS ?? 1000);
const inFlight = Number(process.env.IN_FLIGHT ?? 50);
const readSamples = Number(process.env.SAMPLES ?? 2000);
const hotProducts = 10;

register();
const server = (file) => import(pathToFileURL(path.join(root, 'packages/server/src', file)).href);
await server('db/database.ts'); // pg type parsers: bigint and numeric as JS numbers
const { migrateToLatest } = await server('db/migrate.ts');
const { createCompanyAccount } = await server('modules/auth/signup.ts');
const { reserveLines, reserveStock, stockOfProducts } = await server(
  'modules/inventory/inventory.service.ts',
);
const { Kysely, PostgresDialect, sql } = await import('kysely');
const { default: pg } = await import('pg');

const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  console.log(
    `SKIP  stock reservations: no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')} (${error.message}). ` +
      'Set TEST_DATABASE_URL to a PostgreSQL server to run this benchmark.',
  );
  process.exit(0);
}
const name = `b2b_bench_stock_${process.pid}`;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: inFlight });
// The DROP DATABASE at the end ends any connection still open; that is not an error here.
pool.on('error', () => {});
const db = new Kysely({ dialect: new PostgresDialect({ pool }) });

/** Runs `count` tasks with at most `limit` in flight; returns elapsed ms and the errors. */
async function concurrently(count, limit, task) {
  let next = 0;
  const errors = [];
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      try {
        await task(i);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return { ms: performance.now() - started, errors };
}

let ok = true;
try {
  await migrateToLatest(db);

  // 1. Company, products and the ledger.
  const setupStarted = performance.now();
  const { companyId, userId } = await db.transaction().execute((tx) =>
    createCompanyAccount(
      tx,
      {
        company_name: 'Bench Stock Traders',
        first_name: 'Bench',
        last_name: 'User',
        email: `bench.stock.${process.pid}@example.in`,
        phone: '9812345678',
        branch_name: 'Pune',
        state_id: 27,
        city: 'Pune',
        address_line_1: '1 Bench Road',
        pincode: '411001',
      },
      'not-a-real-password-hash',
    ),
  );
  const warehouse = await db
    .selectFrom('warehouses')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (tx) => {
    const category = await tx
      .selectFrom('categories')
      .select('id')
      .where('company_id', '=', companyId)
      .where('is_root', '=', true)
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO products (company_id, name, category_id, mrp_paise, selling_price_paise)
      SELECT ${companyId}, 'Bench Product ' || lpad(g::text, 3, '0'), ${category.id}, 10000, 9000
      FROM generate_series(1, ${productCount}) g`.execute(tx);
    // Each product received one unit per ledger row: the level is the row count.
    await sql`
      INSERT INTO stock_levels (company_id, product_id, warehouse_id, available_stock)
      SELECT ${companyId}, id, ${warehouse.id}, ${ledgerRows} FROM products WHERE company_id = ${companyId}`.execute(
      tx,
    );
    // The rows are written exactly as receiveStock writes them; replica mode skips the per-row
    // foreign-key checks against stock_levels (the rows above satisfy them), for speed only.
    await sql`SET LOCAL session_replication_role = replica`.execute(tx);
    await sql`
      INSERT INTO stock_ledger (company_id, product_id, warehouse_id, quantity, balance_after, reason, document_type, document_id, user_id)
      SELECT p.company_id, p.id, ${warehouse.id}, 1, g, 'receive', 'purchase', g, ${userId}
      FROM products p CROSS JOIN generate_series(1, ${ledgerRows}) g
      WHERE p.company_id = ${companyId}
      ORDER BY p.id, g`.execute(tx);
  });
  await sql`VACUUM ANALYZE stock_levels`.execute(db);
  await sql`VACUUM ANALYZE stock_ledger`.execute(db);
  const products = (
    await db.selectFrom('products').select('id').where('company_id', '=', companyId).orderBy('id').execute()
  ).map((p) => p.id);
  const { n: ledgerTotal } = await db
    .selectFrom('stock_ledger')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `Setup: ${products.length} products, ${Number(ledgerTotal).toLocaleString('en-IN')} ledger rows in one warehouse ` +
      `in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s.`,
  );

  // 2. Stock level reads, one after another.
  const times = [];
  for (let i = 0; i < readSamples; i++) {
    const productId = products[(i * 37) % products.length];
    const started = performance.now();
    const stock = await stockOfProducts(db, companyId, [productId]);
    times.push(performance.now() - started);
    if (stock.get(productId)?.stock_by_branches[0]?.stock_by_warehouses[0]?.available_stock !== ledgerRows) {
      throw new Error(`product ${productId}: wrong stock level read`);
    }
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))];
  console.log(`Stock level read: p50 ${pct(50).toFixed(2)} ms over ${readSamples} reads.`);
  ok = report('stock level read p95', pct(95), 'ms', 5) && ok;

  // 3. Reservations, 50 in flight, on the first ten products.
  const hot = products.slice(0, hotProducts);
  const levelsOf = () =>
    db
      .selectFrom('stock_levels')
      .select(['product_id', 'available_stock', 'df_quantity'])
      .where('company_id', '=', companyId)
      .where('product_id', 'in', hot)
      .orderBy('product_id')
      .execute();
  const reserved = await concurrently(reservations, inFlight, (i) =>
    db.transaction().execute((tx) =>
      reserveStock(tx, {
        companyId,
        productId: hot[i % hot.length],
        warehouseId: warehouse.id,
        quantity: 1,
        documentType: 'sales_order',
        documentId: i + 1,
        userId,
      }),
    ),
  );
  const deadlocks = (errors) => errors.filter((e) => e?.code === '40P01').length;
  const perProduct = reservations / hot.length;
  const afterReserve = await levelsOf();
  const ledgerReserved = await db
    .selectFrom('stock_ledger')
    .select(['product_id', (eb) => eb.fn.sum('reserved_quantity').as('reserved')])
    .where('company_id', '=', companyId)
    .where('product_id', 'in', hot)
    .groupBy('product_id')
    .orderBy('product_id')
    .execute();
  const reservationsExact =
    afterReserve.every((l) => l.df_quantity === perProduct && l.available_stock === ledgerRows) &&
    ledgerReserved.every((l) => Number(l.reserved) === perProduct);
  const reservePerSecond = reservations / (reserved.ms / 1000);
  console.log(
    `${reservations} reservations, ${inFlight} in flight: ${reserved.errors.length} errors ` +
      `(${deadlocks(reserved.errors)} deadlocks); levels ${reservationsExact ? 'exact' : 'WRONG'} ` +
      `(df_quantity ${perProduct} on each of ${hot.length} products, equal to the ledger).`,
  );
  for (const e of reserved.errors.slice(0, 3)) console.log(`  error: ${e.message}`);
  const reservationsOk = reserved.errors.length === 0 && reservationsExact;
  console.log(`${reservationsOk ? 'PASS' : 'MISS'}  reservations without deadlock or wrong level`);
  ok = reservationsOk && ok;

  // Documents of three lines in shuffled orders: reserveLines locks in product order.
  const orders = [
    [0, 1, 2],
    [2, 1, 0],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
    [1, 0, 2],
  ];
  const documents = await concurrently(200, inFlight, (i) =>
    db.transaction().execute((tx) =>
      reserveLines(
        tx,
        { companyId, documentType: 'sales_order', documentId: 10_000 + i, userId },
        orders[i % orders.length].map((k) => ({ productId: hot[k], warehouseId: warehouse.id, quantity: 1 })),
      ),
    ),
  );
  const documentLevels = (await levelsOf()).slice(0, 3);
  const documentsOk =
    documents.errors.length === 0 && documentLevels.every((l) => l.df_quantity === perProduct + 200);
  console.log(
    `${documentsOk ? 'PASS' : 'MISS'}  200 three-line documents in shuffled line order: ` +
      `${documents.errors.length} errors (${deadlocks(documents.errors)} deadlocks), levels ${documentsOk ? 'exact' : 'WRONG'}`,
  );
  ok = documentsOk && ok;

  // 4. The floor: bare guarded decrements, same count and concurrency, autocommit.
  const bare = await concurrently(reservations, inFlight, (i) =>
    pool.query(
      `UPDATE stock_levels SET available_stock = available_stock - $4
       WHERE company_id = $1 AND product_id = $2 AND warehouse_id = $3 AND available_stock >= $4`,
      [companyId, hot[i % hot.length], warehouse.id, 1],
    ),
  );
  const afterBare = await levelsOf();
  const bareExact = afterBare.every((l) => l.available_stock === ledgerRows - perProduct);
  const barePerSecond = reservations / (bare.ms / 1000);
  console.log(
    `Reservations: ${reservePerSecond.toFixed(0)}/s (reserveStock: warehouse check, guarded UPDATE, ledger row, own transaction); ` +
      `bare UPDATE: ${barePerSecond.toFixed(0)}/s (${bare.errors.length} errors, levels ${bareExact ? 'exact' : 'WRONG'}); ` +
      `floor ratio ${(barePerSecond / reservePerSecond).toFixed(2)} (bare / reservations).`,
  );
  ok = bare.errors.length === 0 && bareExact && ok;
} finally {
  await db.destroy();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
process.exit(ok ? 0 : 1);
