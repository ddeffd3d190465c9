/**
 * Everything under /api/admin/ (docs/api.md, The owner's API): one guard for the whole scope, so no owner's route can be registered
 * without it. No token or a bad one answers 401, a customer's 403, each with a message; the answers are private
 * and never stored (the app's cache rule, plugins/app/cache-rules.ts). Each domain brings its own admin routes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminSummarySchema, AuditListSchema, AuditQuerySchema } from '#shared/schemas/admin';
import { ApiErrorSchema } from '#shared/schemas/error';
import { batchRoutes, catalogAdminRoutes } from '../catalog/index.ts';
import { ordersAdminRoutes, reportRoutes } from '../orders/index.ts';
import { contactAdminRoutes } from '../contact/index.ts';
import { reviewsAdminRoutes } from '../reviews/index.ts';
import { staffAdminRoutes } from '../accounts/index.ts';

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(catalogAdminRoutes);
  await app.register(batchRoutes);
  await app.register(ordersAdminRoutes);
  await app.register(reportRoutes);
  await app.register(reviewsAdminRoutes);
  await app.register(contactAdminRoutes);
  await app.register(staffAdminRoutes);

  app.get('/summary', { schema: { response: { 200: AdminSummarySchema, '4xx': ApiErrorSchema } } }, () =>
    app.adminSummary.summary(),
  );

  app.get(
    '/audit',
    { schema: { querystring: AuditQuerySchema, response: { 200: AuditListSchema, '4xx': ApiErrorSchema } } },
    (request) => app.audit.list(request.query),
  );
};

export default adminRoutes;
