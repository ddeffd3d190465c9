/** Every review as a list of cards, newest first, each as tall as its words, or the shop's 'No reviews available'. */
import type { Review } from '#shared/schemas/review';
import { ReviewCard } from './review-card.tsx';
import { NO_REVIEWS_TEXT } from './review-texts.ts';

export function ReviewList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-8 text-center text-lg text-stone-700 shadow-sm ring-1 ring-cream-200">
        {NO_REVIEWS_TEXT}
      </p>
    );
  }
  return (
    <ul role="list" aria-label="Reviews, newest first" className="grid items-start gap-5 md:grid-cols-2 lg:grid-cols-3">
      {reviews.map((review) => (
        <li key={review._id} className="flex">
          <ReviewCard review={review} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}
