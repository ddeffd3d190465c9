/**
 * A carousel's controls, a chunk of their own that carousel.tsx fetches after the first content: Embla scrolling
 * the row, previous/next buttons and arrow keys. For a carousel that turns by itself: autoplay that waits while
 * the pointer or keyboard focus is on it, a button that stops it (WCAG 2.2.2), and a start in the stopped state
 * for shoppers who ask for reduced motion.
 */
import { type RefObject, useEffect, useState } from 'react';
import EmblaCarousel, { type EmblaCarouselType, type EmblaOptionsType } from 'embla-carousel';
import Autoplay, { type AutoplayOptionsType } from 'embla-carousel-autoplay';
import { buttonStyles } from './button.tsx';
import { lucideIcon } from './icons.tsx';

const ChevronLeft = lucideIcon(<path d="m15 18-6-6 6-6" />);
const ChevronRight = lucideIcon(<path d="m9 18 6-6-6-6" />);
const Pause = lucideIcon(
  <>
    <rect x="14" y="3" width="5" height="18" rx="1" />
    <rect x="5" y="3" width="5" height="18" rx="1" />
  </>,
);
const Play = lucideIcon(
  <path d="M5 5a2 2 0 0 1 3.008-1.728l11.997 6.998a2 2 0 0 1 .003 3.458l-12 7A2 2 0 0 1 5 19z" />,
);

/** "off" while the slides turn by themselves, so screen readers are not interrupted every few seconds. */
export type SlidesLive = 'off' | 'polite';

export interface CarouselControlsProps {
  regionRef: RefObject<HTMLElement | null>;
  viewportRef: RefObject<HTMLDivElement | null>;
  /** The id of the row of slides, which the arrows control. */
  slidesId: string;
  variant: 'hero' | 'cards';
  options?: EmblaOptionsType;
  autoplay?: AutoplayOptionsType;
  onLiveChange: (live: SlidesLive) => void;
}

export function CarouselControls({
  regionRef,
  viewportRef,
  slidesId,
  variant,
  options,
  autoplay,
  onLiveChange,
}: CarouselControlsProps) {
  const api = useEmbla(viewportRef, options, autoplay);
  const { canScrollPrev, canScrollNext } = useScrollState(api);
  const { stopped, toggleStopped } = useAutoplay(regionRef, api, autoplay !== undefined, onLiveChange);
  useArrowKeys(regionRef, api);

  // When every slide fits, there is nothing to scroll to and the arrows would only confuse. Until Embla has
  // started they are disabled, and so hidden, but keep their place: nothing moves when they appear.
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
  const stopButton = autoplay && (
    <button
      type="button"
      className={buttonStyles({ variant: 'overlay', size: 'icon' })}
      onClick={toggleStopped}
      aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
    >
      {stopped ? <Play aria-hidden="true" className="size-5" /> : <Pause aria-hidden="true" className="size-5" />}
    </button>
  );

  if (variant === 'hero') {
    return (
      <>
        {prevButton}
        {stopButton}
        {nextButton}
      </>
    );
  }
  if (!showArrows) return null;
  return (
    <>
      <div className="absolute top-[35%] left-0 -translate-x-1/3 -translate-y-1/2">{prevButton}</div>
      <div className="absolute top-[35%] right-0 translate-x-1/3 -translate-y-1/2">{nextButton}</div>
    </>
  );
}

/** Embla driving the row, `undefined` before it has started and after unmounting. */
function useEmbla(
  viewportRef: RefObject<HTMLDivElement | null>,
  options: EmblaOptionsType | undefined,
  autoplay: AutoplayOptionsType | undefined,
): EmblaCarouselType | undefined {
  const [api, setApi] = useState<EmblaCarouselType>();
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    // Tabbing to a hidden slide before Embla started scrolled the viewport natively; Embla moves the slides
    // itself, so it starts from zero and brings the focused slide into view.
    viewport.scrollLeft = 0;
    const embla = EmblaCarousel(viewport, options, autoplay ? [Autoplay(autoplay)] : []);
    const focusedSlide = embla.slideNodes().findIndex((slide) => slide.contains(document.activeElement));
    if (focusedSlide > 0) {
      // NOTE: slideRegistry (which snap shows which slides) is Embla's internal engine; its own focus handling
      // uses it the same way.
      const snap = embla.internalEngine().slideRegistry.findIndex((group) => group.includes(focusedSlide));
      if (snap > 0) embla.scrollTo(snap, true);
    }
    setApi(embla);
    return () => {
      embla.destroy();
      setApi(undefined);
    };
  }, [viewportRef, options, autoplay]);
  return api;
}

function useScrollState(api: EmblaCarouselType | undefined) {
  const [canScrollPrev, setCanScrollPrev] = useState(false);
  const [canScrollNext, setCanScrollNext] = useState(false);
  useEffect(() => {
    if (!api) {
      setCanScrollPrev(false);
      setCanScrollNext(false);
      return;
    }
    const update = (emblaApi: EmblaCarouselType) => {
      setCanScrollPrev(emblaApi.canScrollPrev());
      setCanScrollNext(emblaApi.canScrollNext());
    };
    update(api);
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api]);
  return { canScrollPrev, canScrollNext };
}

function useArrowKeys(regionRef: RefObject<HTMLElement | null>, api: EmblaCarouselType | undefined) {
  useEffect(() => {
    const region = regionRef.current;
    if (!region || !api) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
      if (event.key === 'ArrowLeft') {
        event.preventDefault();
        api.scrollPrev();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        api.scrollNext();
      }
    };
    region.addEventListener('keydown', onKeyDown);
    return () => region.removeEventListener('keydown', onKeyDown);
  }, [regionRef, api]);
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Runs the autoplay plugin while nobody has stopped it and neither the pointer nor keyboard focus is on the
 * carousel. NOTE: the plugin's own hover and focus handling would restart it after a shopper pressed stop, so the
 * plugin only keeps time (its options say so) and this decides when it runs.
 */
function useAutoplay(
  regionRef: RefObject<HTMLElement | null>,
  api: EmblaCarouselType | undefined,
  enabled: boolean,
  onLiveChange: (live: SlidesLive) => void,
) {
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const running = enabled && !stopped && !hovered && !focused;

  useEffect(() => {
    if (enabled) onLiveChange(running ? 'off' : 'polite');
  }, [enabled, running, onLiveChange]);

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (running) autoplay.play();
    else autoplay.stop();
  }, [api, running]);

  // Swiping the slides is taking control of them: they stay where the shopper left them.
  useEffect(() => {
    if (!api || !enabled) return;
    const onPointerDown = () => setStopped(true);
    api.on('pointerDown', onPointerDown);
    return () => {
      api.off('pointerDown', onPointerDown);
    };
  }, [api, enabled]);

  useEffect(() => {
    const region = regionRef.current;
    if (!region || !enabled) return;
    // The pointer or focus may have reached the carousel before its controls did.
    setHovered(region.matches(':hover'));
    setFocused(region.contains(document.activeElement));
    const onEnter = () => setHovered(true);
    const onLeave = () => setHovered(false);
    const onFocusIn = () => setFocused(true);
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && region.contains(event.relatedTarget))) setFocused(false);
    };
    region.addEventListener('mouseenter', onEnter);
    region.addEventListener('mouseleave', onLeave);
    region.addEventListener('focusin', onFocusIn);
    region.addEventListener('focusout', onFocusOut);
    return () => {
      region.removeEventListener('mouseenter', onEnter);
      region.removeEventListener('mouseleave', onLeave);
      region.removeEventListener('focusin', onFocusIn);
      region.removeEventListener('focusout', onFocusOut);
    };
  }, [regionRef, enabled]);

  return { stopped, toggleStopped: () => setStopped((value) => !value) };
}
