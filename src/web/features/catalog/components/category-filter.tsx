/** The product list's filter panel: one category at a time, or all of them after 'Clear Filter'. */
import type { Category } from '#shared/constants';
import { Button } from '#web/components/ui/button.tsx';

// The shop's order for the filter, which differs from the search select's.
const FILTER_CATEGORIES: readonly Category[] = ['Nuts', 'Seeds', 'Dry Fruits'];

interface CategoryFilterProps {
  value: Category | undefined;
  onChange: (category: Category | undefined) => void;
}

export function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200">
      <fieldset>
        <legend className="text-sm font-bold tracking-wider text-roast-900 uppercase">Category</legend>
        <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 lg:flex-col">
          {FILTER_CATEGORIES.map((category) => (
            <label key={category} className="flex min-h-11 cursor-pointer items-center gap-3 text-stone-800">
              <input
                type="radio"
                name="category"
                value={category}
                checked={value === category}
                onChange={() => onChange(category)}
                className="size-5 accent-buy"
              />
              {category}
            </label>
          ))}
        </div>
      </fieldset>
      <Button
        variant="secondary"
        size="sm"
        className="mt-4 w-full sm:w-auto lg:w-full"
        onClick={() => onChange(undefined)}
      >
        Clear Filter
      </Button>
    </div>
  );
}
