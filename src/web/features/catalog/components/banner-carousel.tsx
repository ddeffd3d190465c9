/**
 * The home page's hero: three slides that loop and advance every 5 seconds. Autoplay waits while the
 * pointer or keyboard focus is on it, can be stopped with a button (WCAG 2.2.2), and starts stopped for
 * shoppers who ask for reduced motion (the carousel's controls do all that, once they have arrived).
 */
import { Link } from 'react-router';
import { BANNER_AUTOPLAY_MS } from '#shared/constants';
import cashewBannerLarge from '#web/assets/banners/banner-cashew-nuts-1600.webp';
import cashewBanner from '#web/assets/banners/banner-cashew-nuts-800.webp';
import raisinBannerLarge from '#web/assets/banners/banner-flame-raisins-1600.webp';
import raisinBanner from '#web/assets/banners/banner-flame-raisins-800.webp';
import pumpkinBannerLarge from '#web/assets/banners/banner-pumpkin-seeds-1600.webp';
import pumpkinBanner from '#web/assets/banners/banner-pumpkin-seeds-800.webp';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { Carousel } from '#web/components/ui/carousel.tsx';
import { paths } from '#web/config/paths.ts';

interface BannerSlide {
  productId: string;
  title: string;
  subtitle: string;
  /** The 800 px render of the slide's illustration (src/web/assets/banners, `npm run images`). */
  image: string;
  /** The 1600 px render, for wide or dense screens. */
  largeImage: string;
  alt: string;
}

const BANNER_SLIDES: BannerSlide[] = [
  {
    productId: 'roasted-pumpkin-seeds',
    title: 'Roasted Pumpkin Seeds',
    subtitle: 'Slow-roasted in small batches for a clean, nutty crunch.',
    image: pumpkinBanner,
    largeImage: pumpkinBannerLarge,
    alt: 'Green roasted pumpkin seeds heaped in a white bowl beside a small pumpkin',
  },
  {
    productId: 'roasted-cashew-nuts',
    title: 'Roasted Cashew Nuts',
    subtitle: 'Creamy, golden cashews, roasted fresh in London every week.',
    image: cashewBanner,
    largeImage: cashewBannerLarge,
    alt: 'Golden roasted cashew nuts piled in a white bowl beside a cashew fruit',
  },
  {
    productId: 'jumbo-flame-raisins',
    title: 'Jumbo Flame Raisins',
    subtitle: 'Plump, juicy and naturally sweet: big flavour in every handful.',
    image: raisinBanner,
    largeImage: raisinBannerLarge,
    alt: 'Dark red jumbo flame raisins in a white bowl beside a bunch of grapes',
  },
];

const BANNER_OPTIONS = { loop: true } as const;

// NOTE: the plugin's own hover and focus handling would restart autoplay after a shopper pressed stop,
// so it only keeps time here; the carousel's controls decide when it runs.
const BANNER_AUTOPLAY = {
  delay: BANNER_AUTOPLAY_MS,
  playOnInit: false,
  stopOnInteraction: true,
  stopOnMouseEnter: false,
  stopOnFocusIn: false,
} as const;

export function BannerCarousel() {
  return (
    <Carousel
      label="Featured products"
      variant="hero"
      options={BANNER_OPTIONS}
      autoplay={BANNER_AUTOPLAY}
      className="mx-auto max-w-[1600px] bg-cream-100"
      slideClassName="basis-full"
      slides={BANNER_SLIDES.map((slide, index) => ({
        key: slide.productId,
        content: (
          <div className="relative">
            <img
              src={slide.image}
              srcSet={`${slide.image} 800w, ${slide.largeImage} 1600w`}
              // The banner spans the page, which stops growing at 1600px.
              sizes="(min-width: 1600px) 1600px, 100vw"
              alt={slide.alt}
              width={1600}
              height={600}
              // The first slide is the page's largest paint; the others can wait.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'low'}
              decoding={index === 0 ? 'sync' : 'async'}
              className="block aspect-[4/3] h-auto w-full object-cover object-right min-[480px]:aspect-[2/1] md:aspect-[8/3]"
            />
            <div className="flex flex-col items-start gap-3 px-5 pt-5 md:absolute md:inset-y-0 md:left-0 md:w-[45%] md:justify-center md:gap-4 md:px-10 md:pt-0 lg:px-16">
              <h2 className="text-2xl font-extrabold tracking-tight text-roast-900 md:text-3xl lg:text-5xl">
                {slide.title}
              </h2>
              <p className="max-w-md text-base text-stone-700 lg:text-lg">{slide.subtitle}</p>
              <Link
                to={paths.product.getHref(slide.productId)}
                className={buttonStyles({ variant: 'buy', size: 'lg', className: 'mt-1' })}
              >
                BUY NOW<span className="sr-only">: {slide.title}</span>
              </Link>
            </div>
          </div>
        ),
      }))}
    />
  );
}
