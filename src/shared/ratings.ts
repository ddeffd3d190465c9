/** Review ratings as shoppers read them; no zod, so the home page's review carousel can use it. */

/** The spec's rating labels (§9): 5 or more 'Excellent', 4 or more 'Great', otherwise 'Tasty'. */
export function ratingLabel(rating: number): 'Excellent' | 'Great' | 'Tasty' {
  if (rating >= 5) return 'Excellent';
  if (rating >= 4) return 'Great';
  return 'Tasty';
}
