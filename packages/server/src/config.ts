import path from 'node:path';
import type { EwbConfig } from './core/ports/eway-bill.ts';
import type { IrpConfig } from './core/ports/irp.ts';
import type { TallyConfig } from './core/ports/tally.ts';
import { type AmazonConfig, readAmazonConfig } from './modules/amazon/amazon-client.ts';
import { readIrpConfig } from './modules/e-invoice/irp-config.ts';
import { readEwbConfig } from './modules/e-way-bills/ewb-config.ts';
import { type PaymentGatewayConfig, readPaymentGatewayConfig } from './modules/payments/payment-gateway.ts';
import { type AdPlatformsConfig, readAdPlatformsConfig } from './modules/products-ads/ad-platforms-config.ts';
import { type HttpCarrierConfig, readCarrierConfig } from './modules/shipments/shipment-carrier.ts';
import { readTallyConfig } from './modules/tally/tally-client.ts';
import { readZohoConfig, type ZohoConfig } from './modules/zoho/zoho-books-client.ts';
import type { S3StorageOptions } from './storage/s3-storage.ts';

/** Everything the server reads from the environment, read once. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL server; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Uploaded files (logos, product images) when stored on local disk. */
  filesDir: string;
  /** An S3-compatible bucket for uploaded files instead of `filesDir` (S3_ENDPOINT and S3_BUCKET set). */
  s3: S3StorageOptions | undefined;
  /** Create the demo company on a new database. */
  seedDemo: boolean;
  /** smtp://user:pass@host:port; when absent mail goes to the server log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * HMAC secret for access tokens and one-time codes; generated and stored in the database when
   * absent, which production (NODE_ENV=production) refuses: see `readJwtSecret`.
   */
  jwtSecret: string | undefined;
  webDistDir: string;
  /**
   * TRUST_PROXY: behind a reverse proxy, which X-Forwarded-For / -Proto to believe, so that the
   * client's address (login limits) and https (the Secure cookie) are seen. `true`/`1`: any proxy;
   * otherwise the proxies' addresses or CIDR ranges, comma-separated. Unset: none.
   */
  trustProxy: boolean | string | undefined;
  logLevel: string;
  /** Run the durable job runner in this process. */
  runJobs: boolean;
  /** The e-invoice portal (IRP_URL and the IRP credentials); e-invoicing is off without it. */
  irp: IrpConfig | undefined;
  /** The e-way bill portal (EWB_URL and the e-way bill credentials); e-way bills are off without it. */
  ewb?: EwbConfig;
  /** An online payment gateway (PAYMENT_GATEWAY_URL, _KEY, _SECRET); none: payments are recorded by hand. */
  paymentGateway?: PaymentGatewayConfig;
  /** A courier integration (SHIPMENT_CARRIER_URL); none: tracking is entered by hand. */
  shipmentCarrier?: HttpCarrierConfig;
  /** A running Tally's HTTP XML server (TALLY_URL); none: the Tally export is a file imported by hand. */
  tally?: TallyConfig;
  /** Google Ads and Meta OAuth clients (GOOGLE_ADS_*, META_ADS_*); a platform without one: CSV import only. */
  adPlatforms?: AdPlatformsConfig;
  /** Zoho Books' OAuth client (ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET; ZOHO_ACCOUNTS_URL, ZOHO_API_URL); none: /connect-zoho says so. */
  zoho?: ZohoConfig;
  /** The Amazon Selling Partner app (AMAZON_SP_APP_ID, AMAZON_LWA_CLIENT_ID, _SECRET); none: not configured. */
  amazon?: AmazonConfig;
  /**
   * MARKETING_ADMIN_HOST: the address (host, or host:port; a comma list for several) whose pages
   * run the marketing-only app (spec 3); the web app reads it from GET /api/app_config. Unset: admin only.
   */
  marketingAdminHost?: string;
  /** SENTRY_DSN: a Sentry-compatible service that receives unexpected errors; unset: the server log only. */
  sentryDsn?: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    filesDir: path.resolve(env.FILES_DIR ?? path.join(env.DATA_DIR ?? path.join(root, 'data'), 'files')),
    s3: readS3Config(env),
    seedDemo: env.DEMO !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'B2B Back Office <no-reply@b2b.local>',
    jwtSecret: readJwtSecret(env),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(root, 'packages/web/dist')),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    runJobs: env.RUN_JOBS !== '0',
    irp: readIrpConfig(env),
    ewb: readEwbConfig(env),
    paymentGateway: readPaymentGatewayConfig(env),
    shipmentCarrier: readCarrierConfig(env),
    tally: readTallyConfig(env),
    adPlatforms: readAdPlatformsConfig(env),
    zoho: readZohoConfig(env),
    amazon: readAmazonConfig(env),
    marketingAdminHost: env.MARKETING_ADMIN_HOST?.trim() || undefined,
    sentryDsn: env.SENTRY_DSN?.trim() || undefined,
  };
}

function readTrustProxy(value: string | undefined): boolean | string | undefined {
  const text = value?.trim();
  if (!text || text === '0' || text === 'false') return undefined;
  if (text === '1' || text === 'true') return true;
  return text;
}

export const JWT_SECRET_MIN_LENGTH = 32;

/**
 * Without JWT_SECRET the signing key is generated once and kept in the database (server_secrets):
 * fine for a trial, but then anyone who can read the database or a backup of it can mint access
 * tokens for any user and recompute the keyed hashes of one-time codes. Production must bring its
 * own secret, kept outside the database.
 */
export function readJwtSecret(env: NodeJS.ProcessEnv): string | undefined {
  const secret = env.JWT_SECRET || undefined;
  if (env.NODE_ENV !== 'production') return secret;
  if (!secret)
    throw new Error(
      'JWT_SECRET is not set. In production (NODE_ENV=production) set JWT_SECRET to a random value of at least 32 characters, e.g. `openssl rand -base64 48`; without it the signing key would be kept in the database.',
    );
  if (secret.length < JWT_SECRET_MIN_LENGTH)
    throw new Error(`JWT_SECRET is too short: use at least ${JWT_SECRET_MIN_LENGTH} random characters.`);
  return secret;
}

/**
 * A half-configured bucket fails the start rather than falling back to local disk: on several app
 * servers, files written to one server's disk would be missing on the others.
 */
function readS3Config(env: NodeJS.ProcessEnv): S3StorageOptions | undefined {
  const endpoint = env.S3_ENDPOINT || undefined;
  const needed = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (!endpoint) {
    const stray = needed.filter((name) => env[name]);
    if (stray.length)
      throw new Error(`${stray.join(', ')} set without S3_ENDPOINT: set S3_ENDPOINT to store files in S3.`);
    return undefined;
  }
  const missing = needed.filter((name) => !env[name]);
  if (missing.length)
    throw new Error(`S3_ENDPOINT is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not.`);
  if (!/^https?:\/\/[^/]/.test(endpoint) || !URL.canParse(endpoint))
    throw new Error(`S3_ENDPOINT must be an http(s) URL, got ${endpoint}.`);
  return {
    endpoint,
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
  };
}
