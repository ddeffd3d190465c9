/**
 * The product page's body: image, name, size buttons, prices for the chosen size (its own struck MRP and real saving,
 * where it has one: decision 094), the chosen size's earliest best-before where its stock is in batches (decision
 * 116), allergens, quantity, description and the food information.
 */
import { useState, type ReactNode } from 'react';
import { formatBestBefore } from '#shared/best-before';
import { QUANTITY_MIN } from '#shared/constants';
import { productImageSources } from '#shared/illustrations';
import { formatPounds } from '#shared/money';
import { shownSaving } from '#shared/savings';
import type { Product, Weight } from '#shared/schemas/product';
import { RatingStars } from '#web/components/ui/rating-stars.tsx';
import { Mrp } from '#web/components/ui/price.tsx';
import { QuantityStepper } from '#web/components/ui/quantity-stepper.tsx';
import { AllergenNotice } from './allergen-notice.tsx';
import { CategoryBadge } from './category-badge.tsx';
import { FoodInformation } from './food-information.tsx';
import { PricePerKg } from './price-per-kg.tsx';
import { WeightSelector } from './weight-selector.tsx';

export interface ProductSelection {
  product: Product;
  weight: Weight;
  quantity: number;
}

interface ProductDetailsProps {
  product: Product;
  /** Add to Cart and BUY NOW, supplied by the cart feature once it exists. */
  renderActions?: (selection: ProductSelection) => ReactNode;
}

export function ProductDetails({ product, renderActions }: ProductDetailsProps) {
  // The schema guarantees at least one weight; the first is chosen by default.
  const [weightLabel, setWeightLabel] = useState(product.weights[0]!.label);
  const [quantity, setQuantity] = useState(QUANTITY_MIN);
  const weight = product.weights.find((option) => option.label === weightLabel) ?? product.weights[0]!;
  const saving = shownSaving(weight);

  return (
    <div className="grid gap-8 md:grid-cols-2 md:gap-12">
      <div className="self-start overflow-hidden rounded-3xl bg-cream-100 ring-1 ring-cream-200 md:sticky md:top-6">
        <img
          {...productImageSources(product.image)}
          sizes="(min-width: 1280px) 600px, (min-width: 768px) 46vw, 100vw"
          alt={product.name}
          width={400}
          height={400}
          fetchPriority="high"
          className="aspect-square w-full object-contain"
        />
      </div>

      <div className="flex flex-col gap-6">
        <div>
          <CategoryBadge category={product.category} />
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-roast-900 sm:text-4xl">{product.name}</h1>
          <RatingStars average={product.rating.average} count={product.rating.count} className="mt-2" />
        </div>

        <section
          aria-label="Price"
          className="flex flex-col gap-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200"
        >
          {saving && (
            <div className="flex flex-wrap items-center gap-3">
              <Mrp pounds={saving.mrp} showLabel className="text-base" />
              <span className="rounded-full bg-offer px-3 py-1 text-xs font-bold text-white">{saving.label}</span>
            </div>
          )}
          <p className="text-stone-800">
            {saving ? 'Offer Price:' : 'Price:'}{' '}
            <span className="text-2xl font-extrabold text-stone-900 tabular-nums">{formatPounds(weight.price)}</span>{' '}
            (Incl. of all taxes)
          </p>
          <PricePerKg weight={weight} />
          <p className="text-xs text-stone-600">
            {product.vatRate === 0 ? 'Zero-rated for VAT.' : 'Price includes VAT at 20%.'}
          </p>
          <AllergenNotice product={product} className="mt-2" />
        </section>

        <WeightSelector weights={product.weights} value={weight.label} onChange={setWeightLabel} />
        {weight.bestBefore && (
          <p className="-mt-3 text-sm text-stone-700">Best before: {formatBestBefore(weight.bestBefore)} or later</p>
        )}
        <QuantityStepper value={quantity} onChange={setQuantity} />
        {renderActions?.({ product, weight, quantity })}

        <section aria-labelledby="product-description">
          <h2 id="product-description" className="text-lg font-bold text-roast-900">
            Description
          </h2>
          <p className="mt-2 leading-relaxed whitespace-pre-line text-stone-700">{product.description}</p>
        </section>
        <FoodInformation product={product} />
      </div>
    </div>
  );
}
