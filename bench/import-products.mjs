// The import centre's products import (issue 26): N product rows (default 100,000) of a CSV, with
// HSN, GST rate, prices and opening stock into the demo company's first warehouse, imported through
// the real API server (bundled, as `npm start` runs it, with its job worker), on the embedded
// database (PGlite) by default or on PostgreSQL with BENCH_DATABASE_URL. Timed from the upload to
// the job's last status (target < 120 s); the server's peak RSS growth over its idle RSS is read
// from /proc while the job runs (flat memory: rows are read, checked and written a batch at a time).
//   N=100000 node bench/import-products.mjs      (SERVER_LOG=1: the server's log on stderr)
import {
  buildServer,
  report,
  rssMb,
  signInDemoAdmin,
  startBundledServer,
  stopProcess,
  tempDir,
  waitForHttp,
} from './lib.mjs';

const rows = Number(process.env.N ?? 100_000);
const port = 4437;
const base = `http://127.0.0.1:${port}/api`;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const n = (v) => v.toLocaleString('en-IN');

if (process.env.NO_BUILD !== '1') buildServer();
const app = startBundledServer({
  port,
  dataDir: tempDir('b2b-bench-import-products-'),
  databaseUrl,
  env: { RUN_JOBS: '1' },
});
try {
  await waitForHttp(`${base}/states?limit=1`, 240_000);
  const session = await signInDemoAdmin(base);
  const headers = { authorization: `Bearer ${session.access_token}` };
  const companyId = session.company.id;
  const warehouses = await (
    await fetch(`${base}/companies/${companyId}/warehouses?limit=-1`, { headers })
  ).json();
  const warehouse = warehouses.results[0].name;

  const rates = ['5', '12', '18'];
  const lines = ['sku,name,hsn,gst_rate,mrp,selling_price,cost_price,warehouse,opening_stock,opening_rate'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `BENCH-${i},Bench Item ${i},0902,${rates[i % 3]},${100 + (i % 900)},${90 + (i % 900)},60,${warehouse},${1 + (i % 50)},55`,
    );
  const csv = `${lines.join('\n')}\n`;
  console.log(`products import: ${n(rows)} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB`);

  const idle = rssMb(app.pid);
  let peak = idle;
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  const res = await fetch(`${base}/companies/${companyId}/imports/products`, {
    method: 'POST',
    headers,
    body: form,
  });
  const job = await res.json();
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(job).slice(0, 300)}`);
  const accepted = performance.now() - started;
  let state = job;
  while (['to_be_processed', 'in_process'].includes(state.status)) {
    peak = Math.max(peak, rssMb(app.pid));
    await new Promise((resolve) => setTimeout(resolve, 250));
    state = await (await fetch(`${base}/bulk_jobs/${job.id}`, { headers })).json();
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${state.status}: ${n(state.created_count)} created, ${n(state.updated_count)} updated; upload checked in ${(accepted / 1000).toFixed(1)} s`,
  );
  console.log(
    `server RSS: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, growth ${(peak - idle).toFixed(0)} MB`,
  );
  if (state.status !== 'success')
    throw new Error(`job ended ${state.status}: ${JSON.stringify(state.errors.slice(0, 3))}`);
  process.exitCode = report(`products import, ${n(rows)} new products`, seconds, 's', 120) ? 0 : 1;
} finally {
  await stopProcess(app);
}
