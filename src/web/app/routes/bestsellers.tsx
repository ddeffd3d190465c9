/** /products/bestsellers: the products shoppers buy most. */
import { BESTSELLERS_FILTER } from '#web/features/catalog/list-filters.ts';
import { ProductCollection } from '#web/features/catalog/components/product-collection.tsx';
import { useProductCardActions } from '../shop-cart.tsx';

export default function BestsellersRoute() {
  const renderActions = useProductCardActions();
  return (
    <ProductCollection
      renderActions={renderActions}
      heading="Best Sellers"
      description="Our shoppers’ favourites, roasted and packed to order."
      metaDescription="The roasted nuts, dry fruits and seeds Roast & Co. shoppers buy most, packed fresh in London and delivered across the UK."
      filter={BESTSELLERS_FILTER}
    />
  );
}
