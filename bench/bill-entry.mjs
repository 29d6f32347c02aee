// Bill entry (issue 19), on PostgreSQL, through the real API server (bundled, as `npm start` runs
// it) with the demo company: bills of 10 lines from a seller, received at once (the company's
// is_bill_auto_received on, so POST admin/companies/{id}/bills enters and receives in one
// transaction: the bill, its items, the goods into the warehouse through the stock ledger, the
// history row), 10 clients at once. Bills per second beside a floor of the same writes as bare SQL
// through `pg` in one transaction per bill (the bill row, its 10 items in one statement, per line
// the stock level and a stock ledger row in product order, the history row), 10 connections at
// once. Target: ratio >= 0.5. After a warm-up of each and an ANALYZE, the two take turns for
// ROUNDS rounds; each keeps its best.
//
// Needs PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). The bench
// makes its own database beside it and drops it afterwards; without PostgreSQL it says so and skips.
//   BILLS=300 ROUNDS=3 CLIENTS=10 node bench/bill-entry.mjs
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loopbackClient, root, stopProcess, tempDir, waitForHttp } from './lib.mjs';

const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const bills = Number(process.env.BILLS ?? 300);
const clients = Number(process.env.CLIENTS ?? 10);
const rounds = Number(process.env.ROUNDS ?? 3);
const LINES = 10;
const port = 4441;
const base = `http://127.0.0.1:${port}/api`;

const { default: pg } = await import('pg');
const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch (error) {
  console.log(
    `SKIP  bill entry: no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')} (${error.message}). ` +
      'Set TEST_DATABASE_URL to a PostgreSQL server to run this benchmark.',
  );
  process.exit(0);
}
const dbName = `b2b_bench_bills_${process.pid}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: clients, idleTimeoutMillis: 0 });
pool.on('error', () => {});

const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(1);

const dataDir = tempDir('b2b-bench-bills-');
let app = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    LOG_LEVEL: 'warn',
    RUN_JOBS: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
app.stdout.on('data', () => {});

const client = loopbackClient({ sockets: clients });
/** One request over loopback: its JSON body; rejects on an error status. */
const request = async (method, url, body) => (await client.ok(method, url, body)).body;

/** Runs `count` tasks with at most `limit` in flight; returns elapsed ms and the errors. */
async function concurrently(count, limit, task, offset = 0) {
  let next = 0;
  const errors = [];
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = offset + next++;
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

/** CPU seconds (user + system) a process has used; NaN where /proc is not there. */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds used so far by every PostgreSQL process of the machine (its backends included). */
function postgresCpuSeconds() {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {}
  }
  return total;
}

/** Runs `count` of `task` from `offset`; bills a second and the CPU the server and PostgreSQL spent a bill. */
async function measure(count, task, offset) {
  const server = cpuSeconds(app.pid);
  const postgres = postgresCpuSeconds();
  const run = await concurrently(count, clients, task, offset);
  if (run.errors.length) throw run.errors[0];
  const perBill = (seconds) => `${((seconds * 1000) / count).toFixed(1)} ms`;
  return {
    rate: count / (run.ms / 1000),
    cpu: `server CPU ${perBill(cpuSeconds(app.pid) - server)}, PostgreSQL CPU ${perBill(postgresCpuSeconds() - postgres)} a bill`,
  };
}

let ok = true;
try {
  await waitForHttp(`${base}/states?limit=1`, 240_000);
  const session = await request('POST', `${base}/admin/auth/login/`, {
    username: 'admin@demo.in',
    password: 'Demo@1234',
  });
  client.signIn(session.access_token);
  const companyId = session.company.id;
  await pool.query('UPDATE companies SET is_bill_auto_received = true WHERE id = $1', [companyId]);

  const { rows: warehouses } = await pool.query(
    `SELECT w.id, w.branch_id FROM warehouses w JOIN branches b ON b.company_id = w.company_id AND b.id = w.branch_id
      WHERE w.company_id = $1 AND w.is_active AND b.is_active ORDER BY w.id LIMIT 1`,
    [companyId],
  );
  const warehouse = warehouses[0];
  const { rows: products } = await pool.query(
    `SELECT id FROM products WHERE company_id = $1 AND deleted_at IS NULL AND is_active ORDER BY id`,
    [companyId],
  );
  const { rows: sellers } = await pool.query(
    'SELECT id FROM sellers WHERE company_id = $1 AND is_active ORDER BY id',
    [companyId],
  );
  if (products.length < LINES || sellers.length === 0)
    throw new Error('the demo has too few products or no seller');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const run = process.pid.toString(36).toUpperCase();

  /** The i-th bill's 10 products (distinct), rotating over the catalogue as a real buyer's would. */
  const productsOf = (i) => {
    const chosen = new Set();
    for (let k = 0; chosen.size < LINES; k++) chosen.add(products[(i * 3 + k * 7) % products.length].id);
    return [...chosen];
  };
  const sellerOf = (i) => sellers[i % sellers.length].id;
  const billBody = (i) => ({
    seller: sellerOf(i),
    branch: warehouse.branch_id,
    warehouse: warehouse.id,
    bill_number: `A${run}/${i}`,
    bill_date: today,
    items: productsOf(i).map((product, k) => ({
      product,
      quantity: 1 + (k % 4),
      rate: 100 + k * 10,
      tax_rate: 18,
    })),
  });

  const enterBill = async (i) => {
    const bill = await request('POST', `${base}/admin/companies/${companyId}/bills`, billBody(i));
    if (bill.status !== 'open') throw new Error(`bill ${bill.id} is ${bill.status}, not received`);
  };

  const warmUp = clients * 6;
  const first = await concurrently(warmUp, clients, enterBill);
  if (first.errors.length) throw first.errors[0];

  // The floor's template: a bill the API wrote (its figures and columns), copied per bill.
  const { rows: templates } = await pool.query(
    `SELECT id, created_by FROM bills WHERE company_id = $1 AND bill_number LIKE $2 ORDER BY id DESC LIMIT 1`,
    [companyId, `A${run}/%`],
  );
  const template = templates[0];
  const { rows: itemTemplates } = await pool.query(
    'SELECT id FROM bill_items WHERE company_id = $1 AND bill_id = $2 ORDER BY position LIMIT 1',
    [companyId, template.id],
  );
  const { rows: ledgerReasons } = await pool.query(
    `SELECT reason FROM stock_ledger WHERE company_id = $1 AND document_type = 'bill' AND document_id = $2 LIMIT 1`,
    [companyId, template.id],
  );
  const columnsOf = async (table, leaveOut) =>
    (
      await pool.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
        [table],
      )
    ).rows
      .map((r) => r.column_name)
      .filter((c) => !leaveOut.includes(c));
  const billColumns = await columnsOf('bills', [
    'id',
    'bill_number',
    'created_at',
    'updated_at',
    'received_at',
  ]);
  const itemColumns = await columnsOf('bill_items', [
    'id',
    'bill_id',
    'position',
    'product_id',
    'product_name',
  ]);
  const copyBill = `INSERT INTO bills (bill_number, created_at, updated_at, received_at, ${billColumns.join(', ')})
    SELECT $3, now(), now(), now(), ${billColumns.map((c) => `t.${c}`).join(', ')}
      FROM bills t WHERE t.company_id = $1 AND t.id = $2 RETURNING id`;
  const copyItems =
    `INSERT INTO bill_items (bill_id, position, product_id, product_name, ${itemColumns.join(', ')})
    SELECT $3, u.position, u.product_id, 'Bench', ${itemColumns.map((c) => `t.${c}`).join(', ')}
      FROM bill_items t, unnest($4::bigint[], $5::int[], $6::numeric[]) AS u(product_id, position, quantity)
     WHERE t.company_id = $1 AND t.id = $2`.replace('t.quantity', 'u.quantity');

  const floorBill = async (i) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const body = billBody(i);
      const { rows: bill } = await client.query(copyBill, [companyId, template.id, `F${run}/${i}`]);
      const billId = bill[0].id;
      await client.query(copyItems, [
        companyId,
        itemTemplates[0].id,
        billId,
        body.items.map((item) => item.product),
        body.items.map((_, k) => k + 1),
        body.items.map((item) => item.quantity),
      ]);
      const lines = [...body.items].sort((a, b) => a.product - b.product);
      for (const item of lines) {
        const { rows: level } = await client.query(
          `INSERT INTO stock_levels AS sl (company_id, product_id, warehouse_id, available_stock, df_quantity)
           VALUES ($1, $2, $3, $4, 0)
           ON CONFLICT (company_id, product_id, warehouse_id) DO UPDATE
             SET available_stock = sl.available_stock + excluded.available_stock, updated_at = now()
           RETURNING sl.available_stock, sl.df_quantity`,
          [companyId, item.product, warehouse.id, item.quantity],
        );
        await client.query(
          `INSERT INTO stock_ledger (company_id, product_id, warehouse_id, quantity, balance_after, reserved_after,
             rate_paise, reason, document_type, document_id, user_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'bill', $9, $10)`,
          [
            companyId,
            item.product,
            warehouse.id,
            item.quantity,
            level[0].available_stock,
            level[0].df_quantity,
            item.rate * 100,
            ledgerReasons[0]?.reason ?? 'purchase',
            billId,
            template.created_by,
          ],
        );
      }
      await client.query(
        `INSERT INTO history (company_id, entity_type, entity_id, action, user_id, changes)
         VALUES ($1, 'bill', $2, 'auto_received', $3, $4)`,
        [
          companyId,
          billId,
          template.created_by,
          JSON.stringify({
            status: { from: 'draft', to: 'open' },
            items: lines.map((l) => ({ product: l.product, quantity: l.quantity })),
          }),
        ],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  };
  const firstFloor = await concurrently(warmUp, clients, floorBill);
  if (firstFloor.errors.length) throw firstFloor.errors[0];
  await pool.query('ANALYZE');

  let apiRate = 0;
  let floorRate = 0;
  let next = warmUp;
  for (let round = 1; round <= rounds; round++) {
    const api = await measure(bills, enterBill, next);
    const floor = await measure(bills, floorBill, next);
    next += bills;
    apiRate = Math.max(apiRate, api.rate);
    floorRate = Math.max(floorRate, floor.rate);
    console.log(
      `Bills (10 lines, received), ${clients} clients, round ${round}: ${api.rate.toFixed(1)}/s through the API ` +
        `(${api.cpu}); bare SQL floor ${floor.rate.toFixed(1)}/s (${floor.cpu}).`,
    );
  }
  const ratio = apiRate / floorRate;
  ok = ratio >= 0.5;
  console.log(
    `${ok ? 'PASS' : 'MISS'}  bill entry (best of ${rounds} rounds each): ${apiRate.toFixed(1)} bills/s ` +
      `against the floor's ${floorRate.toFixed(1)}/s: ratio ${ratio.toFixed(2)} (target >= 0.50)`,
  );
} catch (error) {
  console.error(error);
  ok = false;
} finally {
  client.close();
  await stopProcess(app);
  app = null;
  await pool.end();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
process.exit(ok ? 0 : 1);
