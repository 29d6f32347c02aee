import { readConfig } from './config.ts';
import { startServer } from './server.ts';

/** A configuration that cannot work stops the start with its sentence, not a stack trace. */
function readConfigOrExit() {
  try {
    return readConfig();
  } catch (error) {
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const startedAt = Date.now();
const config = readConfigOrExit();
const server = await startServer(config, {
  logger: { level: config.logLevel },
  trustProxy: config.trustProxy,
});
await server.app.listen({ port: config.port, host: config.host });

const where = config.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PostgreSQL in ${config.dataDir}/db`;
console.log(
  `B2B Back Office is running at http://localhost:${config.port} on ${where} (started in ${Date.now() - startedAt} ms)`,
);
const { demo } = server;
if (demo) {
  server.demoReady.then(
    () => console.log(`Demo company ready. Sign in as ${demo.username} / ${demo.password}`),
    async (error: unknown) => {
      console.error(
        `Cannot start: the demo company could not be made: ${error instanceof Error ? error.stack : String(error)}`,
      );
      await server.close();
      process.exit(1);
    },
  );
}
if (!server.ctx.mailer.configured)
  console.log('SMTP_URL is not set: e-mails (OTPs) are written to this log.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await server.close();
    process.exit(0);
  });
}
