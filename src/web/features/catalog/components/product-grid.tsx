/** Products in a responsive grid, or the shop's empty text when there are none. */
import type { ReactNode } from 'react';
import type { Product } from '#shared/schemas/product';
import { clsx } from 'clsx';
import { NO_PRODUCTS_TEXT } from './catalog-texts.ts';
import { ProductCard } from './product-card.tsx';

interface ProductGridProps {
  products: Product[];
  headingLevel?: 2 | 3;
  emptyText?: string;
  /** Four columns on large screens, for pages without a side panel. */
  wide?: boolean;
  /** Buttons for each card (the cart's, composed by the app). */
  renderActions?: (product: Product) => ReactNode;
}

// Two columns on a phone (one for a lone result), three from 768px, four from 1024px in a wide grid; the page is
// at most 1280px wide.
const imageSizes = (wide: boolean) =>
  `${wide ? '(min-width: 1280px) 300px, (min-width: 1024px) 24vw, ' : '(min-width: 1280px) 330px, '}(min-width: 768px) 31vw, 48vw`;

const FIRST_ROW_ON_A_PHONE = 2;

const gridClass = (wide: boolean) => clsx('grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3', wide && 'lg:grid-cols-4');

export function ProductGrid({
  products,
  headingLevel = 2,
  emptyText = NO_PRODUCTS_TEXT,
  wide = false,
  renderActions,
}: ProductGridProps) {
  if (products.length === 0) {
    return <p className="rounded-xl bg-cream-100 px-6 py-12 text-center text-lg text-stone-700">{emptyText}</p>;
  }
  return (
    <ul role="list" className={gridClass(wide)}>
      {products.map((product, index) => (
        // A lone result on a phone takes the row rather than half of it.
        <li key={product._id} className="max-sm:only:col-span-2">
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            actions={renderActions?.(product)}
            imageSizes={imageSizes(wide)}
            imagePriority={index < FIRST_ROW_ON_A_PHONE}
          />
        </li>
      ))}
    </ul>
  );
}

/** Grey placeholders the size of cards, so the page does not jump when products arrive. */
export function ProductGridSkeleton({ count = 8, wide = false }: { count?: number; wide?: boolean }) {
  return (
    <div role="status">
      <span className="sr-only">Loading products…</span>
      <div aria-hidden="true" className={gridClass(wide)}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
          <div key={index} className="overflow-hidden rounded-2xl bg-white ring-1 ring-cream-200">
            <div className="aspect-square animate-pulse bg-cream-100" />
            <div className="space-y-3 p-4">
              <div className="h-4 w-3/4 animate-pulse rounded bg-cream-200" />
              <div className="h-5 w-1/2 animate-pulse rounded bg-cream-200" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
