/** /products/bestsellers: the products shoppers buy most. */
import type { Product } from '#shared/schemas/product';
import { ProductCollection } from '#web/features/catalog/components/product-collection.tsx';
import { useProductCardActions } from '../shop-cart.tsx';

const selectBestSellers = (products: Product[]) => products.filter((product) => product.isBestSeller);

export default function BestsellersRoute() {
  const renderActions = useProductCardActions();
  return (
    <ProductCollection
      renderActions={renderActions}
      heading="Best Sellers"
      description="Our shoppers’ favourites, roasted and packed to order."
      metaDescription="The roasted nuts, dry fruits and seeds Roast & Co. shoppers buy most, packed fresh in London and delivered across the UK."
      select={selectBestSellers}
    />
  );
}
