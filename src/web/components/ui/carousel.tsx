/**
 * An accessible carousel: a labelled region whose slides render at once as a plain row, each announced as
 * "n of m". Its controls (Embla's scrolling, previous/next buttons, arrow keys and, when asked for, autoplay with
 * its stop button) are a chunk of their own (carousel-controls.tsx) that arrives once the first page has shown
 * its content, or as soon as someone reaches for the carousel. Until then the first slides show, and the
 * controls' place is kept: nothing moves when they arrive.
 */
import { type ComponentType, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { EmblaOptionsType } from 'embla-carousel';
import type { AutoplayOptionsType } from 'embla-carousel-autoplay';
import { clsx } from 'clsx';
import { afterFirstContent } from '#web/lib/after-first-content.ts';
import type { CarouselControlsProps, SlidesLive } from './carousel-controls.tsx';

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

export interface CarouselProps {
  /** Names the region, e.g. "Best Sellers". */
  label: string;
  slides: CarouselSlide[];
  /** Embla's options. NOTE: keep the object stable (a module constant): a new one restarts Embla. */
  options?: EmblaOptionsType;
  /**
   * Turns the slides by themselves with Embla's autoplay plugin and these options (stable, like `options`), with
   * a button to stop it. Needs the "hero" variant, whose control row has room for that button.
   */
  autoplay?: AutoplayOptionsType;
  /** Width of each slide, e.g. "basis-full md:basis-1/3". */
  slideClassName?: string;
  /** "hero": controls in a row under the slide on a phone, over it from 768px; "cards": arrows on the row's sides. */
  variant?: 'hero' | 'cards';
  className?: string;
}

/** Signs that someone is about to use the carousel: its controls are fetched at once instead of waiting. */
const INTENT_EVENTS = ['pointerenter', 'focusin', 'touchstart'] as const;

const loadControls = () => import('./carousel-controls.tsx').then((module) => module.CarouselControls);

export function Carousel({
  label,
  slides,
  options,
  autoplay,
  slideClassName,
  variant = 'cards',
  className,
}: CarouselProps) {
  const regionRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const slidesId = useId();
  const [Controls, setControls] = useState<ComponentType<CarouselControlsProps>>();
  const [live, setLive] = useState<SlidesLive>('polite');

  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    let cancelled = false;
    const start = () => {
      stopWaiting();
      loadControls().then(
        (Component) => {
          if (!cancelled) setControls(() => Component);
        },
        // Without its controls the row stays as it is: the first slides showing.
        () => undefined,
      );
    };
    const cancelWait = afterFirstContent(start);
    for (const type of INTENT_EVENTS) region.addEventListener(type, start, { passive: true });
    function stopWaiting() {
      cancelWait();
      for (const type of INTENT_EVENTS) region?.removeEventListener(type, start);
    }
    return () => {
      cancelled = true;
      stopWaiting();
    };
  }, []);

  const controls = Controls && (
    <Controls
      regionRef={regionRef}
      viewportRef={viewportRef}
      slidesId={slidesId}
      variant={variant}
      options={options}
      autoplay={autoplay}
      onLiveChange={setLive}
    />
  );

  return (
    <section ref={regionRef} aria-roledescription="carousel" aria-label={label} className={clsx('relative', className)}>
      {/* NOTE: without scripts styles.css lets this viewport scroll sideways, finding it by its class. */}
      <div ref={viewportRef} className="overflow-hidden">
        <div id={slidesId} aria-live={live} className={clsx('flex touch-pan-y', variant === 'cards' && '-ml-4')}>
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={clsx('min-w-0 shrink-0 grow-0', variant === 'cards' && 'pl-4', slideClassName)}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>

      {variant === 'hero' ? (
        // On a phone the row's height is held for its 44 px buttons before they arrive.
        <div className="flex min-h-17 items-center justify-end gap-2 px-4 py-3 md:absolute md:bottom-6 md:left-10 md:min-h-0 md:p-0 lg:left-16">
          {controls}
        </div>
      ) : (
        controls
      )}
    </section>
  );
}
