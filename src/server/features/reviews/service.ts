/**
 * Adds `app.reviews`: the reviews the shop shows, and posting one: its product checked, its photo checked and
 * re-encoded, the 'Verified customer' badge for a logged-in customer with an order, then the row. A refused photo or
 * product is an `HttpError`; a photo whose review was not stored is removed. A review of a product changes the
 * product's rating, which the catalog carries: the catalog is told once the review is stored (decision 108).
 */
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import {
  type PostedReview,
  type ReviewBody,
  type ReviewPage,
  type ReviewSettings,
  type ReviewsQuery,
  reviewMessages,
} from '#shared/schemas/review';
import { HttpError } from '../../errors.ts';
import type { Customer } from '../accounts/index.ts';
import type { ReviewPhotos } from './photos.ts';
import { type ReviewRepository, toWireReview } from './review-repository.ts';

export interface NewReviewInput {
  body: ReviewBody;
  photo: Buffer | undefined;
  /** The logged-in author, or null for an anonymous review. */
  customer: Customer | null;
  log: FastifyBaseLogger;
}

export interface ReviewService {
  /** A page of the reviews the shop shows, newest first, in the API's shape, with the count and average of them all. */
  list(page: ReviewsQuery): Promise<ReviewPage>;
  post(input: NewReviewInput): Promise<PostedReview>;
}

export function createReviewService(deps: {
  reviews: ReviewRepository;
  photos: ReviewPhotos;
  /** The checkout domain's answer to "has this customer ordered?" (`app.orderRepository.hasOrders`). */
  hasOrders: (customer: Customer) => Promise<boolean>;
  /** The owner's settings: whether a new review waits for approval. */
  settings: () => Promise<ReviewSettings>;
  /** Whether the shop sells this product now (the catalog's repository: not one the owner hid). */
  productOnSale: (productId: string) => Promise<boolean>;
  /** After a shown product review changed: the catalog reloads the ratings it carries (`app.catalog.changed`). */
  ratingsChanged: () => Promise<void>;
}): ReviewService {
  /** The stored photo's URL path, or null without one. */
  async function savePhoto(photo: Buffer | undefined, log: FastifyBaseLogger): Promise<string | null> {
    if (!photo) return null;
    const saved = await deps.photos.save(photo);
    if (saved.status === 'unsupported') {
      log.info({ bytes: photo.length }, 'refused review photo');
      throw new HttpError(415, reviewMessages.photoType);
    }
    if (saved.status === 'too-many-pixels') {
      // 413, the API's "too large" (docs/api.md, Errors): the picture is, even when its file is small.
      log.info({ width: saved.width, height: saved.height }, 'refused review photo: too many pixels');
      throw new HttpError(413, reviewMessages.photoTooManyPixels);
    }
    if (saved.status === 'not-stored') {
      // The owner must hear of this: every photo is refused until the disk has room (decision 084).
      log.error({ err: saved.error }, 'review photo not stored: the uploads folder is full or read-only');
      throw new HttpError(413, reviewMessages.photoNotStored);
    }
    return saved.url;
  }

  return {
    async list(page) {
      const { reviews, total, average } = await deps.reviews.listShown(page);
      return { items: reviews.map(toWireReview), total, average };
    },

    async post({ body, photo, customer, log }) {
      if (body.productId !== undefined && !(await deps.productOnSale(body.productId))) {
        throw new HttpError(400, reviewMessages.productUnknown, { field: 'productId' });
      }
      const image = await savePhoto(photo, log);
      try {
        const [verified, { approvalRequired }] = await Promise.all([
          customer ? deps.hasOrders(customer) : false,
          deps.settings(),
        ]);
        const stored = await deps.reviews.create({
          ...body,
          productId: body.productId ?? null,
          image,
          userId: customer?.id ?? null,
          verified,
          awaitingApproval: approvalRequired,
        });
        log.info(
          { reviewId: stored.id, productId: stored.productId, verified, photo: image !== null, approvalRequired },
          'review posted',
        );
        if (stored.productId !== null && stored.hiddenAt === null) await deps.ratingsChanged();
        return { ...toWireReview(stored), awaitingApproval: stored.hiddenAt !== null };
      } catch (error) {
        // A photo without its review would never be shown or cleaned up.
        if (image) await deps.photos.discard(image).catch(() => {});
        throw error;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'reviews',
      createReviewService({
        reviews: app.reviewRepository,
        photos: app.reviewPhotos,
        hasOrders: (customer) => app.orderRepository.hasOrders(customer),
        settings: () => app.reviewSettings.read(),
        productOnSale: async (productId) => (await app.productRepository.findByIds([productId])).length > 0,
        ratingsChanged: () => app.catalog.changed(),
      }),
    );
  },
  {
    name: 'reviews',
    dependencies: ['review-repository', 'review-photos', 'order-repositories', 'review-settings', 'catalog'],
  },
);
