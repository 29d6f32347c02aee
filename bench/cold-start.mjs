// Cold start of `npm start` on an empty data directory until the first request succeeds (target < 4 s, issue 18),
// and the server's resident memory right after start (target < 300 MB).
import fs from 'node:fs';
import { report, rssMb, startApp, stopProcess, tempDir, waitForHttp } from './lib.mjs';

const port = Number(process.env.PORT ?? 4420);
const runs = Number(process.env.RUNS ?? 3);
const times = [];
const memory = [];
for (let i = 0; i < runs; i++) {
  const dataDir = tempDir('b2b-bench-cold-');
  const started = performance.now();
  const app = startApp({ port, dataDir });
  await waitForHttp(`http://127.0.0.1:${port}/api/states?limit=1`);
  times.push(performance.now() - started);
  await new Promise((r) => setTimeout(r, 1000));
  memory.push(rssMb(app.pid));
  await stopProcess(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `cold start runs (ms): ${times.map((t) => t.toFixed(0)).join(', ')}; RSS (MB): ${memory.map((m) => m.toFixed(0)).join(', ')}`,
);
const a = report('cold start to first request (median)', median(times) / 1000, 's', 4);
const b = report('RSS after start (median)', median(memory), 'MB', 300);
process.exitCode = a && b ? 0 : 1;
