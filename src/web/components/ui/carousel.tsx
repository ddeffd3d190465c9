/**
 * An accessible Embla carousel: a labelled region with previous/next buttons, arrow-key support and
 * slides announced as "n of m". Only screens that show a carousel import this (Embla stays off other routes).
 */
import { useCallback, useEffect, useId, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from 'embla-carousel';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { clsx } from 'clsx';
import { buttonStyles } from './button.tsx';

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

export interface CarouselProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Names the region, e.g. "Best Sellers". */
  label: string;
  slides: CarouselSlide[];
  options?: EmblaOptionsType;
  plugins?: EmblaPluginType[];
  /** Width of each slide, e.g. "basis-full md:basis-1/3". */
  slideClassName?: string;
  /** "hero": controls float over the slide; "cards": arrows sit on the sides of the row. */
  variant?: 'hero' | 'cards';
  /** More controls beside previous/next, e.g. a pause button. */
  extraControls?: ReactNode;
  /** "off" while a carousel rotates by itself, so screen readers are not interrupted every few seconds. */
  live?: 'off' | 'polite';
  onApiChange?: (api: EmblaCarouselType | undefined) => void;
}

export function Carousel({
  label,
  slides,
  options,
  plugins,
  slideClassName,
  variant = 'cards',
  extraControls,
  live = 'polite',
  onApiChange,
  className,
  ...regionProps
}: CarouselProps) {
  const [viewportRef, api] = useEmblaCarousel(options, plugins);
  const [canScrollPrev, setCanScrollPrev] = useState(false);
  const [canScrollNext, setCanScrollNext] = useState(false);
  const slidesId = useId();

  const updateButtons = useCallback((emblaApi: EmblaCarouselType) => {
    setCanScrollPrev(emblaApi.canScrollPrev());
    setCanScrollNext(emblaApi.canScrollNext());
  }, []);

  useEffect(() => {
    onApiChange?.(api);
    if (!api) return;
    updateButtons(api);
    api.on('select', updateButtons).on('reInit', updateButtons);
    return () => {
      api.off('select', updateButtons).off('reInit', updateButtons);
    };
  }, [api, onApiChange, updateButtons]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!api || event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      api.scrollPrev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      api.scrollNext();
    }
  };

  // When every slide fits, there is nothing to scroll to and the arrows would only confuse.
  const showArrows = canScrollPrev || canScrollNext;
  const arrowClass = buttonStyles({ variant: 'overlay', size: 'icon', className: 'disabled:invisible' });

  const prevButton = (
    <button
      type="button"
      className={arrowClass}
      onClick={() => api?.scrollPrev()}
      disabled={!canScrollPrev}
      aria-controls={slidesId}
      aria-label="Previous slide"
    >
      <ChevronLeft aria-hidden="true" className="size-5" />
    </button>
  );
  const nextButton = (
    <button
      type="button"
      className={arrowClass}
      onClick={() => api?.scrollNext()}
      disabled={!canScrollNext}
      aria-controls={slidesId}
      aria-label="Next slide"
    >
      <ChevronRight aria-hidden="true" className="size-5" />
    </button>
  );

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={clsx('relative', className)}
      {...regionProps}
    >
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
        <div className="flex items-center justify-end gap-2 px-4 py-3 md:absolute md:bottom-6 md:left-10 md:p-0 lg:left-16">
          {prevButton}
          {extraControls}
          {nextButton}
        </div>
      ) : (
        showArrows && (
          <>
            <div className="absolute top-[35%] left-0 -translate-x-1/3 -translate-y-1/2">{prevButton}</div>
            <div className="absolute top-[35%] right-0 translate-x-1/3 -translate-y-1/2">{nextButton}</div>
            {extraControls}
          </>
        )
      )}
    </section>
  );
}
