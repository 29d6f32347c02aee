import type { ServerConfig } from './config.ts';
import type { AdPlatformClients } from './core/ports/ad-platforms.ts';
import type { AmazonSellerClient } from './core/ports/amazon-seller.ts';
import type { ShipmentCarrier } from './core/ports/carrier.ts';
import type { ErrorReporter } from './core/ports/error-reporter.ts';
import type { EwbClient } from './core/ports/eway-bill.ts';
import type { FileStorage } from './core/ports/file-storage.ts';
import type { IrpClient } from './core/ports/irp.ts';
import type { Mailer } from './core/ports/mailer.ts';
import type { PaymentGateway } from './core/ports/payment-gateway.ts';
import type { RazorpayClient } from './core/ports/razorpay.ts';
import type { TallyClient } from './core/ports/tally.ts';
import type { Database } from './db/database.ts';
import type { JobRunner } from './jobs/job-runner.ts';

/** What routes and services reach through `app.ctx`: built once at start, no container. */
export interface AppContext {
  db: Database;
  dbKind: 'pglite' | 'postgres';
  config: ServerConfig;
  secrets: { jwt: string };
  mailer: Mailer;
  jobs: JobRunner;
  storage: FileStorage;
  /** The e-invoice portal's client; undefined when e-invoicing is not configured. */
  irp: IrpClient | undefined;
  /** The e-way bill portal's client (EWB_URL); e-way bills say 'not configured' without one. */
  ewb?: EwbClient;
  /** A courier integration (SHIPMENT_CARRIER_URL); shipments are tracked by hand without one. */
  shipmentCarrier?: ShipmentCarrier;
  /** An online payment gateway (PAYMENT_GATEWAY_URL) for rechecking payments; without one they are recorded by hand. */
  paymentGateway?: PaymentGateway;
  /** Razorpay's API (RAZORPAY_API_URL, default api.razorpay.com) for the companies' own accounts. */
  razorpay?: RazorpayClient;
  /** A running Tally's HTTP XML server (TALLY_URL) to post vouchers to; without one the export is a file. */
  tally?: TallyClient;
  /** Google Ads and Meta reporting clients (their OAuth clients configured); absent ones: CSV import only. */
  adPlatforms?: AdPlatformClients;
  /** Amazon's Selling Partner API (AMAZON_SP_APP_ID, AMAZON_LWA_*); absent: Amazon Seller says it is not configured. */
  amazon?: AmazonSellerClient;
  /** Where unexpected errors are reported besides the log (SENTRY_DSN); absent: the log only. */
  errorReporter?: ErrorReporter;
}
