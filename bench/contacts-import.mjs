// The contacts import of /bulk-import/create-contact (issue 23): N rows (default 100,000) of a CSV
// imported through the real API server (bundled, as `npm start` runs it, with its job worker) into
// the demo company, on the embedded database (PGlite) by default or on PostgreSQL with
// BENCH_DATABASE_URL. Timed from the upload to the job's last status; target < 60 s. Then the same
// file again: every row updates its contact (create-or-update by phone), timed the same way.
//   N=100000 node bench/contacts-import.mjs      (SERVER_LOG=1: the server's log on stderr)
import {
  buildServer,
  report,
  signInDemoAdmin,
  startBundledServer,
  stopProcess,
  tempDir,
  waitForHttp,
} from './lib.mjs';

const rows = Number(process.env.N ?? 100_000);
const port = 4435;
const base = `http://127.0.0.1:${port}/api`;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const n = (v) => v.toLocaleString('en-IN');

if (process.env.NO_BUILD !== '1') buildServer();
const app = startBundledServer({
  port,
  dataDir: tempDir('b2b-bench-contacts-'),
  databaseUrl,
  env: { RUN_JOBS: '1' },
});
try {
  await waitForHttp(`${base}/states?limit=1`, 240_000);
  // The demo company is made in the background on a new database: sign in once it is there.
  const session = await signInDemoAdmin(base);
  const headers = { authorization: `Bearer ${session.access_token}` };
  const companyId = session.company.id;

  const cities = ['Pune', 'Mumbai', 'Nashik', 'Nagpur', 'Indore', 'Surat'];
  const lines = ['name,phone,email,city,state,tags,consent_email,consent_whatsapp'];
  for (let i = 0; i < rows; i++) {
    const phone = String(6_000_000_000 + i * 7 + 13);
    lines.push(
      `Contact ${i},${phone},c${i}@bench.in,${cities[i % cities.length]},Maharashtra,bench;t${i % 10},${i % 2 ? 'yes' : 'no'},yes`,
    );
  }
  const csv = `${lines.join('\n')}\n`;
  console.log(`contacts import: ${n(rows)} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB`);

  async function importOnce(label) {
    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
    const res = await fetch(`${base}/companies/${companyId}/contact_imports`, {
      method: 'POST',
      headers,
      body: form,
    });
    const job = await res.json();
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(job).slice(0, 300)}`);
    const accepted = performance.now() - started;
    let state = job;
    while (['to_be_processed', 'in_process'].includes(state.status)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = await (await fetch(`${base}/bulk_jobs/${job.id}`, { headers })).json();
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${label}: ${state.status}, ${n(state.created_count)} created, ${n(state.updated_count)} updated; upload checked in ${(accepted / 1000).toFixed(1)} s`,
    );
    if (state.status !== 'success') throw new Error(`job ended ${state.status}`);
    return seconds;
  }
  const first = await importOnce('first import');
  const ok1 = report(`contacts import, ${n(rows)} new contacts`, first, 's', 60);
  const again = await importOnce('same file again');
  const ok2 = report(`contacts import, ${n(rows)} contacts updated`, again, 's', 60);
  process.exitCode = ok1 && ok2 ? 0 : 1;
} finally {
  await stopProcess(app);
}
