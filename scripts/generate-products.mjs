// Creates N products (default 100,000) in one company with a few set-based SQL statements through
// the API's own database code: no HTTP calls, no row-by-row inserts.
//
//   node scripts/generate-products.mjs [N]                 embedded database in DATA_DIR (default ./data)
//   DATABASE_URL=postgres://... node scripts/generate-products.mjs 100000
//   COMPANY_ID=7 ...                                       another company than the first (the demo company)
//
// The app must not be running on the same DATA_DIR (the embedded database is one process).
// Products get 20 generated categories and 50 brands, prices, priorities, spread creation times
// and, for two in three of them, opening stock posted to the company's first warehouse: a stock
// level and its 'opening_stock' ledger row, as the API would write them.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
register();
const server = (file) => import(pathToFileURL(path.join(root, 'packages/server/src', file)).href);
const { openDatabase } = await server('db/database.ts');
const { migrateToLatest } = await server('db/migrate.ts');
const { sql } = await import('kysely');

const count = Number(process.argv[2] ?? process.env.N ?? 100_000);
if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
  console.error('Usage: node scripts/generate-products.mjs [N]   (1 to 5,000,000 products)');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));

const started = performance.now();
const database = await openDatabase({ url: databaseUrl, dataDir: `${dataDir}/db` });
const { db } = database;
await migrateToLatest(db);

const company = process.env.COMPANY_ID
  ? await db
      .selectFrom('companies')
      .select('id')
      .where('id', '=', Number(process.env.COMPANY_ID))
      .executeTakeFirst()
  : await db.selectFrom('companies').select('id').orderBy('id').limit(1).executeTakeFirst();
if (!company) {
  console.error('No company found: start the app once (it creates the demo company) or set COMPANY_ID.');
  await database.close();
  process.exit(1);
}
const companyId = company.id;

const inserted = await db.transaction().execute(async (tx) => {
  const root = await tx
    .selectFrom('categories')
    .select('id')
    .where('company_id', '=', companyId)
    .where('is_root', '=', true)
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO categories (company_id, parent_id, name)
    SELECT ${companyId}, ${root.id}, 'Generated Category ' || lpad(g::text, 2, '0')
    FROM generate_series(1, 20) g
    ON CONFLICT (company_id, parent_id, lower(name)) DO NOTHING`.execute(tx);
  await sql`
    INSERT INTO brands (company_id, name)
    SELECT ${companyId}, 'Generated Brand ' || lpad(g::text, 2, '0')
    FROM generate_series(1, 50) g
    ON CONFLICT (company_id, lower(name)) WHERE deleted_at IS NULL DO NOTHING`.execute(tx);
  const warehouse = await tx
    .selectFrom('warehouses')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  // Numbers continue after the products already there, so the script can run again.
  const { base } = await sql`SELECT coalesce(max(id), 0) AS base FROM products`
    .execute(tx)
    .then((r) => r.rows[0]);
  const result = await sql`
    WITH cats AS (
      SELECT array_agg(id ORDER BY name) AS ids FROM categories
      WHERE company_id = ${companyId} AND name LIKE 'Generated Category %'
    ), brands AS (
      SELECT array_agg(id ORDER BY name) AS ids FROM brands
      WHERE company_id = ${companyId} AND deleted_at IS NULL AND name LIKE 'Generated Brand %'
    ), words AS (
      SELECT
        ARRAY['Heavy Duty','Premium','Compact','Industrial','Classic','Eco','Ultra','Smart','Pro','Mini'] AS adjectives,
        ARRAY['Steel','Copper','Brass','Nylon','Cotton','Teak','Aluminium','PVC','Rubber','Glass','Ceramic','Bamboo'] AS materials,
        ARRAY['Bolt','Wire','Pipe','Valve','Hinge','Bracket','Fan','Lamp','Kettle','Chair','Shelf','Drill','Hammer','Saw','Tape','Glue','Rope','Mat','Bucket','Switch'] AS nouns
    ), rows AS (
      SELECT g,
        (${Number(base)}::bigint + g) AS n,
        (1000 + (g * 7919) % 99000) AS mrp_rupees
      FROM generate_series(1, ${count}) g
    ), ins AS (
      INSERT INTO products (
        company_id, name, sku, category_id, brand_id, mrp_paise, selling_price_paise, cost_price_paise,
        hsn, priority, is_active, warehouse_id, opening_stock, opening_rate_paise, tags, created_at, updated_at
      )
      SELECT ${companyId},
        w.adjectives[1 + r.n % 10] || ' ' || w.materials[1 + (r.n / 10) % 12] || ' ' || w.nouns[1 + (r.n / 120) % 20] || ' ' || lpad(r.n::text, 7, '0'),
        'GEN-' || lpad(r.n::text, 7, '0'),
        c.ids[1 + r.n % 20],
        CASE WHEN r.n % 10 = 0 THEN NULL ELSE b.ids[1 + r.n % 50] END,
        r.mrp_rupees * 100,
        r.mrp_rupees * 90,
        r.mrp_rupees * 60,
        '7318' || lpad((r.n % 10000)::text, 4, '0'),
        (r.n % 10)::int,
        r.n % 17 <> 0,
        CASE WHEN r.n % 3 <> 0 THEN ${warehouse.id}::bigint END,
        CASE WHEN r.n % 3 <> 0 THEN (r.n % 500) + 1 ELSE 0 END,
        CASE WHEN r.n % 3 <> 0 THEN r.mrp_rupees * 55 END,
        ARRAY['generated'],
        now() - (${count} - r.g) * interval '1 second',
        now() - (${count} - r.g) * interval '1 second'
      FROM rows r, cats c, brands b, words w
      RETURNING id, warehouse_id, opening_stock, opening_rate_paise
    ), levels AS (
      INSERT INTO stock_levels (company_id, product_id, warehouse_id, available_stock)
      SELECT ${companyId}, id, warehouse_id, opening_stock FROM ins WHERE opening_stock > 0
      RETURNING product_id
    )
    SELECT (SELECT count(*) FROM ins) AS products, (SELECT count(*) FROM levels) AS stocked`.execute(tx);
  // The ledger rows reference the stock levels, so they follow in a second statement.
  await sql`
    INSERT INTO stock_ledger (company_id, product_id, warehouse_id, quantity, balance_after, rate_paise, reason, document_type, document_id)
    SELECT p.company_id, p.id, p.warehouse_id, p.opening_stock, p.opening_stock, p.opening_rate_paise, 'opening_stock', 'product', p.id
    FROM products p
    WHERE p.company_id = ${companyId} AND p.id > ${Number(base)} AND p.opening_stock > 0`.execute(tx);
  return result.rows[0];
});
const insertedAt = performance.now();
// Fresh statistics and a visibility map: the planner sees the new rows, counts use index-only scans.
await sql`VACUUM ANALYZE products`.execute(db);
await sql`VACUUM ANALYZE stock_levels`.execute(db);
await sql`VACUUM ANALYZE stock_ledger`.execute(db);
const total = await db
  .selectFrom('products')
  .select((eb) => eb.fn.countAll().as('n'))
  .where('company_id', '=', companyId)
  .where('deleted_at', 'is', null)
  .executeTakeFirstOrThrow();
await database.close();

const seconds = (ms) => (ms / 1000).toFixed(1);
console.log(
  `Generated ${Number(inserted.products).toLocaleString('en-IN')} products (${Number(inserted.stocked).toLocaleString('en-IN')} with opening stock) ` +
    `in company ${companyId} on ${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}: ` +
    `insert ${seconds(insertedAt - started)} s, vacuum/analyze ${seconds(performance.now() - insertedAt)} s, ` +
    `total ${seconds(performance.now() - started)} s. The company now has ${Number(total.n).toLocaleString('en-IN')} live products.`,
);
