// Offer evaluation (issue 20), on PostgreSQL through the real offer service function: what pricing
// a quotation or placing an order spends on offers for a 20-line cart in a company with 1,000
// active offers (400 cart offers, 600 product offers on products, categories and brands; a tenth
// with limits, so their uses are counted too; a hundred with shared coupon codes).
//
// 1. offersForOrder (modules/offer-redemptions): the one statement of the order's facts (the
//    lines' categories and their parents, brands, the buyer's groups and first order, the coupon
//    and the company's offers version, which says whether the rules cached in memory are current),
//    the offers that could apply picked from the cached rules by the lines' targets, the uses of
//    the limited ones, and the domain's stacking rule. Target: p95 < 10 ms. The first call, which
//    loads the 1,000 offers into the cache, is printed apart.
// 2. The domain rule alone (evaluateOffers) on the same 1,000 offers, for the share of the figure
//    that is arithmetic.
//
// Needs PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). The bench
// makes its own database beside it and drops it afterwards; without PostgreSQL it says so and skips.
//   OFFERS=1000 LINES=20 SAMPLES=300 node bench/offer-evaluation.mjs
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { report, root } from './lib.mjs';

const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const offerCount = Number(process.env.OFFERS ?? 1000);
const lineCount = Number(process.env.LINES ?? 20);
const samples = Number(process.env.SAMPLES ?? 300);

register();
const server = (file) => import(pathToFileURL(path.join(root, 'packages/server/src', file)).href);
await server('db/database.ts'); // pg type parsers: bigint and numeric as JS numbers
const { migrateToLatest } = await server('db/migrate.ts');
const { prepareStatementsOnConnect } = await server('db/prepared-statements.ts');
const { createCompanyAccount } = await server('modules/auth/signup.ts');
const { offersForOrder, toOfferRule } = await server(
  'modules/offer-redemptions/offer-redemptions.service.ts',
);
const { offerFacts } = await server('modules/offer-redemptions/offer-redemptions.queries.ts');
const { evaluateOffers } = await import(pathToFileURL(path.join(root, 'packages/domain/src/offers.ts')).href);
const { Kysely, PostgresDialect, sql } = await import('kysely');
const { default: pg } = await import('pg');

const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  console.log(
    `SKIP  offer evaluation: no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')} (${error.message}). ` +
      'Set TEST_DATABASE_URL to a PostgreSQL server to run this benchmark.',
  );
  process.exit(0);
}
const name = `b2b_bench_offers_${process.pid}`;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
pool.on('error', () => {});
// As the server's pool does (db/database.ts): statements prepared once per connection.
prepareStatementsOnConnect(pool);
const db = new Kysely({ dialect: new PostgresDialect({ pool }) });

const p95 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
};

let ok = true;
try {
  await migrateToLatest(db);
  const { companyId } = await db.transaction().execute((tx) =>
    createCompanyAccount(
      tx,
      {
        company_name: 'Bench Offer Traders',
        first_name: 'Bench',
        last_name: 'User',
        email: `bench.offers.${process.pid}@example.in`,
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
  await db.transaction().execute(async (tx) => {
    const root = await tx
      .selectFrom('categories')
      .select('id')
      .where('company_id', '=', companyId)
      .where('is_root', '=', true)
      .executeTakeFirstOrThrow();
    // 20 categories under the root, 20 brands, 200 products spread over them.
    await sql`INSERT INTO categories (company_id, parent_id, name)
      SELECT ${companyId}, ${root.id}, 'Bench Category ' || g FROM generate_series(1, 20) g`.execute(tx);
    await sql`INSERT INTO brands (company_id, name) SELECT ${companyId}, 'Bench Brand ' || g FROM generate_series(1, 20) g`.execute(
      tx,
    );
    await sql`INSERT INTO products (company_id, name, category_id, brand_id, mrp_paise, selling_price_paise)
      SELECT ${companyId}, 'Bench Product ' || g,
        (SELECT id FROM categories WHERE company_id = ${companyId} AND NOT is_root ORDER BY id OFFSET (g % 20) LIMIT 1),
        (SELECT id FROM brands WHERE company_id = ${companyId} ORDER BY id OFFSET (g % 20) LIMIT 1),
        200000, 150000
      FROM generate_series(1, 200) g`.execute(tx);
    // Offers: 40% cart, 60% product; every tenth limited; every tenth of the cart offers a shared code.
    await sql`INSERT INTO offers (company_id, kind, title, discount_type, discount_paise, discount_percent,
        max_discount_paise, min_order_paise, uses_per_buyer, total_uses_limit, coupon_mode)
      SELECT ${companyId}, CASE WHEN g % 5 < 2 THEN 'cart' ELSE 'product' END, 'Bench Offer ' || g,
        CASE WHEN g % 2 = 0 THEN 'flat' ELSE 'percentage' END,
        CASE WHEN g % 2 = 0 THEN 1000 + g ELSE NULL END,
        CASE WHEN g % 2 = 1 THEN 1 + (g % 30) ELSE NULL END,
        CASE WHEN g % 2 = 1 THEN 500000 ELSE NULL END,
        (g % 7) * 100000,
        CASE WHEN g % 10 = 0 THEN 3 ELSE NULL END,
        CASE WHEN g % 10 = 5 THEN 1000 ELSE NULL END,
        CASE WHEN g % 5 < 2 AND g % 10 = 1 THEN 'shared' ELSE 'none' END
      FROM generate_series(1, ${offerCount}) g`.execute(tx);
    await sql`INSERT INTO offer_coupon_codes (company_id, offer_id, code)
      SELECT company_id, id, 'BENCH' || id FROM offers WHERE company_id = ${companyId} AND coupon_mode = 'shared'`.execute(
      tx,
    );
    // Product offers target a product, a category or a brand in turn.
    await sql`INSERT INTO offer_targets (company_id, offer_id, target_type, target_id)
      SELECT o.company_id, o.id, t.type,
        CASE t.type
          WHEN 'product' THEN (SELECT id FROM products WHERE company_id = o.company_id ORDER BY id OFFSET (o.id % 200) LIMIT 1)
          WHEN 'category' THEN (SELECT id FROM categories WHERE company_id = o.company_id AND NOT is_root ORDER BY id OFFSET (o.id % 20) LIMIT 1)
          ELSE (SELECT id FROM brands WHERE company_id = o.company_id ORDER BY id OFFSET (o.id % 20) LIMIT 1)
        END
      FROM offers o
      CROSS JOIN LATERAL (SELECT (ARRAY['product', 'category', 'brand'])[1 + o.id % 3] AS type) t
      WHERE o.company_id = ${companyId} AND o.kind = 'product'`.execute(tx);
  });
  await sql`ANALYZE`.execute(db);

  const products = (
    await db
      .selectFrom('products')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('id')
      .limit(lineCount)
      .execute()
  ).map((row) => row.id);
  const lines = products.map((productId, index) => ({
    productId,
    quantity: 1 + (index % 3),
    netPaise: 150000 * (1 + (index % 3)),
  }));
  const input = { buyerId: 1, salesChannelId: null, lines, couponCode: null, exceptOrderNumber: null };

  const serviceTimes = [];
  for (let i = 0; i < samples + 20; i++) {
    const started = performance.now();
    const result = await offersForOrder(db, companyId, input);
    if (i >= 20) serviceTimes.push(performance.now() - started);
    if (i === 0) {
      console.log(
        `      first call (loads the company's offers into the cache): ${(performance.now() - started).toFixed(1)} ms`,
      );
      const given = result.evaluation.applied.reduce((sum, offer) => sum + offer.discountPaise, 0);
      console.log(
        `      ${offerCount} offers, ${lineCount} lines: ${result.evaluation.applied.length} offers applied, ₹${(given / 100).toFixed(2)} off`,
      );
    }
  }
  const p50 = [...serviceTimes].sort((a, b) => a - b)[Math.floor(serviceTimes.length / 2)];
  console.log(`      median ${p50.toFixed(1)} ms`);
  ok = report('offers for a 20-line order (load + rule), p95', p95(serviceTimes), 'ms', 10) && ok;

  // The rule alone, on every active offer (the load above passes only those that could apply).
  const facts = await offerFacts(db, companyId, {
    buyerId: 1,
    productIds: products,
    couponCode: null,
    exceptOrderNumber: null,
  });
  const allRows = (
    await sql`SELECT o.*, to_char(o.start_date, 'YYYY-MM-DD') AS start_date, to_char(o.end_date, 'YYYY-MM-DD') AS end_date,
        '{}'::bigint[] AS buyer_group_ids,
        coalesce((SELECT json_agg(json_build_array(t.target_type, t.target_id)) FROM offer_targets t
          WHERE t.company_id = o.company_id AND t.offer_id = o.id), '[]') AS targets, NULL AS shared_code
      FROM offers o WHERE o.company_id = ${companyId}`.execute(db)
  ).rows;
  const offers = allRows.map(toOfferRule);
  const productFacts = new Map(facts.products.map((p) => [Number(p.id), p]));
  const ruleLines = lines.map((line) => ({
    ...line,
    brandId: Number(productFacts.get(line.productId).brand_id),
    categoryIds: productFacts.get(line.productId).category_ids.map(Number),
  }));
  const context = { today: '2026-11-29', buyerGroupIds: [], salesChannelId: null, isFirstOrder: false };
  const ruleTimes = [];
  for (let i = 0; i < samples + 20; i++) {
    const started = performance.now();
    evaluateOffers({ lines: ruleLines, offers, context });
    if (i >= 20) ruleTimes.push(performance.now() - started);
  }
  ok = report(`the stacking rule alone on all ${offers.length} offers, p95`, p95(ruleTimes), 'ms', 10) && ok;
} finally {
  await db.destroy();
  if (!process.env.KEEP_DATABASE) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  else console.log(`      kept database ${name}`);
  await admin.end();
}
process.exit(ok ? 0 : 1);
