/**
 * A product in a grid or carousel: image, category, name linking to the product, its stars and number of reviews,
 * price from the first weight with that weight's own struck MRP and saving, where it has one (decision 094).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { productImageSources } from '#shared/illustrations';
import { formatPounds } from '#shared/money';
import { shownSaving } from '#shared/savings';
import type { Product } from '#shared/schemas/product';
import { Mrp } from '#web/components/ui/price.tsx';
import { RatingStars } from '#web/components/ui/rating-stars.tsx';
import { paths } from '#web/config/paths.ts';
import { CategoryBadge } from './category-badge.tsx';
import { PricePerKg } from './price-per-kg.tsx';

interface ProductCardProps {
  product: Product;
  /** h2 under a page title, h3 under a section heading. */
  headingLevel?: 2 | 3;
  /** Buttons such as Add to Cart, supplied by the cart feature once it exists. */
  actions?: ReactNode;
  /** The picture's width on screen as an `<img sizes>`, which the grid or carousel holding the card knows. */
  imageSizes: string;
  /** For the first row of a page's grid: its pictures are the page's largest paint, fetched first, never lazily. */
  imagePriority?: boolean;
}

export function ProductCard({
  product,
  headingLevel = 3,
  actions,
  imageSizes,
  imagePriority = false,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The first weight sets the "From" price (the API's `price` is the same number).
  const firstWeight = product.weights[0];
  const saving = firstWeight ? shownSaving(firstWeight) : null;

  return (
    <article className="group relative flex h-full w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-cream-200 transition-shadow focus-within:shadow-md hover:shadow-md">
      <div className="relative bg-cream-100">
        <img
          {...productImageSources(product.image)}
          sizes={imageSizes}
          alt={product.name}
          width={400}
          height={400}
          loading={imagePriority ? 'eager' : 'lazy'}
          fetchPriority={imagePriority ? 'high' : 'auto'}
          decoding="async"
          className="aspect-square w-full object-contain transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <CategoryBadge category={product.category} className="absolute top-2 left-2 sm:top-3 sm:left-3" />
      </div>

      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:gap-2 sm:p-4">
        <Heading className="text-sm leading-snug font-bold text-roast-900 sm:text-base">
          {/* The stretched link makes the whole card a target without nesting links or buttons. */}
          <Link
            to={paths.product.getHref(product._id)}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-buy focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:outline-3 focus-visible:after:outline-offset-[-3px] focus-visible:after:outline-(--focus-ring)"
          >
            {product.name}
          </Link>
        </Heading>
        <RatingStars average={product.rating.average} count={product.rating.count} className="text-xs sm:text-sm" />
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-base font-extrabold text-stone-900 sm:text-lg">{`From ${formatPounds(firstWeight?.price ?? product.price)}`}</span>
          {saving && <Mrp pounds={saving.mrp} className="text-sm" />}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {saving && (
            <span className="rounded-full bg-offer px-2 py-0.5 text-xs font-bold text-white">{saving.label}</span>
          )}
          {firstWeight && <PricePerKg weight={firstWeight} className="text-xs" />}
        </p>
        {/* Stacked on a phone's two columns, so neither button's text wraps; side by side from 640 px. */}
        {actions && <div className="relative z-10 mt-auto flex flex-col gap-2 pt-2 sm:flex-row">{actions}</div>}
      </div>
    </article>
  );
}
