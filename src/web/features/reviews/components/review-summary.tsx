/**
 * The reviews' average rating and their number, from the summary the server answered with its page of reviews:
 * '4.3 out of 5 from 6 reviews'. Nothing for no reviews (the list says so).
 */
import { STAR_PATH } from './star-icon.tsx';

export function ReviewSummary({
  average,
  count,
  className,
}: {
  average: number | null;
  count: number;
  className?: string;
}) {
  if (average === null || count === 0) return null;
  const summary = { average: average.toFixed(1), count };
  return (
    <p className={`flex items-center gap-1.5 text-stone-700 ${className ?? ''}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0 fill-amber-500 stroke-amber-600">
        <path d={STAR_PATH} strokeWidth={1.5} strokeLinejoin="round" />
      </svg>
      <span>
        <strong className="text-roast-900">{summary.average} out of 5</strong> from {summary.count}{' '}
        {summary.count === 1 ? 'review' : 'reviews'}
      </span>
    </p>
  );
}
