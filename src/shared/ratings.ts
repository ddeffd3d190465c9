/** Review ratings as shoppers read them; no zod, so the home page's review carousel can use it. */

/** The shop's rating labels: 5 or more 'Excellent', 4 or more 'Great', otherwise 'Tasty'. */
export function ratingLabel(rating: number): 'Excellent' | 'Great' | 'Tasty' {
  if (rating >= 5) return 'Excellent';
  if (rating >= 4) return 'Great';
  return 'Tasty';
}

/** The reviews' average rating, rounded to one decimal as shoppers read it, and their number; null for none. */
export function ratingSummary(reviews: readonly { rating: number }[]): { average: string; count: number } | null {
  if (reviews.length === 0) return null;
  const total = reviews.reduce((sum, review) => sum + review.rating, 0);
  return { average: (total / reviews.length).toFixed(1), count: reviews.length };
}
