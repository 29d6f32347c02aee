import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { AppError } from './core/errors.ts';
import type { Api } from './http/api-types.ts';
import { guardBranches } from './http/branch-guard.ts';
import { registerEdgeInput } from './http/edge-input.ts';
import { errorHandler, sendError } from './http/errors.ts';
import { guardRequest } from './http/guard.ts';
import { keepInCache, retireAfterWrite, serveFromCache } from './http/read-cache.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { amazonRoutes } from './modules/amazon/amazon.routes.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import type { AuthLimits } from './modules/auth/auth-context.ts';
import { bankAccountsRoutes } from './modules/bank-accounts/bank-accounts.routes.ts';
import { bidsRoutes } from './modules/bids/bids.routes.ts';
import { billsRoutes } from './modules/bills/bills.routes.ts';
import { branchesRoutes } from './modules/branches/branches.routes.ts';
import { brandsRoutes } from './modules/brands/brands.routes.ts';
import { bulkInventoryRoutes } from './modules/bulk-inventory/bulk-inventory.routes.ts';
import { businessIntelligenceRoutes } from './modules/business-intelligence/business-intelligence.routes.ts';
import { buyerGroupsRoutes } from './modules/buyer-groups/buyer-groups.routes.ts';
import { buyerLedgerRoutes } from './modules/buyer-ledger/buyer-ledger.routes.ts';
import { buyersRoutes } from './modules/buyers/buyers.routes.ts';
import { campaignWebhooksRoutes } from './modules/campaign-webhooks/campaign-webhooks.routes.ts';
import { cashpointsRoutes } from './modules/cashpoints/cashpoints.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { contraAdjustmentsRoutes } from './modules/contra-adjustments/contra-adjustments.routes.ts';
import { courierAccountsRoutes } from './modules/courier-accounts/courier-accounts.routes.ts';
import { creditNotesRoutes } from './modules/credit-notes/credit-notes.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { debitNotesRoutes } from './modules/debit-notes/debit-notes.routes.ts';
import { deliveryChallansRoutes } from './modules/delivery-challans/delivery-challans.routes.ts';
import { eWayBillsRoutes } from './modules/e-way-bills/e-way-bills.routes.ts';
import { emailEventsRoutes } from './modules/email-events/email-events.routes.ts';
import { groupedProductsRoutes } from './modules/grouped-products/grouped-products.routes.ts';
import { gstr1Routes } from './modules/gst-returns/gstr1.routes.ts';
import { gstr3bRoutes } from './modules/gst-returns/gstr3b.routes.ts';
import { bulkJobsRoutes } from './modules/imports/bulk-jobs.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { instoreOrdersRoutes } from './modules/instore-orders/instore-orders.routes.ts';
import { inventoryAdjustmentsRoutes } from './modules/inventory-adjustments/inventory-adjustments.routes.ts';
import { inventoryTransfersRoutes } from './modules/inventory-transfers/inventory-transfers.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { logsAndErrorsRoutes } from './modules/logs-and-errors/logs-and-errors.routes.ts';
import { marketingRoutes } from './modules/marketing/marketing.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { paymentMethodsRoutes } from './modules/payment-methods/payment-methods.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { refundsRoutes } from './modules/payments/refunds.routes.ts';
import { paymentsMadeRoutes } from './modules/payments-made/payments-made.routes.ts';
import { productCollectionsRoutes } from './modules/product-collections/product-collections.routes.ts';
import { productGroupsRoutes } from './modules/product-groups/product-groups.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { purchaseOrdersRoutes } from './modules/purchase-orders/purchase-orders.routes.ts';
import { purchaseReturnsRoutes } from './modules/purchase-returns/purchase-returns.routes.ts';
import { pushSubscriptionsRoutes } from './modules/push-subscriptions/push-subscriptions.routes.ts';
import { quotationsRoutes } from './modules/quotations/quotations.routes.ts';
import { razorpayRoutes } from './modules/razorpay/razorpay.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { salesChannelsRoutes } from './modules/sales-channels/sales-channels.routes.ts';
import { salesOrdersRoutes } from './modules/sales-orders/sales-orders.routes.ts';
import { salesReturnsRoutes } from './modules/sales-returns/sales-returns.routes.ts';
import { sellerLedgerRoutes } from './modules/seller-ledger/seller-ledger.routes.ts';
import { sellersRoutes } from './modules/sellers/sellers.routes.ts';
import { serialNumbersRoutes } from './modules/serial-numbers/serial-numbers.routes.ts';
import { setupGuideRoutes } from './modules/setup-guide/setup-guide.routes.ts';
import { shipmentsRoutes } from './modules/shipments/shipments.routes.ts';
import { shippingChargesRoutes } from './modules/shipping-charges/shipping-charges.routes.ts';
import { shortLinkRedirects } from './modules/short-links/short-link-redirect-routes.ts';
import { storefrontRoutes } from './modules/storefront/storefront.routes.ts';
import { storesRoutes } from './modules/stores/stores.routes.ts';
import { tallyRoutes } from './modules/tally/tally.routes.ts';
import { taxesRoutes } from './modules/taxes/taxes.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { variantGroupsRoutes } from './modules/variant-groups/variant-groups.routes.ts';
import { warehousesRoutes } from './modules/warehouses/warehouses.routes.ts';
import { zohoRoutes } from './modules/zoho/zoho.routes.ts';
import { filesRoutes } from './storage/files.routes.ts';

/** Every API route, for the tenant-isolation test and the docs. */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  authLimits?: AuthLimits;
  /** Trust X-Forwarded-For (behind a reverse proxy, and in tests that act as many clients). */
  trustProxy?: boolean | string;
}

/** The API's modules, in one list: adding an area means adding its routes here. */
const MODULES = [
  authRoutes,
  companiesRoutes,
  usersRoutes,
  rolesRoutes,
  branchesRoutes,
  bankAccountsRoutes,
  addressesRoutes,
  referenceRoutes,
  taxesRoutes,
  paymentMethodsRoutes,
  salesChannelsRoutes,
  storesRoutes,
  shippingChargesRoutes,
  courierAccountsRoutes,
  amazonRoutes,
  categoriesRoutes,
  brandsRoutes,
  productsRoutes,
  groupedProductsRoutes,
  productCollectionsRoutes,
  productGroupsRoutes,
  variantGroupsRoutes,
  filesRoutes,
  warehousesRoutes,
  buyersRoutes,
  leadsRoutes,
  buyerLedgerRoutes,
  sellersRoutes,
  accountsRoutes,
  cashpointsRoutes,
  buyerGroupsRoutes,
  bidsRoutes,
  inventoryAdjustmentsRoutes,
  inventoryTransfersRoutes,
  eWayBillsRoutes,
  serialNumbersRoutes,
  bulkInventoryRoutes,
  notificationsRoutes,
  quotationsRoutes,
  salesOrdersRoutes,
  invoicesRoutes,
  paymentsRoutes,
  refundsRoutes,
  shipmentsRoutes,
  salesReturnsRoutes,
  creditNotesRoutes,
  deliveryChallansRoutes,
  billsRoutes,
  paymentsMadeRoutes,
  purchaseReturnsRoutes,
  debitNotesRoutes,
  sellerLedgerRoutes,
  contraAdjustmentsRoutes,
  purchaseOrdersRoutes,
  reportsRoutes,
  gstr1Routes,
  gstr3bRoutes,
  dashboardRoutes,
  businessIntelligenceRoutes,
  instoreOrdersRoutes,
  offersRoutes,
  tallyRoutes,
  zohoRoutes,
  referralsRoutes,
  setupGuideRoutes,
  storefrontRoutes,
  pushSubscriptionsRoutes,
  bulkJobsRoutes,
  importsRoutes,
  marketingRoutes,
  templatesRoutes,
  campaignWebhooksRoutes,
  razorpayRoutes,
  emailEventsRoutes,
  appConfigRoutes,
  logsAndErrorsRoutes,
];

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<Api> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    bodyLimit: 2 * 1024 * 1024,
    // Registering every module's routes (zod schemas to JSON schema) is one plugin: on a loaded
    // machine it takes longer than avvio's default 10 s, and start-up failed with 'did not start in time'.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.setErrorHandler(errorHandler);
  // NUL bytes, lone surrogates and boundary-less multipart: refused here once, for every route.
  registerEdgeInput(app);
  // CSP, frame-ancestors, nosniff, Referrer-Policy on every answer; no-store on API answers.
  await registerSecurityHeaders(app);
  // Short links' public redirect (/s/{path}, and companies' custom domains): no sign-in, outside /api.
  await shortLinkRedirects(app);
  // The spec's action calls (activate, deactivate, confirm...) have an empty body; many clients still
  // label it application/json, which Fastify would refuse. An empty body is no body.
  app.addHook('onRequest', async (request) => {
    if (request.headers['content-length'] === '0') delete request.headers['content-type'];
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeTable.push({ method, url: route.url, public: Boolean(route.config?.public) });
    }
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'B2B Back Office API',
        version: '1.0.0',
        description: 'Admin API for Indian B2B sellers. Amounts in rupees.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
      servers: [{ url: '/api' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });

  await app.register(
    async (api) => {
      api.addHook('onRequest', guardRequest);
      api.addHook('preHandler', guardBranches);
      api.addHook('preHandler', serveFromCache);
      api.addHook('onSend', keepInCache);
      api.addHook('onResponse', retireAfterWrite);
      const typed = api.withTypeProvider<ZodTypeProvider>() as unknown as Api;
      for (const module of MODULES) await module(typed, { limits: options.authLimits });
      typed.get('/docs/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      api.setNotFoundHandler((request, reply) =>
        sendError(
          reply,
          new AppError('route_not_found', `No API route ${request.method} ${request.url.split('?')[0]}.`),
        ),
      );
    },
    { prefix: '/api' },
  );

  registerWebApp(app as unknown as Api, ctx.config.webDistDir);
  return app as unknown as Api;
}

/** Serves the built single-page app; unknown non-API paths get index.html so the client router decides. */
function registerWebApp(app: Api, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.setNotFoundHandler((_request, reply) =>
      reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).'),
    );
    return;
  }
  app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Hashed assets never change; index.html must always be re-read.
      res.header(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  const html = fs.readFileSync(indexFile);
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(reply, new AppError('route_not_found', `No route ${request.method} ${request.url}.`));
    }
    return reply.type('text/html').header('Cache-Control', 'no-cache').send(html);
  });
}
