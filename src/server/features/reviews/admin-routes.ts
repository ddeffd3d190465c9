/**
 * The owner moderating reviews (contract §7), registered by the admin scope (features/admin), which admits only
 * admins. A hidden or deleted review leaves `GET /api/reviews`, the home page's carousel (which reads it) and the
 * /reviews page (kept per version of the shown reviews) at once; a deleted review's photo is deleted after the row.
 * Every change is audited in its own transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AdminReview,
  AdminReviewListSchema,
  AdminReviewSchema,
  AdminReviewsQuerySchema,
  HideReviewBodySchema,
  ReviewIdParamsSchema,
} from '#shared/schemas/admin';
import { ApiErrorSchema } from '#shared/schemas/error';
import { HttpError } from '../../errors.ts';
import { type ReviewRecord, toWireReview } from './review-repository.ts';

const notFound = 'Review not found.';

const toAdminReview = (review: ReviewRecord): AdminReview => ({
  ...toWireReview(review),
  hidden: review.hiddenAt !== null,
});

/** What the audit keeps of a review: enough to know which it was and what it said. */
const auditedReview = (review: ReviewRecord) => ({
  name: review.name,
  rating: review.rating,
  message: review.message,
  image: review.image,
  hidden: review.hiddenAt !== null,
});

const reviewsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };

  app.get(
    '/reviews',
    { schema: { querystring: AdminReviewsQuerySchema, response: { 200: AdminReviewListSchema, ...errors } } },
    async (request) => {
      const { hidden, limit, offset } = request.query;
      const { reviews, total } = await app.reviewRepository.listForAdmin({
        hidden: hidden === undefined ? undefined : hidden === 'true',
        limit,
        offset,
      });
      return { items: reviews.map(toAdminReview), total };
    },
  );

  app.patch(
    '/reviews/:id',
    {
      schema: {
        params: ReviewIdParamsSchema,
        body: HideReviewBodySchema,
        response: { 200: AdminReviewSchema, ...errors },
      },
    },
    async (request) => {
      const admin = request.customer!;
      const { hidden } = request.body;
      const changed = await app.db.transaction(async (tx) => {
        const result = await app.reviewRepository.setHidden(request.params.id, hidden, tx);
        if (!result) throw new HttpError(404, notFound);
        await app.audit.record(tx, {
          actor: { id: admin.id, email: admin.email },
          action: hidden ? 'review.hidden' : 'review.shown',
          target: `review:${result.after.id}`,
          before: auditedReview(result.before),
          after: auditedReview(result.after),
        });
        return result.after;
      });
      return toAdminReview(changed);
    },
  );

  app.delete(
    '/reviews/:id',
    { schema: { params: ReviewIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const admin = request.customer!;
      const removed = await app.db.transaction(async (tx) => {
        const review = await app.reviewRepository.remove(request.params.id, tx);
        if (!review) throw new HttpError(404, notFound);
        await app.audit.record(tx, {
          actor: { id: admin.id, email: admin.email },
          action: 'review.deleted',
          target: `review:${review.id}`,
          before: auditedReview(review),
          after: null,
        });
        return review;
      });
      // Only once the row is gone for good: a rolled-back delete keeps its photo.
      if (removed.image) await app.reviewPhotos.discard(removed.image);
      return reply.code(204).send(null);
    },
  );
};

export default reviewsAdminRoutes;
