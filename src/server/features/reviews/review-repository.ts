/**
 * Adds `app.reviewRepository`: customer reviews in `reviews`, listed newest first, and their counts and averages read
 * from `review_summaries`, which triggers keep in step with every change to `reviews` (decision 108).
 * `toWireReview` makes the API's shape (docs/api.md, Money and ids) from a stored review.
 */
import { and, count, desc, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Review } from '#shared/schemas/review';
import type { Database } from '../../db/database.ts';
import { products, reviewSummaries, reviews, SHOP_SUMMARY_KEY } from '../../db/schema.ts';

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
  /** The product reviewed, or null for a review of the shop. */
  productId: string | null;
}

/** A review as posted: the database gives it its id and time; it is shown unless it waits for approval. */
export type NewReview = Omit<ReviewRecord, 'id' | 'createdAt' | 'hiddenAt'> & { awaitingApproval?: boolean };

/** How many shown reviews, and their average rating to one decimal (null when none). */
export interface RatingSummary {
  count: number;
  average: number | null;
}

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
   * A page of the reviews the shop shows (none the owner hid), of every product and the shop or of one product,
   * newest first, with their count and average from the summary row: never a count over the reviews.
   */
  listShown(page: { limit: number; offset: number; productId?: string | undefined }): Promise<ShownReviewPage>;
  /** Each reviewed product's rating, by product id; a product missing from the map has no shown review. */
  productRatings(): Promise<Map<string, RatingSummary>>;
  /** Every review, hidden ones too (or only those, or only the shown), newest first, a page at a time. */
  listForAdmin(query: {
    hidden?: boolean | undefined;
    /** Only reviews of the shop, or only reviews of products. */
    about?: 'shop' | 'products' | undefined;
    productId?: string | undefined;
    limit: number;
    offset: number;
  }): Promise<{ reviews: (ReviewRecord & { productName: string | null })[]; total: number }>;
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
    ...(record.productId ? { productId: record.productId } : {}),
  };
}

/** The count and one-decimal average of a summary row's integers (half rounds up, as PostgreSQL's round does). */
export function toRatingSummary(reviewCount: number, ratingSum: number): RatingSummary {
  return { count: reviewCount, average: reviewCount === 0 ? null : Math.round((ratingSum * 10) / reviewCount) / 10 };
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
    async listShown({ limit, offset, productId }) {
      const shown =
        productId === undefined
          ? isNull(reviews.hiddenAt)
          : and(isNull(reviews.hiddenAt), eq(reviews.productId, productId));
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
          .select({ reviewCount: reviewSummaries.reviewCount, ratingSum: reviewSummaries.ratingSum })
          .from(reviewSummaries)
          .where(eq(reviewSummaries.key, productId ?? SHOP_SUMMARY_KEY)),
      ]);
      const { count: total, average } = toRatingSummary(summary?.reviewCount ?? 0, summary?.ratingSum ?? 0);
      return { reviews: rows, total, average };
    },

    async productRatings() {
      const rows = await db
        .select()
        .from(reviewSummaries)
        .where(and(ne(reviewSummaries.key, SHOP_SUMMARY_KEY), sql`${reviewSummaries.reviewCount} > 0`));
      return new Map(rows.map((row) => [row.key, toRatingSummary(row.reviewCount, row.ratingSum)]));
    },

    async listForAdmin({ hidden, about, productId, limit, offset }) {
      const conditions: SQL[] = [];
      if (about !== undefined)
        conditions.push(about === 'shop' ? isNull(reviews.productId) : isNotNull(reviews.productId));
      if (hidden !== undefined) conditions.push(hidden ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt));
      if (productId !== undefined) conditions.push(eq(reviews.productId, productId));
      const where = and(...conditions);
      const [rows, [counted]] = await Promise.all([
        // The product's name beside each review, so the owner knows what it is about.
        db
          .select({ review: reviews, productName: products.name })
          .from(reviews)
          .leftJoin(products, eq(products.id, reviews.productId))
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(reviews).where(where),
      ]);
      return {
        reviews: rows.map(({ review, productName }) => ({ ...review, productName })),
        total: counted?.total ?? 0,
      };
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
