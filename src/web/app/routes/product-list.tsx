/**
 * /product: every product, with a category filter, a sort and 'free from' allergens kept in the URL
 * (?category=Nuts&sort=price-asc&free-from=Peanuts) so it can be shared.
 */
import { useSearchParams } from 'react-router';
import { SHOP_NAME, type Category } from '#shared/constants';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { useProductList } from '#web/features/catalog/api/use-product-list.ts';
import { CategoryFilter } from '#web/features/catalog/components/category-filter.tsx';
import { freeFromNote, ListControls } from '#web/features/catalog/components/list-controls.tsx';
import { ProductGrid, ProductGridSkeleton } from '#web/features/catalog/components/product-grid.tsx';
import { ProductListMore } from '#web/features/catalog/components/product-list-more.tsx';
import { allProductsFilter } from '#web/features/catalog/list-filters.ts';
import { listOrder } from '#web/features/catalog/list-order.ts';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { useFollowing } from '#web/lib/use-following.ts';
import { useProductCardActions } from '../shop-cart.tsx';

export default function ProductListRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlCategory = allProductsFilter(searchParams).category;
  const order = listOrder(searchParams);
  // The radios and the grid follow the shopper's choice at once, and the address again after Back or a link.
  const [category, setCategory] = useFollowing(urlCategory);
  const list = useProductList({ category, ...order });
  const { query: productsQuery, total } = list;
  const renderActions = useProductCardActions();

  const onCategoryChange = (next: Category | undefined) => {
    setCategory(next);
    setSearchParams(
      (params) => {
        if (next) params.set('category', next);
        else params.delete('category');
        return params;
      },
      { preventScrollReset: true },
    );
  };

  return (
    <PageContainer>
      <PageMeta
        title={category ? `${category} | ${SHOP_NAME}` : `All Products | ${SHOP_NAME}`}
        description={
          category
            ? `${category} from Roast & Co., packed fresh in London, with prices per pack and per kg and delivery across the UK.`
            : 'Every roasted nut, dry fruit and seed Roast & Co. sells, with prices per pack and per kg and delivery across the UK.'
        }
      />
      <PageHeading description="Roasted nuts, dry fruits and seeds, packed fresh in London.">All Products</PageHeading>

      <div className="grid gap-8 lg:grid-cols-[15rem_1fr]">
        <aside aria-label="Filters" className="lg:sticky lg:top-6 lg:self-start">
          <CategoryFilter value={category} onChange={onCategoryChange} />
        </aside>
        <div>
          <ListControls unsortedLabel="Featured" carry={['category']} />
          {productsQuery.isPending ? (
            <ProductGridSkeleton count={9} />
          ) : productsQuery.isError ? (
            <LoadError onRetry={() => void productsQuery.refetch()} retrying={productsQuery.isFetching} />
          ) : (
            <>
              <p aria-live="polite" className="mb-4 text-sm text-stone-600">
                {total === 1 ? '1 product' : `${total} products`}
                {category ? ` in ${category}` : ''}
                {freeFromNote(order['free-from'])}
              </p>
              <ProductGrid products={list.products} renderActions={renderActions} />
              <ProductListMore list={list} />
            </>
          )}
        </div>
      </div>
    </PageContainer>
  );
}
