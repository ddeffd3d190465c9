/** One five-pointed star, filled or outlined; the review cards and the rating picker draw theirs with it. */
import { clsx } from 'clsx';

/** A star in a 24 × 24 box. */
export const STAR_PATH =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96L12 2.5z';

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
