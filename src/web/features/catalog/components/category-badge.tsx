/** The small coloured label naming a product's category. */
import { clsx } from 'clsx';
import type { Category } from '#shared/constants';

const CATEGORY_STYLES: Record<Category, string> = {
  Nuts: 'bg-amber-100 text-amber-900',
  'Dry Fruits': 'bg-rose-100 text-rose-900',
  Seeds: 'bg-lime-100 text-lime-900',
};

export function CategoryBadge({ category, className }: { category: Category; className?: string }) {
  return (
    <span
      className={clsx('inline-flex rounded-full px-2.5 py-1 text-xs font-bold', CATEGORY_STYLES[category], className)}
    >
      <span className="sr-only">Category: </span>
      {category}
    </span>
  );
}
