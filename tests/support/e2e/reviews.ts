/** The reviews API as browser tests answer it: its address with any query (pages), and a list as its first page. */
import type { Review } from '#shared/schemas/review';

/** Matches `GET /api/reviews?limit=…&offset=…` and `POST /api/reviews` alike, for `page.route`. */
export const reviewsApi = (url: URL) => url.pathname === '/api/reviews';

/** A whole list as the API's only page, with its count and average to one decimal. */
export function reviewPage(reviews: readonly Pick<Review, 'rating'>[]) {
  const total = reviews.length;
  const average = total ? Math.round((reviews.reduce((sum, { rating }) => sum + rating, 0) / total) * 10) / 10 : null;
  return { items: reviews, total, average };
}
