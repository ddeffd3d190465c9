/** Home: the hero banner, the newly launched and best-selling products, then what customers say. */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRight } from '#web/components/ui/icons.tsx';
import { SHOP_NAME } from '#shared/constants';
import type { Product } from '#shared/schemas/product';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { paths } from '#web/config/paths.ts';
import { HOME_COLLECTIONS, productPageQueryOptions } from '#web/features/catalog/api/get-products.ts';
import { BannerCarousel } from '#web/features/catalog/components/banner-carousel.tsx';
import { NO_PRODUCTS_TEXT } from '#web/features/catalog/components/catalog-texts.ts';
import { ProductCarousel } from '#web/features/catalog/components/product-carousel.tsx';
import { AddReviewButton } from '#web/features/reviews/components/add-review-button.tsx';
import { DeferredReviewCarousel } from '#web/features/reviews/components/deferred-review-carousel.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { useProductCardActions } from '../shop-cart.tsx';

const TAGLINE = 'Imported Quality Dry Roasted Deliver in 3-5 Days';

export default function HomeRoute() {
  // Each carousel its own page of the catalog, not the whole catalog filtered here (a large shop cannot send it).
  const newLaunches = useQuery(productPageQueryOptions(HOME_COLLECTIONS.newLaunches));
  const bestSellers = useQuery(productPageQueryOptions(HOME_COLLECTIONS.bestSellers));
  const renderActions = useProductCardActions();

  const renderProducts = (label: string, query: typeof newLaunches) => {
    if (query.isPending) return <CarouselSkeleton />;
    if (query.isError) {
      return <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    }
    const products: Product[] = query.data.items;
    if (products.length === 0) return <p className="text-stone-600">{NO_PRODUCTS_TEXT}</p>;
    return <ProductCarousel label={label} products={products} renderActions={renderActions} />;
  };

  return (
    <>
      <PageMeta
        title={`${SHOP_NAME} — Roasted Nuts, Dry Fruits and Seeds`}
        description="Roasted nuts, dry fruits and seeds, roasted in small batches in East London and delivered across the UK in 3-5 business days."
      />
      <h1 className="bg-roast-900 px-4 py-2.5 text-center text-sm font-bold tracking-wide text-cream-50 sm:text-base">
        {TAGLINE}
      </h1>
      <BannerCarousel />

      <div className="mx-auto flex max-w-7xl flex-col gap-14 px-4 py-12 sm:px-6">
        <HomeSection
          id="new-launches"
          title="Newly Launched Products"
          viewAllHref={paths.newLaunches.getHref()}
          viewAllLabel="View All newly launched products"
        >
          {renderProducts('Newly Launched Products', newLaunches)}
        </HomeSection>
        <HomeSection
          id="best-sellers"
          title="Best Sellers"
          viewAllHref={paths.bestsellers.getHref()}
          viewAllLabel="View All best sellers"
        >
          {renderProducts('Best Sellers', bestSellers)}
        </HomeSection>
        <HomeSection
          id="reviews"
          title="What our customers say"
          viewAllHref={paths.reviews.getHref()}
          viewAllLabel="View All reviews"
          actions={<AddReviewButton />}
        >
          <DeferredReviewCarousel label="Customer reviews" />
        </HomeSection>
      </div>
    </>
  );
}

interface HomeSectionProps {
  id: string;
  title: string;
  viewAllHref: string;
  /** Starts with the visible "View All", so voice control users can say what they see. */
  viewAllLabel: string;
  /** More controls beside View All, e.g. '+ Add a Review'. */
  actions?: ReactNode;
  children: ReactNode;
}

function HomeSection({ id, title, viewAllHref, viewAllLabel, actions, children }: HomeSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <div className={`mb-5 flex items-end justify-between gap-4 ${actions ? 'flex-wrap' : ''}`}>
        <h2 id={headingId} className="text-2xl font-extrabold tracking-tight text-roast-900 sm:text-3xl">
          {title}
        </h2>
        <div className="flex shrink-0 items-center gap-2">
          <Link
            to={viewAllHref}
            aria-label={viewAllLabel}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md px-2 font-semibold text-buy hover:text-buy-hover hover:underline"
          >
            View All
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          {actions}
        </div>
      </div>
      {children}
    </section>
  );
}

function CarouselSkeleton() {
  return (
    <div role="status" className="flex gap-4 overflow-hidden">
      <span className="sr-only">Loading products…</span>
      {Array.from({ length: 4 }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
          key={index}
          aria-hidden="true"
          className="aspect-[4/5] shrink-0 basis-full animate-pulse rounded-2xl bg-cream-100 min-[480px]:basis-[calc(50%-0.5rem)] md:basis-[calc(33.333%-0.7rem)] lg:basis-[calc(25%-0.75rem)]"
        />
      ))}
    </div>
  );
}
