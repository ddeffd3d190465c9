/** What a shopper sees for an address the shop does not have. */
import { Link } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { PageMeta } from '#web/components/layout/page-meta.tsx';

export function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageMeta
        title={`Page not found | ${SHOP_NAME}`}
        description="Roast & Co. has no page at this address. Browse our roasted nuts, dry fruits and seeds instead."
      />
      <p className="text-sm font-bold tracking-widest text-roast-600 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-extrabold text-roast-900">Page not found</h1>
      <p className="mt-4 text-stone-600">
        Sorry, we couldn’t find that page. It may have moved, or the address may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home.getHref()} className={buttonStyles({ variant: 'primary' })}>
          Back to the home page
        </Link>
        <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'secondary' })}>
          Browse all products
        </Link>
      </div>
    </div>
  );
}
