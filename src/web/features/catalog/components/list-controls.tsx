/**
 * A list's sort and 'free from' allergens (decision 111), kept in its address: with scripts a choice applies at once;
 * without them the controls are a plain GET form whose Apply button loads the same address.
 */
import type { FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ALLERGENS, type Allergen } from '#shared/allergens';
import { PRODUCT_SORTS, type ProductSort } from '#shared/constants';
import { KITCHEN_ALLERGEN_WORDS, KITCHEN_ALLERGENS } from '#shared/kitchen';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { ChevronDown } from '#web/components/ui/icons.tsx';
import type { ProductListFilter } from '../api/get-products.ts';
import { listOrder } from '../list-order.ts';

const SORT_LABELS: Record<ProductSort, string> = {
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  rating: 'Customer rating',
  name: 'Name: A to Z',
};

type ListOrder = Pick<ProductListFilter, 'sort' | 'free-from'>;

/** The address with its sort and allergens changed and the rest of its query kept. */
function listHref(pathname: string, search: URLSearchParams, order: ListOrder): string {
  const next = new URLSearchParams(search);
  next.delete('sort');
  next.delete('free-from');
  if (order.sort) next.set('sort', order.sort);
  if (order['free-from']?.length) next.set('free-from', order['free-from'].join(','));
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

interface ListControlsProps {
  /** What the list shows without a sort: the shop's order, or a search's best matches. */
  unsortedLabel: string;
  /** The other parameters the page reads, carried by the form without scripts. */
  carry: readonly string[];
}

export function ListControls({ unsortedLabel, carry }: ListControlsProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const order = listOrder(searchParams);
  const freeFrom = order['free-from'] ?? [];
  // Everything is packed in the one kitchen (decision 114): say why nothing is free from what it handles.
  const fromKitchen = KITCHEN_ALLERGENS.filter((allergen) => freeFrom.includes(allergen));

  const apply = (next: ListOrder) => navigate(listHref(pathname, searchParams, next), { preventScrollReset: true });
  const toggle = (allergen: Allergen, on: boolean) => {
    const chosen = ALLERGENS.filter((name) => (name === allergen ? on : freeFrom.includes(name)));
    apply({ ...order, 'free-from': chosen });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget))
      if (typeof value === 'string') sent.append(name, value);
    apply(listOrder(sent));
  };

  return (
    <form
      method="get"
      action={pathname}
      onSubmit={onSubmit}
      aria-label="Sort and filter"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200"
    >
      {carry.map((name) => {
        const value = searchParams.get(name);
        return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
      })}
      <div className="flex min-w-44 flex-col gap-1">
        <label htmlFor="list-sort" className="text-sm font-semibold text-stone-800">
          Sort by
        </label>
        <select
          id="list-sort"
          name="sort"
          value={order.sort ?? ''}
          onChange={(event) => apply({ ...order, sort: PRODUCT_SORTS.find((sort) => sort === event.target.value) })}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 sm:text-sm"
        >
          <option value="">{unsortedLabel}</option>
          {PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <details className="group min-w-44 flex-1 rounded-lg border border-stone-300 open:basis-full">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 text-sm font-semibold text-stone-800 [&::-webkit-details-marker]:hidden">
          Free from allergens{freeFrom.length > 0 ? ` (${freeFrom.length} chosen)` : ''}
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 transition-transform group-open:rotate-180" />
        </summary>
        <fieldset className="border-t border-stone-200 px-3 pt-2 pb-3">
          <legend className="sr-only">Free from allergens</legend>
          <p className="mb-2 text-sm text-stone-600">
            Leaves out products that contain these or may contain them from our kitchen.
          </p>
          <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
            {ALLERGENS.map((allergen) => (
              <label key={allergen} className="flex min-h-11 cursor-pointer items-center gap-3 text-stone-800">
                <input
                  type="checkbox"
                  name="free-from"
                  value={allergen}
                  checked={freeFrom.includes(allergen)}
                  onChange={(event) => toggle(allergen, event.target.checked)}
                  className="size-5 shrink-0 accent-buy"
                />
                {allergen}
              </label>
            ))}
          </div>
        </fieldset>
      </details>
      <button type="submit" className={buttonStyles({ variant: 'secondary' })}>
        Apply
      </button>
      {fromKitchen.length > 0 && (
        <p className="basis-full text-sm font-semibold text-stone-800">
          Our kitchen handles {KITCHEN_ALLERGEN_WORDS}, so nothing we sell is free from{' '}
          {fromKitchen.map((allergen) => allergen.toLowerCase()).join(' or ')}.
        </p>
      )}
    </form>
  );
}

/** The allergens a list is free from, as its count line says them: ' · free from Peanuts and Milk'. */
export function freeFromNote(freeFrom: readonly Allergen[] | undefined): string {
  if (!freeFrom?.length) return '';
  const names = freeFrom.length === 1 ? freeFrom[0] : `${freeFrom.slice(0, -1).join(', ')} and ${freeFrom.at(-1)}`;
  return ` · free from ${names}`;
}
