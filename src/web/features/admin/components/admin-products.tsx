/**
 * The owner's Products screen below its heading: 'Add a product', which products to list (All, Shown, Hidden; kept in
 * the address, product-filter.ts), then every product in the shop's order, each with its category, price, whether the
 * shop shows it, and per weight its price, stock and the packs unpaid checkouts hold. Each name leads to its form;
 * Hide or Show shows its progress on its button, then the result as a status message above the list, or the server's
 * refusal as an alert.
 */
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatPounds } from '#shared/money';
import type { AdminProduct } from '#shared/schemas/admin-product';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { paths } from '#web/config/paths.ts';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { ADMIN_PRODUCTS_FAILED, useAdminProducts } from '../api/get-admin-products.ts';
import { useSetProductHidden } from '../api/set-product-hidden.ts';
import { filterProducts, noProducts, productsShownParams, readProductsShown } from '../product-filter.ts';
import { REVIEWS_SHOWN, SHOWN_LABELS } from '../review-filter.ts';
import { ListFilter } from './list-filter.tsx';
import { RowAction } from './row-action.tsx';
import { ShownBadge } from './shown-badge.tsx';

const CHANGE_FAILED = 'We could not change this product. Please try again.';
const SHOWN_OPTIONS = REVIEWS_SHOWN.map((value) => ({ value, label: SHOWN_LABELS[value] }));

const WEIGHT_COLUMNS = ['Weight', 'Price', 'Stock', 'Reserved'] as const;

type Result = { tone: 'success' | 'error'; text: string } | null;

export function AdminProducts() {
  const [searchParams, setSearchParams] = useSearchParams();
  const shown = readProductsShown(searchParams);
  const [result, setResult] = useState<Result>(null);
  const products = useAdminProducts();

  const results = () => {
    if (products.isPending) return <PageLoading />;
    if (products.isError) return <ProductsLoadError products={products} />;
    const listed = filterProducts(products.data.items, shown);
    if (listed.length === 0) {
      return (
        <p className="rounded-2xl bg-white p-8 text-center text-lg text-stone-700 shadow-sm ring-1 ring-cream-200">
          {noProducts(shown)}
        </p>
      );
    }
    return (
      <div className="flex flex-col gap-4">
        <h2 className="text-lg font-bold text-roast-900 tabular-nums">
          {listed.length === 1 ? '1 product' : `${listed.length.toLocaleString('en-GB')} products`}
        </h2>
        <ul role="list" aria-label="Products, in the shop's order" className="flex flex-col gap-3">
          {listed.map((product) => (
            <li key={product._id}>
              <ProductCard product={product} onResult={setResult} />
            </li>
          ))}
        </ul>
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="w-full sm:w-auto">
          <ListFilter
            label="Show"
            value={shown}
            options={SHOWN_OPTIONS}
            onChange={(next) => setSearchParams(productsShownParams(next), { preventScrollReset: true })}
          />
        </div>
        <Link to={paths.adminNewProduct.getHref()} className={buttonStyles({ variant: 'primary' })}>
          Add a product
        </Link>
      </div>
      <FormMessage tone={result?.tone ?? 'success'}>{result?.text}</FormMessage>
      {results()}
    </div>
  );
}

/** The owner's product list did not come: the server's message or a plain one, and Retry. */
export function ProductsLoadError({ products }: { products: ReturnType<typeof useAdminProducts> }) {
  return (
    <LoadError
      message={failureMessage(products.error, { fallback: ADMIN_PRODUCTS_FAILED, offline: OFFLINE_MESSAGE })}
      onRetry={() => void products.refetch()}
      retrying={products.isFetching}
    />
  );
}

function ProductCard({ product, onResult }: { product: AdminProduct; onResult: (result: Result) => void }) {
  const headingId = useId();
  const setHidden = useSetProductHidden();

  const toggle = () => {
    const hidden = !product.hidden;
    onResult(null);
    setHidden.mutate(
      { productId: product._id, hidden },
      {
        onSuccess: () =>
          onResult({ tone: 'success', text: `${product.name} is ${hidden ? 'hidden from' : 'shown in'} the shop.` }),
        onError: (error) =>
          onResult({
            tone: 'error',
            text: failureMessage(error, { fallback: CHANGE_FAILED, offline: OFFLINE_MESSAGE }),
          }),
      },
    );
  };

  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold break-words text-roast-900">
            <Link
              to={paths.adminProduct.getHref(product._id)}
              className="underline underline-offset-4 hover:text-roast-700"
            >
              {product.name}
            </Link>
          </h3>
          <p className="text-sm text-stone-600">
            {product.category} · from {formatPounds(product.price)}
          </p>
        </div>
        <ShownBadge hidden={product.hidden} />
      </div>
      <table className="mt-3 w-full max-w-2xl text-left text-sm tabular-nums">
        <caption className="sr-only">Weights of {product.name}</caption>
        <thead className="text-stone-600">
          <tr>
            {WEIGHT_COLUMNS.map((column) => (
              <th key={column} scope="col" className="py-1 pr-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {product.weights.map((weight) => (
            <tr key={weight.label} className="border-t border-cream-200">
              <th scope="row" className="py-1.5 pr-2 font-medium break-words text-stone-900">
                {weight.label}
              </th>
              <td className="py-1.5 pr-2">{formatPounds(weight.price)}</td>
              <td className={clsx('py-1.5 pr-2', weight.stock === 0 && 'font-semibold text-offer')}>
                {weight.stock === null ? 'Not counted' : weight.stock.toLocaleString('en-GB')}
              </td>
              <td className="py-1.5">{weight.reserved.toLocaleString('en-GB')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link
          to={paths.adminProduct.getHref(product._id)}
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        >
          Edit<span className="sr-only"> {product.name}</span>
        </Link>
        <RowAction
          onClick={toggle}
          disabled={setHidden.isPending}
          pending={setHidden.isPending}
          pendingText={product.hidden ? 'Showing…' : 'Hiding…'}
          who={product.name}
        >
          {product.hidden ? 'Show' : 'Hide'}
        </RowAction>
      </div>
    </article>
  );
}
