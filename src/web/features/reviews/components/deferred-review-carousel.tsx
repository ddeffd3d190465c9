/**
 * The place of the home page's review carousel, its height fixed from the start. The carousel's code (and with it
 * the reviews' request) arrives after the page has shown its first content, like the footer and Embla (decision
 * 011), so it never competes with the banner and the products, and nothing below it moves when it appears.
 */
import { type ComponentType, useEffect, useState } from 'react';
import { clsx } from 'clsx';
import { afterFirstContent } from '#web/lib/after-first-content.ts';
import { REVIEWS_FAILED } from '../api/get-reviews.ts';
import { REVIEW_SECTION_HEIGHT, ReviewsSkeleton } from './reviews-skeleton.tsx';

type CarouselComponent = ComponentType<{ label: string }>;

export function DeferredReviewCarousel({ label }: { label: string }) {
  const [ReviewCarousel, setReviewCarousel] = useState<CarouselComponent>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const cancelWait = afterFirstContent(() => {
      import('./review-carousel.tsx').then(
        (module) => {
          if (!cancelled) setReviewCarousel(() => module.ReviewCarousel);
        },
        () => {
          if (!cancelled) setFailed(true);
        },
      );
    });
    return () => {
      cancelled = true;
      cancelWait();
    };
  }, []);

  return (
    <div className={clsx('relative', REVIEW_SECTION_HEIGHT)}>
      {ReviewCarousel ? (
        <ReviewCarousel label={label} />
      ) : failed ? (
        <p role="alert" className="flex h-full items-center justify-center p-6 text-center text-stone-700">
          {REVIEWS_FAILED}
        </p>
      ) : (
        <ReviewsSkeleton />
      )}
    </div>
  );
}
