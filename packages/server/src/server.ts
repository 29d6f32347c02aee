import { randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { type BuildOptions, buildApp } from './app.ts';
import type { AppContext } from './app-context.ts';
import type { ServerConfig } from './config.ts';
import { noErrorReporter } from './core/ports/error-reporter.ts';
import type { IrpClient } from './core/ports/irp.ts';
import type { Mailer } from './core/ports/mailer.ts';
import { databasePreparation, prepareDatabase } from './database-preparation.ts';
import { shareCompanyChanges } from './db/company-changes.ts';
import type { Database } from './db/database.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, findDemoCompany, makeDemoCompany } from './demo/seed-demo.ts';
import type { Api } from './http/api-types.ts';
import { createSentryErrorReporter } from './http/sentry-error-reporter.ts';
import { type JobRunner, startJobRunner } from './jobs/job-runner.ts';
import { registerJobs } from './jobs/register-jobs.ts';
import { createMailer } from './mail/mailer.ts';
import { createAmazonSellerClient } from './modules/amazon/amazon-client.ts';
import { createHttpIrpClient } from './modules/e-invoice/irp-client.ts';
import { createHttpEwbClient } from './modules/e-way-bills/ewb-client.ts';
import { createHttpPaymentGateway } from './modules/payments/payment-gateway.ts';
import { createAdPlatformClients } from './modules/products-ads/ad-platforms-config.ts';
import { createHttpCarrier } from './modules/shipments/shipment-carrier.ts';
import { createHttpTallyClient } from './modules/tally/tally-client.ts';
import { localDiskStorage } from './storage/file-storage.ts';
import { s3Storage } from './storage/s3-storage.ts';

async function jwtSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('server_secrets')
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'jwt')
    .executeTakeFirstOrThrow();
  return row.value;
}

export interface RunningServer {
  app: Api;
  ctx: AppContext;
  database: DatabaseHandle;
  /** The demo company's admin, when the database has the demo company or is making it. */
  demo?: { username: string; password: string };
  /** Settles when the demo company is whole (at once when it was made before or is not made). */
  demoReady: Promise<void>;
  close(): Promise<void>;
}

/**
 * Lets requests in between the queries of background work. PGlite runs a query on this thread and
 * answers it without going through the event loop, so a long run of queries (the demo seed) would
 * otherwise hold every request back until it ends.
 */
const yieldAfterEachQuery: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    await new Promise((resolve) => setImmediate(resolve));
    return args.result;
  },
};

/** How long a started server waits for its first request before it makes the demo company anyway. */
const DEMO_AFTER_IDLE_MS = 1_000;

/**
 * The demo company is made once the server has answered its first request (or has had none for a
 * second) rather than before, so a new install answers at once: the seed's queries would otherwise
 * take turns with the first request's on PGlite's single connection. Until it is whole, requests
 * that change something wait for it (signing in among them: the demo admin's first sign-in lands on
 * the whole company, never on half of it), and such a request starts it at once; reads go on.
 * Nobody can hold a session yet on a database that is just getting its first company.
 */
function makeDemoOnceReady(
  app: Api,
  ctx: AppContext,
): { ready: Promise<void>; begun: () => boolean; cancel: () => void } {
  let release = () => {};
  let begun = false;
  let settled = false;
  let idleTimer: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolve) => {
    release = resolve;
  })
    .then(() => makeDemoCompany({ ...ctx, db: ctx.db.withPlugin(yieldAfterEachQuery) }))
    .finally(() => {
      settled = true;
    });
  ready.catch(() => {}); // the caller reports a failure (main.ts stops the server with it)
  const begin = () => {
    clearTimeout(idleTimer);
    if (begun) return;
    begun = true;
    release();
  };
  app.addHook('onReady', async () => {
    idleTimer = setTimeout(begin, DEMO_AFTER_IDLE_MS);
  });
  app.addHook('onResponse', async () => begin());
  app.addHook('onRequest', async (request) => {
    if (settled || request.method === 'GET' || request.method === 'HEAD') return;
    begin();
    await ready.catch(() => {});
  });
  return { ready, begun: () => begun, cancel: () => clearTimeout(idleTimer) };
}

/**
 * Everything `npm start` does before listening: database, migrations, secrets, jobs; the demo data
 * follow once it has answered its first request (see makeDemoOnceReady).
 */
export async function startServer(
  config: ServerConfig,
  options: BuildOptions & { mailer?: Mailer; irp?: IrpClient; log?: (line: string) => void } = {},
): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: `${config.dataDir}/db`,
    template: config.databaseUrl ? undefined : await databasePreparation(),
  });
  await prepareDatabase(database.db);
  const stopSharing = config.databaseUrl ? await shareCompanyChanges(config.databaseUrl) : async () => {};
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const jobs: JobRunner = await startJobRunner(database.db, { runWorkers: config.runJobs });
  const ctx: AppContext = {
    db: database.db,
    dbKind: database.kind,
    config,
    secrets: { jwt: await jwtSecret(database.db, config.jwtSecret) },
    mailer,
    jobs,
    storage: config.s3 ? s3Storage(config.s3) : localDiskStorage(config.filesDir),
    irp: options.irp ?? (config.irp ? createHttpIrpClient(config.irp) : undefined),
    ewb: config.ewb ? createHttpEwbClient(config.ewb) : undefined,
    paymentGateway: config.paymentGateway ? createHttpPaymentGateway(config.paymentGateway) : undefined,
    shipmentCarrier: config.shipmentCarrier ? createHttpCarrier(config.shipmentCarrier) : undefined,
    tally: config.tally ? createHttpTallyClient(config.tally) : undefined,
    adPlatforms: createAdPlatformClients(config.adPlatforms),
    amazon: createAmazonSellerClient(config.amazon),
    errorReporter: config.sentryDsn
      ? createSentryErrorReporter(config.sentryDsn, { environment: process.env.NODE_ENV })
      : noErrorReporter,
  };
  await registerJobs(ctx, mailer);
  const found = config.seedDemo ? await findDemoCompany(ctx) : 'none';
  const app = await buildApp(ctx, options);
  const making = found === 'new' ? makeDemoOnceReady(app, ctx) : undefined;
  return {
    app,
    ctx,
    database,
    demo: found === 'none' ? undefined : { username: DEMO_USERNAME, password: DEMO_PASSWORD },
    demoReady: making?.ready ?? Promise.resolve(),
    async close() {
      // Stopping half-way would leave a demo company the next start refuses.
      making?.cancel();
      if (making?.begun()) await making.ready.catch(() => {});
      await app.close();
      await jobs.stop();
      await mailer.close?.();
      await stopSharing();
      await database.close();
    },
  };
}
