/**
 * A product's average rating as five stars filled to the average, with the number of reviews beside them: '★★★★☆ 4.3
 * (12)' on screen, 'Rated 4.3 out of 5, 12 reviews' to a screen reader. Nothing for a product without reviews.
 */
import { clsx } from 'clsx';
import { useId } from 'react';

/** A star in a 24 × 24 box; the review cards and the rating picker draw theirs with it too. */
export const STAR_PATH =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96L12 2.5z';

const STARS = 5;

export function ratingSummaryText(average: number, count: number): string {
  return `Rated ${average.toFixed(1)} out of ${STARS}, ${count} ${count === 1 ? 'review' : 'reviews'}`;
}

export function RatingStars({
  average,
  count,
  className,
}: {
  average: number | null;
  count: number;
  className?: string;
}) {
  // One clip per rating on the page: ids must be unique, and the same on the server and in the browser.
  const clipId = useId();
  if (average === null || count === 0) return null;
  const width = 24 * STARS;
  const stars = Array.from({ length: STARS }, (_, index) => (
    <path
      // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are fixed and never reorder
      key={index}
      d={STAR_PATH}
      transform={`translate(${index * 24} 0)`}
    />
  ));
  return (
    <p className={clsx('flex items-center gap-1.5 text-sm text-stone-700', className)}>
      <span className="sr-only">{ratingSummaryText(average, count)}</span>
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox={`0 0 ${width} 24`}
        className="h-4 w-20 shrink-0"
        strokeWidth={1.5}
        strokeLinejoin="round"
      >
        <clipPath id={clipId}>
          <rect width={(width * average) / STARS} height={24} />
        </clipPath>
        <g className="fill-transparent stroke-stone-500">{stars}</g>
        <g className="fill-amber-500 stroke-amber-600" clipPath={`url(#${clipId})`}>
          {stars}
        </g>
      </svg>
      <span aria-hidden="true">
        <span className="font-semibold text-stone-900">{average.toFixed(1)}</span> ({count})
      </span>
    </p>
  );
}
