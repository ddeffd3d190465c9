/** buildApp(config): the whole server as one Fastify instance, built the same way for production and tests. */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import Fastify, { LogController, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { adminApiPaths } from '#shared/admin-api-paths';
import { apiPaths } from '#shared/api-paths';
import { REVIEWS_PAGE_DEFAULT_LIMIT } from '#shared/schemas/review';
import type { Config } from './config.ts';
import { productImagesDir } from './db/seed/index.ts';
import { handleError, registerNotFoundHandler } from './errors.ts';
import {
  accountRepositoriesPlugin,
  accountsPlugin,
  addressBookPlugin,
  addressRoutes,
  authPlugin,
  authRoutes,
  staffInviteRoutes,
  staffRepositoryPlugin,
  totpRoutes,
} from './features/accounts/index.ts';
import { cartPlugin, cartRepositoryPlugin, cartRoutes } from './features/cart/index.ts';
import {
  ordersPlugin,
  newOrderAlertsPlugin,
  quoteRoutes,
  refundSweepPlugin,
  stockSweepPlugin,
  orderRepositoriesPlugin,
  ordersRoutes,
  paymentsPlugin,
  payPageRoutes,
} from './features/orders/index.ts';
import {
  ADMIN_ACCOUNT_NAME,
  adminRoutes,
  adminSummaryPlugin,
  auditPlugin,
  ensureAdminAccount,
} from './features/admin/index.ts';
import {
  batchesPlugin,
  catalogAdminPlugin,
  catalogPlugin,
  lowStockAlertsPlugin,
  productImagesPlugin,
  productRepositoryPlugin,
  productsRoutes,
} from './features/catalog/index.ts';
import { contactAdminPlugin, contactPlugin, contactRepositoryPlugin, contactRoutes } from './features/contact/index.ts';
import {
  deliveryAdminRoutes,
  deliveryRoutes,
  deliverySettingsPlugin,
  toWireDelivery,
} from './features/delivery/index.ts';
import { housekeepingPlugin } from './features/housekeeping/index.ts';
import { mailerPlugin, unitOfWorkPlugin } from './features/mail/index.ts';
import { promotionAdminPlugin, promotionRepositoryPlugin, promotionsAdminRoutes } from './features/promotions/index.ts';
import {
  reviewPhotosPlugin,
  reviewRepositoryPlugin,
  reviewSettingsPlugin,
  reviewsAdminPlugin,
  reviewsPlugin,
  reviewsRoutes,
} from './features/reviews/index.ts';
import { createHttpServerFactory, handleClientError, logDroppedConnections } from './http-server.ts';
import { REDACTED, redactPaths, redactUrl } from './lib/log-redaction.ts';
import { withApiSecurityHeaders } from './lib/security-headers.ts';
import attemptLimitPlugin from './plugins/app/attempt-limit.ts';
import backgroundPlugin from './plugins/app/background.ts';
import cacheRulesPlugin from './plugins/app/cache-rules.ts';
import controlCharactersPlugin from './plugins/app/control-characters.ts';
import databasePlugin from './plugins/app/database.ts';
import requestLogPlugin from './plugins/app/request-log.ts';
import compressPlugin from './plugins/external/compress.ts';
import openApiPlugin from './plugins/external/openapi.ts';
import rateLimitPlugin from './plugins/external/rate-limit.ts';
import securityHeadersPlugin from './plugins/external/security-headers.ts';
import staticPlugin from './plugins/external/static.ts';
import uploadsPlugin from './plugins/external/uploads.ts';
import healthRoutes from './routes/health.ts';
import openApiRoutes from './routes/openapi.ts';
import pagesRoutes from './routes/pages.ts';
import sitemapRoutes from './routes/sitemap.ts';

export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Fastify's `trustProxy` from TRUST_PROXY. NOTE: Fastify 5 takes a bare number as "trust nothing" (it cannot check
 * that the nearest peer is a proxy), so a hop count is given as the function proxy-addr calls for each address from
 * the socket's outwards: the socket (0) and the next hops - 1 addresses are proxies, the one after is the client.
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The logger's settings with the secrets' `redact` paths added; a logger instance or `false` is left as given. */
function withRedaction(logger: NonNullable<FastifyServerOptions['logger']>): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object') return logger;
  return { ...logger, redact: { paths: redactPaths, censor: REDACTED } };
}

export interface BuildAppOptions {
  /** An open PGlite to use instead of opening one from config (tests load migrated snapshots). */
  pglite?: PGlite;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(config: Config, options: BuildAppOptions = {}) {
  const app = Fastify({
    // Credentials are censored in every line, whoever gave the logger's settings (decision 105).
    logger: withRedaction(options.logger ?? { level: config.logLevel }),
    // Fastify's two lines per request are replaced by plugins/app/request-log.ts (decision 015).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A client's X-Request-Id is not trusted: ids we log must be ours.
    requestIdHeader: false,
    // Behind a reverse proxy, the client is read from X-Forwarded-For only as far as TRUST_PROXY says (decision 049).
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Opening the database may legitimately take longer than Fastify's 10 s default: a first start runs PGlite's
    // initdb, and a server may wait its turn while another migrates the same PostgreSQL (decision 016).
    pluginTimeout: 120_000,
    // Errors the router meets before any route runs (a malformed %-escape in the path) are the client's.
    // No hook has run yet, so this answer brings its own security headers.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      request.log.info({ code: error.code, url: redactUrl(request.url) }, 'rejected malformed request');
      return withApiSecurityHeaders(reply).code(400).send({ message: 'Bad request: the address could not be read' });
    },
    // Node's server with our time limits and connection cap, answering what it refuses itself (decision 019).
    serverFactory: createHttpServerFactory(config),
    clientErrorHandler: handleClientError,
  });
  logDroppedConnections(app, config.maxConnections);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  // App-wide: logging, headers, compression, the rules every route follows, the database and the attempt limits.
  await app.register(requestLogPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressPlugin);
  await app.register(controlCharactersPlugin);
  await app.register(cacheRulesPlugin);
  await app.register(databasePlugin, { config, pglite: options.pglite });
  await app.register(backgroundPlugin);
  await app.register(rateLimitPlugin, { config });
  await app.register(attemptLimitPlugin, { config });
  // Before any route: it learns of them as they are registered.
  await app.register(openApiPlugin);

  // The domains' decorators, each after the ones it depends on (fastify-plugin checks the names).
  await app.register(productRepositoryPlugin);
  // Before the catalog, which carries each product's rating from it.
  await app.register(reviewRepositoryPlugin);
  await app.register(catalogPlugin, { databaseUrl: config.databaseUrl });
  await app.register(accountRepositoriesPlugin);
  await app.register(staffRepositoryPlugin);
  await app.register(authPlugin, { config });
  await app.register(mailerPlugin, { config });
  await app.register(unitOfWorkPlugin);
  await app.register(auditPlugin);
  await app.register(cartRepositoryPlugin);
  await app.register(deliverySettingsPlugin);
  await app.register(promotionRepositoryPlugin);
  await app.register(orderRepositoriesPlugin);
  await app.register(paymentsPlugin, { config });
  await app.register(ordersPlugin);
  await app.register(stockSweepPlugin);
  await app.register(refundSweepPlugin);
  await app.register(newOrderAlertsPlugin, { config });
  await app.register(lowStockAlertsPlugin, { config });
  await app.register(contactRepositoryPlugin);
  await app.register(accountsPlugin, { config });
  await app.register(addressBookPlugin);
  await app.register(housekeepingPlugin);
  await app.register(reviewSettingsPlugin);
  await app.register(reviewPhotosPlugin, { config });
  await app.register(productImagesPlugin, { config });
  // The domains' services, made once each from the decorators above.
  await app.register(cartPlugin);
  await app.register(contactPlugin, { config });
  await app.register(reviewsPlugin);
  await app.register(catalogAdminPlugin);
  await app.register(batchesPlugin);
  await app.register(contactAdminPlugin, { config });
  await app.register(reviewsAdminPlugin);
  await app.register(adminSummaryPlugin);
  await app.register(promotionAdminPlugin);

  // Files: the SPA and the illustrations, the uploaded photos.
  await app.register(staticPlugin, {
    webDistDir: config.webDistDir,
    productImagesDir,
    pageSources: {
      publicUrl: config.publicUrl,
      products: () => app.catalog.products(),
      reviews: () => app.reviews.list({ limit: REVIEWS_PAGE_DEFAULT_LIMIT, offset: 0 }),
      productReviews: (productId) => app.reviews.list({ limit: REVIEWS_PAGE_DEFAULT_LIMIT, offset: 0, productId }),
      delivery: async () => toWireDelivery(await app.deliverySettings.read()),
    },
  });
  await app.register(uploadsPlugin, { config });

  // Routes: each domain's under its prefix from #shared/api-paths, then the pages (with the sitemap and robots.txt)
  // and the health check.
  await app.register(productsRoutes, { prefix: apiPaths.products.prefix });
  await app.register(authRoutes, { prefix: apiPaths.auth.prefix });
  await app.register(totpRoutes, { prefix: apiPaths.totp.prefix });
  await app.register(addressRoutes, { prefix: apiPaths.auth.prefix });
  await app.register(staffInviteRoutes, { prefix: apiPaths.staff.prefix });
  await app.register(cartRoutes, { prefix: apiPaths.cart.prefix });
  await app.register(quoteRoutes, { prefix: apiPaths.cart.prefix });
  await app.register(ordersRoutes, { prefix: apiPaths.orders.prefix, config });
  await app.register(contactRoutes, { prefix: apiPaths.contact.prefix });
  await app.register(reviewsRoutes, { prefix: apiPaths.reviews.prefix });
  await app.register(adminRoutes, { prefix: adminApiPaths.prefix });
  await app.register(deliveryRoutes, { prefix: apiPaths.delivery.prefix });
  // The owner's delivery and promotion routes: their own scope under the same prefix, behind the same guard.
  await app.register(
    async (owner) => {
      owner.addHook('onRequest', owner.requireAdmin);
      await owner.register(deliveryAdminRoutes);
      await owner.register(promotionsAdminRoutes);
    },
    { prefix: adminApiPaths.prefix },
  );
  if (config.paymentProvider === 'local') await app.register(payPageRoutes);
  if (app.servesWebApp) {
    await app.register(pagesRoutes);
    await app.register(sitemapRoutes, { publicUrl: config.publicUrl });
  }
  await app.register(healthRoutes);
  await app.register(openApiRoutes);
  registerNotFoundHandler(app);

  if (config.admin) {
    const result = await ensureAdminAccount(app, { ...config.admin, name: ADMIN_ACCOUNT_NAME });
    app.log.info({ email: config.admin.email }, result === 'created' ? 'admin account created' : 'account made admin');
  }

  return app;
}
