/**
 * Adds `app.reviewRepository`: customer reviews in `reviews`, listed newest first. `toWireReview` makes the API's
 * shape (docs/api.md, Money and ids) from a stored review.
 */
import { count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
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
  /** When the owner hid it; null while the shop shows it. */
  hiddenAt: Date | null;
}

/** A review as posted: the database gives it its id and time; it is shown unless it waits for approval. */
export type NewReview = Omit<ReviewRecord, 'id' | 'createdAt' | 'hiddenAt'> & { awaitingApproval?: boolean };

/** A page of the shown reviews, with the number and average rating of them all. */
export interface ShownReviewPage {
  reviews: ReviewRecord[];
  total: number;
  /** To one decimal; null when no review is shown. */
  average: number | null;
}

export interface ReviewRepository {
  create(review: NewReview, executor?: Database): Promise<ReviewRecord>;
  /**
   * A page of the reviews the shop shows (none the owner hid), newest first, with their count and average from one
   * aggregate over the shown rows: never every row read into memory.
   */
  listShown(page: { limit: number; offset: number }): Promise<ShownReviewPage>;
  /** Every review, hidden ones too (or only those, or only the shown), newest first, a page at a time. */
  listForAdmin(query: {
    hidden?: boolean | undefined;
    limit: number;
    offset: number;
  }): Promise<{ reviews: ReviewRecord[]; total: number }>;
  /** Hides or shows a review inside `tx`: the review before and after, or undefined when there is none. */
  setHidden(
    id: string,
    hidden: boolean,
    tx: Database,
  ): Promise<{ before: ReviewRecord; after: ReviewRecord } | undefined>;
  /** Deletes a review inside `tx`: the review as it was, or undefined when there is none. */
  remove(id: string, tx: Database): Promise<ReviewRecord | undefined>;
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
    async create({ awaitingApproval, ...review }, executor = db) {
      const [row] = await executor
        .insert(reviews)
        .values({ ...review, hiddenAt: awaitingApproval ? sql`now()` : null })
        .returning();
      if (!row) throw new Error('Inserting a review returned no row');
      return row;
    },
    async listShown({ limit, offset }) {
      const shown = isNull(reviews.hiddenAt);
      // The page and the summary run together; a review posted between them may show in one and not yet the other,
      // which the next read puts right.
      const [rows, [summary]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(shown)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count(), average: sql<string | null>`round(avg(${reviews.rating}), 1)` })
          .from(reviews)
          .where(shown),
      ]);
      const average = summary?.average;
      return {
        reviews: rows,
        total: summary?.total ?? 0,
        average: average === null || average === undefined ? null : Number(average),
      };
    },

    async listForAdmin({ hidden, limit, offset }) {
      const where = hidden === undefined ? undefined : hidden ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(reviews).where(where),
      ]);
      return { reviews: rows, total: counted?.total ?? 0 };
    },

    async setHidden(id, hidden, tx) {
      const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (!before) return undefined;
      const [after] = await tx
        .update(reviews)
        // Hiding a hidden review keeps when it was first hidden.
        .set({ hiddenAt: hidden ? sql`coalesce(${reviews.hiddenAt}, now())` : null })
        .where(eq(reviews.id, id))
        .returning();
      if (!after) throw new Error('review lost its row');
      return { before, after };
    },

    async remove(id, tx) {
      const [removed] = await tx.delete(reviews).where(eq(reviews.id, id)).returning();
      return removed;
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('reviewRepository', createReviewRepository(app.db));
  },
  { name: 'review-repository', dependencies: ['database'] },
);
