/**
 * An accessible carousel: a labelled region with previous/next buttons, arrow-key support and slides
 * announced as "n of m". The slides render at once as a plain row; Embla takes over scrolling once the
 * first page has shown its content, or as soon as someone reaches for the carousel (see loadEmbla).
 */
import { useEffect, useId, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import type { AutoplayOptionsType } from 'embla-carousel-autoplay';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { clsx } from 'clsx';
import { afterFirstContent } from '#web/lib/after-first-content.ts';
import { buttonStyles } from './button.tsx';

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

export interface CarouselProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** Names the region, e.g. "Best Sellers". */
  label: string;
  slides: CarouselSlide[];
  /** Embla's options. NOTE: keep the object stable (a module constant): a new one restarts Embla. */
  options?: EmblaOptionsType;
  /** Adds Embla's autoplay plugin with these options (stable, like `options`); the caller plays and stops it. */
  autoplay?: AutoplayOptionsType;
  /** Width of each slide, e.g. "basis-full md:basis-1/3". */
  slideClassName?: string;
  /** "hero": controls float over the slide; "cards": arrows sit on the sides of the row. */
  variant?: 'hero' | 'cards';
  /** More controls beside previous/next, e.g. a pause button. */
  extraControls?: ReactNode;
  /** "off" while a carousel rotates by itself, so screen readers are not interrupted every few seconds. */
  live?: 'off' | 'polite';
  /** Embla's API once it has taken over the row, `undefined` before then and after unmounting. */
  onApiChange?: (api: EmblaCarouselType | undefined) => void;
}

/** Signs that someone is about to use the carousel: Embla is fetched at once instead of waiting. */
const INTENT_EVENTS = ['pointerenter', 'focusin', 'touchstart'] as const;

export function Carousel({
  label,
  slides,
  options,
  autoplay,
  slideClassName,
  variant = 'cards',
  extraControls,
  live = 'polite',
  onApiChange,
  className,
  ...regionProps
}: CarouselProps) {
  const regionRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const [canScrollPrev, setCanScrollPrev] = useState(false);
  const [canScrollNext, setCanScrollNext] = useState(false);
  const slidesId = useId();

  useEffect(() => {
    const region = regionRef.current;
    const viewport = viewportRef.current;
    if (!region || !viewport) return;
    let embla: EmblaCarouselType | undefined;
    let cancelled = false;

    const start = () => {
      stopWaiting();
      loadEmbla(autoplay).then(
        ({ EmblaCarousel, plugins }) => {
          if (cancelled) return;
          // Tabbing to a hidden slide before Embla arrived scrolled the viewport natively; Embla moves
          // the slides itself, so it starts from zero and brings the focused slide into view.
          viewport.scrollLeft = 0;
          embla = EmblaCarousel(viewport, options, plugins);
          const focusedSlide = embla.slideNodes().findIndex((slide) => slide.contains(document.activeElement));
          if (focusedSlide > 0) {
            // NOTE: slideRegistry (which snap shows which slides) is Embla's internal engine; its own
            // focus handling uses it the same way.
            const snap = embla.internalEngine().slideRegistry.findIndex((group) => group.includes(focusedSlide));
            if (snap > 0) embla.scrollTo(snap, true);
          }
          setApi(embla);
        },
        // Without Embla the row stays as it is: the first slides showing, the arrows hidden.
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
      embla?.destroy();
      setApi(undefined);
    };
  }, [options, autoplay]);

  useEffect(() => {
    onApiChange?.(api);
    if (!api) {
      setCanScrollPrev(false);
      setCanScrollNext(false);
      return;
    }
    const updateButtons = (emblaApi: EmblaCarouselType) => {
      setCanScrollPrev(emblaApi.canScrollPrev());
      setCanScrollNext(emblaApi.canScrollNext());
    };
    updateButtons(api);
    api.on('select', updateButtons).on('reInit', updateButtons);
    return () => {
      api.off('select', updateButtons).off('reInit', updateButtons);
    };
  }, [api, onApiChange]);

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

  // When every slide fits, there is nothing to scroll to and the arrows would only confuse. Until Embla
  // has taken over they are disabled, and so hidden, but keep their place: nothing moves when they appear.
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
      ref={regionRef}
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

/**
 * Embla (and its autoplay plugin when asked for), imported on first use and shared by every carousel.
 * NOTE: a static import would put Embla in the home page's first-load JavaScript, which has a budget.
 */
async function loadEmbla(autoplay: AutoplayOptionsType | undefined) {
  const [{ default: EmblaCarousel }, autoplayModule] = await Promise.all([
    import('embla-carousel'),
    autoplay ? import('embla-carousel-autoplay') : undefined,
  ]);
  return { EmblaCarousel, plugins: autoplayModule ? [autoplayModule.default(autoplay)] : [] };
}
