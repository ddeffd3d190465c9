/** /product/:productId: one product with its sizes and prices and its reviews, or 'Product not found'. */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { SHOP_NAME } from '#shared/constants';
import type { Product } from '#shared/schemas/product';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { useProduct } from '#web/features/catalog/api/get-product.ts';
import { metaDescription } from '#web/lib/meta-description.ts';
import { ProductDetails, type ProductSelection } from '#web/features/catalog/components/product-details.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { ProductDetailCartButtons } from '#web/features/cart/components/product-detail-cart-buttons.tsx';
import { ProductReviews } from '#web/features/reviews/components/product-reviews.tsx';
import { useShopCart } from '../shop-cart.tsx';

export default function ProductDetailRoute() {
  const productId = useParams().productId ?? '';
  const query = useProduct(productId);
  const renderActions = useProductDetailActions();

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return (
      <PageContainer>
        <PageMeta
          title={`Product | ${SHOP_NAME}`}
          description="Roasted nuts, dry fruits and seeds from Roast & Co., packed fresh in London and delivered across the UK."
        />
        <h1 className="sr-only">Product</h1>
        <LoadError
          message="We couldn’t load this product just now. Please check your connection and try again."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </PageContainer>
    );
  }
  if (!query.data) return <ProductNotFound />;

  return (
    <PageContainer>
      <PageMeta title={`${query.data.name} | ${SHOP_NAME}`} description={metaDescription(query.data.description)} />
      <Breadcrumbs product={query.data} />
      {/* Keyed by id so the chosen size and quantity start afresh on another product. */}
      <ProductDetails key={query.data._id} product={query.data} renderActions={renderActions} />
      <ProductReviews key={`reviews-${query.data._id}`} product={{ id: query.data._id, name: query.data.name }} />
    </PageContainer>
  );
}

function Breadcrumbs({ product }: { product: Product }) {
  const linkClass = 'rounded-sm hover:text-buy hover:underline';
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to={paths.home.getHref()} className={linkClass}>
            Home
          </Link>
        </li>
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden="true" className="size-4" />
          <Link to={paths.products.getHref()} className={linkClass}>
            Products
          </Link>
        </li>
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden="true" className="size-4" />
          <Link to={paths.products.getHref(product.category)} className={linkClass}>
            {product.category}
          </Link>
        </li>
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden="true" className="size-4" />
          <span aria-current="page" className="font-semibold text-stone-800">
            {product.name}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function ProductNotFound() {
  return (
    <PageContainer>
      <div className="mx-auto max-w-xl py-12 text-center">
        <PageMeta
          title={`Product not found | ${SHOP_NAME}`}
          description="Roast & Co. does not sell this product (any more). Browse our roasted nuts, dry fruits and seeds instead."
        />
        <h1 className="text-3xl font-extrabold text-roast-900">Product not found</h1>
        <p className="mt-4 text-stone-600">
          We couldn’t find that product. It may have been renamed or may no longer be sold.
        </p>
        <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'primary', className: 'mt-8' })}>
          Browse all products
        </Link>
      </div>
    </PageContainer>
  );
}

/** The product page's Add to Cart and BUY NOW. */
function useProductDetailActions(): (selection: ProductSelection) => ReactNode {
  const cart = useShopCart();
  return ({ product, weight, quantity }) => (
    <ProductDetailCartButtons cart={cart} product={product} selectedWeight={weight.label} qty={quantity} />
  );
}
