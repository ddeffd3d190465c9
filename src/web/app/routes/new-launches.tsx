/** /products/new-launches: products new to the shop. */
import type { Product } from '#shared/schemas/product';
import { ProductCollection } from '#web/features/catalog/components/product-collection.tsx';
import { useProductCardActions } from '../shop-cart.tsx';

const selectNewLaunches = (products: Product[]) => products.filter((product) => product.isNewlyLaunched);

export default function NewLaunchesRoute() {
  const renderActions = useProductCardActions();
  return (
    <ProductCollection
      renderActions={renderActions}
      heading="Newly Launched Products"
      description="Fresh additions to the Roast & Co. range."
      metaDescription="The newest roasted nuts, dry fruits and seeds in the Roast & Co. range, packed fresh in London and delivered across the UK."
      select={selectNewLaunches}
    />
  );
}
