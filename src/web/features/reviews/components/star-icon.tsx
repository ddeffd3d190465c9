/** One five-pointed star, filled or outlined; the review cards and the rating picker draw theirs with it. */
import { clsx } from 'clsx';
import { STAR_PATH } from '#web/components/ui/rating-stars.tsx';

export { STAR_PATH };

export function StarIcon({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={clsx(filled ? 'fill-amber-500 stroke-amber-600' : 'fill-transparent stroke-stone-500', className)}
      strokeWidth={1.5}
      strokeLinejoin="round"
    >
      <path d={STAR_PATH} />
    </svg>
  );
}
