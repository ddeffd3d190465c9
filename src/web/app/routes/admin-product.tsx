/**
 * /admin/products/new and /admin/products/{id}: the owner's form for a new product or one to edit, inside the admin
 * layout (admin-layout.tsx); one lazy chunk for both.
 */
import { useParams } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { AdminProduct } from '#web/features/admin/components/admin-product.tsx';

export default function AdminProductRoute() {
  const { productId } = useParams();
  return (
    <>
      <PageMeta
        title={`${productId === undefined ? 'Add a product' : 'Edit product'} | Admin | ${SHOP_NAME}`}
        description="A product of the shop: its details, food information, weights and stock."
      />
      {/* One screen per address: after adding, the new product's form starts afresh. */}
      <AdminProduct key={productId ?? ''} productId={productId} />
    </>
  );
}
