/**
 * A product's allergens, in bold, where the shopper looks before buying (UK food information rules), with its
 * 'may contain' warning in the same box (decision 062).
 */
import { TriangleAlert } from 'lucide-react';
import { clsx } from 'clsx';
import type { Product } from '#shared/schemas/product';

export function AllergenNotice({
  product,
  className,
}: {
  product: Pick<Product, 'allergens' | 'mayContain'>;
  className?: string;
}) {
  const { allergens, mayContain } = product;
  return (
    <div
      className={clsx(
        'flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-stone-900',
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <div className="flex flex-col gap-1">
        <strong className="font-bold">
          {allergens.length > 0
            ? `Allergens: ${allergens.join(', ')}`
            : mayContain.length > 0
              ? // Not 'No major allergens …': a shopper skimming the box must not read that where traces may be.
                'Allergens: none in the ingredients'
              : 'No major allergens'}
        </strong>
        {mayContain.length > 0 && (
          <p>
            <strong className="font-bold">{`May contain: ${mayContain.join(', ')}`}</strong> (packed in a kitchen that
            also handles them)
          </p>
        )}
      </div>
    </div>
  );
}
