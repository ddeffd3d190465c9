/**
 * Everything under /api/admin/ (contract §7): one guard for the whole scope, so no owner's route can be registered
 * without it. No token or a bad one answers 401, a customer's 403, each with a message; the answers are private
 * and never stored (the app's cache rule, plugins/app/cache-rules.ts). Each domain brings its own admin routes.
 */
import type { FastifyPluginAsync } from 'fastify';
import { checkoutAdminRoutes } from '../checkout/index.ts';

const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(checkoutAdminRoutes);
};

export default adminRoutes;
