import path from 'node:path';

/** Everything the server reads from the environment, read once. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Uploaded files (logos, product images) when stored on local disk. */
  filesDir: string;
  /** Create the demo company on a new database. */
  seedDemo: boolean;
  /** smtp://user:pass@host:port; when absent mail goes to the server log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** HMAC secret for access tokens; generated and stored in the database when absent. */
  jwtSecret: string | undefined;
  webDistDir: string;
  logLevel: string;
  /** Run the durable job runner in this process. */
  runJobs: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    filesDir: path.resolve(env.FILES_DIR ?? path.join(env.DATA_DIR ?? path.join(root, 'data'), 'files')),
    seedDemo: env.DEMO !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'B2B Back Office <no-reply@b2b.local>',
    jwtSecret: env.JWT_SECRET || undefined,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(root, 'packages/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    runJobs: env.RUN_JOBS !== '0',
  };
}
