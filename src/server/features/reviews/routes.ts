/**
 * Customer reviews (docs/api.md, Money and ids, Errors and Limits): `GET /api/reviews` pages them newest first (`limit`,
 * `offset`) with their count and average; `POST /api/reviews` takes one as JSON, or as a form (multipart) with an
 * optional photo in the `image` part, and answers 201 with the review and whether it waits for the owner's approval. Anonymous reviews are allowed; one from a logged-in customer with an order carries `verified: true`.
 * Limited per client address (and per customer when logged in). Decision 041.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import {
  PostedReviewSchema,
  REVIEW_PHOTO_FIELD,
  ReviewBodySchema,
  ReviewPageSchema,
  ReviewsQuerySchema,
} from '#shared/schemas/review';
import { acceptReviewForms, photoOf, readReviewForm } from './form.ts';
import { reviewTexts } from './messages.ts';

const WINDOW_MS = 15 * 60_000;

/** Reviews per 15 minutes before RATE_LIMIT_FACTOR: from one client address, and from one customer's account. */
export const reviewLimits = { perAddress: 5, perAccount: 5 };

const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptReviewForms(app);

  // Public: the same pages for everyone (decision 046), a page at a time (decision 106).
  app.get(
    '/',
    {
      config: { cache: 'public' },
      schema: { querystring: ReviewsQuerySchema, response: { 200: ReviewPageSchema, '4xx': ApiErrorSchema } },
    },
    (request) => app.reviews.list(request.query),
  );

  app.post(
    '/',
    {
      schema: {
        description: `JSON, or a multipart form with the same fields and an optional photo in its \`${REVIEW_PHOTO_FIELD}\` part.`,
        consumes: ['application/json', 'multipart/form-data'],
        body: ReviewBodySchema,
        response: { 201: PostedReviewSchema, '4xx': ApiErrorSchema },
      },
      // A customer's review may earn the badge; without a token it is anonymous.
      onRequest: app.identifyCustomer,
      preValidation: readReviewForm,
      // After validation: a bad body is refused (400) before it is counted.
      preHandler: app.attemptLimit({
        name: 'reviews',
        message: reviewTexts.tooMany,
        perAddress: { max: reviewLimits.perAddress, windowMs: WINDOW_MS },
        perAccount: { max: reviewLimits.perAccount, windowMs: WINDOW_MS, key: (request) => request.customer?.id },
      }),
    },
    async (request, reply) => {
      const stored = await app.reviews.post({
        body: request.body,
        photo: photoOf(request),
        customer: request.customer,
        log: request.log,
      });
      return reply.code(201).send(stored);
    },
  );
};

export default reviewsRoutes;
