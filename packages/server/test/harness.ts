import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { readConfig } from '../src/config.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { startMailCapture } from './mail-capture.ts';

export interface TestServer {
  baseUrl: string;
  server: RunningServer;
  mail: Awaited<ReturnType<typeof startMailCapture>>;
}

let shared: Promise<TestServer> | undefined;

/**
 * One migrated server per test worker, shared by every test file (vitest runs the server project
 * without isolation); tests stay independent by each signing up its own company.
 */
export function testServer(): Promise<TestServer> {
  shared ??= (async () => {
    const mail = await startMailCapture();
    const databaseUrl = inject('databaseUrl');
    const config = {
      ...readConfig({}),
      databaseUrl,
      dataDir: path.join(os.tmpdir(), `b2b-test-${process.pid}`),
      filesDir: path.join(os.tmpdir(), `b2b-test-files-${process.pid}`),
      seedDemo: false,
      smtpUrl: mail.url,
      jwtSecret: 'test-secret-for-api-tests-only',
      runJobs: true,
    };
    const server = await startServer(databaseUrl ? config : { ...config, dataDir: 'memory://' }, {
      mailer: createMailer({ smtpUrl: mail.url, from: 'test@b2b.local', log: () => {} }),
      log: () => {},
      authLimits: { loginPerUsername: 10, loginPerIp: 1_000_000 },
      trustProxy: true,
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    return { baseUrl: `http://127.0.0.1:${port}/api`, server, mail };
  })();
  return shared;
}

/**
 * A second API on the shared server's database with parts of its context replaced (an IRP client
 * against test/irp-stand-in.ts, say), for tests of what the shared server is not configured for.
 * Tokens of the shared server work here too. Close it when done.
 */
export async function testAppWith(overrides: Partial<AppContext>) {
  const t = await testServer();
  const app = await buildApp({ ...t.server.ctx, ...overrides }, { trustProxy: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/api`, app, close: () => app.close() };
}
