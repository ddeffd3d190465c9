/**
 * /admin/products/new and /admin/products/{id} (contract §7, issue 18): the owner's form for a new product or one to
 * edit, for admins only; one lazy chunk for both, never in a shopper's first load.
 */
import { useParams } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { AdminNav } from '#web/features/admin/components/admin-nav.tsx';
import { AdminProduct } from '#web/features/admin/components/admin-product.tsx';
import { RequireAdmin } from '../require-admin.tsx';

export default function AdminProductRoute() {
  const { productId } = useParams();
  return (
    <RequireAdmin>
      <PageContainer>
        <PageMeta
          title={`${productId === undefined ? 'Add a product' : 'Edit product'} | Admin | ${SHOP_NAME}`}
          description="A product of the shop: its details, food information, weights and stock."
        />
        <AdminNav />
        {/* One screen per address: after adding, the new product's form starts afresh. */}
        <AdminProduct key={productId ?? ''} productId={productId} />
      </PageContainer>
    </RequireAdmin>
  );
}
