// GSTR-1 of a month with N invoices (issue 22; default 100,000), on PostgreSQL, through the real API
// server (bundled, as `npm start` runs it) as the company's admin:
// 1. GET admin/companies/{id}/gst_returns/gstr1 (the summary and the problems): the slowest of RUNS
//    runs (default 3). Target < 10 s.
// 2. GET .../gstr1/json (the portal file): time to the last byte, and the server's resident memory
//    before, at its peak and after. Target < 10 s, and memory flat (peak < 64 MB above before).
//
// The data: one company (GSTIN 27..., branch in Pune) with N invoices of 3 lines each in last
// month, to 2,000 buyers (60% registered, a fifth of all buyers in Karnataka: inter-state), 1% of
// the invoices cancelled, a credit note on 2%, and one invoice in fifty a B2C large one. Only what
// GSTR-1 reads is written (invoices with their stored HSN summary, invoice_items, credit notes and
// their items, buyers, products, branches), with set-based SQL and triggers off
// (session_replication_role = replica), so there are no orders, payments or ledgers behind the
// invoices: this database is for this bench only. It is created as bench_gstr1 beside
// BENCH_DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test, untouched) and kept; a run
// with another N, or REGENERATE=1, makes it again. Drop it by hand with
// `psql postgres://postgres@127.0.0.1:5432/test -c 'DROP DATABASE bench_gstr1 WITH (FORCE)'`.
// Measured on 2 shared cores (the load varies a lot): before a7b4d3c, summary 6.1 s and JSON 8.4 s at
// load 1.3 (13.0 s for the JSON at a higher load); after 7f0d468, 4.7 s and 9.1 s at load 6, 8.0 s and
// 13.1 s at load 9. Old and new code run back to back in one process at load 7-9: summary 9.8 -> 4.2 s,
// JSON 13.4 -> 8.7 s.
//   N=100000 RUNS=3 node bench/gstr1.mjs   (SERVER_LOG=1: the server log on stderr; SERVER_NODE_FLAGS:
//   the server node flags, default --max-old-space-size=512; the JSON is streamed, its documents read a batch
//   at a time, so the server's memory grows by less than 64 MB: printed beside that target)
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import {
  buildServer,
  loopbackClient,
  report,
  root,
  rssMb,
  startBundledServer,
  stopProcess,
  tempDir,
  waitForHttp,
} from './lib.mjs';

const serverUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const invoices = Number(process.env.N ?? 100_000);
const runs = Number(process.env.RUNS ?? 3);
const port = 4627;
const base = `http://127.0.0.1:${port}/api`;
const dbName = 'bench_gstr1';
const COMPANY_NAME = 'Bench GSTR-1 Traders';
const ADMIN_EMAIL = 'admin@bench-gstr1.example.in';
const ADMIN_PASSWORD = 'Bench@1234';

register();
const source = (file) => import(pathToFileURL(path.join(root, 'packages', file)).href);

const { default: pg } = await import('pg');
const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  console.log(
    `SKIP  gstr1: no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')} (${error.message}). ` +
      'Set BENCH_DATABASE_URL to a PostgreSQL server to run this benchmark.',
  );
  process.exit(0);
}
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;

/** The bench company and how many invoices it has, or null. */
async function findCompany(pool) {
  try {
    const { rows } = await pool.query(
      `SELECT c.id, (SELECT count(*)::int FROM invoices i WHERE i.company_id = c.id) AS invoices
         FROM companies c WHERE c.name = $1 AND c.is_verified`,
      [COMPANY_NAME],
    );
    return rows[0] ?? null;
  } catch {
    return null;
  }
}

/** Last whole month, as YYYY-MM, the period measured. */
const india = new Date(Date.now() + 5.5 * 3600_000);
const first = new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth() - 1, 1));
const period = first.toISOString().slice(0, 7);

const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount > 0;
let pool = exists ? new pg.Pool({ connectionString: dbUrl.toString(), max: 2 }) : null;
pool?.on('error', () => {});
const found = pool ? await findCompany(pool) : null;
if (!found || found.invoices !== invoices || process.env.REGENERATE === '1') {
  await pool?.end();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  pool.on('error', () => {});
  console.log(`Generating ${invoices.toLocaleString('en-IN')} invoices in ${dbName}...`);
  await generate(pool);
} else {
  console.log(`Reusing ${dbName} (REGENERATE=1 makes it again).`);
}
await admin.end();
await pool.end();

async function generate(pool) {
  await source('server/src/db/database.ts');
  const { migrateToLatest } = await source('server/src/db/migrate.ts');
  const { createCompanyAccount } = await source('server/src/modules/auth/signup.ts');
  const { hashPassword } = await source('server/src/auth/passwords.ts');
  const { computeGstinCheckChar } = await source('domain/src/gstin.ts');
  const { Kysely, PostgresDialect, sql } = await import('kysely');
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  await migrateToLatest(db);
  const gstin = `27AABCB1234K1Z`;
  const companyGstin = gstin + computeGstinCheckChar(gstin);
  const passwordHash = await hashPassword(ADMIN_PASSWORD);
  const started = performance.now();
  await db.transaction().execute(async (tx) => {
    const run = (query) => query.execute(tx);
    const { companyId } = await createCompanyAccount(
      tx,
      {
        company_name: COMPANY_NAME,
        first_name: 'Bench',
        last_name: 'Owner',
        email: ADMIN_EMAIL,
        phone: '9876500031',
        branch_name: 'Pune',
        state_id: 27,
        city: 'Pune',
        address_line_1: '21 Market Yard',
        pincode: '411037',
        gstin: companyGstin,
      },
      passwordHash,
    );
    const C = sql.raw(String(Number(companyId)));
    const N = sql.raw(String(Number(invoices)));
    const FIRST = sql.lit(`${period}-01`);
    await run(sql`SET LOCAL session_replication_role = replica`);
    await run(sql`UPDATE companies SET is_verified = true WHERE id = ${C}`);
    await run(
      sql`UPDATE branches SET gstin = ${companyGstin}, invoice_series = 'PUN' WHERE company_id = ${C}`,
    );
    await run(sql`INSERT INTO categories (company_id, parent_id, name)
      SELECT ${C}, (SELECT id FROM categories WHERE company_id = ${C} AND is_root), 'General'`);
    // 500 products at 5/12/18/28% with 4- to 8-digit HSNs; one in a hundred without one (a problem).
    await run(sql`
      WITH tx AS (SELECT array_agg(id ORDER BY rate) AS ids, array_agg(rate ORDER BY rate) AS rates
                    FROM taxes WHERE company_id = ${C} AND type = 'gst' AND rate IN (5, 12, 18, 28))
      INSERT INTO products (company_id, name, sku, category_id, mrp_paise, selling_price_paise, tax_id, hsn)
      SELECT ${C}, 'Bench Item ' || g, 'BI-' || g, (SELECT id FROM categories WHERE company_id = ${C} AND name = 'General'),
        20000 + g * 100, 10000 + g * 100, tx.ids[1 + g % 4],
        CASE WHEN g % 100 = 0 THEN NULL ELSE (ARRAY['8471','847130','85176290','3004','1905','84145110'])[1 + g % 6] END
      FROM generate_series(1, 500) g CROSS JOIN tx`);
    await run(sql`CREATE TEMP TABLE b_product ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY p.id) - 1)::int AS idx, p.id, p.name, p.hsn, p.selling_price_paise AS price,
        t.rate AS gst_rate FROM products p JOIN taxes t ON t.company_id = p.company_id AND t.id = p.tax_id
      WHERE p.company_id = ${C}`);
    // 2,000 buyers: 60% registered; one in five in Karnataka (registered and not).
    await run(sql`INSERT INTO buyers (company_id, name, gst_number, buyer_type)
      SELECT ${C}, 'Bench Buyer ' || g,
        CASE WHEN g % 5 < 3 THEN (CASE WHEN g % 10 = 0 THEN '29' ELSE '27' END) || 'AAAPB' || lpad(g::text, 4, '0') || 'K1Z5' END,
        CASE WHEN g % 5 < 3 THEN 'regular' ELSE 'consumer' END
      FROM generate_series(1, 2000) g`);
    await run(sql`CREATE TEMP TABLE b_buyer ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id, name, gst_number,
        CASE WHEN (row_number() OVER (ORDER BY id)) % 10 IN (0, 4) THEN 29 ELSE 27 END AS state_id
      FROM buyers WHERE company_id = ${C}`);
    await run(sql`CREATE TEMP TABLE b_invoice ON COMMIT DROP AS
      SELECT g, nextval(pg_get_serial_sequence('invoices', 'id')) AS id,
        (${FIRST}::date + ((g - 1) * 28 / ${N})::int) AS day, abs(hashtext('buyer' || g)) % 2000 AS buyer_idx,
        g % 100 = 7 AS cancelled, g % 50 = 3 AS large, g % 50 = 11 AS credited
      FROM generate_series(1, ${N}) g`);
    await run(sql`CREATE TEMP TABLE b_line ON COMMIT DROP AS
      SELECT i.g, i.id AS invoice_id, k AS position, nextval(pg_get_serial_sequence('invoice_items', 'id')) AS item_id,
        p.id AS product_id, p.name, p.hsn, p.gst_rate, CASE WHEN i.large THEN 9000000 ELSE p.price END AS rate,
        (1 + abs(hashtext('q' || i.g || k)) % 5)::numeric AS quantity, b.state_id = 27 AS intra
      FROM b_invoice i JOIN b_buyer b ON b.idx = i.buyer_idx
      CROSS JOIN generate_series(1, 3) k
      JOIN b_product p ON p.idx = (abs(hashtext('p' || i.g)) + k * 97) % 500`);
    await run(sql`ALTER TABLE b_line ADD COLUMN amount bigint, ADD COLUMN taxable bigint, ADD COLUMN cgst bigint,
      ADD COLUMN sgst bigint, ADD COLUMN igst bigint`);
    await run(sql`UPDATE b_line SET amount = rate * quantity`);
    await run(sql`UPDATE b_line SET taxable = round(amount * 100 / (100 + gst_rate))`);
    await run(sql`UPDATE b_line SET cgst = CASE WHEN intra THEN round(taxable * gst_rate / 200) ELSE 0 END,
      sgst = CASE WHEN intra THEN round(taxable * gst_rate / 200) ELSE 0 END,
      igst = CASE WHEN intra THEN 0 ELSE round(taxable * gst_rate / 100) END`);
    await run(sql`CREATE INDEX ON b_line (g)`);
    await run(sql`CREATE TEMP TABLE b_total ON COMMIT DROP AS
      SELECT g, sum(taxable)::bigint AS taxable, sum(cgst)::bigint AS cgst, sum(sgst)::bigint AS sgst,
        sum(igst)::bigint AS igst, sum(taxable + cgst + sgst + igst)::bigint AS total, bool_and(intra) AS intra,
        (SELECT jsonb_build_object('charges', '[]'::jsonb, 'hsn_summary', jsonb_agg(h)) FROM (
           SELECT l2.hsn, l2.gst_rate, 0 AS cess_rate, sum(l2.taxable) AS taxable_paise, sum(l2.cgst) AS cgst_paise,
             sum(l2.sgst) AS sgst_paise, sum(l2.igst) AS igst_paise, 0 AS cess_paise,
             sum(l2.cgst + l2.sgst + l2.igst) AS tax_paise
           FROM b_line l2 WHERE l2.g = l.g GROUP BY l2.hsn, l2.gst_rate) h) AS summary
      FROM b_line l GROUP BY g`);
    await run(sql`CREATE INDEX ON b_total (g)`);
    await run(sql`INSERT INTO invoices (id, company_id, order_id, branch_id, buyer_id, invoice_number, financial_year,
        invoice_date, due_date, status, payment_status, seller, buyer, billing_address, shipping_address,
        place_of_supply_state_id, is_intra_state, subtotal_paise, line_discount_paise, order_discount_paise, taxable_paise,
        cgst_paise, sgst_paise, igst_paise, cess_paise, charges_paise, round_off_paise, total_paise, tax_summary,
        created_at, updated_at)
      SELECT i.id, ${C}, i.id, (SELECT id FROM branches WHERE company_id = ${C}), b.id,
        'PUN/' || to_char(i.day - interval '3 months', 'YY') || to_char(i.day + interval '9 months', 'YY') || '/' || lpad(i.g::text, 6, '0'),
        to_char(i.day - interval '3 months', 'YY') || to_char(i.day + interval '9 months', 'YY'), i.day, i.day + 30,
        CASE WHEN i.cancelled THEN 'cancelled' ELSE 'generated' END, CASE WHEN i.cancelled THEN 'cancelled' ELSE 'unpaid' END,
        jsonb_build_object('company_name', ${sql.lit(COMPANY_NAME)}, 'gstin', ${sql.lit(companyGstin)}::text),
        jsonb_build_object('name', b.name, 'gstin', b.gst_number, 'email', null, 'phone', null),
        '{}'::jsonb, '{}'::jsonb, b.state_id, t.intra, t.taxable, 0, 0, t.taxable, t.cgst, t.sgst, t.igst, 0, 0, 0,
        t.total, t.summary, i.day + time '12:00', i.day + time '12:00'
      FROM b_invoice i JOIN b_total t ON t.g = i.g JOIN b_buyer b ON b.idx = i.buyer_idx`);
    await run(sql`INSERT INTO invoice_items (id, company_id, invoice_id, order_item_id, position, product_id, warehouse_id,
        product_name, unit, quantity, rate_paise, discount_percent, gst_rate, hsn, gross_paise, line_discount_paise,
        order_discount_paise, amount_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, cess_paise)
      SELECT item_id, ${C}, invoice_id, item_id, position, product_id,
        (SELECT min(id) FROM warehouses WHERE company_id = ${C}), name, 'PCS', quantity, rate, 0, gst_rate, hsn, amount, 0,
        0, amount, taxable, cgst, sgst, igst, 0
      FROM b_line`);
    // A credit note on the first line of one invoice in fifty, ten days later (within the month).
    await run(sql`INSERT INTO credit_notes (company_id, credit_note_number, financial_year, invoice_id, order_id, buyer_id,
        branch_id, credit_note_date, place_of_supply_state_id, is_intra_state, lines_paise, taxable_paise, cgst_paise,
        sgst_paise, igst_paise, cess_paise, total_paise, tax_summary, status, created_at, updated_at)
      SELECT ${C}, 'CN/' || lpad(i.g::text, 6, '0'), '2526', i.id, i.id, b.id, (SELECT id FROM branches WHERE company_id = ${C}),
        least(i.day + 10, ${FIRST}::date + 27), b.state_id, l.intra, l.taxable + l.cgst + l.sgst + l.igst, l.taxable, l.cgst, l.sgst, l.igst, 0,
        l.taxable + l.cgst + l.sgst + l.igst,
        jsonb_build_object('charges', '[]'::jsonb, 'hsn_summary', jsonb_build_array(jsonb_build_object('hsn', l.hsn,
          'gst_rate', l.gst_rate, 'cess_rate', 0, 'taxable_paise', l.taxable, 'cgst_paise', l.cgst, 'sgst_paise', l.sgst,
          'igst_paise', l.igst, 'cess_paise', 0, 'tax_paise', l.cgst + l.sgst + l.igst))),
        'open', now(), now()
      FROM b_invoice i JOIN b_line l ON l.g = i.g AND l.position = 1 JOIN b_buyer b ON b.idx = i.buyer_idx
      WHERE i.credited AND NOT i.cancelled`);
    await run(sql`INSERT INTO credit_note_items (company_id, credit_note_id, invoice_item_id, position, product_id,
        product_name, unit, hsn, quantity, additional_discount, credit_units, gst_rate, amount_paise, taxable_paise,
        cgst_paise, sgst_paise, igst_paise, cess_paise)
      SELECT ${C}, cn.id, l.item_id, 1, l.product_id, l.name, 'PCS', l.hsn, l.quantity, 100,
        (l.quantity * 1000 * 10000)::bigint, l.gst_rate, l.taxable + l.cgst + l.sgst + l.igst, l.taxable, l.cgst, l.sgst,
        l.igst, 0
      FROM credit_notes cn JOIN b_line l ON l.invoice_id = cn.invoice_id AND l.position = 1
      WHERE cn.company_id = ${C}`);
  });
  await sql`ANALYZE`.execute(db);
  console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

buildServer();
const dataDir = tempDir('b2b-bench-gstr1-');
const serverFlags = (process.env.SERVER_NODE_FLAGS ?? '--max-old-space-size=512').split(' ').filter(Boolean);
const app = startBundledServer({
  port,
  dataDir,
  databaseUrl: dbUrl.toString(),
  nodeFlags: serverFlags,
  env: { DEMO: '0' },
});

const client = loopbackClient({ sockets: 1 });
let ok = true;
try {
  await waitForHttp(`${base}/states?limit=1`, 240_000);
  const session = await client.request('POST', `${base}/admin/auth/login/`, {
    username: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  if (session.status !== 200) throw new Error(`sign-in: ${session.status} ${session.text}`);
  client.signIn(session.body.access_token);
  const companyId = session.body.company.id;
  const returns = `${base}/admin/companies/${companyId}/gst_returns`;
  const gstins = await client.request('GET', `${returns}/gstins`);
  if (gstins.status !== 200) throw new Error(`gstins: ${gstins.status} ${gstins.text}`);
  const gstin = gstins.body.results[0].gstin;
  const query = `gstin=${gstin}&period=${period}`;
  console.log(
    `GSTR-1 of ${gstin} for ${period}; load average (1 min) ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores.`,
  );

  const times = [];
  let summary = null;
  for (let i = 0; i < runs; i++) {
    const res = await client.request('GET', `${returns}/gstr1?${query}`);
    if (res.status !== 200) throw new Error(`gstr1: ${res.status} ${res.text.slice(0, 300)}`);
    times.push(res.ms);
    summary = res.body;
  }
  const count = (name) => summary.sections.find((s) => s.section === name)?.count ?? 0;
  console.log(
    `  ${summary.document_count.toLocaleString('en-IN')} documents: B2B ${count('b2b')}, B2CL ${count('b2cl')}, ` +
      `B2CS ${count('b2cs')}, CDNR ${count('cdnr')}, CDNUR ${count('cdnur')}, HSN rows ${count('hsn')}; ` +
      `${summary.problem_count} problems.`,
  );
  ok = report(`GSTR-1 summary, slowest of ${runs} runs`, Math.max(...times) / 1000, 's', 10) && ok;

  const before = rssMb(app.pid);
  let peak = before;
  // Sampled while the server builds the file too, not only while it sends it.
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(app.pid));
  }, 100);
  const json = await client.request('GET', `${returns}/gstr1/json?${query}`, undefined, { stream: true });
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 500));
  const after = rssMb(app.pid);
  if (json.status !== 200) throw new Error(`gstr1/json: ${json.status}`);
  console.log(
    `  JSON ${(json.bytes / 1e6).toFixed(1)} MB; server RSS ${before.toFixed(0)} MB before, ` +
      `${peak.toFixed(0)} MB at its peak, ${after.toFixed(0)} MB after.`,
  );
  ok = report('GSTR-1 JSON download, to the last byte', json.ms / 1000, 's', 10) && ok;
  // Streamed (documents read again by id, a batch at a time): the server's memory stays flat.
  ok = report('GSTR-1 JSON download, server RSS growth at its peak', peak - before, 'MB', 64) && ok;
} catch (error) {
  console.log(`FAIL  gstr1: ${error.message}`);
  ok = false;
} finally {
  await stopProcess(app);
}
process.exit(ok ? 0 : 1);
