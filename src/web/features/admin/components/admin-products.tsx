/**
 * The owner's Products screen below its heading: 'Add a product', which products to list (All, Shown, Hidden; kept in
 * the address, lists.ts `productsList`), then every product in the shop's order, each with its category, price, whether the
 * shop shows it, and per weight its price, stock and the packs unpaid checkouts hold. Each name leads to its form;
 * Hide or Show shows its progress on its button, then the result as a status message above the list, or the server's
 * refusal as an alert.
 */
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatPounds } from '#shared/money';
import type { AdminProduct } from '#shared/schemas/admin-product';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { paths } from '#web/config/paths.ts';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { useSetProductHidden } from '../api/set-product-hidden.ts';
import { useAdminList } from '../hooks/use-admin-list.ts';
import { productsList, SHOWN_OPTIONS } from '../lists.ts';
import { AdminList } from './admin-list.tsx';
import { ListFilter } from './list-filter.tsx';
import { RowAction } from './row-action.tsx';
import { ShownBadge } from './shown-badge.tsx';

const CHANGE_FAILED = 'We could not change this product. Please try again.';

const WEIGHT_COLUMNS = ['Weight', 'Price', 'Stock', 'Reserved'] as const;

type Result = { tone: 'success' | 'error'; text: string } | null;

export function AdminProducts() {
  const products = useAdminList(productsList);
  const [result, setResult] = useState<Result>(null);
  return (
    <AdminList
      list={productsList}
      state={products}
      row={(product) => <ProductCard product={product} onResult={setResult} />}
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="w-full sm:w-auto">
          <ListFilter
            label="Show"
            value={products.filter.shown}
            options={SHOWN_OPTIONS}
            onChange={(shown) => products.apply({ shown })}
          />
        </div>
        <Link to={paths.adminNewProduct.getHref()} className={buttonStyles({ variant: 'primary' })}>
          Add a product
        </Link>
      </div>
      <FormMessage tone={result?.tone ?? 'success'}>{result?.text}</FormMessage>
    </AdminList>
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
