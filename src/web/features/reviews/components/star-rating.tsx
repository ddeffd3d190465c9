/** A review's rating drawn as five stars, read out as "Rated 4 out of 5". */
import { clsx } from 'clsx';
import { STAR_PATH } from './star-icon.tsx';

export const STAR_COUNT = 5;

export function ratingText(rating: number): string {
  return `Rated ${rating} out of ${STAR_COUNT}`;
}

export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <svg
      role="img"
      aria-label={ratingText(rating)}
      viewBox={`0 0 ${24 * STAR_COUNT} 24`}
      width={20 * STAR_COUNT}
      height={20}
      className={clsx('shrink-0', className)}
      strokeWidth={1.5}
      strokeLinejoin="round"
    >
      {Array.from({ length: STAR_COUNT }, (_, index) => (
        <path
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are fixed and never reorder
          key={index}
          d={STAR_PATH}
          transform={`translate(${index * 24} 0)`}
          className={index < rating ? 'fill-amber-500 stroke-amber-600' : 'fill-transparent stroke-stone-500'}
        />
      ))}
    </svg>
  );
}
