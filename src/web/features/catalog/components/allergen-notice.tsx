/** A product's allergens, in bold, where the shopper looks before buying (UK food information rules). */
import { TriangleAlert } from 'lucide-react';
import { clsx } from 'clsx';
import type { Product } from '#shared/schemas/product';

export function AllergenNotice({ allergens, className }: { allergens: Product['allergens']; className?: string }) {
  return (
    <p
      className={clsx(
        'flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-stone-900',
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <strong className="font-bold">
        {allergens.length > 0 ? `Allergens: ${allergens.join(', ')}` : 'No major allergens'}
      </strong>
    </p>
  );
}
