// The Tally export of N vouchers (issue 22; default 10,000), on PostgreSQL, through the real API
// server (bundled, as `npm start` runs it) as the company's admin:
//
// 1. GET .../tally/check for the branch and a date range holding about N vouchers (invoices, credit
//    notes, payments received, and N/100 stock journals: inventory adjustments made through the API
//    on the range's last day), time to answer.
// 2. POST .../tally/export part=vouchers: time to the last byte, target < 10 s, and the server's
//    resident memory before, at its peak while the file streams, and after; flat means the N-voucher
//    file peaks no higher than a file of a tenth of the vouchers does (within 64 MB). The server's
//    heap is capped at 128 MB as in bench/reports.mjs.
// 3. part=masters of the same range, time to the last byte.
//
// The data: bench/reports-data.mjs's company (2 years of trade in 3 branches) in a database of its
// own, bench_tally, beside BENCH_DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test,
// which stays untouched), with enough order lines for N vouchers in a year of one branch. Its
// products, godowns and the branch's ledgers are then given Tally names (so the check passes), and
// a bank account for the receipts. Kept between runs; REGENERATE=1 makes it again (do so with
// another N). Drop it with `psql postgres://postgres@127.0.0.1:5432/test -c 'DROP DATABASE bench_tally WITH (FORCE)'`.
//   N=10000 node bench/tally.mjs      (SERVER_LOG=1: the server's log on stderr)
import os from 'node:os';
import {
  buildServer,
  loopbackClient,
  report,
  rssMb,
  startBundledServer,
  stopProcess,
  tempDir,
  waitForHttp,
} from './lib.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, findBenchCompany, generateBenchCompany } from './reports-data.mjs';

const serverUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const vouchers = Number(process.env.N ?? 10_000);
const port = 4627;
const base = `http://127.0.0.1:${port}/api`;
const dbName = 'bench_tally';
const n = (v) => v.toLocaleString('en-IN');

const { default: pg } = await import('pg');
const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  console.log(`SKIP  tally: no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')} (${error.message}).`);
  process.exit(0);
}
if (process.env.REGENERATE === '1') await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount > 0;
if (!exists) await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2, idleTimeoutMillis: 0 });
pool.on('error', () => {});

// One branch's year holds about a third of the company's vouchers over half its two years, and an
// order brings about 1.95 vouchers (its invoice, most a payment, a few a credit note): N vouchers
// in a branch-year need about 3 × N orders of 5 lines.
let company = await findBenchCompany(pool);
if (!company) {
  const lines = Math.max(5_000, Math.round(vouchers * 3 * 5 * 1.1));
  console.log(`Generating the bench company in ${dbName} (${n(lines)} order lines)...`);
  await generateBenchCompany(pool, { lines });
  company = await findBenchCompany(pool);
} else {
  console.log(`Reusing ${dbName} (REGENERATE=1 makes it again).`);
}
const C = company.id;

// Tally names for everything the vouchers name, and a bank account for the receipts.
await pool.query(
  `UPDATE products SET tally_product_name = 'Item ' || id WHERE company_id = $1 AND tally_product_name IS NULL`,
  [C],
);
await pool.query(
  `UPDATE warehouses SET tally_warehouse_name = 'Godown ' || id WHERE company_id = $1 AND tally_warehouse_name IS NULL`,
  [C],
);
const ledgers = {
  sales: 'Sales GST',
  purchase: 'Purchase GST',
  output_cgst: 'Output CGST',
  output_sgst: 'Output SGST',
  output_igst: 'Output IGST',
  output_cess: 'Output Cess',
  round_off: 'Round Off',
  shipping_charges: 'Freight Outward',
};
await pool.query(
  `INSERT INTO branch_tally_settings (company_id, branch_id, voucher_types, ledger_mappings)
   SELECT $1, b.id, '{}'::jsonb, $2::jsonb FROM branches b WHERE b.company_id = $1
   ON CONFLICT (company_id, branch_id) DO UPDATE SET ledger_mappings = excluded.ledger_mappings`,
  [C, JSON.stringify(ledgers)],
);
await pool.query(
  `INSERT INTO bank_accounts (company_id, branch_id, bank_name, account_holder_name, account_number, ifsc_code, is_default)
   SELECT $1, b.id, 'HDFC Bank', 'Bench', '5010001234' || b.id, 'HDFC0001234', true FROM branches b
   WHERE b.company_id = $1 AND NOT EXISTS (SELECT 1 FROM bank_accounts a WHERE a.company_id = $1 AND a.branch_id = b.id)`,
  [C],
);

// The branch with the most documents, and the last days of it that hold about N vouchers (a year at most).
const { rows: days } = await pool.query(
  `WITH docs AS (
     SELECT branch_id, invoice_date AS day FROM invoices WHERE company_id = $1
     UNION ALL SELECT branch_id, credit_note_date FROM credit_notes WHERE company_id = $1
     UNION ALL SELECT branch_id, payment_date FROM payments WHERE company_id = $1 AND status IN ('completed', 'cancelled'))
   SELECT branch_id, day::text AS day, count(*)::int AS docs FROM docs
   WHERE day > current_date - 365 GROUP BY branch_id, day ORDER BY branch_id, day DESC`,
  [C],
);
const byBranch = new Map();
for (const row of days) byBranch.set(row.branch_id, [...(byBranch.get(row.branch_id) ?? []), row]);
const [branchId, branchDays] = [...byBranch.entries()].sort(
  (a, b) => b[1].reduce((s, r) => s + r.docs, 0) - a[1].reduce((s, r) => s + r.docs, 0),
)[0];
const rangeFor = (target) => {
  let total = 0;
  let start = branchDays[0].day;
  for (const row of branchDays) {
    total += row.docs;
    start = row.day;
    if (total >= target) break;
  }
  return { range: { branch_id: branchId, start_date: start, end_date: branchDays[0].day }, total };
};
const big = rangeFor(vouchers);
const small = rangeFor(Math.ceil(vouchers / 10));
console.log(
  `Branch ${branchId}: ${n(big.total)} documents from ${big.range.start_date} to ${big.range.end_date} ` +
    `(the small file: ${n(small.total)} from ${small.range.start_date}).`,
);
// The stock journals' goods: levels of the branch with stock to spare, one adjustment line each.
const journals = Math.max(10, Math.round(vouchers / 100));
const { rows: spare } = await pool.query(
  `SELECT sl.product_id, sl.warehouse_id FROM stock_levels sl
   JOIN warehouses w ON w.company_id = sl.company_id AND w.id = sl.warehouse_id
   WHERE sl.company_id = $1 AND w.branch_id = $2 AND sl.available_stock - sl.df_quantity >= 5
   ORDER BY sl.product_id, sl.warehouse_id LIMIT $3`,
  [C, branchId, journals],
);
const { rows: made } = await pool.query(
  `SELECT count(*)::int AS n FROM inventory_adjustments WHERE company_id = $1 AND notes = 'Bench tally'`,
  [C],
);
await pool.end();

buildServer();
const dataDir = tempDir('b2b-bench-tally-');
const serverFlags = (process.env.SERVER_NODE_FLAGS ?? '--max-old-space-size=128').split(' ').filter(Boolean);
const app = startBundledServer({
  port,
  dataDir,
  databaseUrl: dbUrl.toString(),
  nodeFlags: serverFlags,
  env: { DEMO: '0', TALLY_URL: '' },
});

const client = loopbackClient({ sockets: 1 });
const { request } = client;
let ok = true;
try {
  await waitForHttp(`${base}/states?limit=1`, 240_000);
  const session = await request('POST', `${base}/admin/auth/login/`, {
    username: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  if (session.status !== 200) throw new Error(`sign-in: ${session.status} ${session.text}`);
  client.signIn(session.body.access_token);
  const tally = `${base}/admin/companies/${session.body.company.id}/tally`;
  console.log(
    `Load average (1 min) at the start: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores.\n`,
  );

  // Adjustments once per database (kept between runs like the rest of the data).
  if (made[0].n === 0) {
    for (const level of spare) {
      const res = await request(
        'POST',
        `${base}/companies/${session.body.company.id}/inventory_adjustments`,
        {
          warehouse: level.warehouse_id,
          reason: 'stock_damaged',
          adjusted_on: big.range.end_date,
          notes: 'Bench tally',
          lines: [{ product: level.product_id, quantity: -1 }],
        },
      );
      if (res.status !== 201) throw new Error(`adjustment: ${res.status} ${res.text.slice(0, 300)}`);
    }
    console.log(`Made ${n(spare.length)} inventory adjustments (stock journals) on ${big.range.end_date}.`);
  }

  const check = await request('GET', `${tally}/check?${new URLSearchParams(big.range)}`);
  if (check.status !== 200 || check.body.incomplete > 0) {
    throw new Error(`check: ${check.status} ${check.text.slice(0, 500)}`);
  }
  ok = report(`check of ${n(check.body.documents)} documents`, check.ms / 1000, 's', 10) && ok;

  /** An export, with the server's resident memory at its peak while it streams. */
  const exportXml = async (range, part) => {
    let peak = rssMb(app.pid);
    let lastSample = 0;
    const res = await request(
      'POST',
      `${tally}/export`,
      { ...range, part },
      {
        stream: true,
        onChunk: () => {
          const now = performance.now();
          if (now - lastSample < 50) return;
          lastSample = now;
          peak = Math.max(peak, rssMb(app.pid));
        },
      },
    );
    if (res.status !== 200) throw new Error(`export ${part}: ${res.status}`);
    return { ...res, peak };
  };
  const smallFile = await exportXml(small.range, 'vouchers');
  const before = rssMb(app.pid);
  const file = await exportXml(big.range, 'vouchers');
  await new Promise((r) => setTimeout(r, 500));
  const after = rssMb(app.pid);
  console.log(
    `\nVouchers file: ${n(check.body.documents)} vouchers, ${(file.bytes / 1e6).toFixed(1)} MB; server RSS ` +
      `${before.toFixed(0)} MB before, ${file.peak.toFixed(0)} MB at its peak, ${after.toFixed(0)} MB after ` +
      `(the ${n(small.total)}-voucher file peaked at ${smallFile.peak.toFixed(0)} MB).`,
  );
  ok =
    report(
      `vouchers export, ${n(check.body.documents)} vouchers, to the last byte`,
      file.ms / 1000,
      's',
      10,
    ) && ok;
  ok =
    report(
      "server memory peak above the small file's (flat)",
      Math.max(0, file.peak - smallFile.peak),
      'MB',
      64,
    ) && ok;
  const masters = await exportXml(big.range, 'masters');
  ok =
    report(
      `masters export (${(masters.bytes / 1e6).toFixed(1)} MB), to the last byte`,
      masters.ms / 1000,
      's',
      10,
    ) && ok;
} catch (error) {
  console.log(`FAIL  ${error.message}`);
  ok = false;
} finally {
  client.close?.();
  await stopProcess(app);
}
process.exit(ok ? 0 : 1);
