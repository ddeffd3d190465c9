/** The struck-through MRP that shoppers compare the offer price with, in en-GB pounds. */
import { clsx } from 'clsx';
import { formatPounds } from '#shared/money';

/**
 * The maximum retail price, struck through. Screen readers do not announce strike-through, so the word
 * "MRP" is always there: visible with `showLabel`, otherwise for screen readers only.
 */
export function Mrp({
  pounds,
  showLabel = false,
  className,
}: {
  pounds: number;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <span className={clsx('text-stone-600', className)}>
      {showLabel ? 'MRP ' : <span className="sr-only">MRP </span>}
      <s className="tabular-nums">{formatPounds(pounds)}</s>
    </span>
  );
}
