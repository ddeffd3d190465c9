/**
 * Adds `app.reviewRepository`: customer reviews in `reviews`, listed newest first. `toWireReview` makes the API's
 * shape (contract §2) from a stored review.
 */
import { desc } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Review } from '#shared/schemas/review';
import type { Database } from '../../db/database.ts';
import { reviews } from '../../db/schema.ts';

export interface ReviewRecord {
  id: string;
  name: string;
  location: string;
  rating: number;
  message: string;
  /** The photo's URL path, or null. */
  image: string | null;
  userId: string | null;
  verified: boolean;
  createdAt: Date;
}

/** A review as posted: the database gives it its id and time. */
export type NewReview = Omit<ReviewRecord, 'id' | 'createdAt'>;

export interface ReviewRepository {
  create(review: NewReview, executor?: Database): Promise<ReviewRecord>;
  /** Every review, newest first. */
  listNewestFirst(): Promise<ReviewRecord[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reviewRepository: ReviewRepository;
  }
}

export function toWireReview(record: ReviewRecord): Review {
  return {
    _id: record.id,
    name: record.name,
    location: record.location,
    rating: record.rating,
    message: record.message,
    ...(record.image ? { image: record.image } : {}),
    createdAt: record.createdAt.toISOString(),
    verified: record.verified,
  };
}

export function createReviewRepository(db: Database): ReviewRepository {
  return {
    async create(review, executor = db) {
      const [row] = await executor.insert(reviews).values(review).returning();
      if (!row) throw new Error('Inserting a review returned no row');
      return row;
    },
    listNewestFirst: () => db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id)),
  };
}

export default fp(
  async (app) => {
    app.decorate('reviewRepository', createReviewRepository(app.db));
  },
  { name: 'review-repository', dependencies: ['database'] },
);
