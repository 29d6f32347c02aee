// One-time e-mail campaign (issue 23): N contacts (default 100,000) imported into the demo company,
// one dynamic list of them, one e-mail campaign run through the real API server (bundled, with its
// job workers) against a local SMTP server this script starts. Prints: the run (audience resolved
// and queued, one INSERT ... SELECT; target < 30 s), messages per second of the campaign beside a
// bare nodemailer loop over the same N messages (same pool of 5 connections; target ratio >= 0.7),
// and the server's resident memory growth while sending.
//   N=100000 node bench/campaign-email.mjs            (NO_BUILD=1 reuses the server bundle)
//   KILL=1 N=10000 node bench/campaign-email.mjs      kill -9 the server halfway, restart it on the
//                                                      same data, and count exactly one message per contact
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  buildServer,
  freshPostgresDatabase,
  report,
  root,
  rssMb,
  signInDemoAdmin,
  startBundledServer,
  stopProcess,
  tempDir,
  waitForHttp,
} from './lib.mjs';

const require = createRequire(path.join(root, 'packages/server/package.json'));
const { SMTPServer } = require('smtp-server');
const nodemailer = require('nodemailer');

const N = Number(process.env.N ?? 100_000);
const KILL = process.env.KILL === '1';
const port = 4441;
const base = `http://127.0.0.1:${port}/api`;
// On PostgreSQL the run gets a database of its own, bench_campaign, made afresh: an earlier run's
// unfinished campaign would otherwise resume beside this one and mail the same contacts again.
const databaseUrl = process.env.BENCH_DATABASE_URL
  ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL, 'bench_campaign')
  : '';
const n = (v) => v.toLocaleString('en-IN');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The SMTP server: counts messages and keeps each recipient's Message-IDs.
const byRecipient = new Map();
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  maxClients: 50,
  onData(stream, session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 4096) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      received += 1;
      const messageId = /^Message-ID: *(.*)$/im.exec(head)?.[1]?.trim() ?? '';
      for (const rcpt of session.envelope.rcptTo) {
        const to = rcpt.address.toLowerCase();
        if (!to.endsWith('@bench-campaign.in')) continue;
        const set = byRecipient.get(to) ?? new Set();
        set.add(messageId);
        byRecipient.set(to, set);
      }
      callback();
    });
  },
});
// The app's connections are cut when KILL=1 kills it mid-send; a reset connection is not the bench's failure.
smtp.on('error', () => {});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

if (process.env.NO_BUILD !== '1') buildServer();
const dataDir = tempDir('b2b-bench-campaign-');
const start = () =>
  startBundledServer({
    port,
    dataDir,
    databaseUrl,
    env: { RUN_JOBS: '1', SMTP_URL: smtpUrl, PUBLIC_URL: `http://127.0.0.1:${port}` },
  });
let app = start();

try {
  await waitForHttp(`${base}/states?limit=1`, 240_000);
  const session = await signInDemoAdmin(base);
  const companyId = session.company.id;
  const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const call = async (method, url, body) => {
    const res = await fetch(`${base}/${url}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json().catch(() => ({}));
    if (res.status >= 300)
      throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  await call('PATCH', `companies/${companyId}`, { is_marketing_enabled: true });
  await call('PUT', `v1/admin/companies/${companyId}/marketing_mediums`, {
    medium: 'email',
    mode: 'platform',
    from_name: 'Bench Offers',
    from_email: 'offers@bench.in',
  });
  await call('PUT', `admin/companies/${companyId}/marketing_settings`, { email_per_minute: 100_000 });
  const template = await call('POST', `v1/admin/companies/${companyId}/templates`, {
    medium: 'email',
    name: `Bench ${Date.now()}`,
    subject: 'Offers for {contact_name}',
    html_body:
      '<p>Dear {contact_name},</p><p>See <a href="https://shop.example.in/offers">this week’s offers</a>.</p>',
  });

  // N contacts through the contacts import (consent for e-mail given).
  const lines = ['name,phone,email,tags,consent_email'];
  for (let i = 0; i < N; i++)
    lines.push(`Contact ${i},${6_000_000_000 + i * 7 + 13},c${i}@bench-campaign.in,benchcampaign,yes`);
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'contacts.csv');
  const importStarted = performance.now();
  const upload = await fetch(`${base}/companies/${companyId}/contact_imports`, {
    method: 'POST',
    headers: { authorization: headers.authorization },
    body: form,
  });
  let job = await upload.json();
  if (upload.status !== 201) throw new Error(`import: ${upload.status} ${JSON.stringify(job).slice(0, 300)}`);
  while (['to_be_processed', 'in_process'].includes(job.status)) {
    await sleep(500);
    job = await call('GET', `bulk_jobs/${job.id}`);
  }
  console.log(
    `import of ${n(N)} contacts: ${job.status} in ${((performance.now() - importStarted) / 1000).toFixed(1)} s`,
  );
  const list = await call('POST', `companies/${companyId}/contact_lists`, {
    name: `Bench list ${Date.now()}`,
    kind: 'dynamic',
    filters: { tags: ['benchcampaign'] },
  });
  const campaign = await call('POST', `admin/companies/${companyId}/campaigns`, {
    title: 'Bench campaign',
    campaign_medium: 'email',
    template_id: template.id,
    list_ids: [list.id],
  });

  const rssBefore = rssMb(app.pid);
  const runStarted = performance.now();
  await call('POST', `admin/campaigns/${campaign.id}/run`);
  const runSeconds = (performance.now() - runStarted) / 1000;
  const sendStarted = performance.now();
  let rssMax = rssBefore;
  let killed = false;
  let summary;
  for (;;) {
    await sleep(500);
    rssMax = Math.max(rssMax, rssMb(app.pid));
    if (KILL && !killed && received >= N / 2) {
      killed = true;
      app.kill('SIGKILL');
      await new Promise((resolve) => app.once('exit', resolve));
      console.log(`killed the server (kill -9) after ${n(received)} messages; restarting`);
      app = start();
      await waitForHttp(`${base}/states?limit=1`, 240_000);
      continue;
    }
    try {
      summary = await call('GET', `admin/campaigns/${campaign.id}/summary`);
    } catch {
      continue;
    }
    if (!['processing', 'scheduled'].includes(summary.status)) break;
  }
  const sendSeconds = (performance.now() - sendStarted) / 1000;
  const campaignRate = N / sendSeconds;
  console.log(`campaign ${summary.status}: ${JSON.stringify(summary.counts)}`);

  const twice = [...byRecipient.values()].filter((s) => s.size > 1).length;
  const exactlyOnce = byRecipient.size === N && twice === 0;
  console.log(
    `recipients reached: ${n(byRecipient.size)} of ${n(N)}; with two different messages: ${twice}; SMTP deliveries ${n(received)}`,
  );

  let ratioOk = true;
  if (!KILL) {
    // The bare loop: the same N messages through one nodemailer pool of 5, 5 at a time.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 5,
      maxMessages: 1000,
    });
    let next = 0;
    const bareStarted = performance.now();
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        while (next < N) {
          const i = next++;
          await transport.sendMail({
            from: 'Bench Offers <offers@bench.in>',
            to: `bare${i}@bench-bare.in`,
            subject: `Offers for Contact ${i}`,
            html: `<p>Dear Contact ${i},</p><p>See <a href="https://shop.example.in/offers">this week’s offers</a>.</p>`,
            text: `Dear Contact ${i},\n\nSee this week’s offers.`,
          });
        }
      }),
    );
    transport.close();
    const bareRate = N / ((performance.now() - bareStarted) / 1000);
    console.log(
      `campaign ${campaignRate.toFixed(0)} messages/s, bare nodemailer loop ${bareRate.toFixed(0)} messages/s`,
    );
    ratioOk = report(
      'campaign send rate / bare nodemailer loop',
      campaignRate / bareRate,
      'x',
      0.7,
      'higher',
    );
  } else console.log(`campaign with a kill and restart: ${campaignRate.toFixed(0)} messages/s overall`);
  const runOk = report(`campaign run (audience resolved and queued), ${n(N)} contacts`, runSeconds, 's', 30);
  console.log(
    `server RSS: ${rssBefore.toFixed(0)} MB before, ${rssMax.toFixed(0)} MB at most while sending (+${(rssMax - rssBefore).toFixed(0)} MB)`,
  );
  report('exactly one message per contact', exactlyOnce ? 1 : 0, '', 1, 'higher');
  process.exitCode = runOk && ratioOk && exactlyOnce ? 0 : 1;
} finally {
  await stopProcess(app);
  smtp.close();
}
