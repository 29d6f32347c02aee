import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { MAIL_SPOOL_ENV } from './mailbox.ts';

/**
 * Starts a real SMTP server that files each message into a spool folder, and the app itself
 * (`npm start`'s server, built web app) on an empty data directory that sends its mail there.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 4310);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-e2e-'));
  const spool = path.join(work, 'mail');
  fs.mkdirSync(spool);
  process.env[MAIL_SPOOL_ENV] = spool;

  let sequence = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) {
          fs.writeFileSync(
            path.join(spool, `${Date.now()}-${sequence++}-${rcpt.address.toLowerCase()}.eml`),
            Buffer.concat(chunks),
          );
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const root = path.resolve(import.meta.dirname, '../../..');
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
      DEMO: '0',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      // Pages opened as marketing.test (mapped to 127.0.0.1 by the browser) run the marketing-only app.
      MARKETING_ADMIN_HOST: process.env.MARKETING_ADMIN_HOST ?? 'marketing.test',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  // E2E_START_TIMEOUT_MS: more time for a machine under load (tsx compiles the server before it listens).
  const deadline = Date.now() + Number(process.env.E2E_START_TIMEOUT_MS ?? 60_000);
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/states?limit=1`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || server.exitCode !== null)
      throw new Error('The app did not start for the browser tests.');
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => smtp.close(resolve));
    fs.rmSync(work, { recursive: true, force: true });
  };
}
