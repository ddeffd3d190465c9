/** A row of product cards that scrolls a page at a time: 4 per view from 1024px, 3 from 768px, 2 from 480px, else 1. */
import type { ReactNode } from 'react';
import type { Product } from '#shared/schemas/product';
import { Carousel } from '#web/components/ui/carousel.tsx';
import { ProductCard } from './product-card.tsx';

interface ProductCarouselProps {
  label: string;
  products: Product[];
  renderActions?: (product: Product) => ReactNode;
}

const IMAGE_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 768px) 32vw, (min-width: 480px) 48vw, 92vw';
const CAROUSEL_OPTIONS = { align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' } as const;

export function ProductCarousel({ label, products, renderActions }: ProductCarouselProps) {
  return (
    <Carousel
      label={label}
      options={CAROUSEL_OPTIONS}
      slideClassName="flex basis-full min-[480px]:basis-1/2 md:basis-1/3 lg:basis-1/4"
      slides={products.map((product) => ({
        key: product._id,
        content: (
          <ProductCard product={product} headingLevel={3} actions={renderActions?.(product)} imageSizes={IMAGE_SIZES} />
        ),
      }))}
    />
  );
}
