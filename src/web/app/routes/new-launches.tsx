/** /products/new-launches: products new to the shop. */
import { NEW_LAUNCHES_FILTER } from '#web/features/catalog/list-filters.ts';
import { ProductCollection } from '#web/features/catalog/components/product-collection.tsx';
import { useProductCardActions } from '../shop-cart.tsx';

export default function NewLaunchesRoute() {
  const renderActions = useProductCardActions();
  return (
    <ProductCollection
      renderActions={renderActions}
      heading="Newly Launched Products"
      description="Fresh additions to the Roast & Co. range."
      metaDescription="The newest roasted nuts, dry fruits and seeds in the Roast & Co. range, packed fresh in London and delivered across the UK."
      filter={NEW_LAUNCHES_FILTER}
    />
  );
}
