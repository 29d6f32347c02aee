import { randomBytes } from 'node:crypto';
import { type BuildOptions, buildApp } from './app.ts';
import type { AppContext } from './app-context.ts';
import type { ServerConfig } from './config.ts';
import type { IrpClient } from './core/ports/irp.ts';
import type { Mailer } from './core/ports/mailer.ts';
import { shareCompanyChanges } from './db/company-changes.ts';
import type { Database } from './db/database.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoCompany } from './demo/seed-demo.ts';
import type { Api } from './http/api-types.ts';
import { type JobRunner, startJobRunner } from './jobs/job-runner.ts';
import { registerMailWorker } from './mail/mail-jobs.ts';
import { createMailer } from './mail/mailer.ts';
import { registerAuthJobs } from './modules/auth/auth.jobs.ts';
import { registerBatchAlertJobs } from './modules/batch-alerts/batch-alerts.jobs.ts';
import { registerBuyerGroupJobs } from './modules/buyer-groups/buyer-groups.jobs.ts';
import { registerCashpointJobs } from './modules/cashpoints/cashpoints.jobs.ts';
import { createHttpIrpClient } from './modules/e-invoice/irp-client.ts';
import { createHttpPaymentGateway } from './modules/payments/payment-gateway.ts';
import { registerPaymentJobs } from './modules/payments/payments.jobs.ts';
import { ensureStatesAndCities } from './modules/reference/reference.service.ts';
import { createHttpCarrier } from './modules/shipments/shipment-carrier.ts';
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
  demo?: { username: string; password: string };
  close(): Promise<void>;
}

/** Everything `npm start` does before listening: database, migrations, secrets, jobs, demo data. */
export async function startServer(
  config: ServerConfig,
  options: BuildOptions & { mailer?: Mailer; irp?: IrpClient; log?: (line: string) => void } = {},
): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
  await migrateToLatest(database.db);
  const stopSharing = config.databaseUrl ? await shareCompanyChanges(config.databaseUrl) : async () => {};
  await ensureStatesAndCities(database.db);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const jobs: JobRunner = await startJobRunner(database.db, { runWorkers: config.runJobs });
  await registerMailWorker(jobs, mailer);
  const ctx: AppContext = {
    db: database.db,
    dbKind: database.kind,
    config,
    secrets: { jwt: await jwtSecret(database.db, config.jwtSecret) },
    mailer,
    jobs,
    storage: config.s3 ? s3Storage(config.s3) : localDiskStorage(config.filesDir),
    irp: options.irp ?? (config.irp ? createHttpIrpClient(config.irp) : undefined),
    paymentGateway: config.paymentGateway ? createHttpPaymentGateway(config.paymentGateway) : undefined,
    shipmentCarrier: config.shipmentCarrier ? createHttpCarrier(config.shipmentCarrier) : undefined,
  };
  await registerAuthJobs(ctx);
  await registerCashpointJobs(ctx);
  await registerPaymentJobs(ctx);
  await registerBatchAlertJobs(ctx);
  await registerBuyerGroupJobs(ctx);
  const demo = config.seedDemo ? await seedDemoCompany(ctx) : undefined;
  const app = await buildApp(ctx, options);
  return {
    app,
    ctx,
    database,
    demo,
    async close() {
      await app.close();
      await jobs.stop();
      await stopSharing();
      await database.close();
    },
  };
}
