/**
 * Size buttons from a product's weights; the pressed one sets the price shown. A size with no stock left still shows
 * its price when pressed, and says 'Out of stock' on its button (docs/api.md, Stock).
 */
import { useId } from 'react';
import { clsx } from 'clsx';
import type { Weight } from '#shared/schemas/product';

interface WeightSelectorProps {
  weights: Weight[];
  value: string;
  onChange: (label: string) => void;
}

export function WeightSelector({ weights, value, onChange }: WeightSelectorProps) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-semibold text-stone-800">
        Size
      </span>
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {weights.map((weight) => {
          const selected = weight.label === value;
          return (
            <button
              key={weight.label}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(weight.label)}
              className={clsx(
                'min-h-11 min-w-16 rounded-lg border-2 px-4 text-sm font-bold transition-colors',
                selected
                  ? 'border-buy bg-buy text-white'
                  : 'border-stone-300 bg-white text-stone-800 hover:border-buy hover:text-buy',
              )}
            >
              {weight.label}
              {!weight.inStock && <span className="block text-xs font-semibold">Out of stock</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}
