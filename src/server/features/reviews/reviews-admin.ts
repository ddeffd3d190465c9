/**
 * Adds `app.reviewsAdmin`: the owner moderating reviews (docs/api.md, The owner's API; decision 073). A hidden or
 * deleted review leaves `GET /api/reviews`, the home page's carousel (which reads it) and the /reviews page (kept per
 * version of the shown reviews) at once. Every change is one unit of work with its audit record; a deleted review's
 * photo is deleted once the row is gone for good.
 */
import fp from 'fastify-plugin';
import type { AdminReview } from '#shared/schemas/admin';
import { HttpError } from '../../errors.ts';
import type { Actor, Audit } from '../admin/index.ts';
import type { UnitOfWork } from '../mail/index.ts';
import type { ReviewPhotos } from './photos.ts';
import { type ReviewRecord, type ReviewRepository, toWireReview } from './review-repository.ts';

export const reviewsAdminMessages = { notFound: 'Review not found.' };

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

export interface ReviewsAdminService {
  /** Every review, or only the hidden or the shown, newest first, a page at a time. */
  list(query: Parameters<ReviewRepository['listForAdmin']>[0]): Promise<{ items: AdminReview[]; total: number }>;
  /** 404 when there is no such review. */
  setHidden(id: string, hidden: boolean, actor: Actor): Promise<AdminReview>;
  /** 404 when there is no such review. */
  remove(id: string, actor: Actor): Promise<void>;
}

export function createReviewsAdminService(deps: {
  unitOfWork: UnitOfWork;
  reviews: ReviewRepository;
  photos: Pick<ReviewPhotos, 'discard'>;
  audit: Pick<Audit, 'record'>;
  /** After a shown product review changed: the catalog reloads the ratings it carries (`app.catalog.changed`). */
  ratingsChanged: () => Promise<void>;
}): ReviewsAdminService {
  return {
    async list(query) {
      const { reviews, total } = await deps.reviews.listForAdmin(query);
      return {
        items: reviews.map((review) => ({
          ...toAdminReview(review),
          ...(review.productName ? { productName: review.productName } : {}),
        })),
        total,
      };
    },

    async setHidden(id, hidden, actor) {
      const changed = await deps.unitOfWork(async (tx) => {
        const result = await deps.reviews.setHidden(id, hidden, tx);
        if (!result) throw new HttpError(404, reviewsAdminMessages.notFound);
        await deps.audit.record(tx, {
          actor,
          action: hidden ? 'review.hidden' : 'review.shown',
          target: `review:${result.after.id}`,
          before: auditedReview(result.before),
          after: auditedReview(result.after),
        });
        return result;
      });
      const { before, after } = changed;
      if (after.productId !== null && (before.hiddenAt === null) !== (after.hiddenAt === null)) {
        await deps.ratingsChanged();
      }
      return toAdminReview(after);
    },

    async remove(id, actor) {
      const removed = await deps.unitOfWork(async (tx) => {
        const review = await deps.reviews.remove(id, tx);
        if (!review) throw new HttpError(404, reviewsAdminMessages.notFound);
        await deps.audit.record(tx, {
          actor,
          action: 'review.deleted',
          target: `review:${review.id}`,
          before: auditedReview(review),
          after: null,
        });
        return review;
      });
      if (removed.productId !== null && removed.hiddenAt === null) await deps.ratingsChanged();
      // Only once the row is gone for good: a rolled-back delete keeps its photo.
      if (removed.image) await deps.photos.discard(removed.image);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    reviewsAdmin: ReviewsAdminService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'reviewsAdmin',
      createReviewsAdminService({
        unitOfWork: app.unitOfWork,
        reviews: app.reviewRepository,
        photos: app.reviewPhotos,
        audit: app.audit,
        ratingsChanged: () => app.catalog.changed(),
      }),
    );
  },
  { name: 'reviews-admin', dependencies: ['unit-of-work', 'review-repository', 'review-photos', 'audit', 'catalog'] },
);
