/**
 * Everything under /api/admin/ (contract §7): one guard for the whole scope, so no owner's route can be registered
 * without it. No token or a bad one answers 401, a customer's 403, each with a message; the answers are private
 * and never stored (the app's cache rule, plugins/app/cache-rules.ts). Each domain brings its own admin routes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { penceToPounds } from '#shared/money';
import { AdminSummarySchema, AuditListSchema, AuditQuerySchema } from '#shared/schemas/admin';
import { ApiErrorSchema } from '#shared/schemas/error';
import type { Config } from '../../config.ts';
import { catalogAdminRoutes } from '../catalog/index.ts';
import { ordersAdminRoutes } from '../orders/index.ts';
import { contactAdminRoutes } from '../contact/index.ts';
import { reviewsAdminRoutes } from '../reviews/index.ts';

export interface AdminRoutesOptions {
  config: Pick<Config, 'shopEmail'>;
}

const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { config }) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(catalogAdminRoutes);
  await app.register(ordersAdminRoutes);
  await app.register(reviewsAdminRoutes);
  await app.register(contactAdminRoutes, { config });

  app.get('/summary', { schema: { response: { 200: AdminSummarySchema, '4xx': ApiErrorSchema } } }, async () => {
    const [figures, newMessages] = await Promise.all([
      app.reportRepository.dashboardFigures(),
      app.contactRepository.countNew(),
    ]);
    return {
      ordersToDispatch: figures.toDispatch,
      takingsToday: penceToPounds(figures.todayPence),
      takingsThisMonth: penceToPounds(figures.thisMonthPence),
      newMessages,
    };
  });

  app.get(
    '/audit',
    { schema: { querystring: AuditQuerySchema, response: { 200: AuditListSchema, '4xx': ApiErrorSchema } } },
    (request) => app.audit.list(request.query),
  );
};

export default adminRoutes;
