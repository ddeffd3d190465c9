/** The header's product search: a category and some words, leading to /search. It mirrors the URL while there. */
import type { FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Search } from '#web/components/ui/icons.tsx';
import { CATEGORIES, parseCategory } from '#shared/constants';
import { paths } from '#web/config/paths.ts';

export function SearchForm() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const onSearchPage = pathname === paths.search.path;
  const query = onSearchPage ? (searchParams.get('query') ?? '') : '';
  const category = onSearchPage ? (parseCategory(searchParams.get('category')) ?? '') : '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const nextQuery = String(data.get('query') ?? '');
    navigate(paths.search.getHref(nextQuery, parseCategory(String(data.get('category') ?? ''))));
  };

  return (
    // Without JavaScript the form still works as a plain GET to /search.
    <form
      role="search"
      action={paths.search.path}
      method="get"
      onSubmit={onSubmit}
      // Remounting on a new search keeps the fields in step with the URL (back and forward included).
      key={onSearchPage ? `${query}|${category}` : 'off'}
      className="flex w-full overflow-hidden rounded-xl border border-stone-300 bg-white focus-within:border-buy focus-within:ring-2 focus-within:ring-buy"
    >
      <label htmlFor="search-category" className="sr-only">
        Search category
      </label>
      <select
        id="search-category"
        name="category"
        defaultValue={category}
        className="w-auto shrink-0 border-r border-stone-300 bg-cream-100 px-2 text-sm font-medium text-stone-800 focus-visible:outline-offset-[-3px] sm:px-3"
      >
        <option value="">All categories</option>
        {CATEGORIES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <input
        type="search"
        name="query"
        defaultValue={query}
        aria-label="Search products"
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
        className="min-h-11 min-w-0 flex-1 px-2 text-base text-stone-900 placeholder:text-stone-500 focus-visible:outline-none sm:px-3 sm:text-sm"
      />
      <button
        type="submit"
        aria-label="Search"
        className="inline-flex min-h-11 w-11 shrink-0 items-center justify-center bg-buy text-white hover:bg-buy-hover focus-visible:outline-offset-[-3px] sm:w-12"
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
