/** Placeholders in the reviews' place while their code or data is on its way: 3 cards wide, 1 on narrow screens. */

/**
 * The height of the carousel's row, its cards and everything shown in its place (placeholders, the empty text, a
 * failed load): fixed, so the page below never moves when the reviews arrive after the first content.
 * NOTE: a card's content must fit (the message is cut after four lines); the browser tests check nothing shifts.
 */
export const REVIEW_SLIDE_HEIGHT = 'h-[17rem]';
/** The home section's whole place: the average and count above the row, then the row. */
export const REVIEW_SECTION_HEIGHT = 'h-[19.75rem]';
export function ReviewsSkeleton() {
  return (
    <div role="status" className="flex h-full gap-4 overflow-hidden">
      <span className="sr-only">Loading reviews…</span>
      {Array.from({ length: 3 }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
          key={index}
          aria-hidden="true"
          className="h-full shrink-0 basis-full animate-pulse rounded-2xl bg-cream-100 md:basis-[calc(33.333%-0.7rem)]"
        />
      ))}
    </div>
  );
}
